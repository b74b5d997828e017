import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { accessibleProjects, canManageUsers } from "@/lib/auth/access";
import { INVITE_DAYS } from "@/lib/auth/invites";
import { listUsers } from "@/lib/auth/user-admin";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dashboard-context";
import { baseUrl } from "../base-url";
import { EditUserForm, NewLinkForm, RemoveUserForm } from "../forms";
import { OnlyAdmins } from "../only-admins";

export const dynamic = "force-dynamic";

// One user: memberships and admin flag, a new one-time link, removal. Admins only.
export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const [user, database, { id }] = await Promise.all([requireUser(), db(), params]);
  if (!canManageUsers(user)) return <OnlyAdmins />;
  const [users, projects, base] = await Promise.all([
    listUsers(database.prisma, user),
    accessibleProjects(database.pool, user),
    baseUrl(),
  ]);
  const shown = users.find((candidate) => candidate.id === id);
  if (!shown) notFound();
  const self = shown.id === user.id;

  return (
    <>
      <PageHeader
        title={shown.email}
        description={
          <>
            {shown.isAdmin ? "Admin" : "Member"}
            {self ? " (you)" : ""} · added <LocalTime value={shown.createdAt} style="date" /> ·{" "}
            {shown.hasPassword ? "has set a password" : "has not set a password yet"}
            {shown.link ? (
              <>
                {" "}
                · an unused link {shown.link.expiresAt <= new Date() ? "expired" : "is open until"}{" "}
                <LocalTime value={shown.link.expiresAt} />
              </>
            ) : null}
          </>
        }
        actions={
          <Link href="/settings/users" className="text-sm underline">
            Back to Users
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title="Access" className="xl:col-span-2">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            An admin sees every project whatever is ticked here; the projects still count if the admin flag is
            removed later. Changes apply from the user&apos;s next page.
          </p>
          <EditUserForm
            userId={shown.id}
            isAdmin={shown.isAdmin}
            projectIds={shown.projectIds}
            projects={projects.map(({ id: projectId, name }) => ({ id: projectId, name }))}
          />
        </Card>
        <Card title="One-time link">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            A link with which {shown.email} sets a new password — for an invite that was lost or expired, or a
            forgotten password. It works once, for {INVITE_DAYS} days; any earlier link stops working. Using
            it signs them out everywhere else.
          </p>
          <NewLinkForm userId={shown.id} baseUrl={base} />
        </Card>
        <Card title="Remove">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Deletes the user, their project memberships and their links, and ends their sessions at once.
            {self ? " This is you: you will be signed out." : ""}
          </p>
          <RemoveUserForm userId={shown.id} email={shown.email} />
        </Card>
      </div>
    </>
  );
}
