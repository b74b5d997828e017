import { promisify } from "node:util";
import { gunzip, inflate } from "node:zlib";
import { HttpError } from "./errors";

// Reads a request body, enforcing the size limit while reading (never buffering more than
// the limit) and, for compressed bodies, on the inflated size too (no decompression bombs);
// what is not the accepted type, encoding or UTF-8 JSON is refused with a message saying why.

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const PROTOBUF_TYPE = /^application\/(x-)?protobuf\s*(;|$)/i;
const inflaters = { gzip: promisify(gunzip), deflate: promisify(inflate) } as const;

export type Body = { kind: "json"; value: unknown } | { kind: "protobuf"; bytes: Uint8Array };

export interface BodyRules {
  maxBytes: number;
  /** Protobuf as well as JSON (OTLP); the webhook takes JSON only. */
  protobuf?: boolean;
  /** gzip and deflate bodies, inflated up to maxBytes (OTLP exporters compress); the webhook refuses them. */
  compressed?: boolean;
}

export async function readBody(request: Request, rules: BodyRules): Promise<Body> {
  const contentType = request.headers.get("content-type") ?? "";
  const kind = JSON_TYPE.test(contentType)
    ? "json"
    : rules.protobuf && PROTOBUF_TYPE.test(contentType)
      ? "protobuf"
      : undefined;
  if (!kind) {
    const accepted = rules.protobuf ? "application/json or application/x-protobuf" : "application/json";
    throw new HttpError(
      415,
      "unsupported_media_type",
      `Content-Type must be ${accepted} (got "${contentType.slice(0, 100) || "none"}")`,
    );
  }
  const encoding = (request.headers.get("content-encoding") ?? "identity").trim().toLowerCase();
  if (encoding !== "identity" && !(rules.compressed && (encoding === "gzip" || encoding === "deflate"))) {
    throw new HttpError(
      415,
      "unsupported_media_type",
      rules.compressed
        ? `Content-Encoding "${encoding.slice(0, 50)}" is not supported; send gzip, deflate or identity`
        : `Content-Encoding "${encoding.slice(0, 50)}" is not supported; send the body uncompressed`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > rules.maxBytes) throw tooLarge(rules.maxBytes);

  let bytes = await readAtMost(request, rules.maxBytes);
  if (encoding === "gzip" || encoding === "deflate")
    bytes = await inflateAtMost(bytes, encoding, rules.maxBytes);
  if (bytes.length === 0) throw new HttpError(400, "invalid_body", "body: must not be empty");
  return kind === "protobuf" ? { kind, bytes } : { kind, value: parseJson(bytes) };
}

function parseJson(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, "invalid_body", "body: is not valid UTF-8");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(
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
      throw new HttpError(413, "payload_too_large", `body: must inflate to at most ${maxBytes} bytes`);
    }
    throw new HttpError(400, "invalid_body", `body: is not valid ${encoding} data`);
  }
}

async function readAtMost(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, "payload_too_large", `body: must be at most ${maxBytes} bytes`);
}
