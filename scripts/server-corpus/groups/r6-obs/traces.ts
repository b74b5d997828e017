// Flightbox's trace store: a Parquet file of spans, written fresh by DuckDB (the same engine the
// server reads it with) under /tmp/faultline-corpus-r6-obs/traces.

import fs from "node:fs";
import { createRequire } from "node:module";

export const TRACES_DIR = "/tmp/faultline-corpus-r6-obs/traces";

interface DuckConnection {
  run(sql: string): Promise<unknown>;
  closeSync?(): void;
}
interface DuckModule {
  DuckDBInstance: { create(path: string): Promise<{ connect(): Promise<DuckConnection> }> };
}

export async function writeTraces(): Promise<void> {
  fs.rmSync(TRACES_DIR, { recursive: true, force: true });
  fs.mkdirSync(TRACES_DIR, { recursive: true });
  const load = createRequire(import.meta.url);
  const duck = load("@duckdb/node-api") as DuckModule;
  const instance = await duck.DuckDBInstance.create(":memory:");
  const con = await instance.connect();
  const t = Date.now() - 60_000;
  const row = (
    span: string,
    parent: string | null,
    name: string,
    start: number,
    ms: number,
    input: string,
    output: string | null,
    error: string | null,
  ) =>
    `('${span}', 'tr-checkout-1', ${parent ? `'${parent}'` : "NULL"}, 'function', '${name}', 'src/checkout.ts', 'src/checkout.ts:10', ` +
    `'${input}', ${output ? `'${output}'` : "NULL"}, ${error ? `'${error}'` : "NULL"}, CAST(NULL AS VARCHAR), CAST(${t + start} AS BIGINT), CAST(${t + start + ms} AS BIGINT), CAST(${ms} AS DOUBLE), 'abc1234', CAST(NULL AS VARCHAR))`;
  const rows = [
    row("sp-root", null, "handleCheckout", 0, 412, '[{"orderId":8812}]', '{"status":"failed"}', null),
    row("sp-cart", "sp-root", "loadCart", 5, 20, '[{"orderId":8812}]', '{"items":3}', null),
    row(
      "sp-charge",
      "sp-root",
      "chargeCard",
      30,
      380,
      '[{"amount":129.5}]',
      null,
      '{"name":"TimeoutError","message":"payment provider timeout"}',
    ),
    row("sp-email", "sp-root", "sendReceipt", 411, 1, '[{"orderId":8812}]', '{"queued":true}', null),
  ];
  await con.run(
    `COPY (SELECT * FROM (VALUES ${rows.join(", ")}) AS t(span_id, trace_id, parent_id, kind, name, module, file_line, input, output, error, context, started_at, ended_at, duration_ms, git_sha, tags)) ` +
      `TO '${TRACES_DIR}/spans-0001.parquet' (FORMAT parquet)`,
  );
  con.closeSync?.();
}
