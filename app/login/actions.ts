"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { safeNextPath } from "@/lib/auth/next-path";
import { hasNoNul } from "@/lib/schemas/strings";
import { SESSION_COOKIE, SESSION_DAYS, signIn, SignInError, signOut } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { clientAddress, configuredTrust } from "@/lib/http/client-address";
import { submittedForm } from "@/lib/http/form";

const credentials = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email")
    .max(320)
    .refine(hasNoNul, "Email must not contain a NUL character"),
  password: z.string().min(1, "Enter your password").max(1000),
  // Any length: safeNextPath falls back to "/" rather than refusing the sign-in.
  next: z.string().optional(),
});

/** What the form shows after a failed attempt; the email is kept so only the password is retyped. */
export interface SignInState {
  error?: string;
  email?: string;
}

async function isHttps(): Promise<boolean> {
  const requestHeaders = await headers();
  return (
    requestHeaders.get("x-forwarded-proto") === "https" ||
    (requestHeaders.get("origin") ?? "").startsWith("https:")
  );
}

export async function signInAction(_previous: SignInState | null, formData: FormData): Promise<SignInState> {
  const form = submittedForm(formData);
  const parsed = credentials.safeParse(Object.fromEntries(form));
  const email = String(form.get("email") ?? "").slice(0, 320);
  if (!parsed.success) return { error: parsed.error.issues[0]!.message, email };
  const address = clientAddress(await headers(), configuredTrust());
  const database = await db();
  let token: string;
  try {
    token = await signIn(database, parsed.data.email, parsed.data.password, address);
  } catch (error) {
    if (error instanceof SignInError) return { error: error.message, email };
    throw error;
  }
  (await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: await isHttps(),
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });
  redirect(safeNextPath(parsed.data.next));
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  const { prisma } = await db();
  await signOut(prisma, jar.get(SESSION_COOKIE)?.value);
  jar.delete(SESSION_COOKIE);
  redirect("/login");
}
