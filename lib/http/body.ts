import { HttpError } from "./errors";

// Reads a JSON request body, enforcing the size limit while reading (never buffering
// more than the limit), and rejecting what is not UTF-8 JSON with a message that says why.

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!JSON_TYPE.test(contentType)) {
    throw new HttpError(
      415,
      "unsupported_media_type",
      `Content-Type must be application/json (got "${contentType.slice(0, 100) || "none"}")`,
    );
  }
  const encoding = request.headers.get("content-encoding");
  if (encoding && encoding.toLowerCase() !== "identity") {
    throw new HttpError(
      415,
      "unsupported_media_type",
      `Content-Encoding "${encoding.slice(0, 50)}" is not supported; send the body uncompressed`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

  const bytes = await readAtMost(request, maxBytes);
  if (bytes.length === 0) throw new HttpError(400, "invalid_body", "body: must not be empty");
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
