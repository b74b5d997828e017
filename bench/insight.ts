// Scenario g: the server report card and the session timeline at the bench's data set. Generates
// N calls (bench/dataset.ts: 20 servers, 2,000 tools, and a session of the most recent 10,000 calls),
// then times the queries behind the fleet table, a card (24 hours and 30 days), the sessions list and
// the 10,000-call session (its first page, and a page deep inside through the keyset cursor), and
// each page's time to first byte signed in, through the built app. Names the fleet's worst server.
//
//   npx tsx bench/insight.ts --calls 1000000
import { parseArgs } from "node:util";
import { PROJECT_COOKIE, SESSION_COOKIE } from "../lib/auth/session-cookie";
import { connect, type Queryable } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { serverCard } from "../lib/insight/card";
import { fleet, sortFleet } from "../lib/insight/fleet";
import { listSessions, sessionTimeline } from "../lib/insight/sessions";
import { cardWindow } from "../lib/insight/window";
import { startAppServer } from "../test/helpers/app-server";
import { ADMIN, generateDataset, LONG_SESSION, PROJECT, PROJECT_NAME, signedInAdmin } from "./dataset";
import { createDatabase, dropDatabase, percentile, report, round } from "./lib";

const { values } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    runs: { type: "string", default: "20" },
  },
});
const N = Number(values.calls);
const RUNS = Number(values.runs);

async function timed(label: string, run: (index: number) => Promise<unknown>) {
  const samples: number[] = [];
  await run(0);
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run(index);
    samples.push(performance.now() - started);
  }
  return { query: label, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)) };
}

async function main() {
  const database = await createDatabase(`insight${N}`);
  const { pool, reads, prisma, close } = connect(database.url, { write: 2, read: 4, readTimeoutMs: 120_000 });
  try {
    await applyMigrations(pool);
    const generateStarted = performance.now();
    await generateDataset(pool, N);
    const generateSeconds = round((performance.now() - generateStarted) / 1000);
    const now = new Date();
    const day = cardWindow(new Date(now.getTime() - 86_400_000), now);
    const month = cardWindow(new Date(now.getTime() - 30 * 86_400_000), now);
    const on: Queryable = reads;

    // A cursor 5,000 calls into the long session: the page a reader reaches after 25 pages.
    let deep: string | undefined;
    for (let page = 0; page < 25; page++) {
      deep = (await sessionTimeline(on, PROJECT, LONG_SESSION, { cursor: deep, limit: 200 }))!.nextCursor!;
    }
    const worst = sortFleet(await fleet(on, PROJECT, day), "grade", "desc")[0]!;
    const queries = [
      await timed("fleet 24h", () => fleet(on, PROJECT, day)),
      await timed("fleet 30d", () => fleet(on, PROJECT, month)),
      await timed("card 24h", (index) => serverCard(on, PROJECT, `server-${index % 20}`, day)),
      await timed("card 30d", (index) => serverCard(on, PROJECT, `server-${index % 20}`, month)),
      await timed("sessions list", () => listSessions(on, PROJECT, { limit: 50 })),
      await timed("session 10k, first page", () =>
        sessionTimeline(on, PROJECT, LONG_SESSION, { limit: 200 }),
      ),
      await timed("session 10k, page 26", () =>
        sessionTimeline(on, PROJECT, LONG_SESSION, { limit: 200, cursor: deep }),
      ),
    ];

    const token = await signedInAdmin(prisma);
    const app = await startAppServer({
      DATABASE_URL: database.url,
      FAULTLINE_ADMIN_EMAIL: ADMIN.email,
      FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    });
    const pages: { page: string; ttfbP50: number; totalP50: number; kb: number }[] = [];
    try {
      for (const page of [
        "/servers",
        "/servers?range=30d",
        `/servers/${worst.server}`,
        `/servers/${worst.server}?range=30d`,
        "/sessions",
        `/sessions/${LONG_SESSION}`,
        `/sessions/${LONG_SESSION}?cursor=${deep}`,
      ]) {
        const ttfb: number[] = [];
        const total: number[] = [];
        let bytes = 0;
        for (let run = 0; run < Math.min(RUNS, 8) + 1; run++) {
          const started = performance.now();
          const response = await fetch(`${app.url}${page}`, {
            headers: { cookie: `${SESSION_COOKIE}=${token}; ${PROJECT_COOKIE}=${PROJECT_NAME}` },
            redirect: "manual",
          });
          const first = performance.now() - started;
          const body = await response.text();
          if (response.status !== 200 || body.includes('data-testid="empty-state"'))
            throw new Error(`${page} answered ${response.status} without the bench project's data`);
          if (run === 0) continue; // warm-up
          ttfb.push(first);
          total.push(performance.now() - started);
          bytes = Buffer.byteLength(body);
        }
        pages.push({
          page,
          ttfbP50: round(percentile(ttfb, 50)),
          totalP50: round(percentile(total, 50)),
          kb: round(bytes / 1024),
        });
      }
    } finally {
      await app.stop();
    }
    report({ calls: N, generateSeconds, worstServer: `${worst.server} (${worst.grade})`, queries, pages });
  } finally {
    await close();
    await dropDatabase(database.name);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
