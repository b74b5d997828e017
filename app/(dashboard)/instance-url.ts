import "server-only";
import { headers } from "next/headers";
import { getEnv } from "@/lib/env";
import { instanceOrigin } from "@/lib/http/instance-origin";

/**
 * This instance's address as people reach it (lib/http/instance-origin): for the links and snippets
 * pages show (invites, the Connect page, the first-call help, metrics), so they work when pasted elsewhere.
 */
export async function instanceUrl(): Promise<string> {
  return instanceOrigin(await headers(), getEnv().FAULTLINE_PUBLIC_URL);
}
