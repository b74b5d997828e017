// Is a state-changing request from this site? Server actions are POSTs to pages; Next.js
// refuses one whose Origin is another site's, but answers it with a 500. The HTTP server asks
// this first, for everything it hands Next.js, and answers 403 (lib/http/request-guard). The rule is Next.js's own: the Origin's host must be the host
// the request was sent to (X-Forwarded-Host first, as Next.js reads it behind a proxy).

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteMutation(method: string, headers: Pick<Headers, "get">): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = headers.get("origin");
  // Browsers send Origin on every cross-site POST; a request without one is not a browser's
  // cross-site form (curl, a server), and Next.js's own check treats it the same way.
  if (origin === null) return false;
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0]!.trim();
  try {
    return new URL(origin).host !== host || host === "";
  } catch {
    return true; // "null" (a sandboxed frame, a data: URL) or garbage: not this site
  }
}
