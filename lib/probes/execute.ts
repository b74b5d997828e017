import type { Pool } from "pg";
import * as clientLibrary from "@modelcontextprotocol/client";
import { SSEClientTransport, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { runProbeSteps, type ProbeLibrary, type RawRun } from "../reporter/probe/run";
import { guardedFetch } from "./fetch";
import { recordRun } from "./record";
import type { Probe, ProbeRun } from "./store";

// The instance's probe of one HTTP server (Streamable HTTP, or the older HTTP+SSE): the MCP client
// library over the guarded fetch (lib/probes/fetch.ts), each step under the probe's timeout, the
// whole run under a deadline, then recorded like any run (lib/probes/record.ts).

export interface HttpProbeOptions {
  allowPrivate: boolean;
  /** The most bytes read of any one answer. */
  maxResponseBytes: number;
}

// The same classes; the reporter package reads the library's CommonJS typings, the app its ES module ones.
const library = clientLibrary as unknown as ProbeLibrary;

export const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024;

export async function runHttpProbe(probe: Probe, options: HttpProbeOptions): Promise<RawRun> {
  if (probe.transport === "stdio" || !probe.url) throw new Error("a stdio probe is run by faultline-probe");
  const fetch = guardedFetch(options);
  const url = new URL(probe.url);
  const requestInit = { headers: probe.headers, redirect: "manual" as const };
  const transport = () =>
    probe.transport === "sse"
      ? new SSEClientTransport(url, { fetch, requestInit })
      : new StreamableHTTPClientTransport(url, { fetch, requestInit });
  return runProbeSteps(transport, {
    library,
    timeoutMs: probe.timeoutMs,
    call: probe.call ? { tool: probe.call.tool, arguments: probe.call.arguments } : null,
    clientName: "faultline-probe",
  });
}

/** Runs an HTTP probe now and records the run. */
export async function runAndRecord(pool: Pool, probe: Probe, options: HttpProbeOptions): Promise<ProbeRun> {
  return recordRun(pool, probe, await runHttpProbe(probe, options), "instance");
}
