import { Link } from "@/components/ui/link";
import { Card, PageHeader } from "@/components/ui/layout";

/** What a signed-in user who is not an admin sees instead of Settings → Users. */
export function OnlyAdmins() {
  return (
    <>
      <PageHeader title="Users" />
      <Card>
        <div data-testid="only-admins" className="space-y-2 text-sm">
          <p className="font-medium">Only admins can manage users.</p>
          <p className="text-zinc-600 dark:text-zinc-400">
            Ask an admin of this Faultline to invite people or change who sees which project. You can change
            your own password in{" "}
            <Link href="/settings/account" className="underline">
              Your account
            </Link>
            .
          </p>
        </div>
      </Card>
    </>
  );
}
