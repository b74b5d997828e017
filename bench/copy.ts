// The limit, measured in the same run as ingest: the same rows Faultline stores (classified
// beforehand, not timed), COPY'd straight into a table shaped like `calls` with the same
// indexes. Nothing about an ingest request can be faster than this on the machine.
//
//   npx tsx bench/copy.ts --database <url> --calls 200000
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { parseArgs } from "node:util";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { report, round } from "./lib";
import { COLUMNS, copyLines } from "./copy-rows";

const { values } = parseArgs({
  options: { database: { type: "string" }, calls: { type: "string", default: "200000" } },
});

async function main() {
  const total = Number(values.calls);
  const client = new pg.Client({ connectionString: values.database });
  await client.connect();
  const projectId = "00000000-0000-4000-8000-000000000001";
  await client.query("DROP TABLE IF EXISTS calls_copy");
  await client.query("CREATE TABLE calls_copy (LIKE calls INCLUDING DEFAULTS INCLUDING INDEXES)");
  const lines = copyLines(total, projectId);
  const started = performance.now();
  await pipeline(
    Readable.from(lines),
    client.query(copyFrom(`COPY calls_copy (${COLUMNS.join(", ")}) FROM STDIN`)),
  );
  const seconds = (performance.now() - started) / 1000;
  await client.query("DROP TABLE calls_copy");
  await client.end();
  report({ rows: total, seconds: round(seconds, 2), rowsPerSecond: round(total / seconds) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
