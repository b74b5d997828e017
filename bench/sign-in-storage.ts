// What sign-in attempts make the server store: N attempts with wrong passwords, each at a new
// 320-character email, through lib/auth/users signIn as the login action calls it — once from
// one address, once from N/5 addresses (five attempts each, the address's free failures) — into
// a scratch database. Prints the rows and bytes of sign_in_throttle (table, indexes and TOAST)
// after each run, and the attempts' time.
//
//   npx tsx bench/sign-in-storage.ts --attempts 10000
import { parseArgs } from "node:util";
import { signIn, SignInError } from "../lib/auth/users";
import { connect } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { createDatabase, dropDatabase, round } from "./lib";

const { values } = parseArgs({ options: { attempts: { type: "string", default: "10000" } } });
const ATTEMPTS = Number(values.attempts);

const email = (index: number) => `${String(index).padStart(8, "0")}${"x".repeat(300)}@example.test`;

async function run(label: string, addressOf: (index: number) => string) {
  const scratch = await createDatabase("sign_in");
  const database = connect(scratch.url, { write: 8, read: 1, readTimeoutMs: 10_000 });
  try {
    await applyMigrations(database.pool);
    const started = performance.now();
    let refused = 0;
    // Eight at a time, as a client with a few connections would send them.
    for (let index = 0; index < ATTEMPTS; index += 8) {
      const batch = Array.from({ length: Math.min(8, ATTEMPTS - index) }, (_, offset) =>
        signIn(database, email(index + offset), "wrong password", addressOf(index + offset)).catch(
          (error: unknown) => {
            if (!(error instanceof SignInError)) throw error;
            if (error.message.startsWith("Too many")) refused++;
          },
        ),
      );
      await Promise.all(batch);
    }
    const seconds = (performance.now() - started) / 1000;
    const { rows } = await database.pool.query<{ rows: number; bytes: string }>(
      `SELECT (SELECT count(*)::int FROM sign_in_throttle) AS rows,
              pg_total_relation_size('sign_in_throttle') AS bytes`,
    );
    console.log(
      `${label}: ${ATTEMPTS} attempts (${refused} refused) in ${round(seconds)} s → ${rows[0]!.rows} rows, ${round(Number(rows[0]!.bytes) / 1024)} kB`,
    );
  } finally {
    await database.close();
    await dropDatabase(scratch.name);
  }
}

async function main() {
  await run("one address", () => "203.0.113.7");
  await run(`${ATTEMPTS / 5} addresses`, (index) => {
    const n = Math.floor(index / 5);
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  });
}

void main();
