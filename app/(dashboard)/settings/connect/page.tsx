import { Card, NoProjectHelp, PageHeader } from "@/components/ui/layout";
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
        </>
      ) : (
        <div className="text-sm">
          <NoProjectHelp canCreateProject={mayCreateProjects(user)} />
        </div>
      )}
    </>
  );
}
