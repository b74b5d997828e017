// Group r41-f: team knowledge bases — Falconer (a company knowledge base and document wiki: search, documents,
// navigation folders, comments, review status, "Knowledge Health" findings and a cited question-answering agent)
// through Falconer's own MCP server, @falconer/mcp, over stdio. The published server (a Bun-compiled binary shipped
// inside the npm package, started by the package's Node wrapper) is behind a loopback stand-in of Falconer's public
// API and OAuth token endpoint (standins.ts), reached by the API base in the server's own config file. One server: see
// README.md for the candidates of the kind and why none other could be installed here.
//
//   (cd scripts/server-corpus/groups/r41-f && npm install --ignore-scripts)  # not npm ci: README.md says why
//   npx tsx scripts/server-corpus/capture-group.ts r41-f

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCESS_TOKEN,
  ALL_STANDINS,
  API_PORT,
  DATA,
  DOC_PAYMENTS,
  DOC_ROTATION,
  DOC_RUNBOOK,
  FOLDER_MISSING,
  FOLDER_PLATFORM,
  ORG_ID,
  REFRESH_TOKEN,
  apiStandin,
  clearTimers,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@falconer/mcp": "0.2.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const CONFIG_HOME = path.join(DATA, "config");
const CONFIG_DIR = path.join(CONFIG_HOME, "falconer");

/**
 * The server's config file, as `falconer oauth login` leaves it: an OAuth access token with its refresh token and
 * expiry (epoch seconds), the active organization and the API base. The server reads it again on every call.
 */
function writeConfig(apiKey: string, expiresAt: number) {
  fs.mkdirSync(CONFIG_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(CONFIG_DIR, "config.json"),
    JSON.stringify(
      {
        authType: "oauth",
        apiKey,
        refreshToken: REFRESH_TOKEN,
        tokenExpiresAt: Math.floor(expiresAt / 1000),
        activeOrganizationId: ORG_ID,
        baseUrl: `http://127.0.0.1:${API_PORT}`,
      },
      null,
      2,
    ),
  );
}

const freshConfig = () => writeConfig(ACCESS_TOKEN, Date.now() + 8 * 3600 * 1000);

const falconer: SessionSpec = {
  label: "r41-f-falconer",
  server: "@falconer/mcp",
  transport: "stdio",
  start: stdioServer("r41-f-falconer", "@falconer/mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, XDG_CONFIG_HOME: CONFIG_HOME },
  }),
  steps: [
    step(
      "fal-001",
      "search",
      { keywords: "on-call incident" },
      "keyword search over the company's documents",
    ),
    step(
      "fal-002",
      "search",
      { semantic: "how do we rotate the database credentials?", limit: 1 },
      "a semantic search, one result",
    ),
    step(
      "fal-003",
      "search",
      { keywords: "kubernetes 1.19 upgrade plan" },
      "a keyword search that matches no document",
    ),
    step("fal-004", "read", { identifier: DOC_RUNBOOK }, "read a document by id (with an image attachment)"),
    step("fal-005", "read", { identifier: "Rotating Database Credentials" }, "read a document by its title"),
    step(
      "fal-006",
      "read",
      { identifier: "Postmortem Template" },
      "a title two documents share: the server refuses to guess",
    ),
    step("fal-007", "read", { identifier: "Redis Failover Checklist" }, "a title no document has"),
    step("fal-008", "read", { identifier: "Redis Failover Checklist" }, "the same call again, unchanged"),
    step(
      "fal-009",
      "ask_falcon",
      { question: "How do I rotate the Postgres credentials during an incident?" },
      "a question to Falconer's agent: an answer with citations",
    ),
    step("fal-010", "list_nav_children", {}, "the company section's top-level folders and documents"),
    step("fal-011", "get_folder", { folderId: FOLDER_MISSING }, "a folder id that does not exist: 404"),
    step("fal-012", "list_document_revisions", { identifier: DOC_RUNBOOK }, "a document's revision history"),
    step(
      "fal-013",
      "list_comments",
      { id: DOC_ROTATION, status: "resolved" },
      "resolved comment threads on a document that has none",
    ),
    step(
      "fal-014",
      "create",
      {
        content:
          "# Redis Failover Checklist\n\n1. Confirm the replica is in sync.\n2. Promote it with `FAILOVER`.",
        parentFolderId: FOLDER_PLATFORM,
      },
      "create a document in a folder",
    ),
    step(
      "fal-015",
      "edit",
      {
        identifier: DOC_ROTATION,
        old_string: "every 60 days",
        new_string: "every 30 days",
      },
      "a find-and-replace whose old text is not in the document: 422",
    ),
    step(
      "fal-016",
      "set_document_status",
      { id: DOC_PAYMENTS, status: "outdated" },
      "mark another team's restricted document outdated: 403",
    ),
    step(
      "fal-017",
      "list_knowledge_health_findings",
      { category: "staleness" },
      "open 'Stale docs' findings",
    ),
    step(
      "fal-018",
      "list_nav_children",
      { section: "company", parentFolderId: FOLDER_PLATFORM },
      "the access token has expired: the server refreshes it at the token endpoint, then answers",
      {
        before: async () => writeConfig("fal_at_expired_5Yq8wE3rT6uI9oP2aS", Date.now() - 10 * 60 * 1000),
      },
    ),
    step(
      "fal-019",
      "search",
      { keywords: "runbook" },
      "Falconer answers 429 with Retry-After (the server retries twice, then gives up)",
      flag("rateLimited"),
    ),
    step(
      "fal-020",
      "ask_falcon",
      { question: "Who owns the payments ledger?" },
      "Falconer answers 500",
      flag("serverError"),
    ),
    step(
      "fal-021",
      "get_nav_tree",
      { section: "company" },
      "Cloudflare's 502 HTML page in front of Falconer",
      flag("badGateway"),
    ),
    step(
      "fal-022",
      "read",
      { identifier: DOC_ROTATION },
      "Falconer answers 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "fal-023",
      "search",
      { keywords: "incident" },
      "the access token was revoked: 401",
      flag("tokenRevoked"),
    ),
    step(
      "fal-024",
      "search",
      { keywords: "credentials" },
      "Falconer unreachable (connection refused)",
      down(apiStandin),
    ),
    step("fal-025", "export_document", { id: DOC_RUNBOOK, format: "pdf" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [falconer];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  freshConfig();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
