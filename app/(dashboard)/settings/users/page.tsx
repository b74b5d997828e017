import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/layout";
import { LocalTime } from "@/components/ui/local-time";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { canManageUsers } from "@/lib/auth/access";
import { projectChoices } from "@/lib/auth/memberships";
import { listUsers } from "@/lib/auth/user-admin";
import { db } from "@/lib/db";
import { requireUser, type SearchParams } from "@/lib/dashboard-context";
import { instanceUrl } from "../../instance-url";
import { InviteForm } from "./forms";
import { OnlyAdmins } from "./only-admins";
import { revokedKeysNote } from "./revoked-note";

export const dynamic = "force-dynamic";

// Settings → Users: admins only (the actions check again on the server).
export default async function UsersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [user, database, params] = await Promise.all([requireUser(), db(), searchParams]);
  if (!canManageUsers(user)) return <OnlyAdmins />;
  const [users, choices, base] = await Promise.all([
    listUsers(database.prisma, user),
    projectChoices(database.pool, user),
    instanceUrl(),
  ]);
  const removed = typeof params.removed === "string" ? params.removed : undefined;
  const revoked = typeof params.revoked === "string" ? Number.parseInt(params.revoked, 10) || 0 : 0;
  const now = new Date();

  return (
    <>
      <PageHeader
        title="Users"
        description="Who can sign in, which projects they see, and who is an admin. Admins see every project and manage users; everyone else sees the projects they are a member of."
        actions={
          <Link href="/settings" className="text-sm underline">
            Back to Settings
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-4">
        <Card title="Invite a user">
          <InviteForm
            choices={choices.kind === "boxes" ? choices : { ...choices, shown: [] }}
            baseUrl={base}
          />
        </Card>
        <Card title={`Users (${users.length})`}>
          {removed && !users.some((listed) => listed.email === removed) ? (
            <p role="status" className="mb-3 text-sm text-emerald-700 dark:text-emerald-400">
              Removed {removed}; their sessions have ended.{revokedKeysNote(revoked)}
            </p>
          ) : null}
          <ScrollRegion label="Users">
            <table className="min-w-full text-left text-sm">
              <thead className="text-xs text-zinc-500 dark:text-zinc-400 uppercase">
                <tr>
                  {["Email", "Role", "Projects", "Sign-in", "Added", ""].map((heading) => (
                    <th key={heading} scope="col" className="py-1 pr-3 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {users.map((listed) => (
                  <tr key={listed.id} data-testid="user-row" data-email={listed.email}>
                    <td className="py-1.5 pr-3">
                      {listed.email}
                      {listed.id === user.id ? (
                        <span className="ml-1 text-xs text-zinc-500 dark:text-zinc-400">(you)</span>
                      ) : null}
                    </td>
                    <td className="py-1.5 pr-3">{listed.isAdmin ? "admin" : "member"}</td>
                    <td className="py-1.5 pr-3">
                      {listed.isAdmin ? (
                        "all"
                      ) : listed.projectCount === 0 ? (
                        <span className="text-zinc-500 dark:text-zinc-400">none</span>
                      ) : (
                        `${listed.projectNames.join(", ")}${
                          listed.projectCount > listed.projectNames.length
                            ? ` and ${(listed.projectCount - listed.projectNames.length).toLocaleString("en-US")} more`
                            : ""
                        }`
                      )}
                    </td>
                    <td className="py-1.5 pr-3" data-testid="sign-in-state">
                      {listed.hasPassword ? "password set" : "invited"}
                      {listed.link ? (
                        <span className="text-xs text-zinc-500 dark:text-zinc-400">
                          {" "}
                          · link {listed.link.expiresAt <= now ? "expired" : "open until"}{" "}
                          <LocalTime value={listed.link.expiresAt} style="date" />
                        </span>
                      ) : null}
                    </td>
                    <td className="py-1.5 pr-3">
                      <LocalTime value={listed.createdAt} style="date" />
                    </td>
                    <td className="py-1.5 text-right">
                      <Link
                        href={`/settings/users/${listed.id}`}
                        aria-label={`Edit ${listed.email}`}
                        className="text-xs underline"
                      >
                        Edit
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </Card>
      </div>
    </>
  );
}
