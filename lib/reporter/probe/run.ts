import type * as ClientLibrary from "@modelcontextprotocol/client";
import type { Client, Transport } from "@modelcontextprotocol/client";

// One probe run against one MCP server, over a transport the caller made (the instance: Streamable
// HTTP or HTTP+SSE through its guarded fetch; faultline-probe: stdio). The MCP client library does
// the protocol — the 2026-07-28 revision's `server/discover`, or the `initialize` handshake of the
// revisions before it, whichever the server speaks — and this records each step as it went: its
// answer (result or JSON-RPC error) or what stopped it (a timeout, a refused connection, an HTTP
// status), with its time. Nothing here judges: Faultline classifies each step like any call.

export type ProbeStepName = "server/discover" | "initialize" | "tools/list" | "tools/call";

export interface ProbeCall {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface RawStep {
  step: ProbeStepName;
  startedAt: string;
  durationMs: number;
  /** The JSON-RPC result, when the server answered one. */
  result?: unknown;
  /** The JSON-RPC error, when the server answered one. */
  error?: { code: number; message: string; data?: unknown };
  /** What stopped the step before an answer: timeout, connection_refused, connection_closed, http_error, … */
  transportError?: string;
  httpStatus?: number;
  /** What the client library said when the step failed without an answer (one line, bounded). */
  message?: string;
}

export interface RawRun {
  startedAt: string;
  durationMs: number;
  /** The revision family the server spoke: "modern" (2026-07-28) or "legacy" (initialize). */
  era?: string;
  protocolVersion?: string;
  steps: RawStep[];
}

/** The MCP client library's classes this needs (given, so that faultline-probe can find the library where npx put it). */
export type ProbeLibrary = Pick<
  typeof ClientLibrary,
  "Client" | "ProtocolError" | "SdkError" | "SdkHttpError"
>;

export interface RunOptions {
  library: ProbeLibrary;
  /** Each step's limit, in milliseconds. */
  timeoutMs: number;
  call?: ProbeCall | null;
  /** The most tools/list pages read (a server that pages forever is cut off there). */
  maxPages?: number;
  clientName?: string;
  clientVersion?: string;
}

const MESSAGE_CHARS = 500;

/**
 * Runs the probe's steps in order; the first that fails ends the run (later steps need it).
 * `connect` makes a fresh transport each time it is called: a server that breaks on the
 * 2026-07-28 revision's `server/discover` (some answer it with HTTP 500) is asked again with the
 * `initialize` handshake, as a client of the earlier revisions would — it works for them.
 */
export async function runProbeSteps(connect: () => Transport, options: RunOptions): Promise<RawRun> {
  const started = Date.now();
  const steps: RawStep[] = [];
  const { SdkError } = options.library;
  let client = newClient(options, "auto");
  const run = (): RawRun => ({
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    era: client.getProtocolEra(),
    protocolVersion: client.getNegotiatedProtocolVersion(),
    steps,
  });
  try {
    const connected = await step(
      "initialize",
      async () => {
        try {
          await client.connect(connect(), { timeout: options.timeoutMs });
        } catch (error) {
          if (!(error instanceof SdkError) || String(error.code) !== "ERA_NEGOTIATION_FAILED") throw error;
          await closeQuietly(client);
          client = newClient(options, "legacy");
          await client.connect(connect(), { timeout: options.timeoutMs });
        }
        return {
          protocolVersion: client.getNegotiatedProtocolVersion(),
          capabilities: client.getServerCapabilities() ?? {},
          serverInfo: client.getServerVersion() ?? {},
        };
      },
      options.library,
    );
    // The handshake is named by the revision it turned out to be.
    if (client.getProtocolEra() === "modern") connected.step = "server/discover";
    steps.push(connected);
    if (!succeeded(connected)) return run();

    const listed = await step("tools/list", () => listAllTools(client, options), options.library);
    steps.push(listed);
    if (!succeeded(listed) || !options.call) return run();

    const call = options.call;
    steps.push(
      await step(
        "tools/call",
        () => client.callTool({ name: call.tool, arguments: call.arguments }, { timeout: options.timeoutMs }),
        options.library,
      ),
    );
    return run();
  } finally {
    await closeQuietly(client);
  }
}

function newClient(options: RunOptions, mode: "auto" | "legacy"): Client {
  return new options.library.Client(
    { name: options.clientName ?? "faultline-probe", version: options.clientVersion ?? "1" },
    {
      versionNegotiation: { mode, probe: { timeoutMs: options.timeoutMs } },
      listMaxPages: options.maxPages ?? 10,
    },
  );
}

/** A server that will not let go does not hold the run: closing gets a second. */
async function closeQuietly(client: Client): Promise<void> {
  await Promise.race([
    client.close().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 1_000).unref()),
  ]);
}

function succeeded(step: RawStep): boolean {
  return step.result !== undefined;
}

async function step(
  name: ProbeStepName,
  work: () => Promise<unknown>,
  library: ProbeLibrary,
): Promise<RawStep> {
  const startedAt = new Date();
  const began = performance.now();
  try {
    const result = await work();
    return { step: name, startedAt: startedAt.toISOString(), durationMs: elapsed(began), result };
  } catch (error) {
    return {
      step: name,
      startedAt: startedAt.toISOString(),
      durationMs: elapsed(began),
      ...failureOf(error, library),
    };
  }
}

const elapsed = (began: number) => Math.max(0, Math.round(performance.now() - began));

async function listAllTools(client: Client, options: RunOptions): Promise<{ tools: unknown[] }> {
  // Without a cursor the client walks every page, up to listMaxPages (a server paging forever is cut off).
  const { tools } = await client.listTools(undefined, { timeout: options.timeoutMs, cacheMode: "refresh" });
  return { tools };
}

/** What a failed step records: the server's JSON-RPC error, or what stopped it before an answer. */
export function failureOf(
  error: unknown,
  library: ProbeLibrary,
): Omit<RawStep, "step" | "startedAt" | "durationMs"> {
  const { ProtocolError, SdkError, SdkHttpError } = library;
  const message = oneLine(error);
  if (error instanceof ProtocolError) {
    return {
      error: {
        code: error.code,
        message: error.message,
        ...(error.data !== undefined ? { data: error.data } : {}),
      },
    };
  }
  if (error instanceof SdkHttpError) {
    return { httpStatus: error.status, transportError: "http_error", message };
  }
  if (error instanceof SdkError) {
    const code = String(error.code);
    if (code === "REQUEST_TIMEOUT") return { transportError: "timeout", message };
    if (code === "CONNECTION_CLOSED") return { transportError: "connection_closed", message };
    const status = httpStatusIn(error.data);
    if (status) return { httpStatus: status, transportError: "http_error", message };
    return { transportError: networkWord(error) ?? code.toLowerCase(), message };
  }
  return { transportError: networkWord(error) ?? "connection_failed", message };
}

function httpStatusIn(data: unknown): number | undefined {
  const status = (data as { status?: unknown } | null | undefined)?.status;
  return typeof status === "number" && status >= 100 && status < 600 ? status : undefined;
}

/** The network failure under an error, by its errno or its name, as Faultline's transport errors say it. */
function networkWord(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { code, name } = cause as { code?: unknown; name?: unknown };
    // Faultline's own address guard: a rule of the operator's, not a network failure.
    if (code === "FAULTLINE_REFUSED_ADDRESS") return "address_denied";
    if (code === "ECONNREFUSED") return "connection_refused";
    if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET") return "connection_reset";
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "dns_error";
    if (code === "ETIMEDOUT" || name === "TimeoutError" || code === "UND_ERR_HEADERS_TIMEOUT")
      return "timeout";
    if (name === "AbortError") return "timeout";
    if (code === "ENOENT" || code === "EACCES") return "spawn_failed";
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function oneLine(error: unknown): string {
  const parts: string[] = [];
  for (let cause = error, depth = 0; cause && depth < 3; depth += 1) {
    const text = cause instanceof Error ? cause.message : String(cause);
    if (text && !parts.includes(text)) parts.push(text);
    cause = (cause as { cause?: unknown }).cause;
  }
  const line = parts.join(": ").replace(/\s+/g, " ").trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}
