// The red team's partition attack, measured: a project keeping 3,650 days (as a member could set
// it before retention became an admin's, at most FAULTLINE_MAX_RETENTION_DAYS), and one call per
// past day sent through ingest. Prints calls accepted and refused, partitions and relations of
// `calls` before and after, and the time, on a PostgreSQL of its own (embedded binaries).
//   npx tsx bench/partition-attack.ts [days=3650]
import { seedCalls } from "../test/helpers/seed";
import { startThrowawayPostgres } from "../test/helpers/throwaway-postgres";

const DAY_MS = 86_400_000;
const days = Number(process.argv[2] ?? 3650);

async function main(): Promise<void> {
  const server = await startThrowawayPostgres();
  const { pool } = server.database;
  const count = async () => {
    const { rows } = await pool.query<{ partitions: number; relations: number }>(
      `SELECT (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'calls'::regclass) AS partitions,
            (SELECT count(*)::int FROM pg_class) AS relations`,
    );
    return rows[0]!;
  };
  try {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO projects (id, name, retention_days) VALUES (gen_random_uuid(), 'attacker', 3650) RETURNING id`,
    );
    const projectId = rows[0]!.id;
    const before = await count();
    const started = performance.now();
    let accepted = 0;
    let refused = 0;
    let firstRefusal: string | undefined;
    for (let day = 1; day <= days; day++) {
      const result = await seedCalls(pool, projectId, [
        {
          id: `old-${day}`,
          server: "s",
          tool: "t",
          occurredAt: new Date(Date.now() - day * DAY_MS).toISOString(),
          isError: false,
        },
      ]);
      accepted += result.accepted;
      refused += result.rejected.length;
      firstRefusal ??=
        result.rejected[0]?.errors[0] &&
        `${result.rejected[0].errors[0].path}: ${result.rejected[0].errors[0].message}`;
    }
    const seconds = (performance.now() - started) / 1000;
    const after = await count();
    console.log(
      `${days} calls, one per past day: ${accepted} accepted, ${refused} refused in ${seconds.toFixed(1)} s\n` +
        `partitions of calls ${before.partitions} → ${after.partitions} (+${after.partitions - before.partitions}), ` +
        `relations ${before.relations} → ${after.relations} (+${after.relations - before.relations})` +
        (firstRefusal ? `\nfirst refusal: ${firstRefusal}` : ""),
    );
  } finally {
    await server.stop();
  }
}

void main();
