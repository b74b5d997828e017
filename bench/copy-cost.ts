// COPY's price per row into a copy of `calls` holding a chosen set of its indexes: the floor an
// insert of the same rows is measured against (bench/profile.ts, bench/index-price.ts).
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { COLUMNS } from "./copy-rows";

async function copyInto(client: pg.Client, table: string, lines: string[]): Promise<number> {
  const started = performance.now();
  await pipeline(
    Readable.from(lines),
    client.query(copyFrom(`COPY ${table} (${COLUMNS.join(", ")}) FROM STDIN`)),
  );
  return performance.now() - started;
}

/** µs per row for COPY into a copy of `calls` holding the given indexes (best of three). */
export async function copyCost(client: pg.Client, lines: string[], indexes: { name: string; def: string }[]) {
  const times: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await client.query("DROP TABLE IF EXISTS calls_profile");
    await client.query("CREATE TABLE calls_profile (LIKE calls INCLUDING DEFAULTS)");
    for (const index of indexes)
      await client.query(
        index.def
          .replace(/ ON (ONLY )?(public\.)?calls /, " ON calls_profile ") // the parent's indexes are ON ONLY
          .replace(index.name, `${index.name}_p`),
      );
    times.push(await copyInto(client, "calls_profile", lines));
  }
  await client.query("DROP TABLE calls_profile");
  return (Math.min(...times) * 1000) / lines.length;
}
