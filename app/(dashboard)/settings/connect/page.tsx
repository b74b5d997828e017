import { Card, NoProjectHelp, PageHeader } from "@/components/ui/layout";
import { Link } from "@/components/ui/link";
import { Snippet } from "@/components/ui/snippet";
import { probeSnippet } from "@/lib/connect/snippets";
import { mayCreateProjects } from "@/lib/auth/access";
import { dashboardContext, type SearchParams } from "@/lib/dashboard-context";
import { instanceUrl } from "../../instance-url";
import { ConnectRoutes, FirstCallStatus } from "./connect";

export const dynamic = "force-dynamic";

// /settings/connect — how to get calls into this instance from whatever a team runs, with this
// instance's URL and, once made here, a key in every snippet (lib/connect/snippets).
export default async function ConnectPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [{ project, user }, baseUrl] = await Promise.all([dashboardContext(searchParams), instanceUrl()]);
  return (
    <>
      <PageHeader
        title="Connect"
        description={`Send the calls your agents make to ${project ? `project ${project.name}` : "this instance"}: pick the way in that fits what you run.`}
      />
      {project ? (
        <>
          <Card title="Calls arriving" className="mb-4">
            <FirstCallStatus />
          </Card>
          <ConnectRoutes baseUrl={baseUrl} project={project.name} />
          <ProbeRoute baseUrl={baseUrl} />
        </>
      ) : (
        <div className="text-sm">
          <NoProjectHelp canCreateProject={mayCreateProjects(user)} />
        </div>
      )}
    </>
  );
}

/** Probing a server on a schedule, whether or not agents call it: HTTP here, stdio where it runs. */
function ProbeRoute({ baseUrl }: { baseUrl: string }) {
  const snippet = probeSnippet({ baseUrl });
  return (
    <Card title="Probe a server" className="mt-4">
      <div className="space-y-3 text-sm" data-testid="connect-probe">
        <p className="text-zinc-600 dark:text-zinc-400">
          A probe checks a server on a schedule — the handshake, tools/list (its changes are drift) and a test
          call — whether or not agents call it, and stores each step as a call.
        </p>
        <p>
          <span className="font-medium">An HTTP or SSE server:</span> add a probe in{" "}
          <Link href="/settings/probes" className="font-medium underline">
            Settings → Probes
          </Link>
          ; this instance runs it.
        </p>
        <p>
          <span className="font-medium">A stdio server:</span> add a stdio probe there, then run
          faultline-probe on the machine where the server runs:
        </p>
        <Snippet label={snippet.label} name={snippet.name} text={snippet.text} note={snippet.note} />
      </div>
    </Card>
  );
}
