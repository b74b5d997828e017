// Loopback stand-ins for group r37-d, answering with the real services' bodies (README.md says where each comes from
// and which wordings were written for the capture):
// - The Context7 API (`https://context7.com/api`: `GET /v2/libs/search` answering `{results, searchFilterApplied}`,
//   `GET /v2/context` answering the documentation as text, errors as `{error, message}`) for @upstash/context7-mcp,
//   whose API base is configurable (`CONTEXT7_API_URL`), so a plain HTTP server on 43600.
// - The Ref API (`https://api.ref.tools`: `GET /search_documentation?query=` answering `{docs: [{url, overview,
//   moduleId}]}`, `GET /read?url=` answering `{content, title}`) for ref-tools-mcp, whose base is configurable
//   (`REF_URL`), so a plain HTTP server on 43601.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { httpStandin, json, later, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r37-d";

export const CONTEXT7_API_PORT = 43600;
export const REF_API_PORT = 43601;
export const CONTEXT7_MCP_PORT = 43602;
export const CONTEXT7_METRICS_PORT = 43603;

export const C7_KEY = "ctx7sk-4f1c2a9e-77d0-4b8e-9a51-0c3d6e2b8f14";
export const C7_REVOKED_KEY = "ctx7sk-0b9d3e71-2c4a-4f60-8e15-9d7a4c1b2e38";
export const REF_KEY = "ref-8c41f0e29b7d4a6c93e1";

export const state = {
  // Context7
  c7RateLimited: false,
  c7SpendingLimit: false,
  c7ServerError: false,
  c7SearchFailed: false,
  c7BadGateway: false,
  c7Slow: false,
  // Ref
  refUnauthorized: false,
  refRateLimited: false,
  refPaymentRequired: false,
  refServerError: false,
  refBadGateway: false,
  refUnavailable: false,
  refSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Context7 ─────────────────────────────────────────────────────────────────────────────────────────────────────────

type Library = {
  id: string;
  title: string;
  description: string;
  branch: string;
  lastUpdateDate: string;
  state: string;
  totalTokens: number;
  totalSnippets: number;
  stars: number;
  trustScore: number;
  benchmarkScore: number;
  versions: string[];
};

const lib = (
  id: string,
  title: string,
  description: string,
  totalSnippets: number,
  stars: number,
  trustScore: number,
  benchmarkScore: number,
  versions: string[] = [],
): Library => ({
  id,
  title,
  description,
  branch: "main",
  lastUpdateDate: "2026-11-28T09:14:22.000Z",
  state: "finalized",
  totalTokens: totalSnippets * 210,
  totalSnippets,
  stars,
  trustScore,
  benchmarkScore,
  versions,
});

const SEARCH: Record<string, Library[]> = {
  react: [
    lib(
      "/facebook/react",
      "React",
      "The library for web and native user interfaces",
      2843,
      236000,
      10,
      94.1,
      ["v18.3.1", "v19.0.0"],
    ),
    lib("/reactjs/react.dev", "React Docs", "The React documentation website", 3917, 11200, 10, 91.6),
    lib(
      "/websites/react_dev",
      "React (react.dev)",
      "Official React documentation crawled from react.dev",
      1562,
      -1,
      7,
      88.2,
    ),
  ],
  "next.js": [
    lib("/vercel/next.js", "Next.js", "The React Framework", 4129, 133000, 10, 92.7, [
      "v15.1.8",
      "v14.3.0-canary.87",
      "v13.5.11",
    ]),
    lib("/websites/nextjs", "Next.js (nextjs.org)", "Next.js documentation website", 2210, -1, 7, 87.9),
  ],
  prisma: [
    lib("/prisma/docs", "Prisma", "Documentation for Prisma ORM, Accelerate and Pulse", 5871, 1100, 9, 90.3),
  ],
  // A teamspace whose library filters exclude every match (searchFilterApplied: true, results []).
  "left-pad": [],
};

// Documentation answers, as text, in the shape of the API's text/plain example (### title, Source, description, code).
const CONTEXT: Record<string, string> = {
  "/vercel/next.js": `### Protecting routes with Middleware

Source: https://github.com/vercel/next.js/blob/canary/docs/01-app/03-building-your-application/09-authentication/index.mdx

Redirects unauthenticated users to the login page before the route renders, by reading a session cookie in middleware.ts.

\`\`\`typescript
import { NextResponse } from 'next/server'
import type { NextRequest } from 'next/server'

export function middleware(request: NextRequest) {
  const session = request.cookies.get('session')
  if (!session) {
    return NextResponse.redirect(new URL('/login', request.url))
  }
  return NextResponse.next()
}

export const config = {
  matcher: ['/dashboard/:path*'],
}
\`\`\`

--------------------------------

### Matching paths with the matcher config

Source: https://github.com/vercel/next.js/blob/canary/docs/01-app/04-api-reference/03-file-conventions/middleware.mdx

The matcher limits Middleware to the paths it lists; it accepts path parameters and regular expressions.

\`\`\`typescript
export const config = {
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico).*)'],
}
\`\`\`
`,
  "/vercel/next.js/v14.3.0-canary.87": `### Route Handlers in the App Router (v14)

Source: https://github.com/vercel/next.js/blob/v14.3.0-canary.87/docs/02-app/01-building-your-application/01-routing/12-route-handlers.mdx

Route Handlers are defined in a route.ts file inside the app directory and export one function per HTTP method.

\`\`\`typescript
export async function GET(request: Request) {
  const res = await fetch('https://data.mongodb-api.com/...', { next: { revalidate: 60 } })
  const data = await res.json()
  return Response.json({ data })
}
\`\`\`
`,
  "/prisma/docs": `### Including relations in a query

Source: https://github.com/prisma/docs/blob/main/content/200-orm/200-prisma-client/100-queries/037-relation-queries.mdx

Use include to return related records together with the parent record.

\`\`\`typescript
const user = await prisma.user.findUnique({
  where: { email: 'alice@prisma.io' },
  include: { posts: true },
})
\`\`\`
`,
};

const c7Error = (res: http.ServerResponse, status: number, error: string, message: string, headers = {}) =>
  json(res, status, { error, message }, headers);

function context7(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`context7 ${req.method} ${url.pathname}${url.search} auth=${req.headers.authorization ?? "-"}`);
  if (req.headers.authorization === `Bearer ${C7_REVOKED_KEY}`)
    return c7Error(
      res,
      401,
      "invalid_api_key",
      "Invalid API key. Please check your API key. API keys should start with 'ctx7sk' prefix.",
    );
  if (state.c7RateLimited)
    return c7Error(res, 429, "rate_limit_exceeded", "Rate limit exceeded. Please try again later.", {
      "Retry-After": "42",
      "RateLimit-Limit": "60",
      "RateLimit-Remaining": "0",
      "RateLimit-Reset": "1796652000",
    });
  if (state.c7SpendingLimit)
    return c7Error(
      res,
      402,
      "spending_limit_exceeded",
      "Monthly spending limit of $5.00 reached for this teamspace. An owner or admin can raise the limit at https://context7.com/dashboard/billing, or the cap will reset at the start of next month.",
    );
  if (state.c7ServerError)
    return c7Error(res, 500, "internal_error", "An error occurred while processing your request");
  if (state.c7SearchFailed)
    return c7Error(res, 503, "search_failed", "Search failed: Service temporarily unavailable");
  if (state.c7BadGateway)
    return text(
      res,
      502,
      "An error occurred with your deployment\n\nBAD_GATEWAY\n",
      "text/plain; charset=utf-8",
    );
  if (state.c7Slow) return later(15_000, () => text(res, 200, "", "text/plain; charset=utf-8"));

  const q = url.searchParams;
  if (url.pathname === "/api/v2/libs/search") {
    const name = (q.get("libraryName") ?? "").toLowerCase();
    const found = SEARCH[name];
    if (found) return json(res, 200, { results: found, searchFilterApplied: name === "left-pad" });
    return c7Error(
      res,
      404,
      "no_libraries_found",
      `No libraries found for "${q.get("libraryName") ?? ""}". Try a different search term.`,
    );
  }
  if (url.pathname === "/api/v2/context") {
    const id = q.get("libraryId") ?? "";
    if (!id.startsWith("/"))
      return c7Error(
        res,
        400,
        "invalid_library_id",
        "Invalid library ID format. Expected: `/owner/repo` for GitHub repositories, or `/<source>/<id>` for other sources (the URL path of the library on context7.com)",
      );
    if (CONTEXT[id]) return text(res, 200, CONTEXT[id], "text/plain; charset=utf-8");
    if (id === "/vercel/next.js/v99.0.0")
      return c7Error(
        res,
        404,
        "tag_not_found",
        'Tag "v99.0.0" not found for library "/vercel/next.js". Available tags: v15.1.8, v14.3.0-canary.87, v13.5.11',
      );
    if (id === "/tanstack/router-devtools-next")
      return c7Error(res, 202, "library_not_finalized", `Library ${id} not finalized yet.`);
    if (id === "/remix-run/remix")
      return json(res, 301, {
        error: "library_redirected",
        message: `Library ${id} has been redirected to this library: /remix-run/react-router.`,
        redirectUrl: "/remix-run/react-router",
      });
    if (id === "/acme-corp/internal-sdk")
      return c7Error(
        res,
        403,
        "access_denied",
        `Access denied: Library ${id} is not included in your allowed libraries`,
      );
    return c7Error(
      res,
      404,
      "library_not_found",
      `Library "${id}" not found. Please check the library ID or your access permissions.`,
    );
  }
  unknownRequests.push(`context7 ${req.method} ${url.pathname}`);
  return c7Error(res, 404, "not_found", "Not found");
}

// ── Ref ──────────────────────────────────────────────────────────────────────────────────────────────────────────────

type Doc = { url: string; overview: string; moduleId: string };

const DOCS: Record<string, Doc[]> = {
  "next.js app router middleware typescript": [
    {
      url: "https://nextjs.org/docs/app/building-your-application/routing/middleware",
      overview:
        "Middleware runs code before a request completes; covers middleware.ts, matcher config, NextResponse.redirect and rewrite.",
      moduleId: "nextjs",
    },
    {
      url: "https://nextjs.org/docs/app/api-reference/file-conventions/middleware",
      overview: "API reference for the middleware.ts file convention: exports, config.matcher, runtime.",
      moduleId: "nextjs",
    },
    {
      url: "https://github.com/vercel/next.js/blob/canary/examples/with-supabase/middleware.ts",
      overview: "Example middleware refreshing a Supabase auth session on every request.",
      moduleId: "vercel/next.js",
    },
  ],
  "prisma relation queries include select": [
    {
      url: "https://www.prisma.io/docs/orm/prisma-client/queries/relation-queries",
      overview: "Nested reads with include and select, nested writes, relation filters (some, every, none).",
      moduleId: "prisma",
    },
    {
      url: "https://www.prisma.io/docs/orm/prisma-client/queries/select-fields",
      overview: "Selecting a subset of fields with select and omitting fields with omit.",
      moduleId: "prisma",
    },
  ],
  "ref_src=private billing service retry policy": [
    {
      url: "https://github.com/northwind-labs/billing-service/blob/main/docs/retries.md",
      overview:
        "Private repo: the billing service retries Stripe webhooks with exponential backoff, 8 attempts over 36 hours.",
      moduleId: "northwind-labs/billing-service",
    },
  ],
  "tailwind css v4 container queries": [
    {
      url: "https://tailwindcss.com/docs/responsive-design#container-queries",
      overview: "Container queries with @container and @sm/@md variants, named containers, arbitrary values.",
      moduleId: "tailwindcss",
    },
  ],
  "vite environment variables import.meta.env": [
    {
      url: "https://vite.dev/guide/env-and-mode",
      overview:
        "Env variables on import.meta.env, the VITE_ prefix, .env files per mode, TypeScript IntelliSense.",
      moduleId: "vite",
    },
    {
      url: "https://vite.dev/config/shared-options#envprefix",
      overview: "The envPrefix option: which variables are exposed to client code.",
      moduleId: "vite",
    },
  ],
  "qwzx frobnicator flux capacitor sdk": [],
};

const READ: Record<string, { title: string; content: string }> = {
  "https://nextjs.org/docs/app/building-your-application/routing/middleware": {
    title: "Routing: Middleware | Next.js",
    content: `# Middleware

Middleware allows you to run code before a request is completed. Then, based on the incoming request, you can modify the response by rewriting, redirecting, modifying the request or response headers, or responding directly.

## Convention

Use the file \`middleware.ts\` (or \`.js\`) in the root of your project to define Middleware.

\`\`\`ts
import { NextResponse } from 'next/server'
import type { NextRequest } from 'next/server'

export function middleware(request: NextRequest) {
  return NextResponse.redirect(new URL('/home', request.url))
}

export const config = {
  matcher: '/about/:path*',
}
\`\`\`
`,
  },
  "https://www.prisma.io/docs/orm/prisma-client/queries/relation-queries": {
    title: "Relation queries (Concepts) | Prisma Documentation",
    content: `# Relation queries

A key feature of Prisma Client is the ability to query relations between two or more models.

## Nested reads

\`\`\`ts
const user = await prisma.user.findFirst({
  include: { posts: true },
})
\`\`\`
`,
  },
  "https://github.com/northwind-labs/billing-service/blob/main/docs/retries.md": {
    title: "docs/retries.md · northwind-labs/billing-service",
    content: `# Webhook retries

Failed Stripe webhooks are retried with exponential backoff: 8 attempts over 36 hours, then parked in the dead-letter queue.
`,
  },
  "https://tailwindcss.com/docs/responsive-design#container-queries": {
    title: "Responsive design - Core concepts - Tailwind CSS",
    content: `## Container queries

Use the \`@container\` class to mark an element as a container, then style children with variants like \`@sm\` and \`@md\`:

\`\`\`html
<div class="@container">
  <div class="flex flex-col @md:flex-row">
    <!-- ... -->
  </div>
</div>
\`\`\`
`,
  },
  // A page that renders entirely in the browser: Ref reads no text from it.
  "https://app.northwind.dev/docs/embed": { title: "", content: "" },
};

// Google Front End's 502 page, as quoted in ref-tools/ref-tools-mcp issue #8 (shortened: the style block is cut).
const googleFrontEnd502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

function ref(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(
    `ref ${req.method} ${url.pathname}${url.search} key=${String(req.headers["x-ref-api-key"] ?? "-")}`,
  );
  if (state.refUnauthorized) return json(res, 401, { error: "Unauthorized" });
  if (state.refRateLimited)
    return json(res, 429, { error: "Too many requests, please slow down." }, { "Retry-After": "30" });
  if (state.refPaymentRequired)
    return json(res, 402, { error: "Out of credits. Upgrade your plan at https://ref.tools/dashboard" });
  if (state.refServerError) return json(res, 500, { error: "Internal Server Error" });
  if (state.refBadGateway) return text(res, 502, googleFrontEnd502, "text/html; charset=UTF-8");
  if (state.refUnavailable)
    return text(res, 503, "Service Unavailable", "text/plain; charset=utf-8", { "Retry-After": "60" });
  if (state.refSlow) return later(15_000, () => json(res, 200, { docs: [] }));

  if (url.pathname === "/search_documentation") {
    const query = url.searchParams.get("query") ?? "";
    if (!query.trim()) return json(res, 400, { error: "query is required" });
    const docs = DOCS[query.toLowerCase()];
    if (!docs) unknownRequests.push(`ref search ${query}`);
    return json(res, 200, { docs: docs ?? [] });
  }
  if (url.pathname === "/read") {
    const target = url.searchParams.get("url") ?? "";
    if (!/^https?:\/\//.test(target)) return json(res, 400, { error: `Invalid URL: ${target}` });
    const page = READ[target];
    if (!page) return json(res, 404, { error: `Could not read ${target}: page returned 404` });
    return json(res, 200, page);
  }
  unknownRequests.push(`ref ${req.method} ${url.pathname}`);
  return json(res, 404, { error: "Not Found" });
}

export const context7Api = httpStandin(CONTEXT7_API_PORT, context7);
export const refApi = httpStandin(REF_API_PORT, ref);

export const ALL_STANDINS = [context7Api, refApi];
