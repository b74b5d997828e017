import type { ReactNode } from "react";
import { connectRoutes } from "@/lib/connect/snippets";
import { Link } from "./link";
import { Snippet } from "./snippet";

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">{title}</h1>
        {description ? (
          <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function Card({
  title,
  children,
  className = "",
  id,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
  /** An anchor other pages link to. */
  id?: string;
}) {
  return (
    <section
      id={id}
      className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      {title ? <h2 className="mb-3 text-sm font-medium text-zinc-700 dark:text-zinc-300">{title}</h2> : null}
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div
      className="rounded-lg border border-dashed border-zinc-300 bg-white p-8 text-center dark:border-zinc-700 dark:bg-zinc-900"
      data-testid="empty-state"
    >
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{children}</div> : null}
    </div>
  );
}

/**
 * What someone who sees no project can do: create one in Settings when they may, otherwise who
 * can give them one (lib/auth/access mayCreateProjects).
 */
export function NoProjectHelp({ canCreateProject }: { canCreateProject: boolean }) {
  return (
    <p data-testid="no-project-help">
      You are not a member of any project yet.{" "}
      {canCreateProject ? (
        <>
          <Link href="/settings" className="font-medium underline">
            Create a project in Settings
          </Link>
          , or ask an admin of this instance to add you to one.
        </>
      ) : (
        "An admin of this instance adds you to a project (Settings → Users); then its calls show here, and you can make a key to send them."
      )}
    </p>
  );
}

/**
 * The way to a first call: the Connect page, and the webhook with this instance's URL. Whoever
 * sees a project may make its ingest keys (lib/auth/access canManageKey), so the key is one the
 * reader can create, on that page.
 */
export function FirstCallHelp({
  baseUrl,
  project,
  canCreateProject,
}: {
  baseUrl: string;
  project: string | null;
  canCreateProject: boolean;
}) {
  if (!project) return <NoProjectHelp canCreateProject={canCreateProject} />;
  const webhook = connectRoutes({ baseUrl }).find((route) => route.id === "webhook")!.snippets[0]!;
  return (
    <div className="space-y-2 text-left">
      <p>
        <Link href="/settings/connect" className="font-medium underline">
          Connect a server, a client or an OpenTelemetry exporter
        </Link>{" "}
        — copy-ready for this instance, with an ingest key for {project} you can make there. Or post a call to
        the webhook (that key goes where it says flk_…):
      </p>
      <Snippet label="Example request" text={webhook.text} />
    </div>
  );
}
