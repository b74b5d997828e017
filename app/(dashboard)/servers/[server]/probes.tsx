import type { Pool } from "pg";
import { RunDetails } from "@/components/probes/run";
import { StatusBar } from "@/components/probes/status-bar";
import { Card } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { dailyStatus, listProbes, listRuns, runView, type Probe } from "@/lib/probes";
import { intervalWords, statusBar, TRANSPORT_WORDS } from "@/lib/probes/status";

// The Probes section of a server's card: the last 90 days as a status bar, then its latest runs and
// the runs that saw its tool list drift, newest first — so a drift shows beside the failures that
// followed it. A server with no probe gets one line and the way to add one.

const RECENT_RUNS = 10;
const DRIFT_RUNS = 10;

export async function serverProbes(pool: Pool, projectId: string, server: string) {
  const probes = await listProbes(pool, projectId, { server });
  if (probes.length === 0) return { probes, bar: [], runs: [] };
  const now = new Date();
  const [days, recent, drifted] = await Promise.all([
    dailyStatus(pool, projectId, server, now),
    listRuns(pool, projectId, { server }, RECENT_RUNS),
    listRuns(pool, projectId, { server, driftOnly: true }, DRIFT_RUNS),
  ]);
  const byId = new Map([...recent, ...drifted].map((run) => [run.id, run]));
  const runs = [...byId.values()].sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime()).map(runView);
  return { probes, bar: statusBar(days, now), runs };
}

export function ProbesSection({
  server,
  data,
}: {
  server: string;
  data: Awaited<ReturnType<typeof serverProbes>>;
}) {
  const addHref = `/settings/probes?server=${encodeURIComponent(server)}`;
  if (data.probes.length === 0) {
    return (
      <Card title="Probes" id="probes" className="mt-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="no-probes">
          No probe checks this server: its state is known only from the calls agents happen to make.{" "}
          <Link href={addHref} className="font-medium text-zinc-900 underline dark:text-zinc-100">
            Add a probe
          </Link>
        </p>
      </Card>
    );
  }
  const names = new Map<string, Probe>(data.probes.map((probe) => [probe.id, probe]));
  return (
    <Card title="Probes" id="probes" className="mt-4">
      <div className="space-y-4" data-testid="server-probes">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {data.probes.map((probe, index) => (
            <span key={probe.id}>
              {index > 0 ? ", " : ""}
              <Link
                href={`/settings/probes?edit=${probe.id}`}
                className="font-medium text-zinc-900 underline wrap-anywhere dark:text-zinc-100"
              >
                {probe.name}
              </Link>{" "}
              ({TRANSPORT_WORDS[probe.transport]}, every {intervalWords(probe.intervalSeconds)}
              {probe.enabled ? "" : ", disabled"})
            </span>
          ))}{" "}
          ·{" "}
          <Link href={addHref} className="underline">
            Add another
          </Link>
        </p>
        <StatusBar days={data.bar} />
        <div>
          <h3 className="mb-2 text-sm font-medium">Latest runs and drift, newest first</h3>
          {data.runs.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No runs yet.</p>
          ) : (
            <ol className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="probe-runs">
              {data.runs.map((run) => (
                <li key={run.id} className="py-2" data-testid="probe-run-item">
                  <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">
                    <span className="font-medium text-zinc-800 wrap-anywhere dark:text-zinc-200">
                      {names.get(run.probeId)?.name ?? "a deleted probe"}
                    </span>
                  </p>
                  <RunDetails run={run} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </Card>
  );
}
