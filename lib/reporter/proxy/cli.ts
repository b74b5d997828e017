#!/usr/bin/env node
import { parseArgs } from "node:util";
import { relayHttp } from "./http.js";
import { relayStdio } from "./stdio.js";
import { Tap, type WorkerSettings } from "./tap.js";

// faultline-proxy: records the MCP calls of any client, with no code change, by standing where
// the client's config names the server.
//
//   faultline-proxy --server NAME -- COMMAND [ARGS…]              a stdio server (it starts it)
//   faultline-proxy --listen HOST:PORT --upstream URL [--server NAME]   a remote server
//
// Faultline's address and key come from --url/--key or FAULTLINE_URL/FAULTLINE_KEY (as a
// client's config passes `env`). Without them the proxy relays and records nothing.

const USAGE = `usage:
  faultline-proxy [--server NAME] [--url URL --key KEY] -- COMMAND [ARGS...]
  faultline-proxy --listen HOST:PORT --upstream URL [--server NAME] [--url URL --key KEY]

options:
  --server NAME         the server's name in Faultline (default: the name it announces)
  --url URL, --key KEY  Faultline and an ingest key (default: FAULTLINE_URL, FAULTLINE_KEY)
  --listen HOST:PORT    HTTP: where to listen (only there), e.g. 127.0.0.1:8808
  --upstream URL        HTTP: the remote MCP server, e.g. https://mcp.example.com/mcp
  --timeout-ms N        HTTP: how long the upstream has to start answering (default 60000)
  --allow-host H        HTTP: also serve requests whose Host is H (repeatable; this machine's addresses
                        and localhost always are); other names are refused (DNS rebinding)
  --allow-origin O      HTTP: also serve browser requests from origin O (repeatable; pages of localhost
                        always are); other origins are refused
  --drain-ms N          how long to deliver what is left when the session ends (default 2000)
  --max-line-bytes N    the largest message read for reporting (default 8 MiB; larger ones are relayed, not read)
  --max-pending N       calls in flight kept track of (default 10000; more are relayed, not recorded)
  --trace-context       give each tools/call without W3C trace context one (params._meta.traceparent), so
                        the server instrumentation's reports of a call meet the proxy's; changes those
                        requests' bytes (off by default)
  --priority low|normal the reporting thread's CPU priority (default low, or FAULTLINE_PROXY_PRIORITY):
                        low yields to the session and drops calls (counted) if the machine is saturated
  --quiet               say nothing on stderr about reporting`;

function main(argv: string[]): void {
  const split = argv.indexOf("--");
  const own = split === -1 ? argv : argv.slice(0, split);
  const command = split === -1 ? [] : argv.slice(split + 1);
  let values: Record<string, string | boolean | string[] | undefined>;
  try {
    ({ values } = parseArgs({
      args: own,
      strict: true,
      options: {
        server: { type: "string" },
        url: { type: "string" },
        key: { type: "string" },
        listen: { type: "string" },
        upstream: { type: "string" },
        "timeout-ms": { type: "string" },
        "drain-ms": { type: "string" },
        "max-line-bytes": { type: "string" },
        "max-pending": { type: "string" },
        priority: { type: "string" },
        "trace-context": { type: "boolean" },
        "allow-host": { type: "string", multiple: true },
        "allow-origin": { type: "string", multiple: true },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return usage((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const quiet = values.quiet === true;
  const log = (message: string) => {
    if (!quiet) process.stderr.write(`[faultline-proxy] ${message}\n`);
  };
  const http = values.listen !== undefined || values.upstream !== undefined;
  if (http && command.length > 0)
    return usage("give either -- COMMAND (stdio) or --listen and --upstream (HTTP)");
  if (!http && command.length === 0) return usage("nothing to run: put the server's command after --");

  const parsed = {
    timeoutMs: count(values["timeout-ms"], 60_000, "--timeout-ms"),
    drainMs: count(values["drain-ms"], 2_000, "--drain-ms"),
    maxLineBytes: count(values["max-line-bytes"], 8 * 2 ** 20, "--max-line-bytes"),
    maxPending: count(values["max-pending"], 10_000, "--max-pending"),
  };
  const wrong = Object.values(parsed).find((value) => typeof value === "string");
  if (typeof wrong === "string") return usage(wrong);
  const numbers = parsed as { [K in keyof typeof parsed]: number };

  const priority = (values.priority as string | undefined) ?? process.env.FAULTLINE_PROXY_PRIORITY ?? "low";
  if (priority !== "low" && priority !== "normal")
    return usage(`--priority must be low or normal, got ${JSON.stringify(priority.slice(0, 40))}`);

  const traceContext = values["trace-context"] === true;
  const url = (values.url as string | undefined) ?? process.env.FAULTLINE_URL;
  const key = (values.key as string | undefined) ?? process.env.FAULTLINE_KEY;
  const server = (values.server as string | undefined) || undefined;
  let tap: Tap | undefined;
  if (!url || !key) {
    log(
      `${!url ? "FAULTLINE_URL" : "FAULTLINE_KEY"} is not set (nor --${!url ? "url" : "key"}): relaying without recording`,
    );
  } else if (!isHttpUrl(url)) {
    return usage(`--url/FAULTLINE_URL must be an http(s) URL, got ${JSON.stringify(url.slice(0, 100))}`);
  } else {
    const settings: WorkerSettings = {
      mode: http ? "http" : "stdio",
      url,
      key,
      ...(server ? { server } : {}),
      maxLineBytes: numbers.maxLineBytes,
      maxPending: numbers.maxPending,
      lowPriority: priority === "low",
    };
    tap = new Tap(settings, log);
  }

  if (!http) {
    relayStdio({
      command: command[0]!,
      args: command.slice(1),
      tap,
      drainMs: numbers.drainMs,
      log,
      ...(traceContext ? { traceContext: { maxLine: numbers.maxLineBytes } } : {}),
    });
    return;
  }
  const listen = parseListen(values.listen as string | undefined);
  if (typeof listen === "string") return usage(listen);
  const upstream = values.upstream as string | undefined;
  if (!upstream || !isHttpUrl(upstream)) return usage("--upstream must be the remote server's http(s) URL");
  const target = new URL(upstream);
  relayHttp({
    ...listen,
    upstream: target,
    tap,
    timeoutMs: numbers.timeoutMs,
    log,
    ...(traceContext ? { traceContext: { maxBody: numbers.maxLineBytes } } : {}),
    allow: {
      hosts: ((values["allow-host"] as string[] | undefined) ?? []).map((value) =>
        value.trim().toLowerCase(),
      ),
      origins: ((values["allow-origin"] as string[] | undefined) ?? []).map((value) =>
        value.trim().toLowerCase().replace(/\/+$/, ""),
      ),
    },
  }).then(
    (listening) => {
      const address = listening.address();
      const port = typeof address === "object" && address ? address.port : listen.port;
      const host = listen.host.includes(":") ? `[${listen.host}]` : listen.host;
      // Always said (this is the proxy's own terminal, not a server's log): where to point the client.
      process.stderr.write(
        `[faultline-proxy] listening on http://${host}:${port}, relaying to ${target.origin}; point the client at http://${host}:${port}${target.pathname}${target.search}\n`,
      );
      const stop = () => {
        listening.close();
        listening.closeAllConnections();
        void (tap?.close(numbers.drainMs) ?? Promise.resolve()).then(() => process.exit(0));
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (error: NodeJS.ErrnoException) => {
      process.stderr.write(
        `[faultline-proxy] cannot listen on ${listen.host}:${listen.port}: ${error.code ?? error.message}\n`,
      );
      process.exit(1);
    },
  );
}

function usage(problem: string): void {
  process.stderr.write(`faultline-proxy: ${problem}\n\n${USAGE}\n`);
  process.exitCode = 2;
}

function count(value: unknown, fallback: number, name: string): number | string {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : `${name} must be a positive whole number`;
}

function isHttpUrl(value: string): boolean {
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:";
  } catch {
    return false;
  }
}

/** HOST:PORT (an IPv6 host in brackets); the host is required — the proxy binds only where told. */
function parseListen(value: string | undefined): { host: string; port: number } | string {
  const match = value === undefined ? null : /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+)):(\d{1,5})$/.exec(value);
  const port = Number(match?.[3]);
  if (!match || port > 65_535) return "--listen must be HOST:PORT, e.g. 127.0.0.1:8808";
  return { host: (match[1] ?? match[2])!, port };
}

main(process.argv.slice(2));
