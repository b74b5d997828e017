import "server-only";
import { headers } from "next/headers";
import { getEnv } from "@/lib/env";

/**
 * This instance's address as people reach it: FAULTLINE_PUBLIC_URL when set, else the origin
 * the browser used (behind a proxy, its X-Forwarded-Host and -Proto). For the links and snippets
 * pages show (invites, the Connect page, the first-call help), so they work when pasted elsewhere.
 */
export async function instanceUrl(): Promise<string> {
  const configured = getEnv().FAULTLINE_PUBLIC_URL;
  if (configured) return configured;
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  const protocol = requestHeaders.get("x-forwarded-proto") ?? "http";
  return `${protocol}://${host}`;
}
