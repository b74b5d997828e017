// npx tsx bench/probes.ts [--quick] — what probes cost: ten MCP servers (the SDK's own server,
// stateless Streamable HTTP, 20 tools each with schemas, in a process of their own) probed by
// the instance's runner (handshake, tools/list, a test call) again and again; the instance's
// CPU per run (this process: the MCP client, classification, the writes), wall time per run,
// and the rows and bytes each run leaves in PostgreSQL — then the same for a day of probes
// every minute on ten servers (14,400 runs). Prints a table and one JSON line.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false } } });
const SERVERS = 10;
const RUNS_PER_SERVER = values.quick ? 20 : 100;
const DAY_RUNS = SERVERS * 24 * 60;

/** Ten scripted servers in a child process; resolves with their URLs. */
function startServers(): Promise<{ urls: string[]; stop(): void }> {
  const source = `
    import http from "node:http";
    import { Server } from "@modelcontextprotocol/sdk/server/index.js";
    import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
    import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
    const tools = Array.from({ length: 20 }, (_, i) => ({
      name: "tool_" + i,
      description: "Does thing " + i + " to the records it is given, and says how many it changed.",
      inputSchema: { type: "object", required: ["id"], properties: {
        id: { type: "string", description: "The record's id" },
        limit: { type: "integer", default: 10, minimum: 1, maximum: 100 },
        sort: { type: "string", enum: ["asc", "desc"] } } },
      outputSchema: { type: "object", properties: { changed: { type: "integer" }, ids: { type: "array", items: { type: "string" } } } },
    }));
    const urls = [];
    for (let n = 0; n < ${SERVERS}; n++) {
      const server = http.createServer(async (request, response) => {
        const mcp = new Server({ name: "bench-" + n, version: "1" }, { capabilities: { tools: {} } });
        mcp.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
        mcp.setRequestHandler(CallToolRequestSchema, async () => ({
          content: [{ type: "text", text: JSON.stringify({ changed: 3, ids: ["a", "b", "c"] }) }],
          structuredContent: { changed: 3, ids: ["a", "b", "c"] },
        }));
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        response.on("close", () => void transport.close());
        await mcp.connect(transport);
        await transport.handleRequest(request, response);
      });
      await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
      urls.push("http://127.0.0.1:" + server.address().port + "/mcp");
    }
    process.stdout.write(JSON.stringify(urls) + "\\n");
  `;
  const child = spawn(process.execPath, ["--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("\n"))
        resolve({ urls: JSON.parse(output.trim()) as string[], stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`the bench servers exited ${code}`)));
  });
}

async function main(): Promise<void> {
  const database = await createDatabase("probes");
  process.env.DATABASE_URL = database.url;
  process.env.FAULTLINE_PROBES_ALLOW_PRIVATE = "1";
  const servers = await startServers();
  const { db } = await import("../lib/db");
  const { createProbe, runAndRecord } = await import("../lib/probes");
  const { pool } = await db();
  try {
    const project = (
      await pool.query<{ id: string }>(
        `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'bench') RETURNING id`,
      )
    ).rows[0]!;
    const probes = await Promise.all(
      servers.urls.map((url, index) =>
        createProbe(
          pool,
          project.id,
          {
            name: `bench-${index}`,
            server: `bench-${index}`,
            transport: "http",
            url,
            command: null,
            headers: {},
            intervalSeconds: 60,
            timeoutMs: 10_000,
            call: { tool: "tool_3", arguments: { id: "r1" }, expect: { ok: true } },
            enabled: false,
          },
          "bench",
        ),
      ),
    );
    const options = { allowPrivate: true, maxResponseBytes: 4 << 20 };
    // Warm-up: the first runs load the client library and fill the caches.
    for (const probe of probes) await runAndRecord(pool, { ...probe, lastTools: null }, options);
    const sizes = async () =>
      (
        await pool.query<{ bytes: string; calls: string; runs: string }>(
          `SELECT pg_database_size(current_database()) AS bytes,
                  (SELECT count(*) FROM calls) AS calls, (SELECT count(*) FROM probe_runs) AS runs`,
        )
      ).rows[0]!;
    await pool.query("CHECKPOINT");
    const before = await sizes();
    const cpuBefore = process.cpuUsage();
    const walls: number[] = [];
    const started = performance.now();
    for (let round_ = 0; round_ < RUNS_PER_SERVER; round_ += 1) {
      // As the scheduler does: every probe due at once, run side by side (its concurrency: 4).
      for (let offset = 0; offset < probes.length; offset += 4) {
        await Promise.all(
          probes.slice(offset, offset + 4).map(async (probe) => {
            const began = performance.now();
            const run = await runAndRecord(pool, probe, options);
            if (!run.ok) throw new Error(`bench probe failed: ${run.reason}`);
            walls.push(performance.now() - began);
          }),
        );
      }
    }
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    await pool.query("VACUUM ANALYZE");
    const after = await sizes();
    const runs = walls.length;
    const cpuMsPerRun = (cpu.user + cpu.system) / 1000 / runs;
    const bytesPerRun = (Number(after.bytes) - Number(before.bytes)) / runs;
    const callsPerRun = (Number(after.calls) - Number(before.calls)) / runs;
    const figures = {
      runs,
      wallMsP50: round(percentile(walls, 50)),
      wallMsP99: round(percentile(walls, 99)),
      cpuMsPerRun: round(cpuMsPerRun, 2),
      callsPerRun: round(callsPerRun, 2),
      bytesPerRun: Math.round(bytesPerRun),
      runsPerSecond: round(runs / (elapsed / 1000)),
      day: {
        runs: DAY_RUNS,
        calls: Math.round(DAY_RUNS * callsPerRun),
        probeRuns: DAY_RUNS,
        megabytes: round((DAY_RUNS * bytesPerRun) / 1e6),
        cpuSeconds: round((DAY_RUNS * cpuMsPerRun) / 1000),
        cpuShareOfOneCorePercent: round((DAY_RUNS * cpuMsPerRun) / 1000 / 864, 3),
      },
    };
    console.error(
      [
        `probes: ${runs} runs of 10 servers (20 tools each, a test call): wall p50 ${figures.wallMsP50} ms, p99 ${figures.wallMsP99} ms`,
        `  instance CPU ${figures.cpuMsPerRun} ms a run; ${figures.callsPerRun} calls and ${figures.bytesPerRun} bytes stored a run`,
        `  a day every minute on ten servers: ${DAY_RUNS} runs, ${figures.day.calls} calls, ${figures.day.megabytes} MB, ` +
          `${figures.day.cpuSeconds} CPU s (${figures.day.cpuShareOfOneCorePercent}% of one core)`,
      ].join("\n"),
    );
    report(figures);
  } finally {
    servers.stop();
    await pool.end();
    await dropDatabase(database.name);
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
