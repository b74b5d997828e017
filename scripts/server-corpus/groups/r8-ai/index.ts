// Group r8-ai: AI and knowledge tooling — a RAG store (Amazon Bedrock Knowledge Base retrieval), a
// prompt/eval platform (Opik), a document scraper (self-hosted Firecrawl), an LLM API (DeepSeek) and a
// model gateway (Replicate), each behind a loopback stand-in that answers with the real API's bodies
// and error shapes (standins.ts).
//
//   (cd scripts/server-corpus/groups/r8-ai && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r8-ai

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { killMidCall, step } from "../../steps.js";
import {
  AWS_KEY_ID,
  AWS_SECRET,
  DEEPSEEK_KEY,
  DEEPSEEK_PORT,
  FIRECRAWL_KEY,
  FIRECRAWL_PORT,
  KB_PORT,
  OPIK_KEY,
  OPIK_PORT,
  OPIK_WORKSPACE,
  REPLICATE_PORT,
  REPLICATE_TOKEN,
  deepseekStandin,
  firecrawlStandin,
  kbStandin,
  opikStandin,
  replicateStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r8-ai";

export const PACKAGES: Record<string, string> = {
  "@modelcontextprotocol/server-aws-kb-retrieval": "0.6.2",
  "opik-mcp": "2.0.2",
  "firecrawl-mcp": "3.26.0",
  "deepseek-mcp-server": "1.0.1",
  "replicate-mcp": "0.9.0",
};

type Flag = keyof typeof state;

/** Switches a stand-in's state on for one call. */
function during(flag: Flag, extra: Partial<Step> = {}): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      state[flag] = true;
    },
    after: async () => {
      state[flag] = false;
    },
  };
}

/** Stops a stand-in for one call (connection refused), then starts it again. */
function down(
  standin: { start(): Promise<void>; stop(): Promise<void> },
  extra: Partial<Step> = {},
): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

// ---------------------------------------------------------------- Bedrock Knowledge Base retrieval

const KB = "KBRUNBOOK1";
const KB_TOOL = "retrieve_from_aws_kb";

const kb: SessionSpec = {
  label: "r8-ai-aws-kb",
  server: "@modelcontextprotocol/server-aws-kb-retrieval",
  transport: "stdio",
  start: stdioServer("r8-ai-aws-kb", "@modelcontextprotocol/server-aws-kb-retrieval", {
    from: FROM,
    cwd: DATA,
    env: {
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: AWS_KEY_ID,
      AWS_SECRET_ACCESS_KEY: AWS_SECRET,
      AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME: `http://127.0.0.1:${KB_PORT}`,
    },
  }),
  steps: [
    step(
      "kb-001",
      KB_TOOL,
      { query: "How do I rotate the database credentials?", knowledgeBaseId: KB },
      "retrieve runbook passages for a question the knowledge base covers",
    ),
    step(
      "kb-002",
      KB_TOOL,
      { query: "What does a 503 from the ingest gateway mean?", knowledgeBaseId: KB, n: 1 },
      "retrieve one passage that explains gateway error codes",
    ),
    step(
      "kb-003",
      KB_TOOL,
      { query: "zeppelin hangar mooring", knowledgeBaseId: KB },
      "a query nothing in the knowledge base matches",
    ),
    step(
      "kb-004",
      KB_TOOL,
      { query: "How do I rotate the database credentials?", knowledgeBaseId: "KBMISSING9" },
      "a knowledge base id that does not exist (404 ResourceNotFoundException)",
    ),
    step(
      "kb-005",
      KB_TOOL,
      { query: "How do I rotate the database credentials?", knowledgeBaseId: "KBMISSING9" },
      "the same missing knowledge base again, unchanged",
    ),
    step(
      "kb-006",
      KB_TOOL,
      { query: "How do I rotate the database credentials?", knowledgeBaseId: "runbook-kb-prod" },
      "a knowledge base name instead of its id (400 ValidationException on the id pattern)",
    ),
    step(
      "kb-007",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB, n: 0 },
      "n = 0 results (400 ValidationException: must be >= 1)",
    ),
    step(
      "kb-008",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB, n: "three" },
      "n given as a word (400 SerializationException)",
    ),
    step("kb-009", KB_TOOL, { query: "rotate credentials" }, "the required knowledgeBaseId left out"),
    step(
      "kb-010",
      KB_TOOL,
      { query: "Q3 revenue by region", knowledgeBaseId: "KBFINANCE1" },
      "a knowledge base the IAM user may not query (403 AccessDeniedException)",
    ),
    step(
      "kb-011",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB },
      "retrieve while Bedrock throttles the account (429 ThrottlingException)",
      during("kbThrottled"),
    ),
    step(
      "kb-012",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB },
      "retrieve after the access key was deactivated (403 UnrecognizedClientException)",
      during("kbCredentialsInvalid"),
    ),
    step(
      "kb-013",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB },
      "retrieve while Bedrock answers 500 InternalServerException",
      during("kbInternalError"),
    ),
    step(
      "kb-014",
      KB_TOOL,
      { query: "rotate credentials", knowledgeBaseId: KB },
      "retrieve while the endpoint refuses connections (stand-in stopped)",
      down(kbStandin),
    ),
    step("kb-015", "delete_from_aws_kb", { knowledgeBaseId: KB }, "a tool the server does not have"),
    step(
      "kb-016",
      KB_TOOL,
      { query: "2019 incident reports", knowledgeBaseId: "KBARCHIVE1" },
      "a knowledge base whose vector store answers after 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "kb-017",
      KB_TOOL,
      { query: "2018 incident reports", knowledgeBaseId: "KBARCHIVE1" },
      "the slow knowledge base again; the server process is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------- Opik

const TRACE = "0193a1f4-11d2-7b8e-8c3a-5e9f2a7d4b01";
const MISSING_TRACE = "0193a1f4-ffff-7b8e-8c3a-5e9f2a7d4b99";

const opik: SessionSpec = {
  label: "r8-ai-opik",
  server: "opik-mcp",
  transport: "stdio",
  start: stdioServer("r8-ai-opik", "opik-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      OPIK_API_BASE_URL: `http://127.0.0.1:${OPIK_PORT}`,
      OPIK_API_KEY: OPIK_KEY,
      OPIK_WORKSPACE_NAME: OPIK_WORKSPACE,
      OPIK_TOOLSETS: "all",
    },
  }),
  steps: [
    step("op-001", "list-projects", {}, "list the workspace's projects"),
    step("op-002", "list-traces", { projectName: "support-bot", size: 5 }, "list a project's traces"),
    step("op-003", "get-trace-by-id", { traceId: TRACE }, "get one trace by id"),
    step("op-004", "get-trace-by-id", { traceId: MISSING_TRACE }, "a trace id that does not exist (404)"),
    step("op-005", "get-trace-by-id", { traceId: MISSING_TRACE }, "the same missing trace again, unchanged"),
    step(
      "op-006",
      "get-trace-by-id",
      { traceId: "trace-42" },
      "a trace id that is not a UUID (Jersey 404 for the unmatched path)",
    ),
    step("op-007", "get-prompts", { name: "zeppelin" }, "prompts filtered by a name none has"),
    step(
      "op-008",
      "search-traces",
      { projectName: "support-bot", query: "refund" },
      "free-text trace search (the server sends a filter string the API rejects: 400)",
    ),
    step(
      "op-009",
      "create-prompt",
      { name: "support-answer", description: "System prompt for the support bot" },
      "create a prompt whose name is taken (409)",
    ),
    step(
      "op-010",
      "save-prompt-version",
      { name: "support-answer", template: "Answer from {{context}} only.", type: "handlebars" },
      "a template type outside the enum",
    ),
    step(
      "op-011",
      "add-trace-feedback",
      { traceId: TRACE, scores: [{ name: "answer_relevance", value: 0.8 }] },
      "score a trace (the SDK refuses the request before sending it)",
    ),
    step(
      "op-012",
      "list-traces",
      { workspaceName: "r8-ai-sandbox" },
      "traces of a workspace that has no projects yet, no project named",
    ),
    step(
      "op-013",
      "create-prompt",
      { name: "triage-router", description: "Routes tickets to queues" },
      "create a prompt while the workspace is over its write rate limit (429)",
      during("opikRateLimited"),
    ),
    step(
      "op-014",
      "list-datasets",
      {},
      "list datasets while the backend throws (500 with a logged error id)",
      during("opikInternalError"),
    ),
    step(
      "op-015",
      "list-projects",
      { page: 1, size: 5 },
      "list projects after the API key was revoked (401)",
      during("opikKeyRevoked"),
    ),
    step(
      "op-016",
      "list-projects",
      { page: 1, size: 3 },
      "list projects while an SSO proxy answers with its login page (HTML, 200)",
      during("opikHtmlLogin"),
    ),
    step(
      "op-017",
      "get-dataset-by-id",
      { datasetId: "0193a211-9d8c-7b6a-8e5f-4d3c2b1a0f99" },
      "a dataset the backend takes 15 s to read; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "op-018",
      "list-projects",
      { page: 2, size: 10 },
      "list projects while the backend refuses connections (stand-in stopped)",
      down(opikStandin),
    ),
    step("op-019", "delete-project", { projectName: "support-bot" }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------- Firecrawl (self-hosted)

const DOCS = "https://docs.acme-widgets.example";

const firecrawl: SessionSpec = {
  label: "r8-ai-firecrawl",
  server: "firecrawl-mcp",
  transport: "stdio",
  start: stdioServer("r8-ai-firecrawl", "firecrawl-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      FIRECRAWL_API_URL: `http://127.0.0.1:${FIRECRAWL_PORT}`,
      FIRECRAWL_API_KEY: FIRECRAWL_KEY,
    },
  }),
  steps: [
    step("fc-001", "firecrawl_scrape", { url: `${DOCS}/guides/install` }, "scrape a docs page to markdown"),
    step("fc-002", "firecrawl_map", { url: DOCS }, "map a docs site's URLs"),
    step("fc-003", "firecrawl_map", { url: DOCS, search: "billing" }, "map a site for a word no URL has"),
    step(
      "fc-004",
      "firecrawl_search",
      { query: "acme widgets sdk changelog 2019" },
      "a web search that finds nothing",
    ),
    step(
      "fc-005",
      "firecrawl_scrape",
      { url: `${DOCS}/guides/instal` },
      "scrape a misspelt URL (the site answers its 404 page)",
    ),
    step(
      "fc-006",
      "firecrawl_scrape",
      { url: `${DOCS}/guides/instal` },
      "the same misspelt URL again, unchanged",
    ),
    step("fc-007", "firecrawl_scrape", { url: "docs acme widgets install" }, "a url that is not a URL"),
    step(
      "fc-008",
      "firecrawl_scrape",
      { url: `${DOCS}/guides/install`, formats: ["pdf"] },
      "an output format outside the enum",
    ),
    step(
      "fc-009",
      "firecrawl_crawl",
      { url: `${DOCS}/`, limit: 20 },
      "crawl a site; the crawl fails after 1 of 14 pages",
    ),
    step(
      "fc-010",
      "firecrawl_check_crawl_status",
      { id: "0193a3d0-0000-7000-8000-000000000bad" },
      "status of a crawl job id that does not exist (404)",
    ),
    step(
      "fc-011",
      "firecrawl_scrape",
      { url: "https://www.linkedin.com/in/jane-doe-acme" },
      "scrape a site Firecrawl refuses to support (403)",
    ),
    step(
      "fc-012",
      "firecrawl_map",
      { url: DOCS, limit: 50 },
      "map after the API key was revoked (401)",
      during("fcKeyRevoked"),
    ),
    step(
      "fc-013",
      "firecrawl_scrape",
      { url: `${DOCS}/guides/auth` },
      "scrape with the team's credits spent (402)",
      during("fcOutOfCredits"),
    ),
    step(
      "fc-014",
      "firecrawl_map",
      { url: DOCS, sitemap: "only" },
      "map while over the per-minute rate limit (429)",
      during("fcRateLimited"),
    ),
    step(
      "fc-015",
      "firecrawl_scrape",
      { url: `${DOCS}/guides/rate-limits` },
      "scrape while the API throws (500 UNKNOWN_ERROR)",
      during("fcInternalError"),
    ),
    step(
      "fc-016",
      "firecrawl_scrape",
      { url: `${DOCS}/` },
      "scrape while the Firecrawl API refuses connections (stand-in stopped)",
      down(firecrawlStandin),
    ),
    step(
      "fc-017",
      "firecrawl_scrape",
      { url: "https://slow-portal.acme-widgets.example/reports" },
      "scrape a page Firecrawl takes 15 s on; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("fc-018", "firecrawl_screenshot", { url: DOCS }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------- DeepSeek

const deepseek: SessionSpec = {
  label: "r8-ai-deepseek",
  server: "deepseek-mcp-server",
  transport: "stdio",
  start: stdioServer("r8-ai-deepseek", "deepseek-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      DEEPSEEK_API_KEY: DEEPSEEK_KEY,
      DEEPSEEK_BASE_URL: `http://127.0.0.1:${DEEPSEEK_PORT}`,
      DEEPSEEK_REQUEST_TIMEOUT_MS: "4000",
    },
  }),
  steps: [
    step("ds-001", "list_models", {}, "list the available models"),
    step(
      "ds-002",
      "chat_completion",
      { message: "In one sentence, what is a vector index?", max_tokens: 200 },
      "a short chat completion",
    ),
    step("ds-003", "get_user_balance", {}, "the account balance"),
    step(
      "ds-004",
      "chat_completion",
      { message: "Hello", model: "deepseek-gpt5" },
      "a model name that does not exist (400 Model Not Exist)",
    ),
    step(
      "ds-005",
      "chat_completion",
      { message: "Hello", model: "deepseek-gpt5" },
      "the same unknown model again, unchanged",
    ),
    step(
      "ds-006",
      "chat_completion",
      { message: "Write a haiku about caching", temperature: 3 },
      "temperature above the maximum of 2",
    ),
    step(
      "ds-007",
      "chat_completion",
      { message: "Summarise the quarterly report in 200 words", max_tokens: 400 },
      "a completion the inference cluster abandons (finish_reason insufficient_system_resource)",
    ),
    step("ds-008", "list_files", {}, "list uploaded files when there are none"),
    step("ds-009", "retrieve_file", { file_id: "file-api-7Hq2c91xZ" }, "a file id that does not exist (404)"),
    step(
      "ds-010",
      "chat_completion",
      { message: "Draft a release note for v2.3" },
      "chat with the account balance at zero (402 Insufficient Balance)",
      during("dsNoBalance"),
    ),
    step("ds-011", "get_user_balance", {}, "the account balance while it is at zero", during("dsNoBalance")),
    step(
      "ds-012",
      "chat_completion",
      { message: "Draft a release note for v2.3" },
      "chat while rate-limited (429)",
      during("dsRateLimited"),
    ),
    step(
      "ds-013",
      "chat_completion",
      { message: "Draft a release note for v2.3" },
      "chat after the API key was deleted (401 Authentication Fails)",
      during("dsKeyRevoked"),
    ),
    step(
      "ds-014",
      "chat_completion",
      { message: "Draft a release note for v2.3" },
      "chat while the service is overloaded (503)",
      during("dsOverloaded"),
    ),
    step(
      "ds-015",
      "list_models",
      {},
      "list models while the CDN in front answers 502 Bad Gateway (HTML)",
      during("dsBadGateway"),
    ),
    step(
      "ds-016",
      "chat_completion",
      { message: "Answer slowly: what is 2+2?" },
      "a completion slower than the server's 4 s request timeout",
    ),
    step(
      "ds-017",
      "list_models",
      {},
      "list models while the API refuses connections (stand-in stopped)",
      down(deepseekStandin),
    ),
    step("ds-018", "embeddings", { input: "vector index" }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------- Replicate

const HELLO = "5c7d5dc6dd8bf75c1acaa8565735e7986bc5b66206b55cca93cb72c9bf15ccaa";

const replicate: SessionSpec = {
  label: "r8-ai-replicate",
  server: "replicate-mcp",
  transport: "stdio",
  start: stdioServer("r8-ai-replicate", "replicate-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      REPLICATE_BASE_URL: `http://127.0.0.1:${REPLICATE_PORT}/v1`,
      REPLICATE_API_TOKEN: REPLICATE_TOKEN,
    },
  }),
  steps: [
    step("rp-001", "get_account", {}, "the authenticated account"),
    step(
      "rp-002",
      "get_models",
      { model_owner: "replicate", model_name: "hello-world" },
      "get a public model",
    ),
    step(
      "rp-003",
      "get_models",
      { model_owner: "replicate", model_name: "hello-wrld" },
      "a misspelt model name (404)",
    ),
    step(
      "rp-004",
      "get_models",
      { model_owner: "replicate", model_name: "hello-wrld" },
      "the same misspelt model again, unchanged",
    ),
    step(
      "rp-005",
      "create_predictions",
      { input: { text: "Alice" } },
      "create a prediction without the version (422 Input validation failed)",
    ),
    step("rp-006", "create_predictions", { version: HELLO, input: { text: "Alice" } }, "create a prediction"),
    step(
      "rp-007",
      "get_predictions",
      { prediction_id: "gm3qorzdhgbfurvjtvhg6dckhu" },
      "get a prediction that succeeded",
    ),
    step(
      "rp-008",
      "create_predictions",
      { version: HELLO, input: { text: "A".repeat(250) }, Prefer: "wait" },
      "run a prediction synchronously; the model crashes (201, status failed)",
    ),
    step("rp-009", "get_predictions", {}, "get a prediction without its id"),
    step(
      "rp-010",
      "search_models",
      { body: "zeppelin image upscaler" },
      "search public models for words none has",
    ),
    step("rp-011", "list_predictions", {}, "list predictions when there are none"),
    step(
      "rp-012",
      "get_collections",
      { collection_slug: "text-to-zeppelin" },
      "a collection slug that does not exist (404)",
    ),
    step(
      "rp-013",
      "get_account",
      {},
      "the account after the API token was revoked (401)",
      during("rpTokenRevoked"),
    ),
    step(
      "rp-014",
      "list_predictions",
      {},
      "list predictions while throttled (429, Retry-After: 1)",
      during("rpThrottled", { timeoutMs: 20_000 }),
    ),
    step(
      "rp-015",
      "get_account",
      {},
      "the account while the API answers a 500 HTML page",
      during("rpInternalError", { timeoutMs: 20_000 }),
    ),
    step(
      "rp-016",
      "get_predictions",
      { prediction_id: "gm3qorzdhgbfurvjtvhg6dckhu" },
      "get a prediction while the API refuses connections (stand-in stopped)",
      down(replicateStandin, { timeoutMs: 20_000 }),
    ),
    step("rp-017", "run_model", { model: "replicate/hello-world" }, "a tool the server does not have"),
    step(
      "rp-018",
      "get_predictions",
      { prediction_id: "r7w2k9m4sxrgc0cmdp8b1ytq6e" },
      "a prediction read that hangs; the server process is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [kb, opik, firecrawl, deepseek, replicate];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  const standins = [kbStandin, opikStandin, firecrawlStandin, deepseekStandin, replicateStandin];
  await Promise.all(standins.map((standin) => standin.start()));
  return async () => {
    await Promise.allSettled(standins.map((standin) => standin.stop()));
  };
}
