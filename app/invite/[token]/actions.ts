"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { acceptInvite, InviteError } from "@/lib/auth/invites";
import { newPasswordSchema } from "@/lib/auth/user-input";
import { SESSION_COOKIE, SESSION_DAYS } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { submittedForm } from "@/lib/http/form";

export interface AcceptState {
  error?: string;
  /** The link itself cannot be used (no point in trying another password). */
  refused?: boolean;
}

const acceptance = z
  .object({
    token: z.string().max(100, "This link is not valid"),
    password: newPasswordSchema("Password"),
    repeat: z.string(),
  })
  .refine((input) => input.password === input.repeat, { message: "The password and its repetition differ" });

async function isHttps(): Promise<boolean> {
  const requestHeaders = await headers();
  return (
    requestHeaders.get("x-forwarded-proto") === "https" ||
    (requestHeaders.get("origin") ?? "").startsWith("https:")
  );
}

// The invitee sets their password through their one-time link and is signed in.
export async function acceptInviteAction(
  _previous: AcceptState | null,
  submitted: FormData,
): Promise<AcceptState> {
  const formData = submittedForm(submitted);
  const parsed = acceptance.safeParse({
    token: formData.get("token") ?? "",
    password: formData.get("password") ?? "",
    repeat: formData.get("repeat") ?? "",
  });
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  const { prisma } = await db();
  let sessionToken: string;
  try {
    ({ sessionToken } = await acceptInvite(prisma, parsed.data.token, parsed.data.password));
  } catch (error) {
    if (error instanceof InviteError) return { error: error.message, refused: error.reason !== "password" };
    throw error;
  }
  (await cookies()).set(SESSION_COOKIE, sessionToken, {
    httpOnly: true,
    sameSite: "lax",
    secure: await isHttps(),
    path: "/",
    maxAge: SESSION_DAYS * 86_400,
  });
  redirect("/");
}
