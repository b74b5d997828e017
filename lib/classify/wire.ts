import { isObject, parseJsonText, stringField, type JsonObject } from "./json";
import { htmlTitle } from "./text";

// Reads the `response` a sender reported into what crossed the wire.

export type Wire =
  | { kind: "absent" }
  | { kind: "result"; result: JsonObject }
  | { kind: "error"; error: { code: number | undefined; message: string; data: unknown } }
  /** A body that is not a JSON-RPC message: an HTML login page, `{"error":"unauthorized"}`… */
  | { kind: "body"; body: string; json: unknown };

export function readWire(response: unknown): Wire {
  if (response === undefined || response === null) return { kind: "absent" };
  if (typeof response === "string") {
    const json = parseJsonText(response) ?? parseSseData(response);
    if (json !== undefined) {
      const wire = fromJson(json);
      if (wire) return wire;
    }
    return { kind: "body", body: response, json };
  }
  return fromJson(response) ?? { kind: "body", body: safeStringify(response), json: response };
}

function fromJson(json: unknown): Wire | undefined {
  if (!isObject(json)) return undefined;
  if (isObject(json.error) && (json.jsonrpc === "2.0" || "id" in json)) {
    const error = json.error;
    return {
      kind: "error",
      error: {
        code: typeof error.code === "number" ? error.code : undefined,
        message: stringField(error, "message") ?? "",
        data: error.data,
      },
    };
  }
  if (isObject(json.result) && (json.jsonrpc === "2.0" || "id" in json))
    return { kind: "result", result: json.result };
  // Leniency: a sender that reported the bare CallToolResult instead of the envelope.
  if (json.jsonrpc === undefined && (Array.isArray(json.content) || typeof json.isError === "boolean")) {
    return { kind: "result", result: json };
  }
  return undefined;
}

/** A Streamable HTTP response may be an SSE stream; the last `data:` event carries the answer. */
function parseSseData(text: string): unknown {
  if (!/^(event|data|id|retry):/m.test(text)) return undefined;
  const events = text.split(/\r?\n\r?\n/);
  for (let index = events.length - 1; index >= 0; index--) {
    const data = (events[index] ?? "")
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    const json = parseJsonText(data);
    if (json !== undefined) return json;
  }
  return undefined;
}

/** What the agent saw of a result: text blocks joined by newlines, other blocks as markers. */
export function resultText(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  const parts = content.map((block) => {
    if (!isObject(block)) return "";
    switch (block.type) {
      case "text":
        return typeof block.text === "string" ? block.text : "";
      case "image":
      case "audio":
        return `[${block.type} ${stringField(block, "mimeType") ?? "unknown"}]`;
      case "resource": {
        const resource = isObject(block.resource) ? block.resource : undefined;
        return stringField(resource, "text") ?? `[resource ${stringField(resource, "uri") ?? ""}]`.trimEnd();
      }
      case "resource_link":
        return `[resource_link ${stringField(block, "uri") ?? ""}]`.trimEnd();
      default:
        return `[${typeof block.type === "string" ? block.type : "unknown"}]`;
    }
  });
  if (parts.length === 0 && result.structuredContent !== undefined)
    return safeStringify(result.structuredContent);
  return parts.join("\n");
}

/** The `text` of every content block, whatever its type: what a result the client refused said. */
export function blockTexts(result: JsonObject): string {
  const content = Array.isArray(result.content) ? result.content : [];
  return content
    .map((block) => (isObject(block) ? (stringField(block, "text") ?? "") : ""))
    .filter((text) => text.trim() !== "")
    .join("\n");
}

export function contentBlockCount(result: JsonObject): number {
  return Array.isArray(result.content) ? result.content.length : 0;
}

/** The human message of a non-JSON-RPC body (`{"error":{"message":…}}`, `{"error":"…"}`, HTML, text). */
export function bodyMessage(body: string, json: unknown): string {
  if (isObject(json)) {
    const error = isObject(json.error) ? json.error : undefined;
    const message =
      stringField(error, "message", "detail") ??
      stringField(json, "message", "error_description", "detail", "error", "title");
    if (message) return message;
  }
  const title = htmlTitle(body);
  if (title) return title;
  return body.trim();
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "";
  } catch {
    return String(value);
  }
}
