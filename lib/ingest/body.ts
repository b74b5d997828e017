import { promisify } from "node:util";
import { gunzip, inflate } from "node:zlib";
import { IngestError } from "./errors";

// Request bodies in two halves. Reading (readRawBody) checks the headers and takes the bytes off
// the socket, enforcing the size limit while reading (never buffering more than the limit);
// decoding (decodeBody) inflates a compressed body up to the same limit (no decompression
// bombs) and parses JSON. Ingest reads on the event loop and decodes in a worker
// (lib/ingest/offload); small bodies (alert rules) do both here (readBody). Refusals are
// IngestErrors, answered by lib/http like every other.

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const PROTOBUF_TYPE = /^application\/(x-)?protobuf\s*(;|$)/i;
const inflaters = { gzip: promisify(gunzip), deflate: promisify(inflate) } as const;

export type BodyKind = "json" | "protobuf";
export type Body = { kind: "json"; value: unknown } | { kind: "protobuf"; bytes: Uint8Array };

/** A body as it arrived: its declared type and encoding, and its bytes (still compressed). */
export interface RawBody {
  kind: BodyKind;
  encoding: "identity" | "gzip" | "deflate";
  bytes: Uint8Array;
}

export interface BodyRules {
  maxBytes: number;
  /** Protobuf as well as JSON (OTLP); the webhook takes JSON only. */
  protobuf?: boolean;
  /** gzip and deflate bodies, inflated up to maxBytes (OTLP exporters compress); the webhook refuses them. */
  compressed?: boolean;
  /** Told of each chunk's size as it arrives; throws to stop reading (the instance's in-flight budget). */
  onChunk?: (bytes: number) => void;
}

export async function readRawBody(request: Request, rules: BodyRules): Promise<RawBody> {
  const contentType = request.headers.get("content-type") ?? "";
  const kind = JSON_TYPE.test(contentType)
    ? "json"
    : rules.protobuf && PROTOBUF_TYPE.test(contentType)
      ? "protobuf"
      : undefined;
  if (!kind) {
    const accepted = rules.protobuf ? "application/json or application/x-protobuf" : "application/json";
    throw new IngestError(
      415,
      "unsupported_media_type",
      `Content-Type must be ${accepted} (got "${contentType.slice(0, 100) || "none"}")`,
    );
  }
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && !(rules.compressed && (encoding === "gzip" || encoding === "deflate"))) {
    throw new IngestError(
      415,
      "unsupported_media_type",
      rules.compressed
        ? `Content-Encoding "${encoding.slice(0, 50)}" is not supported; send gzip, deflate or identity`
        : `Content-Encoding "${encoding.slice(0, 50)}" is not supported; send the body uncompressed`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw tooLarge(rules.maxBytes);
  const bytes = await readAtMost(request, rules);
  return { kind, encoding, bytes };
}

/** Inflates (within maxBytes) and parses a body read by readRawBody. */
export async function decodeBody(
  raw: RawBody,
  maxBytes: number,
  /** Runs on the inflated bytes before they are parsed (bounds on what they unpack into). */
  check?: (bytes: Uint8Array) => void,
): Promise<Body> {
  const bytes =
    raw.encoding === "identity" ? raw.bytes : await inflateAtMost(raw.bytes, raw.encoding, maxBytes);
  if (bytes.length === 0) throw new IngestError(400, "invalid_body", "body: must not be empty");
  check?.(bytes);
  return raw.kind === "protobuf" ? { kind: "protobuf", bytes } : { kind: "json", value: parseJson(bytes) };
}

/** Both halves at once, for small bodies. */
export async function readBody(request: Request, rules: BodyRules): Promise<Body> {
  return decodeBody(await readRawBody(request, rules), rules.maxBytes);
}

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new IngestError(400, "invalid_body", "body: is not valid UTF-8");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new IngestError(
      400,
      "invalid_json",
      `body: is not valid JSON (${(error as Error).message.slice(0, 200)})`,
    );
  }
}

async function inflateAtMost(
  bytes: Uint8Array,
  encoding: keyof typeof inflaters,
  maxBytes: number,
): Promise<Uint8Array> {
  try {
    return await inflaters[encoding](bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw new IngestError(413, "payload_too_large", `body: must inflate to at most ${maxBytes} bytes`);
    }
    throw new IngestError(400, "invalid_body", `body: is not valid ${encoding} data`);
  }
}

async function readAtMost(request: Request, rules: BodyRules): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      // The client went away mid-upload (a reset, a closed socket): its own outcome, not the
      // database's, and nothing of it is written.
      throw new IngestError(400, "client_aborted", "body: the client stopped sending before the body ended");
    }
    if (read.done) break;
    total += read.value.byteLength;
    if (total > rules.maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(rules.maxBytes);
    }
    try {
      rules.onChunk?.(read.value.byteLength);
    } catch (error) {
      await reader.cancel().catch(() => {});
      throw error;
    }
    chunks.push(read.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): IngestError {
  return new IngestError(413, "payload_too_large", `body: must be at most ${maxBytes} bytes`);
}
