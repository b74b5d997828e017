import { z } from "zod";
import { hasNoNul } from "../schemas/strings";

// What a user's email and a new password must be — one rule for invites, the invite page and
// changing a password (the first admin's FAULTLINE_ADMIN_PASSWORD has the same minimum).

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1000;

export const emailSchema = z
  .string()
  .trim()
  .min(1, "Email must not be empty")
  .max(320, "Email must be at most 320 characters")
  .refine(hasNoNul, "Email must not contain a NUL character")
  .pipe(z.email("Email must be an email address, like name@example.com"));

/** A new password; `field` names it in the messages ("New password must be at least 12 characters"). */
export function newPasswordSchema(field = "Password") {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .refine(hasNoNul, `${field} must not contain a NUL character`);
}

/** Why `password` cannot be set as a password, or null when it can. */
export function newPasswordProblem(password: string, field = "Password"): string | null {
  const parsed = newPasswordSchema(field).safeParse(password);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}
