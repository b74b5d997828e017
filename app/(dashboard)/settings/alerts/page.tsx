import { Link } from "@/components/ui/link";
import { Card, EmptyState, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import {
  alertsConfig,
  CHANNEL_LABELS,
  formatMinutes,
  KIND_LABELS,
  kindFields,
  knownNames,
  listMutes,
  listRules,
  muteView,
  mutedBy,
  ruleGroups,
  recentDeliveries,
  RULE_KINDS,
  ruleView,
  unseenScope,
  type DeliveryView,
  type DestinationView,
  type GroupView,
  type RuleKind,
  type RuleView,
} from "@/lib/alerts";
import { canManageAlerts } from "@/lib/auth/access";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { deleteMuteAction, deleteRuleAction } from "./actions";
import { MuteForm, RuleForm, SendTestButton, type KindOption, type RulePreset } from "./forms";

export const dynamic = "force-dynamic";

const KINDS: KindOption[] = RULE_KINDS.map((kind) => ({
  kind,
  label: KIND_LABELS[kind],
  fields: kindFields(kind),
}));

const RESULT_STYLES: Record<string, string> = {
  delivered: "text-emerald-700 dark:text-emerald-400",
  retrying: "text-amber-700 dark:text-amber-400",
  failed: "text-red-700 dark:text-red-400",
  pending: "text-amber-700 dark:text-amber-400",
};

/** Where a rule sends, as shown back: the channel and a preview of its URL or key. */
function destinationText(destination: DestinationView): string {
  switch (destination.type) {
    case "pagerduty":
      return `${CHANNEL_LABELS.pagerduty}, routing key ${destination.keyPreview}`;
    case "opsgenie":
      return `${CHANNEL_LABELS.opsgenie} ${destination.region.toUpperCase()}, API key ${destination.keyPreview}`;
    default:
      return `${destination.type === "slack" ? "Slack" : "Webhook"} ${destination.urlPreview}`;
  }
}

/** A new rule's fields from the URL ("Alert me on this" on a signature, a tool or a server). */
function presetFrom(params: SearchParams): RulePreset | undefined {
  const one = (name: string) => {
    const value = params[name];
    const text = (Array.isArray(value) ? value[0] : value)?.trim();
    return text ? text.slice(0, 200) : undefined;
  };
  const kind = one("kind");
  const preset: RulePreset = {
    name: one("name"),
    kind: (RULE_KINDS as readonly string[]).includes(kind ?? "") ? (kind as RuleKind) : undefined,
    server: one("server") ?? null,
    tool: one("tool") ?? null,
  };
  return preset.name || preset.kind || preset.server || preset.tool ? preset : undefined;
}

/** A state or message kind as people read it: "no data", not "no_data". */
const words = (value: string) => value.replaceAll("_", " ");

function StateBadge({ rule, unseen }: { rule: RuleView; unseen: string | null }) {
  if (!rule.enabled) {
    return (
      <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 ring-1 ring-zinc-500/30 ring-inset dark:bg-zinc-800 dark:text-zinc-300">
        disabled
      </span>
    );
  }
  // "ok" would be silent about a rule that watches names no call carries (a typo, a renamed server).
  if (unseen && rule.state.status !== "firing") {
    return (
      <span
        className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30 ring-inset dark:bg-amber-950 dark:text-amber-200"
        data-testid="rule-unseen"
      >
        ⚠ {unseen}
      </span>
    );
  }
  if (!rule.state.lastEvaluatedAt) {
    return (
      <span className="rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 ring-1 ring-zinc-500/30 ring-inset dark:bg-zinc-800 dark:text-zinc-300">
        not evaluated yet
      </span>
    );
  }
  if (rule.state.status === "no_data") {
    // Neither ok nor resolved: the window holds too few calls to judge (an open incident stays open).
    return (
      <span
        className="inline-flex items-center gap-1 rounded-md bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-800 ring-1 ring-zinc-500/30 ring-inset dark:bg-zinc-800 dark:text-zinc-200"
        title="Too few calls in the window to judge; an incident this rule opened stays open"
      >
        <span aria-hidden="true">○</span> no data{rule.state.firingSince ? " (still firing)" : ""}
      </span>
    );
  }
  return rule.state.status === "firing" ? (
    <span className="inline-flex items-center gap-1 rounded-md bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/30 ring-inset dark:bg-red-950 dark:text-red-200">
      <span aria-hidden="true">●</span> firing
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-md bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/30 ring-inset dark:bg-emerald-950 dark:text-emerald-200">
      <span aria-hidden="true">✓</span> ok
    </span>
  );
}

function MutedBadge({ mute }: { mute: ReturnType<typeof mutedBy> }) {
  if (!mute) return null;
  return (
    <span
      className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/30 ring-inset dark:bg-amber-950 dark:text-amber-200"
      data-testid="rule-muted"
    >
      muted{mute.reason ? `: ${mute.reason}` : ""}
    </span>
  );
}

/** A rule per server or tool: its groups that are firing or in no data (each alerts on its own). */
function Groups({
  per,
  groups,
  figures,
}: {
  per: "server" | "tool";
  groups: GroupView[];
  figures: RuleView["state"]["figures"];
}) {
  const counts = figures?.groups;
  return (
    <div data-testid="rule-groups">
      <h3 className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        Each {per} on its own
        {counts
          ? ` — last round: ${counts.firing} firing, ${counts.noData} no data, ${counts.ok} ok${counts.capped ? " (the busiest only)" : ""}`
          : ""}
      </h3>
      {groups.length === 0 ? (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">None firing or in no data.</p>
      ) : (
        <ul className="space-y-0.5 text-xs">
          {groups.map((group) => (
            <li
              key={`${group.server}/${group.tool ?? ""}`}
              className="wrap-anywhere"
              data-testid="rule-group"
            >
              <span className="font-mono">
                {group.tool === null ? group.server : `${group.server}/${group.tool}`}
              </span>
              : {words(group.status)}
              {group.status === "no_data" && group.firingSince ? (
                <strong className="font-medium text-red-800 dark:text-red-300" data-testid="group-still-open">
                  {" "}
                  — its incident is still open (firing since{" "}
                  <LocalTime value={group.firingSince} style="short" />)
                </strong>
              ) : null}
              {group.since ? (
                <>
                  {" "}
                  since <LocalTime value={group.since} style="short" />
                </>
              ) : null}
              {group.figures?.failureRatePercent !== undefined
                ? ` · ${group.figures.failureRatePercent}% of ${group.figures.calls ?? 0} calls`
                : group.figures?.silentFailures !== undefined
                  ? ` · ${group.figures.silentFailures} silent failures of ${group.figures.calls ?? 0} calls`
                  : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Deliveries({ deliveries }: { deliveries: DeliveryView[] }) {
  if (deliveries.length === 0)
    return <p className="text-xs text-zinc-500 dark:text-zinc-400">No messages sent yet.</p>;
  return (
    <ScrollRegion label="Recent messages and their delivery attempts">
      <table className="min-w-full text-left text-xs" data-testid="delivery-attempts">
        <thead className="text-zinc-500 dark:text-zinc-400 uppercase">
          <tr>
            {["Message", "Status", "Attempt", "At", "Result", "HTTP", "Error"].map((heading) => (
              <th key={heading} scope="col" className="py-1 pr-3 font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {deliveries.flatMap((delivery) => {
            const attempts = delivery.attemptLog.length > 0 ? delivery.attemptLog : [null];
            return attempts.map((attempt, index) => (
              <tr key={`${delivery.id}-${index}`} data-testid="attempt-row">
                <td className="py-1 pr-3" title={delivery.text}>
                  {index === 0
                    ? `${words(delivery.kind)}${delivery.group ? ` · ${delivery.group.tool === null ? delivery.group.server : `${delivery.group.server}/${delivery.group.tool}`}` : ""}`
                    : ""}
                </td>
                <td className={`py-1 pr-3 ${RESULT_STYLES[delivery.status] ?? ""}`}>
                  {index === 0 ? (
                    <>
                      {delivery.status}
                      {delivery.nextAttemptAt ? (
                        <span className="text-zinc-500 dark:text-zinc-400">
                          {" "}
                          (next <LocalTime value={delivery.nextAttemptAt} style="time" />)
                        </span>
                      ) : null}
                    </>
                  ) : (
                    ""
                  )}
                </td>
                <td className="py-1 pr-3">{attempt ? `#${attempt.attempt}` : "—"}</td>
                <td className="py-1 pr-3">{attempt ? <LocalTime value={attempt.at} style="short" /> : ""}</td>
                <td className={`py-1 pr-3 ${attempt ? (RESULT_STYLES[attempt.result] ?? "") : ""}`}>
                  {attempt?.result ?? "queued"}
                </td>
                <td className="py-1 pr-3 font-mono">{attempt?.httpStatus ?? ""}</td>
                <td className="max-w-md truncate py-1 pr-3" title={attempt?.error ?? ""}>
                  {attempt?.error ?? ""}
                </td>
              </tr>
            ));
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

export default async function AlertsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { database, project, user, params } = await dashboardContext(searchParams);
  const header = (
    <PageHeader
      title="Alerts"
      description={
        <>
          Rules evaluated every {alertsConfig().intervalMs / 1000} s from the rollups of{" "}
          {project ? <strong>{project.name}</strong> : "this project"}; each sends to a webhook, a Slack
          incoming webhook, PagerDuty or Opsgenie when it starts firing, again once per cool-down while it
          lasts, and when it resolves. A window with too few calls to judge is “no data”: it never resolves an
          incident.{" "}
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
  if (!canManageAlerts(user)) {
    return (
      <>
        {header}
        <EmptyState title="Alert rules are managed by admins">
          Ask an admin of this instance to set up alerts for {project.name}.
        </EmptyState>
      </>
    );
  }
  const now = new Date();
  const [rows, known, mutes] = await Promise.all([
    listRules(database.pool, project.id),
    knownNames(database.pool, project.id),
    listMutes(database.pool, project.id, now),
  ]);
  const rules = rows.map(ruleView);
  const groups = await ruleGroups(
    database.pool,
    project.id,
    rules.filter((rule) => rule.per !== null).map((rule) => rule.id),
  );
  const ruleNames = new Map(rules.map((rule) => [rule.id, rule.name]));
  const deliveries = await recentDeliveries(
    database.pool,
    project.id,
    rules.map((rule) => rule.id),
    5,
  );
  const editId = typeof params.edit === "string" ? params.edit : undefined;
  const editing = rules.find((rule) => rule.id === editId);

  return (
    <>
      {header}
      <div className="space-y-4">
        <Card title={editing ? `Edit rule “${editing.name}”` : "New rule"}>
          <RuleForm
            key={editing?.id ?? "new"}
            project={project.name}
            kinds={KINDS}
            known={{ servers: known.servers, tools: known.tools }}
            preset={editing ? undefined : presetFrom(params)}
            rule={
              editing
                ? {
                    id: editing.id,
                    name: editing.name,
                    kind: editing.kind,
                    enabled: editing.enabled,
                    server: editing.server,
                    tool: editing.tool,
                    per: editing.per,
                    windowMinutes: editing.windowMinutes,
                    threshold: editing.threshold,
                    minCalls: editing.minCalls,
                    ofRuns: editing.ofRuns,
                    driftKind: editing.driftKind,
                    cooldownMinutes: editing.cooldownMinutes,
                    severity: editing.severity,
                    notifyNoData: editing.notifyNoData,
                    channel: editing.destination.type,
                    urlPreview:
                      "urlPreview" in editing.destination ? editing.destination.urlPreview : undefined,
                    keyPreview:
                      "keyPreview" in editing.destination ? editing.destination.keyPreview : undefined,
                    region: "region" in editing.destination ? editing.destination.region : undefined,
                  }
                : undefined
            }
          />
        </Card>
        <Card title="Mute windows">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            While a window is open, the alerts it covers say nothing: their figures are kept and their state
            stays as it was announced; the first evaluation after the window sends what changed meanwhile (a
            firing that is still on, or the resolve of one that ended). A window for a server covers the rules
            scoped to it and its alert in rules that run per server or per tool.
          </p>
          {mutes.length > 0 ? (
            <ul
              className="mb-3 divide-y divide-zinc-100 text-sm dark:divide-zinc-800"
              data-testid="mute-windows"
            >
              {mutes.map((mute) => {
                const view = muteView(mute, now);
                return (
                  <li key={mute.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                    <span className="wrap-anywhere">
                      {view.openNow ? (
                        <strong className="text-amber-800 dark:text-amber-300">
                          open until <LocalTime value={view.openUntil!} style="short" /> ·{" "}
                        </strong>
                      ) : null}
                      {mute.ruleId ? `rule “${ruleNames.get(mute.ruleId) ?? mute.ruleId}”` : "every rule"}
                      {mute.server
                        ? `, server ${mute.server}${mute.tool ? `, tool ${mute.tool}` : ""}`
                        : ""}{" "}
                      ·{" "}
                      {mute.repeat === "none"
                        ? "from "
                        : mute.repeat === "daily"
                          ? "daily from "
                          : "weekly from "}
                      <LocalTime value={mute.startsAt} style="short" /> for{" "}
                      {formatMinutes(mute.durationMinutes)}
                      {mute.until ? (
                        <>
                          {" "}
                          until <LocalTime value={mute.until} style="short" />
                        </>
                      ) : null}
                      {mute.reason ? (
                        <span className="text-zinc-500 dark:text-zinc-400"> — {mute.reason}</span>
                      ) : null}
                      <span className="text-zinc-500 dark:text-zinc-400"> (by {mute.createdBy})</span>
                    </span>
                    <form action={deleteMuteAction}>
                      <input type="hidden" name="project" value={project.name} />
                      <input type="hidden" name="id" value={mute.id} />
                      <button
                        type="submit"
                        className="text-xs text-red-700 underline dark:text-red-400"
                        aria-label={`Delete the mute window from ${mute.startsAt.toISOString()}`}
                      >
                        Delete
                      </button>
                    </form>
                  </li>
                );
              })}
            </ul>
          ) : null}
          <MuteForm project={project.name} rules={rules.map((rule) => ({ id: rule.id, name: rule.name }))} />
        </Card>
        {rules.length === 0 ? (
          <EmptyState title="No alert rules yet">
            Create one above, or through the API with a key that has the admin scope (POST
            /api/v1/alert-rules).
          </EmptyState>
        ) : null}
        {rules.map((rule) => (
          <Card key={rule.id} className="space-y-3">
            <div data-testid="alert-rule" className="space-y-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 className="flex flex-wrap items-center gap-2 font-medium">
                    {rule.name} <StateBadge rule={rule} unseen={unseenScope(rule, known)} />
                    <MutedBadge
                      mute={mutedBy(
                        mutes,
                        { projectId: project.id, ruleId: rule.id, server: rule.server, tool: rule.tool },
                        now,
                      )}
                    />
                  </h2>
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    Fires on {rule.condition}; at most one message per {formatMinutes(rule.cooldownMinutes)}{" "}
                    while it lasts · severity <strong data-testid="rule-severity">{rule.severity}</strong>
                  </p>
                  <p className="text-xs wrap-anywhere text-zinc-500 dark:text-zinc-400">
                    <span className="font-mono">{destinationText(rule.destination)}</span>
                    {rule.state.lastEvaluatedAt ? (
                      <>
                        {" "}
                        · evaluated <LocalTime value={rule.state.lastEvaluatedAt} style="short" />
                      </>
                    ) : null}
                    {rule.state.since ? (
                      <>
                        {" "}
                        · {words(rule.state.status)} since{" "}
                        <LocalTime value={rule.state.since} style="short" />
                      </>
                    ) : null}
                  </p>
                </div>
                <div className="flex items-baseline gap-3">
                  <SendTestButton project={project.name} id={rule.id} />
                  <Link href={`/settings/alerts?edit=${rule.id}`} className="text-xs underline">
                    Edit
                  </Link>
                  <form action={deleteRuleAction}>
                    <input type="hidden" name="project" value={project.name} />
                    <input type="hidden" name="id" value={rule.id} />
                    <button type="submit" className="text-xs text-red-700 underline dark:text-red-400">
                      Delete
                    </button>
                  </form>
                </div>
              </div>
              {rule.per ? (
                <Groups per={rule.per} groups={groups.get(rule.id) ?? []} figures={rule.state.figures} />
              ) : null}
              <div>
                <h3 className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  Recent messages and their delivery attempts
                </h3>
                <Deliveries deliveries={deliveries.filter((delivery) => delivery.ruleId === rule.id)} />
              </div>
            </div>
          </Card>
        ))}
      </div>
    </>
  );
}
