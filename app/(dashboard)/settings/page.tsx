import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { CopyableValue, Snippet } from "@/components/ui/snippet";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ListSearch } from "@/components/filters/list-search";
import { Pager } from "@/components/ui/pager";
import {
  canManageAlerts,
  canManageKey,
  canManageUsers,
  PROJECT_PAGE_SIZE,
  projectPage,
} from "@/lib/auth/access";
import { projectKeys, type KeyCreator } from "@/lib/auth/key-admin";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { describeReplica } from "@/lib/db/replica";
import { instanceUrl } from "../instance-url";
import { revokeKeyAction, selectProjectAction } from "./actions";
import { CreateKeyForm, CreateProjectForm, IssueTemplateForm, RetentionForm } from "./forms";
import { ISSUE_TEMPLATE_EXAMPLES, projectIssueTemplate } from "@/lib/failures/issue-link";
import { MetricsCard } from "./metrics-card";
import { canSetRetention } from "@/lib/auth/retention";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export default async function SettingsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { database, project, user, params } = await dashboardContext(searchParams);
  const search = typeof params.q === "string" ? params.q.slice(0, 200) : "";
  const cursor = typeof params.cursor === "string" ? params.cursor.slice(0, 200) : undefined;
  const baseUrl = await instanceUrl();
  const [projects, keys, issueTemplate] = await Promise.all([
    projectPage(database.pool, user, { search, after: cursor }),
    project ? projectKeys(database.prisma, project.id) : Promise.resolve([]),
    project ? projectIssueTemplate(database.pool, project.id) : Promise.resolve(null),
  ]);
  // Admins see whether the read replica serves and how far behind it is (lib/db/replica).
  const replicaStatus = user.isAdmin ? database.replica?.monitor.status() : undefined;
  const replica = replicaStatus && {
    ...describeReplica(replicaStatus),
    checkedAt: replicaStatus.checkedAt === null ? null : new Date(replicaStatus.checkedAt),
  };
  // Search and pages only once there are more projects than one page shows.
  const paged = projects.total > PROJECT_PAGE_SIZE || search !== "" || cursor !== undefined;
  const example = `curl -s ${baseUrl}/api/v1/calls \\
  -H "Authorization: Bearer $FAULTLINE_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"server": "crm", "tool": "lookup_lead", "httpStatus": 200,
       "response": {"jsonrpc": "2.0", "id": 1, "result": {"content": [{"type": "text", "text": "Error: could not parse document"}]}}}'`;

  return (
    <>
      <PageHeader
        title="Settings"
        description="Projects, keys, retention, how to send calls to this instance, and its metrics for Prometheus and Grafana."
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title="Projects">
          {project && paged ? (
            <p className="mb-3 text-sm">
              Shown in the dashboard: <span className="font-semibold wrap-anywhere">{project.name}</span>
            </p>
          ) : null}
          {paged ? (
            <ListSearch path="/settings" params={params} label="Find a project" placeholder="Project name" />
          ) : null}
          {/* One form, a button per project: each row costs its name, not a form of its own. */}
          <form action={selectProjectAction}>
            <ul className="mb-3 space-y-1 text-sm">
              {projects.projects.map((candidate) => (
                <li key={candidate.id} className="flex items-center gap-2" data-testid="project-row">
                  <span
                    className={`min-w-0 wrap-anywhere ${candidate.id === project?.id ? "font-semibold" : ""}`}
                  >
                    {candidate.name}
                  </span>
                  {candidate.id === project?.id ? (
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">(shown in the dashboard)</span>
                  ) : (
                    <button type="submit" name="name" value={candidate.name} className="text-xs underline">
                      Show this project
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </form>
          {projects.projects.length === 0 && search ? (
            <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
              No project&apos;s name contains {search}.
            </p>
          ) : null}
          {paged ? (
            <Pager
              path="/settings"
              params={params}
              shown={projects.projects.length}
              total={projects.total}
              noun="projects"
              nextCursor={projects.nextCursor}
            />
          ) : null}
          <div className="mt-3">
            <CreateProjectForm shown={project?.name} />
          </div>
        </Card>
        <Card title="Retention">
          {project ? (
            <RetentionForm
              key={project.id}
              project={project.name}
              days={project.retentionDays}
              max={getEnv().FAULTLINE_MAX_RETENTION_DAYS}
              editable={canSetRetention(user)}
            />
          ) : (
            <p className="text-sm">Create a project first.</p>
          )}
        </Card>
        <Card title="Issue tracker" id="issue-tracker">
          {project ? (
            <IssueTemplateForm
              key={project.id}
              project={project.name}
              template={issueTemplate}
              examples={ISSUE_TEMPLATE_EXAMPLES}
            />
          ) : (
            <p className="text-sm">Create a project first.</p>
          )}
        </Card>
        <Card title="Users and your account" className="xl:col-span-2">
          <p className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
            <Link href="/settings/account" className="underline">
              Change your password
            </Link>
            {canManageUsers(user) ? (
              <span>
                <Link href="/settings/users" className="underline">
                  Users
                </Link>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  — invite people, set their projects and admin flag, remove them
                </span>
              </span>
            ) : null}
          </p>
        </Card>
        {replica ? (
          <Card title="Read replica" className="xl:col-span-2">
            <p className="text-sm" data-testid="read-replica-status">
              <span className={replica.serving ? "" : "font-semibold text-amber-700 dark:text-amber-400"}>
                {replica.text}
              </span>{" "}
              {replica.checkedAt ? (
                <span className="text-zinc-600 dark:text-zinc-400">
                  Last answered a check <LocalTime value={replica.checkedAt} />.
                </span>
              ) : null}
            </p>
          </Card>
        ) : null}
        <Card title="Alerts" className="xl:col-span-2">
          <p className="text-sm">
            <Link href="/settings/alerts" className="underline">
              Alert rules
            </Link>{" "}
            <span className="text-zinc-600 dark:text-zinc-400">
              — send a webhook or Slack message when failures spike, a signature is new or regressed, or a
              tool goes silent
            </span>
          </p>
        </Card>
        <Card title="Probes" className="xl:col-span-2">
          <p className="text-sm">
            <Link href="/settings/probes" className="underline">
              Probes
            </Link>{" "}
            <span className="text-zinc-600 dark:text-zinc-400">
              — check an MCP server on a schedule (handshake, tools/list, a test call), whether or not agents
              call it, and see its tool list drift
            </span>
          </p>
        </Card>
        <Card title={`Keys of ${project?.name ?? "this project"}`} className="xl:col-span-2">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Keys are shown once, stored only as a hash, and can be revoked. An ingest key sends calls; a read
            key reads the API and this project&apos;s metrics; an admin key manages alert rules
            (/api/v1/alert-rules). Ingest and read keys belong to the project and keep working when their
            creator leaves; an admin key is its creator&apos;s, created and revoked by admins only, and is
            revoked when its creator is removed or stops being an admin.
          </p>
          {project ? (
            <CreateKeyForm key={project.id} project={project.name} allowAdmin={canManageAlerts(user)} />
          ) : null}
          <ScrollRegion label={`Keys of ${project?.name ?? "this project"}`} className="mt-4">
            <table className="min-w-full text-left text-sm whitespace-nowrap">
              <thead className="text-xs text-zinc-500 dark:text-zinc-400 uppercase">
                <tr>
                  {["Name", "Key", "Scopes", "Created", "By", "Last used", ""].map((heading) => (
                    <th key={heading} scope="col" className="py-1 pr-3 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {keys.map((key) => (
                  <tr key={key.id} data-testid="key-row">
                    <td className="py-1.5 pr-3">{key.name}</td>
                    <td className="py-1.5 pr-3 font-mono text-xs">{key.prefix}…</td>
                    <td className="py-1.5 pr-3">{key.scopes.join(", ")}</td>
                    <td className="py-1.5 pr-3">
                      <LocalTime value={key.createdAt} style="date" />
                    </td>
                    <td className="py-1.5 pr-3" data-testid="key-creator">
                      {creatorLabel(key.createdBy)}
                    </td>
                    <td className="py-1.5 pr-3">
                      {key.lastUsedAt ? <LocalTime value={key.lastUsedAt} /> : "never"}
                    </td>
                    <td className="py-1.5">
                      {key.revokedAt ? (
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">revoked</span>
                      ) : !canManageKey(user, key.scopes) ? (
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">only admins revoke</span>
                      ) : (
                        <form action={revokeKeyAction}>
                          <input type="hidden" name="id" value={key.id} />
                          <button type="submit" className="text-xs text-red-700 underline dark:text-red-400">
                            Revoke
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
        <Card title="Send calls to this instance" className="xl:col-span-2">
          <p className="mb-3 text-sm">
            <Link href="/settings/connect" className="font-medium underline">
              Connect
            </Link>{" "}
            <span className="text-zinc-600 dark:text-zinc-400">
              — copy-ready setups for a desktop client&apos;s servers (faultline-proxy), a remote server, a
              TypeScript client or server, OpenTelemetry and the webhook
            </span>
          </p>
          <p className="mb-1 text-sm text-zinc-600 dark:text-zinc-400">
            Webhook: POST one call or a batch (<code className="font-mono">{`{"calls": [...]}`}</code>) with
            an ingest key.
          </p>
          <CopyableValue value={`${baseUrl}/api/v1/calls`} what="the webhook URL" testId="webhook-url" />
          <div className="mt-3">
            <Snippet text={example} label="Example request" testId="webhook-example" />
          </div>
          <p className="mt-3 mb-1 text-sm text-zinc-600 dark:text-zinc-400">
            OpenTelemetry: point an OTLP/HTTP exporter (protobuf or JSON, gzip or not) at this URL with the
            same header.
          </p>
          <CopyableValue value={`${baseUrl}/api/v1/otlp`} what="the OpenTelemetry URL" testId="otlp-url" />
        </Card>
        <MetricsCard baseUrl={baseUrl} project={project?.name} isAdmin={user.isAdmin} />
      </div>
    </>
  );
}

function creatorLabel(creator: KeyCreator): string {
  if (creator.kind === "user") return creator.email;
  return creator.kind === "removed user" ? "a removed user" : "operator";
}
