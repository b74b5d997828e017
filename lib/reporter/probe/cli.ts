#!/usr/bin/env node
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { serverEnvironment } from "../proxy/child-env.js";
import type { ProbeCall, RawRun } from "./run.js";

// faultline-probe: runs a stdio probe where its server runs (a cron job, a systemd timer, a CI
// step, or --every), and reports the run to Faultline, which judges it like any call.
//
//   faultline-probe --probe NAME [--allow-tool TOOL] [--every 5m] -- COMMAND [ARGS…]
//
// The probe (its test call, expectations, timeout) is defined on the instance and fetched with the
// key; the run is reported with the same key (an ingest key does both, as for the proxy). What runs on this
// machine is only ever what this command line says: the server's command comes from here, never
// from the instance, and the test call is made only when its tool is named by --allow-tool — so a
// Faultline admin (or a stolen key) cannot make this machine run a command or call a tool it was
// not told to here.
//
// The MCP client library (@modelcontextprotocol/client) is an optional peer of this package, so
// that installing the reporter or the proxy brings nothing else: faultline-probe asks for it by
// name when it is missing (`npx -p <faultline>/downloads/faultline-reporter.tgz -p
// @modelcontextprotocol/client@2 faultline-probe …` brings both).

const USAGE = `usage:
  faultline-probe --probe NAME [--url URL --key KEY] [--allow-tool TOOL] [--every 5m] -- COMMAND [ARGS...]

options:
  --probe NAME          the stdio probe's name in Faultline (Settings → Probes, or POST /api/v1/probes)
  --url URL, --key KEY  Faultline and an ingest key (default: FAULTLINE_URL, FAULTLINE_KEY)
  --allow-tool TOOL     let the probe's test call use TOOL (repeatable); without it no tool is called
  --every DURATION      run again every DURATION (30s, 5m, 1h) until stopped; default: once
  --fail-on-drift KIND  exit 1 when the tool list drifted at least this much since the last run:
                        breaking, warning or info (a CI step before a deploy)
  --quiet               print nothing but failures

exit status: 0 the run passed, 1 it failed (or drifted, with --fail-on-drift), 2 a usage or set-up error`;

interface ProbeDefinition {
  id: string;
  name: string;
  server: string;
  transport: string;
  timeoutMs: number;
  call: (ProbeCall & { expect?: unknown }) | null;
}

interface ReportedRun {
  ok: boolean;
  durationMs: number;
  reason: string | null;
  steps: { step: string; ok: boolean; durationMs: number; reason?: string }[];
  drift: { tool: string; kind: string; change: string }[];
  driftSeverity: string | null;
}

const DRIFT_ORDER = ["info", "warning", "breaking"];

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const split = argv.indexOf("--");
  const own = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  const { values } = parseArgs({
    args: own,
    options: {
      probe: { type: "string" },
      url: { type: "string" },
      key: { type: "string" },
      "allow-tool": { type: "string", multiple: true },
      every: { type: "string" },
      "fail-on-drift": { type: "string" },
      quiet: { type: "boolean" },
      help: { type: "boolean" },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const name = values.probe;
  const base = (values.url ?? process.env.FAULTLINE_URL ?? "").replace(/\/+$/, "");
  const key = values.key ?? process.env.FAULTLINE_KEY ?? "";
  if (!name) throw new UsageError("--probe NAME is required");
  if (!base || !key)
    throw new UsageError(
      "Faultline's URL and a key are required (--url/--key or FAULTLINE_URL/FAULTLINE_KEY)",
    );
  if (command.length === 0) throw new UsageError("the server's command is required after --");
  const failOnDrift = values["fail-on-drift"];
  if (failOnDrift !== undefined && !DRIFT_ORDER.includes(failOnDrift)) {
    throw new UsageError("--fail-on-drift must be breaking, warning or info");
  }
  const everyMs = values.every === undefined ? undefined : duration(values.every);
  const allowed = new Set(values["allow-tool"] ?? []);

  for (;;) {
    const code = await once({ base, key, name, command, allowed, failOnDrift, quiet: values.quiet ?? false });
    if (everyMs === undefined || code === 2) return code;
    await sleep(everyMs);
  }
}

async function once(options: {
  base: string;
  key: string;
  name: string;
  command: string[];
  allowed: Set<string>;
  failOnDrift: string | undefined;
  quiet: boolean;
}): Promise<number> {
  const probe = await definition(options.base, options.key, options.name);
  if (probe.call && !options.allowed.has(probe.call.tool)) {
    throw new UsageError(
      `probe "${probe.name}" calls the tool "${probe.call.tool}": add --allow-tool ${probe.call.tool} to let it (nothing is called without it)`,
    );
  }
  const { runProbeSteps, library, StdioClientTransport } = await clientLibrary();
  const [executable, ...args] = options.command;
  const stderr: string[] = [];
  const raw: RawRun = await runProbeSteps(
    () => {
      const transport = new StdioClientTransport({
        command: executable!,
        args,
        // As if faultline-probe were not there: an npx launch's own variables would turn an inner
        // `npx -y <server>` into a run of the probe's package (the proxy's rule: ../proxy/child-env).
        env: Object.fromEntries(
          Object.entries(serverEnvironment(process.env)).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        ),
        stderr: "pipe",
      });
      transport.stderr?.on("data", (chunk: Buffer) => {
        stderr.push(chunk.toString("utf8"));
        while (stderr.join("").length > 4_000) stderr.shift();
      });
      return transport;
    },
    {
      library,
      timeoutMs: probe.timeoutMs,
      call: probe.call ? { tool: probe.call.tool, arguments: probe.call.arguments } : null,
    },
  );
  // A server that died before answering: what it said last is the reason (as the proxy reports it).
  const [first] = raw.steps;
  if (first && first.result === undefined && !first.error && stderr.length) {
    first.message = `${first.message ?? "the server stopped"}; it said: ${stderr.join("").trim().slice(-500)}`;
  }
  const run = await report(options.base, options.key, probe, raw);
  print(probe, run, options.quiet);
  const drifted =
    options.failOnDrift !== undefined &&
    run.driftSeverity !== null &&
    DRIFT_ORDER.indexOf(run.driftSeverity) >= DRIFT_ORDER.indexOf(options.failOnDrift);
  return run.ok && !drifted ? 0 : 1;
}

async function clientLibrary() {
  const [{ runProbeSteps }, library, { StdioClientTransport }] = await Promise.all([
    import("./run.js"),
    peer<typeof import("@modelcontextprotocol/client")>("@modelcontextprotocol/client"),
    peer<typeof import("@modelcontextprotocol/client/stdio")>("@modelcontextprotocol/client/stdio"),
  ]);
  return { runProbeSteps, library, StdioClientTransport };
}

/**
 * The optional peer, beside this package — or, when npx found it in the project the command runs
 * in and did not install it beside this package (npx -p skips what the current project has), there.
 */
async function peer<T>(specifier: string): Promise<T> {
  try {
    return (await import(specifier)) as T;
  } catch (error) {
    if (!isMissing(error, specifier)) throw error;
  }
  try {
    const resolved = createRequire(path.join(process.cwd(), "package.json")).resolve(specifier);
    return (await import(pathToFileURL(resolved).href)) as T;
  } catch (error) {
    if (!isMissing(error, specifier)) throw error;
    throw new UsageError(
      "faultline-probe needs the MCP client library beside it: install @modelcontextprotocol/client@2 (with npx: add -p @modelcontextprotocol/client@2.4.0)",
    );
  }
}

/** Whether `error` says the package of `specifier` (not something it imports) is missing. */
function isMissing(error: unknown, specifier: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  const name = specifier.split("/").slice(0, 2).join("/");
  return (
    (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String(message).includes(`'${name}`)
  );
}

async function definition(base: string, key: string, name: string): Promise<ProbeDefinition> {
  const response = await fetch(`${base}/api/v1/probes?transport=stdio`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await response.json().catch(() => null)) as {
    probes?: ProbeDefinition[];
    error?: { message?: string };
  } | null;
  if (!response.ok) {
    throw new UsageError(
      `Faultline answered ${response.status} for the probes: ${body?.error?.message ?? "no reason given"}`,
    );
  }
  const probe = body?.probes?.find((candidate) => candidate.name === name);
  if (!probe) {
    const names = (body?.probes ?? []).map((candidate) => `"${candidate.name}"`).join(", ");
    throw new UsageError(
      `no stdio probe named "${name}" in this key's project${names ? ` (there are ${names})` : ""}`,
    );
  }
  return probe;
}

async function report(base: string, key: string, probe: ProbeDefinition, raw: RawRun): Promise<ReportedRun> {
  const response = await fetch(`${base}/api/v1/probes/${encodeURIComponent(probe.id)}/runs`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(raw),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json().catch(() => null)) as
    (ReportedRun & { error?: { message?: string } }) | null;
  if (!response.ok || !body) {
    throw new UsageError(
      `Faultline did not take the run (${response.status}): ${body?.error?.message ?? "no reason given"}`,
    );
  }
  return body;
}

function print(probe: ProbeDefinition, run: ReportedRun, quiet: boolean): void {
  const steps = run.steps.map((step) => `${step.step} ${step.durationMs} ms`).join(", ");
  if (run.ok && !quiet)
    console.log(`faultline-probe: "${probe.name}" passed in ${run.durationMs} ms (${steps})`);
  if (!run.ok)
    console.log(`faultline-probe: "${probe.name}" FAILED — ${run.reason ?? "a step failed"} (${steps})`);
  for (const event of run.drift) {
    if (!quiet || event.kind === "breaking") console.log(`  drift ${event.kind}: ${event.change}`);
  }
}

function duration(text: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(text.trim());
  if (!match) throw new UsageError(`--every must be a duration such as 30s, 5m or 1h (got "${text}")`);
  const ms = Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[match[2] as "s" | "m" | "h"];
  if (ms < 10_000) throw new UsageError("--every must be at least 10s");
  return ms;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    console.error(`faultline-probe: ${(error as Error).message}${usage ? "" : ""}`);
    if (usage && !(error instanceof UsageError)) console.error(USAGE);
    process.exit(usage ? 2 : 1);
  },
);
