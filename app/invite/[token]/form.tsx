"use client";

import { Link } from "@/components/ui/link";
import { useActionState } from "react";
import { acceptInviteAction } from "./actions";

export function AcceptInviteForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(acceptInviteAction, null);
  const input =
    "mt-1 w-full rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <form action={action} className="space-y-4">
      <input type="hidden" name="token" value={token} />
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <label className="block text-sm">
        New password
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={1000}
          className={input}
        />
      </label>
      <label className="block text-sm">
        New password, again
        <input name="repeat" type="password" autoComplete="new-password" required className={input} />
      </label>
      {state?.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="invite-error">
          {state.error}
          {state.refused ? (
            <>
              {" "}
              <Link href="/login" className="underline">
                Sign in
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-zinc-900 px-3 py-2 text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900"
      >
        Set password and sign in
      </button>
    </form>
  );
}
