import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { Pager } from "@/components/ui/pager";
import { canManageUsers, type ProjectPage } from "@/lib/auth/access";
import { INVITE_DAYS } from "@/lib/auth/invites";
import { membershipIds, membershipPage, projectChoices } from "@/lib/auth/memberships";
import { managedUser } from "@/lib/auth/user-admin";
import { db } from "@/lib/db";
import { requireUser, type SearchParams } from "@/lib/dashboard-context";
import { instanceUrl } from "../../../instance-url";
import { EditUserForm, NewLinkForm, RemoveUserForm, type ProjectChoicesView } from "../forms";
import { OnlyAdmins } from "../only-admins";

export const dynamic = "force-dynamic";

// One user: memberships and admin flag, a new one-time link, removal. Admins only.
export default async function UserPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [user, database, { id }, query] = await Promise.all([requireUser(), db(), params, searchParams]);
  if (!canManageUsers(user)) return <OnlyAdmins />;
  const cursor = typeof query.cursor === "string" ? query.cursor.slice(0, 200) : undefined;
  const [shown, choices, base] = await Promise.all([
    managedUser(database.prisma, user, id),
    projectChoices(database.pool, user),
    instanceUrl(),
  ]);
  if (!shown) notFound();
  const self = shown.id === user.id;
  // Few projects: a box for each, ticked where they are a member. Many: a page of their
  // memberships as boxes, and names typed to add.
  let view: ProjectChoicesView;
  let chosen: string[];
  let memberships: ProjectPage | null = null;
  if (choices.kind === "boxes") {
    view = choices;
    chosen = await membershipIds(database.pool, user, shown.id, choices.projects);
  } else {
    memberships = await membershipPage(database.pool, user, shown.id, cursor);
    view = { kind: "typed", total: choices.total, shown: memberships.projects };
    chosen = memberships.projects.map((project) => project.id);
  }

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
            key={`${shown.id}:${cursor ?? ""}`}
            userId={shown.id}
            isAdmin={shown.isAdmin}
            projectIds={chosen}
            choices={view}
          />
          {memberships ? (
            <Pager
              path={`/settings/users/${shown.id}`}
              params={query}
              shown={memberships.projects.length}
              total={memberships.total}
              noun="memberships"
              nextCursor={memberships.nextCursor}
            />
          ) : null}
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
