import { DriftBadge, RunBadge } from "@/components/probes/run";
import { Card, EmptyState, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { knownNames } from "@/lib/alerts";
import { canManageAlerts } from "@/lib/auth/access";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { getEnv } from "@/lib/env";
import { serverCardHref } from "@/lib/insight/links";
import { latestRunByProbe, listProbes, PROBE_LIMITS, type Probe } from "@/lib/probes";
import { shellJoin } from "@/lib/probes/command";
import { clipText, intervalWords, TRANSPORT_WORDS } from "@/lib/probes/status";
import { instanceUrl } from "../../instance-url";
import { DeleteProbeForm, ProbeForm, ProbeRow, StdioCommands, type ProbeFormValues } from "./forms";

export const dynamic = "force-dynamic";

// /settings/probes — the project's probes (scheduled checks of its MCP servers): the list with
// each one's last run, the form that adds and edits one (admins), Run now for the ones this
// instance runs, and the faultline-probe command of each stdio probe.

const COLUMNS = ["Name", "Server", "Transport", "URL or command", "Every", "Last run", ""];

function one(params: SearchParams, name: string): string | undefined {
  const value = params[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text ? text.slice(0, 200) : undefined;
}

function formValues(probe: Probe): ProbeFormValues {
  return {
    id: probe.id,
    name: probe.name,
    server: probe.server,
    transport: probe.transport,
    url: probe.url ?? "",
    command: probe.command ? shellJoin(probe.command) : "",
    headerNames: Object.keys(probe.headers),
    intervalSeconds: probe.intervalSeconds,
    timeoutMs: probe.timeoutMs,
    tool: probe.call?.tool ?? "",
    arguments:
      probe.call && Object.keys(probe.call.arguments).length > 0 ? JSON.stringify(probe.call.arguments) : "",
    expectText: probe.call?.expect.text ?? "",
    maxDurationMs: probe.call?.expect.maxDurationMs?.toString() ?? "",
    answeredOnly: probe.call ? !probe.call.expect.ok : false,
    enabled: probe.enabled,
  };
}

export default async function ProbesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { database, project, user, params } = await dashboardContext(searchParams);
  const header = (
    <PageHeader
      title="Probes"
      description={
        <>
          Scheduled checks of {project ? <strong>{project.name}</strong> : "this project"}&apos;s MCP servers,
          whether or not agents call them: the handshake, tools/list (its changes are drift), and an optional
          test call with expectations. Each step is stored as a call, judged like any other. HTTP and SSE
          servers are probed by this instance; a stdio server by faultline-probe where it runs.{" "}
          <Link href="/settings" className="underline">
            Back to Settings
          </Link>
        </>
      }
    />
  );
  if (!project) {
    return (
      <>
        {header}
        <EmptyState title="No project yet">Create a project in Settings first.</EmptyState>
      </>
    );
  }
  const manage = canManageAlerts(user);
  const [probes, lastRuns, known, baseUrl] = await Promise.all([
    listProbes(database.pool, project.id),
    latestRunByProbe(database.pool, project.id),
    manage ? knownNames(database.pool, project.id) : Promise.resolve({ servers: [] }),
    instanceUrl(),
  ]);
  const editId = one(params, "edit");
  const editing = manage ? probes.find((probe) => probe.id === editId) : undefined;
  const stdio = probes.filter((probe) => probe.transport === "stdio" && probe.command);
  const minimum = getEnv().FAULTLINE_PROBES_MIN_INTERVAL_SECONDS;

  return (
    <>
      {header}
      <div className="space-y-4">
        {manage ? (
          <Card title={editing ? `Edit probe “${editing.name}”` : "New probe"}>
            <ProbeForm
              key={editing?.id ?? "new"}
              project={project.name}
              probe={editing ? formValues(editing) : undefined}
              preset={editing ? undefined : { server: one(params, "server") }}
              minIntervalSeconds={minimum}
              defaultTimeoutMs={PROBE_LIMITS.timeoutMs.default}
              servers={known.servers}
            />
          </Card>
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="probes-read-only">
            Probes are managed by admins: ask an admin of this instance to add or change one.
          </p>
        )}
        {editing ? (
          <Card title="Delete">
            <DeleteProbeForm project={project.name} id={editing.id} name={editing.name} />
          </Card>
        ) : null}
        <Card title={`Probes of ${project.name}`}>
          {probes.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              No probes yet.{manage ? " Add one above." : ""}
            </p>
          ) : (
            <ScrollRegion label={`Probes of ${project.name}`} className="relative">
              <table className="min-w-full text-left text-sm" data-testid="probes-table">
                <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
                  <tr>
                    {COLUMNS.map((heading, index) => (
                      <th key={index} scope="col" className="py-1 pr-3 font-medium">
                        {heading || <span className="sr-only">Actions</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                  {probes.map((probe) => {
                    const last = lastRuns.get(probe.id);
                    const where = probe.url ?? shellJoin(probe.command ?? []);
                    return (
                      <ProbeRow
                        key={probe.id}
                        project={project.name}
                        id={probe.id}
                        name={probe.name}
                        canRun={manage && probe.transport !== "stdio"}
                        columns={COLUMNS.length}
                        actions={
                          manage ? (
                            <Link
                              href={`/settings/probes?edit=${probe.id}`}
                              className="text-xs underline"
                              aria-label={`Edit ${probe.name}`}
                            >
                              Edit
                            </Link>
                          ) : null
                        }
                      >
                        <td className="max-w-56 min-w-24 py-2 pr-3 font-medium wrap-anywhere">
                          {probe.name}
                          {probe.enabled ? null : (
                            <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">
                              (disabled)
                            </span>
                          )}
                        </td>
                        <td className="max-w-56 min-w-24 py-2 pr-3 wrap-anywhere">
                          <Link
                            href={`${serverCardHref(probe.server)}#probes`}
                            className="underline decoration-zinc-400 underline-offset-2"
                          >
                            {probe.server}
                          </Link>
                        </td>
                        <td className="py-2 pr-3">{TRANSPORT_WORDS[probe.transport]}</td>
                        <td className="max-w-72 min-w-40 py-2 pr-3 font-mono text-xs break-all" title={where}>
                          {clipText(where, 120)}
                        </td>
                        <td className="py-2 pr-3 whitespace-nowrap">
                          {intervalWords(probe.intervalSeconds)}
                        </td>
                        <td className="max-w-80 min-w-48 py-2 pr-3" data-testid="probe-last-run">
                          {last ? (
                            <div className="space-y-1">
                              <div className="flex flex-wrap items-center gap-1.5 text-xs">
                                <RunBadge ok={last.ok} />
                                <DriftBadge severity={last.driftSeverity} />
                                <LocalTime value={last.startedAt} style="short" />
                              </div>
                              {!last.ok && last.reason ? (
                                <p className="text-xs text-red-800 wrap-anywhere dark:text-red-300">
                                  {clipText(last.reason, 160)}
                                </p>
                              ) : null}
                            </div>
                          ) : (
                            <span className="text-xs text-zinc-500 dark:text-zinc-400">
                              {probe.transport === "stdio" ? "no run reported yet" : "not run yet"}
                            </span>
                          )}
                        </td>
                      </ProbeRow>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </Card>
        {stdio.length > 0 ? (
          <Card title="Run the stdio probes where their servers run" id="faultline-probe">
            <StdioCommands
              baseUrl={baseUrl}
              project={project.name}
              probes={stdio.map((probe) => ({
                id: probe.id,
                name: probe.name,
                command: probe.command!,
                tool: probe.call?.tool ?? null,
                intervalSeconds: probe.intervalSeconds,
              }))}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}
