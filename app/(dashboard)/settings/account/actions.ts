"use server";

import { cookies, headers } from "next/headers";
import { z } from "zod";
import { changeOwnPassword, PasswordChangeError, SESSION_COOKIE } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { requireUser } from "@/lib/dashboard-context";
import { clientAddress, configuredTrust } from "@/lib/http/client-address";
import { hasNoNul } from "@/lib/schemas/strings";
import { newPasswordSchema } from "@/lib/auth/user-input";
import { submittedForm } from "@/lib/http/form";

export interface AccountActionResult {
  ok: boolean;
  message: string;
}

const passwordChange = z
  .object({
    current: z
      .string()
      .min(1, "Enter your current password")
      .max(1000, "Current password must be at most 1000 characters")
      .refine(hasNoNul, "Current password must not contain a NUL character"),
    next: newPasswordSchema("New password"),
    repeat: z.string(),
  })
  .refine((input) => input.next === input.repeat, { message: "The new password and its repetition differ" });

// Any signed-in user changes their own password; their other sessions end, this one stays.
export async function changePasswordAction(
  _previous: AccountActionResult | null,
  submitted: FormData,
): Promise<AccountActionResult> {
  const formData = submittedForm(submitted);
  const user = await requireUser();
  const parsed = passwordChange.safeParse({
    current: formData.get("current") ?? "",
    next: formData.get("next") ?? "",
    repeat: formData.get("repeat") ?? "",
  });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]!.message };
  const [jar, requestHeaders, database] = await Promise.all([cookies(), headers(), db()]);
  const token = jar.get(SESSION_COOKIE)?.value ?? "";
  try {
    const { endedSessions } = await changeOwnPassword(
      database,
      user,
      token,
      { current: parsed.data.current, next: parsed.data.next },
      clientAddress(requestHeaders, configuredTrust()),
    );
    return {
      ok: true,
      message:
        endedSessions === 0
          ? "Password changed."
          : `Password changed. ${endedSessions === 1 ? "Your other session was" : `Your ${endedSessions} other sessions were`} signed out.`,
    };
  } catch (error) {
    if (error instanceof PasswordChangeError) return { ok: false, message: error.message };
    throw error;
  }
}
