// Group r10-search: web search (Tavily, Brave Search), a vector database (Pinecone) and a chat platform
// (Slack) — each behind a loopback stand-in that answers with the real API's bodies and error bodies
// (standins.ts), reached through a loopback HTTPS proxy the servers use as their proxy.
//
//   (cd scripts/server-corpus/groups/r10-search && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r10-search

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BRAVE_KEY,
  BRAVE_MCP_PORT,
  BRAVE_PROXY_PORT,
  CERT,
  DATA,
  PINECONE_KEY,
  PINECONE_PROXY_PORT,
  SLACK,
  SLACK_PROXY_PORT,
  SLACK_TEAM,
  SLACK_TOKEN,
  TAVILY_KEY,
  TAVILY_PROXY_PORT,
  braveStandin,
  clearTimers,
  ensureCertificate,
  pineconeStandin,
  slackStandin,
  state,
  tavilyStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(FROM, "proxy-preload.mjs");

export const PACKAGES: Record<string, string> = {
  "tavily-mcp": "0.2.22",
  "@brave/brave-search-mcp-server": "2.1.4",
  "@pinecone-database/mcp": "0.3.0",
  "@modelcontextprotocol/server-slack": "2025.4.25",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/** Trust for the stand-in certificate, and a proxy that answers as the API. */
function proxied(port: number, viaPreload: boolean): Record<string, string> {
  return {
    HTTPS_PROXY: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: CERT,
    HOME: path.join(DATA, "home"),
    ...(viaPreload ? { NODE_OPTIONS: `--import=${PRELOAD}` } : {}),
  };
}

// --------------------------------------------------------------------------------------- Tavily

const tavily: SessionSpec = {
  label: "r10-search-tavily",
  server: "tavily-mcp",
  transport: "stdio",
  start: stdioServer("r10-search-tavily", "tavily-mcp", {
    from: FROM,
    cwd: DATA,
    env: { TAVILY_API_KEY: TAVILY_KEY, ...proxied(TAVILY_PROXY_PORT, false) },
  }),
  steps: [
    step(
      "tvl-001",
      "tavily_search",
      { query: "EU AI Act obligations for general-purpose AI model providers" },
      "a web search with an answer",
    ),
    step(
      "tvl-002",
      "tavily_search",
      { query: "zxqv flurbogast quantum llama festival 1887", search_depth: "basic" },
      "a web search that finds nothing",
    ),
    step(
      "tvl-003",
      "tavily_search",
      { query: "EU AI Act code of practice signatories", max_results: 50 },
      "a search asking for more results than the API allows",
    ),
    step(
      "tvl-004",
      "tavily_search",
      { query: "EU AI Act code of practice signatories", max_results: 50 },
      "the same search again, unchanged",
    ),
    step(
      "tvl-005",
      "tavily_extract",
      {
        urls: [
          "https://artificialintelligenceact.eu/article/53/",
          "https://artificialintelligenceact.eu/annex/11/",
        ],
      },
      "extract two pages",
    ),
    step(
      "tvl-006",
      "tavily_extract",
      {
        urls: [
          "https://artificialintelligenceact.eu/article/55/",
          "https://www.ft.com/content/paywalled-ai-act-analysis",
        ],
      },
      "extract two pages, one of which cannot be fetched",
    ),
    step(
      "tvl-007",
      "tavily_extract",
      { urls: ["https://wiki.internal.example/ai-act-compliance"] },
      "extract a page that cannot be fetched",
    ),
    step(
      "tvl-008",
      "tavily_crawl",
      { url: "https://docs.acme-sdk.dev", max_depth: 1, limit: 10 },
      "crawl a documentation site",
    ),
    step("tvl-009", "tavily_map", { url: "https://docs.acme-sdk.dev" }, "map a documentation site"),
    step(
      "tvl-010",
      "tavily_research",
      { input: "Compare managed and self-hosted vector databases for RAG in 2026", model: "mini" },
      "a research task that completes",
    ),
    step(
      "tvl-011",
      "tavily_research",
      { input: "Summarise every US tariff change on semiconductors since 2018", model: "mini" },
      "a research task that the API reports as failed",
    ),
    step("tvl-012", "tavily_search", {}, "a search without the required query"),
    step(
      "tvl-013",
      "tavily_search",
      { query: "pgvector HNSW build time" },
      "a search after the API key was revoked",
      flag("tavilyKeyRevoked"),
    ),
    step(
      "tvl-014",
      "tavily_search",
      { query: "pgvector HNSW build time" },
      "a search after the plan's monthly credits are used up (432)",
      flag("tavilyPlanLimit"),
    ),
    step(
      "tvl-015",
      "tavily_extract",
      { urls: ["https://github.com/pgvector/pgvector"] },
      "an extract while the key is over its request rate (429 with Retry-After)",
      flag("tavilyRateLimited"),
    ),
    step(
      "tvl-016",
      "tavily_research",
      { input: "State of open-source vector search engines", model: "mini" },
      "a research task while the key is over its request rate (429)",
      flag("tavilyResearchRateLimited"),
    ),
    step(
      "tvl-017",
      "tavily_search",
      { query: "qdrant vs milvus benchmark" },
      "a search while Cloudflare answers 502",
      flag("tavilyBadGateway"),
    ),
    step(
      "tvl-018",
      "tavily_search",
      { query: "qdrant vs milvus benchmark" },
      "a search answered with a Cloudflare challenge page (HTTP 200 HTML)",
      flag("tavilyChallengePage"),
    ),
    step(
      "tvl-019",
      "tavily_search",
      { query: "transformer architecture attention survey", search_depth: "advanced" },
      "a search that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("tvl-020", "tavily_news", { query: "vector database funding" }, "a tool the server does not have"),
    step(
      "tvl-021",
      "tavily_search",
      { query: "milvus 2.5 release notes" },
      "a search while the API cannot be reached (proxy stopped)",
      down(tavilyStandin),
    ),
    step(
      "tvl-022",
      "tavily_search",
      { query: "transformer architecture attention survey" },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Brave

const brave: SessionSpec = {
  label: "r10-search-brave",
  server: "@brave/brave-search-mcp-server",
  transport: "http",
  start: httpServer("r10-search-brave", "@brave/brave-search-mcp-server", {
    from: FROM,
    port: BRAVE_MCP_PORT,
    env: {
      BRAVE_API_KEY: BRAVE_KEY,
      BRAVE_MCP_TRANSPORT: "http",
      BRAVE_MCP_PORT: String(BRAVE_MCP_PORT),
      BRAVE_MCP_HOST: "127.0.0.1",
      ...proxied(BRAVE_PROXY_PORT, true),
    },
  }),
  steps: [
    step("brv-001", "brave_web_search", { query: "pgvector HNSW index", count: 5 }, "a web search"),
    step(
      "brv-002",
      "brave_web_search",
      { query: "qwzx vlorptang hyperdrive sandwich 1742" },
      "a web search that finds nothing",
    ),
    step("brv-003", "brave_news_search", { query: "Qdrant funding" }, "a news search"),
    step(
      "brv-004",
      "brave_news_search",
      { query: "qwzx vlorptang hyperdrive sandwich 1742" },
      "a news search that finds nothing",
    ),
    step("brv-005", "brave_image_search", { query: "HNSW graph layers diagram" }, "an image search"),
    step(
      "brv-006",
      "brave_local_search",
      { query: "ramen near Pearl District Portland" },
      "a local search on a plan without the Local API",
    ),
    step(
      "brv-007",
      "brave_web_search",
      { query: "pgvector HNSW index", summary: true },
      "a web search that asks for a Summarizer key",
    ),
    step(
      "brv-008",
      "brave_summarizer",
      {
        key: '{"query":"pgvector HNSW index","country":"us","language":"en","safesearch":"moderate","results_hash":"a9f1c2e7b3d5"}',
      },
      "the summary for the key the search gave",
    ),
    step(
      "brv-009",
      "brave_summarizer",
      {
        key: '{"query":"pgvector hnsw","country":"us","language":"en","safesearch":"moderate"}',
      },
      "a summary for a key the Summarizer has no summary for",
    ),
    step(
      "brv-010",
      "brave_web_search",
      { query: "pgvector release", country: "XX" },
      "a country code the tool does not accept",
    ),
    step(
      "brv-011",
      "brave_web_search",
      { query: "pgvector release", freshness: "last-week" },
      "a freshness value the tool's schema rejects",
    ),
    step(
      "brv-012",
      "brave_web_search",
      { query: "pgvector release", freshness: "last-week" },
      "the same rejected search again, unchanged",
    ),
    step(
      "brv-013",
      "brave_web_search",
      { query: "pgvector release", freshness: "2026-11-01to2026-13-01" },
      "a date range the API rejects (422 VALIDATION)",
    ),
    step(
      "brv-014",
      "brave_web_search",
      { query: "milvus vs qdrant" },
      "a search after the subscription token was revoked",
      flag("braveTokenInvalid"),
    ),
    step(
      "brv-015",
      "brave_news_search",
      { query: "vector database" },
      "a news search over the plan's rate limit (429 with X-RateLimit-*)",
      flag("braveRateLimited"),
    ),
    step(
      "brv-016",
      "brave_web_search",
      { query: "weaviate hybrid search" },
      "a search while Cloudflare answers 502",
      flag("braveBadGateway"),
    ),
    step(
      "brv-017",
      "brave_web_search",
      { query: "weaviate hybrid search" },
      "a search while the API answers 503",
      flag("braveUnavailable"),
    ),
    step(
      "brv-018",
      "brave_web_search",
      { query: "slow faiss ivf tuning guide" },
      "a search that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "brv-019",
      "brave_shopping_search",
      { query: "mechanical keyboard" },
      "a tool the server does not have",
    ),
    step("brv-020", "brave_web_search", { count: 5 }, "a web search without the required query"),
    step(
      "brv-021",
      "brave_web_search",
      { query: "chroma db persistence" },
      "a search while the API cannot be reached (proxy stopped)",
      down(braveStandin),
    ),
    step(
      "brv-022",
      "brave_web_search",
      { query: "slow faiss ivf tuning guide" },
      "a slow search; the MCP server (Streamable HTTP) is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------- Pinecone

const SEARCH = { topK: 5, inputs: { text: "how long does a refund take" } };

const pinecone: SessionSpec = {
  label: "r10-search-pinecone",
  server: "@pinecone-database/mcp",
  transport: "stdio",
  start: stdioServer("r10-search-pinecone", "@pinecone-database/mcp", {
    from: FROM,
    cwd: DATA,
    env: { PINECONE_API_KEY: PINECONE_KEY, ...proxied(PINECONE_PROXY_PORT, true) },
  }),
  steps: [
    step("pc-001", "list-indexes", {}, "list the indexes"),
    step("pc-002", "describe-index", { name: "support-kb" }, "describe the support-kb index"),
    step("pc-003", "describe-index", { name: "support-kbb" }, "describe an index that does not exist"),
    step("pc-004", "describe-index", { name: "support-kbb" }, "the same missing index again, unchanged"),
    step("pc-005", "describe-index-stats", { name: "support-kb" }, "record counts per namespace"),
    step(
      "pc-006",
      "search-records",
      { name: "support-kb", namespace: "faq", query: SEARCH },
      "a semantic search in the faq namespace",
    ),
    step(
      "pc-007",
      "search-records",
      { name: "support-kb", namespace: "faq-archive", query: SEARCH },
      "a search in a namespace with no records",
    ),
    step(
      "pc-008",
      "search-records",
      {
        name: "support-kb",
        namespace: "faq",
        query: { ...SEARCH, filter: { category: { $contains: "bill" } } },
      },
      "a search with a filter operator Pinecone does not have",
    ),
    step(
      "pc-009",
      "upsert-records",
      {
        name: "support-kb",
        namespace: "faq",
        records: [
          {
            id: "faq-refunds-07",
            chunk_text: "Refunds to PayPal arrive within 24 hours.",
            category: "billing",
          },
          {
            id: "faq-refunds-08",
            chunk_text: "Gift cards cannot be refunded.",
            category: "billing",
          },
        ],
      },
      "upsert two records",
    ),
    step(
      "pc-010",
      "upsert-records",
      {
        name: "support-kb",
        namespace: "faq",
        records: [
          { id: "faq-refunds-09", text: "Refunds for bank transfers take 3 days.", category: "billing" },
        ],
      },
      "upsert a record whose text is not in the index's fieldMap field",
    ),
    step(
      "pc-011",
      "upsert-records",
      {
        name: "support-kb",
        namespace: "faq",
        records: [{ chunk_text: "Invoices are issued on the 1st.", category: "billing" }],
      },
      "upsert a record without an id",
    ),
    step(
      "pc-012",
      "create-index-for-model",
      { name: "support-kb", embed: { model: "multilingual-e5-large", fieldMap: { text: "chunk_text" } } },
      "create an index whose name already exists",
    ),
    step(
      "pc-013",
      "create-index-for-model",
      { name: "tickets-2027", embed: { model: "llama-text-embed-v2", fieldMap: { text: "body" } } },
      "create an index when the project is at its index quota",
    ),
    step(
      "pc-014",
      "rerank-documents",
      {
        model: "bge-reranker-v2-m3",
        query: "refund to credit card",
        documents: [
          "Shipping takes 3-5 days.",
          "Card refunds reach the card within 5-10 business days.",
          "Refunds can be requested from the orders page.",
        ],
        options: { topN: 2 },
      },
      "rerank three documents",
    ),
    step(
      "pc-015",
      "rerank-documents",
      {
        model: "bge-reranker-v2-m3",
        query: "refund to credit card",
        documents: [
          { title: "Shipping", body: "Shipping takes 3-5 days." },
          { title: "Card refunds", body: "Card refunds reach the card within 5-10 business days." },
        ],
        options: { topN: 2, rankFields: ["title", "body"] },
      },
      "rerank records on two fields with a model that takes one",
    ),
    step(
      "pc-016",
      "search-records",
      { name: "support-kb", namespace: "faq", query: SEARCH },
      "a search after the monthly read-unit limit was reached (429)",
      flag("pineconeRateLimited"),
    ),
    step(
      "pc-017",
      "describe-index-stats",
      { name: "support-kb" },
      "index stats while the API answers 500 (the SDK retries)",
      flag("pineconeServerError"),
    ),
    step(
      "pc-018",
      "list-indexes",
      {},
      "list indexes while nginx answers 503",
      flag("pineconeUnavailablePage"),
    ),
    step(
      "pc-019",
      "list-indexes",
      {},
      "list indexes after the API key was deleted",
      flag("pineconeKeyInvalid"),
    ),
    step(
      "pc-020",
      "search-records",
      { name: "support-kb", namespace: "faq", query: { topK: 5, inputs: { text: "slow refund question" } } },
      "a search that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("pc-021", "delete-index", { name: "product-docs" }, "a tool the server does not have"),
    step(
      "pc-022",
      "search-records",
      { name: "support-kb", namespace: "faq", query: { topK: "five", inputs: { text: "refund" } } },
      "a search with topK given as a word",
    ),
    step(
      "pc-023",
      "list-indexes",
      {},
      "list indexes while Pinecone cannot be reached (proxy stopped)",
      down(pineconeStandin),
    ),
    step(
      "pc-024",
      "search-records",
      { name: "support-kb", namespace: "faq", query: { topK: 5, inputs: { text: "slow refund question" } } },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Slack

const slack: SessionSpec = {
  label: "r10-search-slack",
  server: "@modelcontextprotocol/server-slack",
  transport: "stdio",
  start: stdioServer("r10-search-slack", "@modelcontextprotocol/server-slack", {
    from: FROM,
    cwd: DATA,
    env: { SLACK_BOT_TOKEN: SLACK_TOKEN, SLACK_TEAM_ID: SLACK_TEAM, ...proxied(SLACK_PROXY_PORT, true) },
  }),
  steps: [
    step("slk-001", "slack_list_channels", { limit: 20 }, "list the public channels"),
    step(
      "slk-002",
      "slack_get_channel_history",
      { channel_id: SLACK.incidents, limit: 10 },
      "recent messages in #incidents",
    ),
    step(
      "slk-003",
      "slack_get_channel_history",
      { channel_id: "C07NOPE0R10", limit: 10 },
      "history of a channel id that does not exist",
    ),
    step(
      "slk-004",
      "slack_get_channel_history",
      { channel_id: "C07NOPE0R10", limit: 10 },
      "the same missing channel again, unchanged",
    ),
    step(
      "slk-005",
      "slack_get_channel_history",
      { channel_id: SLACK.empty, limit: 10 },
      "history of a channel with no messages yet",
    ),
    step(
      "slk-006",
      "slack_post_message",
      { channel_id: SLACK.incidents, text: "Incident 4521 resolved: p95 back under 120 ms." },
      "post a message to #incidents",
    ),
    step(
      "slk-007",
      "slack_post_message",
      { channel_id: SLACK.releases, text: "search-api 3.14.0 is rolling out." },
      "post to a channel the bot is not a member of",
    ),
    step(
      "slk-008",
      "slack_post_message",
      { channel_id: SLACK.archived, text: "Launch retro notes are in the doc." },
      "post to an archived channel",
    ),
    step(
      "slk-009",
      "slack_reply_to_thread",
      { channel_id: SLACK.incidents, thread_ts: SLACK.threadTs, text: "Post-mortem doc is up." },
      "reply in the incident thread",
    ),
    step(
      "slk-010",
      "slack_get_thread_replies",
      { channel_id: SLACK.incidents, thread_ts: SLACK.threadTs },
      "the replies of the incident thread",
    ),
    step(
      "slk-011",
      "slack_add_reaction",
      { channel_id: SLACK.incidents, timestamp: SLACK.threadTs, reaction: "white_check_mark" },
      "react to the incident message",
    ),
    step(
      "slk-012",
      "slack_add_reaction",
      { channel_id: SLACK.incidents, timestamp: SLACK.threadTs, reaction: "white_check_mark" },
      "the same reaction again",
    ),
    step(
      "slk-013",
      "slack_add_reaction",
      { channel_id: SLACK.incidents, timestamp: SLACK.threadTs, reaction: "partyparrot" },
      "react with an emoji the workspace does not have",
    ),
    step("slk-014", "slack_get_users", { limit: 50 }, "list the workspace's users"),
    step("slk-015", "slack_get_user_profile", { user_id: SLACK.userAda }, "a user's profile"),
    step("slk-016", "slack_get_user_profile", { user_id: "U07GONE0R10" }, "a user id that does not exist"),
    step("slk-017", "slack_get_user_profile", {}, "a profile without the required user_id"),
    step(
      "slk-018",
      "slack_list_channels",
      { limit: 20 },
      "list channels with a token that lacks channels:read",
      flag("slackMissingScope"),
    ),
    step(
      "slk-019",
      "slack_get_users",
      { limit: 50 },
      "list users after the bot token was revoked",
      flag("slackTokenRevoked"),
    ),
    step(
      "slk-020",
      "slack_post_message",
      { channel_id: SLACK.general, text: "Reminder: search freeze starts Friday." },
      "post while the method is rate limited (429 with Retry-After)",
      flag("slackRateLimited"),
    ),
    step(
      "slk-021",
      "slack_get_channel_history",
      { channel_id: SLACK.general, limit: 10 },
      "history while Slack answers with an nginx 503 page",
      flag("slackOutagePage"),
    ),
    step(
      "slk-022",
      "slack_get_thread_replies",
      { channel_id: SLACK.incidents, thread_ts: SLACK.threadTs },
      "thread replies while Slack reports internal_error",
      flag("slackInternalError"),
    ),
    step(
      "slk-023",
      "slack_get_channel_history",
      { channel_id: SLACK.incidents, limit: 50 },
      "a history that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "slk-024",
      "slack_delete_message",
      { channel_id: SLACK.incidents, timestamp: SLACK.threadTs },
      "a tool the server does not have",
    ),
    step(
      "slk-025",
      "slack_list_channels",
      { limit: 20 },
      "list channels while Slack cannot be reached (proxy stopped)",
      down(slackStandin),
    ),
    step(
      "slk-026",
      "slack_get_channel_history",
      { channel_id: SLACK.incidents, limit: 50 },
      "a slow history; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [tavily, brave, pinecone, slack];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
