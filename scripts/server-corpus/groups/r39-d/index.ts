// Group r39-d: vector databases — semantic code search over Milvus / Zilliz Cloud through @zilliz/claude-context-mcp
// (Zilliz's own server: index_codebase, search_code, clear_index, get_indexing_status). It splits a codebase into
// chunks, embeds them with OpenAI's embeddings API and keeps them in a Milvus collection it reaches over gRPC with
// @zilliz/milvus2-sdk-node. Both services are loopback stand-ins (standins.ts): a gRPC Milvus served from the SDK's
// own service description, and the embeddings endpoint at OPENAI_BASE_URL.
//
//   (cd scripts/server-corpus/groups/r39-d && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r39-d

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CODE,
  DATA,
  MILVUS_PORT,
  MILVUS_TOKEN,
  OPENAI_KEY,
  OPENAI_PORT,
  clearTimers,
  milvus,
  seen,
  state,
  unknownRequests,
  writeCodebases,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@zilliz/claude-context-mcp": "0.1.15",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const BILLING = path.join(CODE, "billing");
const NOTES = path.join(CODE, "notes");

/** Waits before the call, so the background indexing started by an earlier call has finished. */
const settle = (ms: number) => ({ before: async () => void (await sleep(ms)) });

const zilliz: SessionSpec = {
  label: "r39-d-claude-context",
  server: "@zilliz/claude-context-mcp",
  transport: "stdio",
  start: stdioServer("r39-d-claude-context", "@zilliz/claude-context-mcp", {
    from: FROM,
    cwd: CODE,
    env: {
      HOME,
      EMBEDDING_PROVIDER: "OpenAI",
      EMBEDDING_MODEL: "text-embedding-3-small",
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: `http://127.0.0.1:${OPENAI_PORT}/v1`,
      MILVUS_ADDRESS: `127.0.0.1:${MILVUS_PORT}`,
      MILVUS_TOKEN,
      HYBRID_MODE: "false",
    },
  }),
  steps: [
    step("zc-001", "get_indexing_status", { path: BILLING }, "status of a codebase never indexed"),
    step(
      "zc-002",
      "search_code",
      { path: BILLING, query: "invoice total with discount" },
      "a search before the codebase is indexed",
    ),
    step(
      "zc-003",
      "index_codebase",
      { path: BILLING },
      "index a small codebase (TypeScript, Python, Markdown)",
    ),
    step(
      "zc-004",
      "get_indexing_status",
      { path: BILLING },
      "status once the background indexing has finished",
      settle(6000),
    ),
    step(
      "zc-005",
      "search_code",
      { path: BILLING, query: "invoice total with discount" },
      "a search that finds chunks",
    ),
    step(
      "zc-006",
      "search_code",
      { path: BILLING, query: "export ledger rows to csv", extensionFilter: [".py"], limit: 3 },
      "a search restricted to Python files",
    ),
    step(
      "zc-007",
      "search_code",
      { path: BILLING, query: "kubernetes helm chart values", extensionFilter: [".go"] },
      "a search restricted to Go files, of which the codebase has none",
    ),
    step("zc-008", "index_codebase", { path: BILLING }, "index the same codebase again without force"),
    step(
      "zc-009",
      "index_codebase",
      { path: path.join(CODE, "payments-service") },
      "index a directory that does not exist",
    ),
    step(
      "zc-010",
      "index_codebase",
      { path: path.join(CODE, "payments-service") },
      "the same call again, unchanged",
    ),
    step(
      "zc-011",
      "index_codebase",
      { path: NOTES, splitter: "treesitter" },
      "a splitter the server does not have",
    ),
    step(
      "zc-012",
      "search_code",
      { path: BILLING, query: "retry payment capture", extensionFilter: ["ts"] },
      "an extension filter without the leading dot",
    ),
    step("zc-013", "search_code", { path: BILLING }, "no query at all"),
    step(
      "zc-014",
      "search_code",
      { path: BILLING, query: "retry payment capture" },
      "the embeddings API answers 401 invalid_api_key",
      flag("embedUnauthorized"),
    ),
    step(
      "zc-015",
      "search_code",
      { path: BILLING, query: "retry payment capture with backoff" },
      "the embeddings API answers 429 rate_limit_exceeded with Retry-After: 1 (every try)",
      flag("embedRateLimited"),
    ),
    step(
      "zc-016",
      "search_code",
      { path: BILLING, query: "gateway unavailable backoff" },
      "the embeddings API answers 429 insufficient_quota",
      flag("embedQuota"),
    ),
    step(
      "zc-017",
      "search_code",
      { path: BILLING, query: "payment gateway 503" },
      "the embeddings API answers 500 server_error (every try)",
      flag("embedServerError"),
    ),
    step(
      "zc-018",
      "search_code",
      { path: BILLING, query: "invoice subtotal" },
      "Milvus refuses the token: gRPC UNAUTHENTICATED",
      flag("milvusUnauthenticated"),
    ),
    step(
      "zc-019",
      "search_code",
      { path: BILLING, query: "invoice subtotal" },
      "Milvus answers the search with Status RateLimit (code 8)",
      flag("milvusRateLimited"),
    ),
    step(
      "zc-020",
      "search_code",
      { path: BILLING, query: "ledger auditors" },
      "the Milvus endpoint refuses connections",
      down(milvus),
    ),
    step(
      "zc-021",
      "search_code",
      { path: BILLING, query: "ledger auditors" },
      "zc-020's call once Milvus is back (3 s later, for the SDK's channel to reconnect)",
      settle(3000),
    ),
    step(
      "zc-022",
      "search_code",
      { path: BILLING, query: "invoice total" },
      "the embeddings API answers 20 s late; the client waits 4 s",
      flag("embedSlow", { timeoutMs: 4000 }),
    ),
    step(
      "zc-023",
      "index_codebase",
      { path: NOTES },
      "the cluster is at its plan's collection limit",
      flag("milvusCollectionLimit"),
    ),
    step("zc-024", "clear_index", { path: BILLING }, "clear the codebase's index"),
    step("zc-025", "list_collections", {}, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [zilliz];

export async function prepare(): Promise<() => Promise<void>> {
  writeCodebases();
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
