"use client";

import { useActionState } from "react";
import { button, input, Message } from "../users/form-parts";
import { changePasswordAction } from "./actions";

export function ChangePasswordForm({ email }: { email: string }) {
  const [state, action, pending] = useActionState(changePasswordAction, null);
  const field = `${input} w-64 min-w-0`;
  return (
    <form action={action} className="space-y-3" data-testid="change-password-form">
      {/* For password managers: whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="w-44">Current password</span>
        <input name="current" type="password" required autoComplete="current-password" className={field} />
      </label>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="w-44">New password</span>
        <input
          name="next"
          type="password"
          required
          minLength={12}
          maxLength={1000}
          autoComplete="new-password"
          className={field}
        />
      </label>
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="w-44">New password, again</span>
        <input name="repeat" type="password" required autoComplete="new-password" className={field} />
      </label>
      <button type="submit" disabled={pending} className={button}>
        Change password
      </button>
      <Message state={state} />
    </form>
  );
}
