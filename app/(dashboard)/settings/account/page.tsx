import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/layout";
import { canManageUsers } from "@/lib/auth/access";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/user-input";
import { requireUser } from "@/lib/dashboard-context";
import { ChangePasswordForm } from "./forms";

export const dynamic = "force-dynamic";

// Settings → Your account: any signed-in user.
export default async function AccountPage() {
  const user = await requireUser();
  return (
    <>
      <PageHeader
        title="Your account"
        description={
          <>
            Signed in as <span className="font-medium">{user.email}</span> (
            {user.isAdmin ? "admin" : "member"}).
          </>
        }
        actions={
          <Link href="/settings" className="text-sm underline">
            Back to Settings
          </Link>
        }
      />
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <Card title="Change your password">
          <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            At least {PASSWORD_MIN_LENGTH} characters. Every other browser signed in as you is signed out;
            this one stays signed in.
          </p>
          <ChangePasswordForm email={user.email} />
        </Card>
        {canManageUsers(user) ? (
          <Card title="Users">
            <p className="text-sm">
              <Link href="/settings/users" className="underline">
                Manage users
              </Link>{" "}
              — invite people, set their projects and admin flag, remove them.
            </p>
          </Card>
        ) : null}
      </div>
    </>
  );
}
