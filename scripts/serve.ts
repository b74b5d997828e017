// npm start (or npm run dev: --dev): Faultline's server on $HOSTNAME:$PORT (default 0.0.0.0:3000).
// Starts the database first (or exits with one line saying why it cannot), then serves the
// ingest endpoints directly and everything else through Next.js (lib/http/node-server).
import { readFileSync } from "node:fs";
import path from "node:path";
import next from "next";
import { POST as ingestCalls } from "../app/api/v1/calls/route";
import { POST as ingestOtlp } from "../app/api/v1/otlp/v1/traces/route";
import { getEnv } from "../lib/env";
import { listeningLine } from "../lib/http/listen-url";
import { createServer, type WebHandler } from "../lib/http/node-server";
import { OTLP_BASE, otlpNotServed } from "../lib/http/otlp-not-served";
import { startIngestWorkers } from "../lib/ingest/offload";
import { startOrExit } from "../lib/startup";

const dev = process.argv.includes("--dev");
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const port = Number(process.env.PORT ?? 3000);
/** How long requests in flight may take to finish after SIGTERM/SIGINT. */
const DRAIN_MS = 10_000;

async function main() {
  // tsx turns on Node's source maps, and Node then reads and keeps the map (sources included) of
  // every module loaded after — Next.js's server chunks: ~36 MB of the idle heap and ~100 MB of
  // the peak under ingest (bench/PROFILE.md). Faultline's own modules, imported above, keep theirs;
  // npm run dev keeps them all.
  if (!dev) process.setSourceMapsEnabled(false);
  const dir = path.resolve(__dirname, "..");
  // The config as `next build` resolved it, handed over exactly as Next's own standalone
  // server.js does: loading next.config.ts again would compile it with SWC, whose native module
  // then stays resident (~60 MB of the server's memory for nothing). No build: say so before
  // anything is started.
  if (!dev) process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(builtConfig(dir));
  await startOrExit();
  const app = next({ dev, hostname, port, dir });
  await Promise.all([app.prepare(), startIngestWorkers()]);
  const server = createServer({
    direct: {
      "POST /api/v1/calls": ingestCalls as WebHandler,
      "POST /api/v1/otlp/v1/traces": ingestOtlp as WebHandler,
    },
    under: { [OTLP_BASE]: otlpNotServed },
    fallback: app.getRequestHandler(),
  });
  server.listen(port, hostname, () =>
    console.log(listeningLine({ hostname, port, publicUrl: getEnv().FAULTLINE_PUBLIC_URL })),
  );
  const stop = () => {
    // Stop accepting, let requests in flight finish (an acknowledged call is already committed),
    // then exit; the embedded PostgreSQL is stopped on the way out (lib/db/embedded).
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), DRAIN_MS).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** The resolved config `next build` wrote beside the build. */
function builtConfig(dir: string) {
  const file = path.join(dir, ".next", "required-server-files.json");
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as { config: Record<string, unknown> }).config;
  } catch {
    console.error(
      `[faultline] no build at ${path.dirname(file)}: run \`npm run build\` first (or \`npm run quickstart\`)`,
    );
    process.exit(1);
  }
}

void main();
