import "server-only";
import { headers } from "next/headers";

/** This instance's address as the browser reached it (as Settings shows it), to build links. */
export async function baseUrl(): Promise<string> {
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost:3000";
  const protocol = requestHeaders.get("x-forwarded-proto") ?? "http";
  return `${protocol}://${host}`;
}
