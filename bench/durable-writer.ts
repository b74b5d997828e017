// A fairer floor for single calls than the no-op (bench/noop.ts), in a process of its own: a
// minimal durable writer. Each request's JSON is parsed and one row — shaped as Faultline stores a
// call — is INSERTed into a copy of `calls` with all its indexes; the answer goes after the COMMIT
// (autocommit: one statement, one transaction). No validation, classification, rollups or read
// models: what any service that makes a call durable before answering must pay. Prints its URL.
//
//   npx tsx bench/durable-writer.ts --database <url>
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({ options: { database: { type: "string" } } });
const PROJECT = "00000000-0000-4000-8000-000000000002";

async function main() {
  const pool = new pg.Pool({ connectionString: values.database, max: 32 });
  pool.on("error", () => {});
  await pool.query("DROP TABLE IF EXISTS calls_writer");
  await pool.query("CREATE TABLE calls_writer (LIKE calls INCLUDING DEFAULTS INCLUDING INDEXES)");
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const call = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      const text = typeof call.text === "string" ? call.text.slice(0, 512) : "";
      pool
        .query(
          `INSERT INTO calls_writer (project_id, id, occurred_at, server, tool, method, outcome, silent_failure,
                                     partial, empty, flags, text, text_length, signature)
           VALUES ($1, $2, now(), $3, $4, 'tools/call', $5, false, false, false, '{}', $6, $7, $8)`,
          [
            PROJECT,
            typeof call.id === "string" ? call.id : randomUUID(),
            String(call.server ?? "s"),
            typeof call.tool === "string" ? call.tool : null,
            call.isError === true ? "tool_error" : "ok",
            text,
            text.length,
            "0000000000000000",
          ],
        )
        .then(
          () => response.writeHead(200, { "content-type": "application/json" }).end('{"accepted":1}'),
          (error: Error) => response.writeHead(500).end(error.message),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
}

void main();
