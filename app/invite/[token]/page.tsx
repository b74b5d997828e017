import { Link } from "@/components/ui/link";
import { inviteState, refusalMessage } from "@/lib/auth/invites";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/user-input";
import { db } from "@/lib/db";
import { AcceptInviteForm } from "./form";

export const dynamic = "force-dynamic";

// /invite/<token>: outside the signed-in area (proxy.ts lets it through). Opening the link
// changes nothing; setting the password uses it.
export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { prisma } = await db();
  const state = await inviteState(prisma, token);
  return (
    <main className="mx-auto mt-24 max-w-sm px-6">
      {state.state === "valid" ? (
        <>
          <h1 className="mb-1 text-2xl font-semibold tracking-tight">
            {state.firstPassword ? "Welcome to Faultline" : "Set a new password"}
          </h1>
          <p className="mb-6 text-sm text-zinc-600 dark:text-zinc-400">
            Choose a password for{" "}
            <span className="font-medium" data-testid="invite-email">
              {state.email}
            </span>
            , at least {PASSWORD_MIN_LENGTH} characters.{" "}
            {state.firstPassword ? "" : "Every other browser signed in as you will be signed out. "}
            This link works once.
          </p>
          <AcceptInviteForm token={token} email={state.email} />
        </>
      ) : (
        <>
          <h1 className="mb-1 text-2xl font-semibold tracking-tight">This link cannot be used</h1>
          <p
            className="mb-6 text-sm text-zinc-600 dark:text-zinc-400"
            role="alert"
            data-testid="invite-refused"
          >
            {refusalMessage(state)}
          </p>
          <Link href="/login" className="text-sm underline">
            Go to sign-in
          </Link>
        </>
      )}
    </main>
  );
}
