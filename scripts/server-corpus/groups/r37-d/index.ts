// Group r37-d: developer documentation search — Context7 (Upstash's @upstash/context7-mcp: resolve a library name to a
// Context7 library id, then query that library's documentation) over streamable HTTP, and Ref (ref-tools-mcp: search
// public and private documentation, read a documentation URL as markdown) over stdio, a kind the fixture README's
// server table lacks. Each published MCP server is behind a loopback stand-in of its service (standins.ts).
//
//   (cd scripts/server-corpus/groups/r37-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r37-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  C7_KEY,
  C7_REVOKED_KEY,
  CONTEXT7_API_PORT,
  CONTEXT7_MCP_PORT,
  CONTEXT7_METRICS_PORT,
  DATA,
  REF_API_PORT,
  REF_KEY,
  clearTimers,
  context7Api,
  refApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@upstash/context7-mcp": "4.1.1",
  "ref-tools-mcp": "3.0.3",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ── @upstash/context7-mcp (streamable HTTP) ──────────────────────────────────────────────────────────────────────────

// In HTTP mode the server takes the caller's Context7 key from each MCP request's Authorization header and passes it
// on to the API, so a step can present another key.
let context7Key = C7_KEY;
const withKey = (key: string): Partial<Step> => ({
  before: async () => {
    context7Key = key;
  },
  after: async () => {
    context7Key = C7_KEY;
  },
});

const NEXT_QUERY = "How to protect routes with middleware in the app router";

const context7: SessionSpec = {
  label: "r37-d-context7",
  server: "@upstash/context7-mcp",
  transport: "http",
  start: httpServer("r37-d-context7", "@upstash/context7-mcp", {
    from: FROM,
    port: CONTEXT7_MCP_PORT,
    args: ["--transport", "http", "--port", String(CONTEXT7_MCP_PORT)],
    env: {
      HOME,
      CONTEXT7_API_URL: `http://127.0.0.1:${CONTEXT7_API_PORT}/api`,
      // The server's embedded Prometheus exporter (HTTP mode), kept inside the group's port range.
      OTEL_EXPORTER_PROMETHEUS_PORT: String(CONTEXT7_METRICS_PORT),
    },
    headers: () => ({ Authorization: `Bearer ${context7Key}` }),
  }),
  steps: [
    step(
      "c7-001",
      "resolve-library-id",
      { query: "manage component state with hooks", libraryName: "React" },
      "three libraries match 'React', one with versions",
    ),
    step(
      "c7-002",
      "resolve-library-id",
      { query: NEXT_QUERY, libraryName: "Next.js" },
      "two libraries match 'Next.js'",
    ),
    step(
      "c7-003",
      "query-docs",
      { libraryId: "/vercel/next.js", query: NEXT_QUERY },
      "two documentation snippets for a library id",
    ),
    step(
      "c7-004",
      "query-docs",
      { libraryId: "/vercel/next.js/v14.3.0-canary.87", query: "Route handlers GET example" },
      "documentation for a pinned version of a library",
    ),
    step(
      "c7-005",
      "query-docs",
      { libraryName: "/prisma/docs", query: "include related records in a query" },
      "the library id passed under the alias libraryName (the server's schema rewrites it)",
    ),
    step(
      "c7-006",
      "resolve-library-id",
      { query: "pad a string on the left", libraryName: "left-pad" },
      "the teamspace's library filters exclude every match: results [], searchFilterApplied",
    ),
    step(
      "c7-007",
      "resolve-library-id",
      { query: "configure the frobnicator", libraryName: "Zorblax" },
      "a name no library matches: the API answers 404 no_libraries_found",
    ),
    step(
      "c7-008",
      "query-docs",
      { libraryId: "/acme/widgets", query: "install the widget kit" },
      "a library id that does not exist: 404 library_not_found",
    ),
    step(
      "c7-009",
      "query-docs",
      { libraryId: "/acme/widgets", query: "install the widget kit" },
      "the same call again, unchanged",
    ),
    step(
      "c7-010",
      "query-docs",
      { libraryId: "/vercel/next.js/v99.0.0", query: NEXT_QUERY },
      "a version tag the library does not have: 404 tag_not_found",
    ),
    step(
      "c7-011",
      "query-docs",
      { libraryId: "react", query: "useEffect cleanup function examples" },
      "a library name where the id is expected: 400 invalid_library_id",
    ),
    step(
      "c7-012",
      "query-docs",
      { libraryId: "/tanstack/router-devtools-next", query: "enable the devtools panel" },
      "a library still being processed: 202 library_not_finalized",
    ),
    step(
      "c7-013",
      "query-docs",
      { libraryId: "/remix-run/remix", query: "loader functions" },
      "a library moved elsewhere: 301 library_redirected with redirectUrl",
    ),
    step(
      "c7-014",
      "query-docs",
      { libraryId: "/acme-corp/internal-sdk", query: "authenticate a client" },
      "a library outside the teamspace's allowed list: 403 access_denied",
    ),
    step(
      "c7-015",
      "resolve-library-id",
      { query: "query relations", libraryName: "Prisma" },
      "a revoked API key: 401 invalid_api_key",
      withKey(C7_REVOKED_KEY),
    ),
    step(
      "c7-016",
      "query-docs",
      { libraryId: "/vercel/next.js", query: "Image component remote patterns" },
      "429 rate_limit_exceeded with Retry-After and RateLimit headers",
      flag("c7RateLimited"),
    ),
    step(
      "c7-017",
      "query-docs",
      { libraryId: "/prisma/docs", query: "transactions with interactive callbacks" },
      "402 spending_limit_exceeded (the teamspace's monthly cap)",
      flag("c7SpendingLimit"),
    ),
    step(
      "c7-018",
      "resolve-library-id",
      { query: "server actions", libraryName: "Next.js" },
      "500 internal_error",
      flag("c7ServerError"),
    ),
    step(
      "c7-019",
      "resolve-library-id",
      { query: "server components", libraryName: "React" },
      "503 search_failed",
      flag("c7SearchFailed"),
    ),
    step(
      "c7-020",
      "query-docs",
      { libraryId: "/vercel/next.js", query: "generateMetadata in layouts" },
      "a 502 page from the hosting platform, not JSON",
      flag("c7BadGateway"),
    ),
    step(
      "c7-021",
      "query-docs",
      { libraryId: "/prisma/docs", query: "connection pool size for serverless" },
      "an answer 15 s late; the client waits 4 s",
      flag("c7Slow", { timeoutMs: 4000 }),
    ),
    step(
      "c7-022",
      "resolve-library-id",
      { query: "edge runtime", libraryName: "Next.js" },
      "a call while the Context7 API is unreachable (its stand-in stopped)",
      down(context7Api),
    ),
    step(
      "c7-023",
      "query-docs",
      { query: "useEffect cleanup function examples" },
      "no library id at all (the server's zod schema)",
    ),
    step(
      "c7-024",
      "get-library-docs",
      { context7CompatibleLibraryID: "/vercel/next.js", topic: "middleware" },
      "the tool name of earlier Context7 versions, which this one no longer has",
    ),
    step(
      "c7-025",
      "resolve-library-id",
      { query: "query relations", libraryName: "Prisma" },
      "c7-015's call again with a valid key",
    ),
  ],
};

// ── ref-tools-mcp (stdio) ────────────────────────────────────────────────────────────────────────────────────────────

const NEXT_MIDDLEWARE = "https://nextjs.org/docs/app/building-your-application/routing/middleware";
const PRISMA_RELATIONS = "https://www.prisma.io/docs/orm/prisma-client/queries/relation-queries";
const MISSING_PAGE = "https://nextjs.org/docs/app/building-your-application/routing/edge-middleware-v2";

const ref: SessionSpec = {
  label: "r37-d-ref",
  server: "ref-tools-mcp",
  transport: "stdio",
  start: stdioServer("r37-d-ref", "ref-tools-mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, REF_URL: `http://127.0.0.1:${REF_API_PORT}`, REF_API_KEY: REF_KEY },
  }),
  steps: [
    step(
      "rf-001",
      "ref_search_documentation",
      { query: "Next.js app router middleware TypeScript" },
      "three documentation pages found",
    ),
    step(
      "rf-002",
      "ref_search_documentation",
      { query: "Prisma relation queries include select" },
      "two documentation pages found",
    ),
    step("rf-003", "ref_read_url", { url: NEXT_MIDDLEWARE }, "a page from the search read as markdown"),
    step("rf-004", "ref_read_url", { url: PRISMA_RELATIONS }, "another page read as markdown"),
    step(
      "rf-005",
      "ref_search_documentation",
      { query: "ref_src=private billing service retry policy" },
      "a search of the user's private docs (one page found)",
    ),
    step(
      "rf-006",
      "ref_search_documentation",
      { query: "qwzx frobnicator flux capacitor SDK" },
      "a search that finds nothing: docs []",
    ),
    step(
      "rf-007",
      "ref_read_url",
      { url: MISSING_PAGE },
      "a documentation URL that does not exist: Ref's API answers 404",
    ),
    step("rf-008", "ref_read_url", { url: MISSING_PAGE }, "the same call again, unchanged"),
    step(
      "rf-009",
      "ref_read_url",
      { url: "https://app.northwind.dev/docs/embed" },
      "a page that renders in the browser only: 200 with content ''",
    ),
    step("rf-010", "ref_search_documentation", { query: "   " }, "a blank query: the API answers 400"),
    step("rf-011", "ref_read_url", { url: "nextjs middleware docs" }, "words where a URL is expected: 400"),
    step(
      "rf-012",
      "ref_search_documentation",
      { query: "Vite environment variables import.meta.env" },
      "the API answers 401 (the key is no longer accepted)",
      flag("refUnauthorized"),
    ),
    step(
      "rf-013",
      "ref_read_url",
      { url: PRISMA_RELATIONS },
      "a read while the API answers 401",
      flag("refUnauthorized"),
    ),
    step(
      "rf-014",
      "ref_search_documentation",
      { query: "Drizzle ORM migrations with drizzle-kit" },
      "429 with Retry-After",
      flag("refRateLimited"),
    ),
    step(
      "rf-015",
      "ref_search_documentation",
      { query: "Zod v4 discriminated unions" },
      "402: the account is out of credits",
      flag("refPaymentRequired"),
    ),
    step("rf-016", "ref_read_url", { url: NEXT_MIDDLEWARE }, "500", flag("refServerError")),
    step(
      "rf-017",
      "ref_read_url",
      { url: "https://git-scm.com/docs/git-add" },
      "Google Front End's 502 page (as in the server's issue #8)",
      flag("refBadGateway"),
    ),
    step(
      "rf-018",
      "ref_search_documentation",
      { query: "Prisma relation queries include select" },
      "503 with Retry-After",
      flag("refUnavailable"),
    ),
    step(
      "rf-019",
      "ref_search_documentation",
      { query: "Next.js app router middleware TypeScript" },
      "an answer 15 s late (the server sets no timeout); the client waits 4 s",
      flag("refSlow", { timeoutMs: 4000 }),
    ),
    step(
      "rf-020",
      "ref_search_documentation",
      { query: "Tailwind CSS v4 container queries" },
      "a call while Ref's API is unreachable (its stand-in stopped)",
      down(refApi),
    ),
    step(
      "rf-021",
      "ref_search_documentation",
      { query: "Tailwind CSS v4 container queries" },
      "rf-020's call once the API is back",
    ),
    step("rf-022", "ref_search_web", { query: "nextjs middleware" }, "a tool this server does not have"),
    step(
      "rf-023",
      "ref_read_url",
      { url: "https://github.com/northwind-labs/billing-service/blob/main/docs/retries.md" },
      "a private repository page from the private search",
    ),
    step(
      "rf-024",
      "ref_read_url",
      { url: "https://tailwindcss.com/docs/responsive-design#container-queries" },
      "the page rf-021 found, read as markdown",
    ),
    step(
      "rf-025",
      "ref_search_documentation",
      { query: "Vite environment variables import.meta.env" },
      "rf-012's call once the key is accepted again",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [context7, ref];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
