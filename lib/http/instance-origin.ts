// This instance's address as people reach it: FAULTLINE_PUBLIC_URL when set, else the origin the
// request came to (behind a proxy, its X-Forwarded-Host and -Proto). For links and snippets that must
// work when pasted elsewhere (invites, Connect, the metrics scrape config, the report card's
// Markdown). Pure: pages pass next/headers' headers, route handlers the request's.

export function instanceOrigin(headers: { get(name: string): string | null }, configured?: string): string {
  if (configured) return configured;
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000";
  const protocol = headers.get("x-forwarded-proto") ?? "http";
  return `${protocol}://${host}`;
}
