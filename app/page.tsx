import { db } from "@/lib/db";
import { countAllCalls } from "@/lib/queries/stats";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const database = await db();
  const calls = await countAllCalls(database.pool);
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Faultline</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Records every MCP tool call&apos;s outcome and shows where tool calls fail — including the ones that
        claim success.
      </p>
      <section className="mt-10 rounded-lg border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <p className="text-sm uppercase tracking-wide text-zinc-500">Status</p>
        <p className="mt-1 text-lg" data-testid="status">
          Up. Holding <strong data-testid="call-count">{calls.toLocaleString("en-US")}</strong>{" "}
          {calls === 1 ? "call" : "calls"}.
        </p>
      </section>
      <section className="mt-8 text-sm text-zinc-600 dark:text-zinc-400">
        <p>
          Send calls to <code className="font-mono">POST /api/v1/calls</code> with an ingest key; read them
          back from <code className="font-mono">GET /api/v1/calls</code> and{" "}
          <code className="font-mono">GET /api/v1/stats</code>. See the README for examples.
        </p>
      </section>
    </main>
  );
}
