import { NextResponse, type NextRequest } from "next/server";
import { SESSION_COOKIE } from "./lib/auth/session-cookie";
import { contentSecurityPolicy, SECURITY_HEADERS } from "./lib/http/security-headers";

// Runs before every page: a fresh nonce per request for the Content-Security-Policy, which
// Next.js reads from the request headers and stamps on the scripts it renders.
export function proxy(request: NextRequest) {
  // A form or server action posted from another site never gets here: the HTTP server refuses it
  // for every path (lib/http/request-guard).
  // Pages need a session; without the cookie, go to sign-in (the session itself is checked
  // against the database by the page). A one-time link (/invite/<token>) is how someone without
  // a password yet signs in, so it is open; the page checks the token.
  const path = request.nextUrl.pathname;
  const open = path === "/login" || path.startsWith("/invite/");
  if (!open && !request.cookies.has(SESSION_COOKIE)) {
    const login = new URL("/login", request.url);
    if (path !== "/") login.searchParams.set("next", `${path}${request.nextUrl.search}`);
    return NextResponse.redirect(login);
  }
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  // NODE_ENV is set by Next.js itself, not user configuration.
  const policy = contentSecurityPolicy(nonce, process.env.NODE_ENV === "development");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

// Every page request, prefetches included: a prefetched page is still a page and gets the policy.
export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.svg).*)"],
};
