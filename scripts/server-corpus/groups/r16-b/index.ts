// Group r16-b: search engines (Serper's Google search API; Tavily, Brave Search and Kagi through mcp-omnisearch)
// and object/media storage (an S3-compatible MinIO store; Cloudinary, over Streamable HTTP) — each published MCP
// server behind a loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r16-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r16-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ASSET_ID,
  BRAVE_KEY,
  CERT,
  CLOUD_NAME,
  CLOUDINARY_API_KEY,
  CLOUDINARY_MCP_PORT,
  CLOUDINARY_PORT,
  CLOUDINARY_REVOKED_KEY,
  CLOUDINARY_SECRET,
  DATA,
  KAGI_KEY,
  MISSING_ASSET_ID,
  OMNI_PROXY_PORT,
  S3_ACCESS_KEY,
  S3_PORT,
  S3_SECRET_KEY,
  SERPER_KEY,
  SERPER_TLS_PORT,
  TAVILY_KEY,
  clearTimers,
  cloudinaryStandin,
  ensureCertificate,
  omniStandin,
  resetS3,
  s3Standin,
  serperStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "serper-search-scrape-mcp-server": "0.1.2",
  "mcp-omnisearch": "0.0.15",
  "@pickstar-2002/minio-mcp": "1.1.2",
  "@cloudinary/asset-management-mcp": "0.11.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const FILES = path.join(DATA, "files");

// -------------------------------------------------------------------------------------------- Serper

const GL = { gl: "us", hl: "en" };

const serper: SessionSpec = {
  label: "r16-b-serper",
  server: "serper-search-scrape-mcp-server",
  transport: "stdio",
  start: stdioServer("r16-b-serper", "serper-search-scrape-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      SERPER_API_KEY: SERPER_KEY,
      SERPER_STANDIN_PORT: String(SERPER_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("srp-001", "google_search", { q: "meilisearch vs typesense", ...GL, num: 5 }, "a web search"),
    step(
      "srp-002",
      "google_search",
      { q: "backblaze", ...GL },
      "a search whose answer has a knowledge graph, people-also-ask and related searches",
    ),
    step(
      "srp-003",
      "google_search",
      { q: "meilisearch vs typesense", ...GL, num: 5, page: 2 },
      "the second page of results",
    ),
    step(
      "srp-004",
      "google_search",
      { q: "zqxj flurbo vectorstore quanticle", ...GL },
      "a search that finds nothing",
    ),
    step(
      "srp-005",
      "google_search",
      { q: "qdrant payload filtering" },
      "a search without the required gl and hl",
    ),
    step(
      "srp-006",
      "scrape",
      { url: "https://typesense.org/docs/guide/install-typesense.html", includeMarkdown: true },
      "scrape a documentation page with markdown",
    ),
    step(
      "srp-007",
      "scrape",
      { url: "https://typesense.org/docs/guide/install-typesense.html" },
      "scrape a page, text only",
    ),
    step(
      "srp-008",
      "scrape",
      { url: "https://typesense.org/docs/removed-page" },
      "scrape a page that answers its site's 404 page",
    ),
    step("srp-009", "scrape", {}, "scrape without a url"),
    step(
      "srp-010",
      "batch_google_search",
      {
        queries: [
          { q: "backblaze", ...GL },
          { q: "zqxj flurbo vectorstore quanticle", ...GL },
        ],
      },
      "a batch search through a tool the server handles but does not list",
    ),
    step("srp-011", "batch_google_search", {}, "the unlisted batch tool with no queries"),
    step(
      "srp-012",
      "google_search",
      { q: "weaviate hybrid search", ...GL },
      "a search after the API key was revoked (403)",
      flag("serperKeyRevoked"),
    ),
    step(
      "srp-013",
      "google_search",
      { q: "weaviate hybrid search", ...GL },
      "the same search again, the key still revoked",
      flag("serperKeyRevoked"),
    ),
    step(
      "srp-014",
      "google_search",
      { q: "minio erasure coding", ...GL },
      "a search after the account's credits ran out (400)",
      flag("serperNoCredits"),
    ),
    step(
      "srp-015",
      "google_search",
      { q: "minio erasure coding", ...GL },
      "a search while the API answers 429",
      flag("serperRateLimited"),
    ),
    step(
      "srp-016",
      "scrape",
      { url: "https://min.io/docs/minio/linux/index.html" },
      "a scrape while the API answers 500",
      flag("serperServerError"),
    ),
    step(
      "srp-017",
      "google_search",
      { q: "cloudinary transformations", ...GL },
      "a search while Cloudflare answers an HTML 502",
      flag("serperBadGateway"),
    ),
    step(
      "srp-018",
      "google_search",
      { q: "slow: algolia pricing", ...GL },
      "a search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("srp-019", "news_search", { q: "typesense", ...GL }, "a tool the server does not have"),
    step(
      "srp-020",
      "google_search",
      { q: "algolia pricing", ...GL },
      "a search while Serper cannot be reached (stand-in stopped)",
      down(serperStandin),
    ),
    step("srp-021", "google_search", { q: "algolia pricing", ...GL }, "the same search once Serper is back"),
    step(
      "srp-022",
      "google_search",
      { q: "slow: opensearch vs elasticsearch", ...GL },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ---------------------------------------------------------------------------------------- omnisearch

const omnisearch: SessionSpec = {
  label: "r16-b-omnisearch",
  server: "mcp-omnisearch",
  transport: "stdio",
  start: stdioServer("r16-b-omnisearch", "mcp-omnisearch", {
    from: FROM,
    cwd: DATA,
    env: {
      TAVILY_API_KEY: TAVILY_KEY,
      BRAVE_API_KEY: BRAVE_KEY,
      KAGI_API_KEY: KAGI_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${OMNI_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("omni-001", "tavily_search", { query: "weaviate vs qdrant", limit: 3 }, "a Tavily web search"),
    step(
      "omni-002",
      "tavily_search",
      { query: "weaviate vs qdrant hybrid search", include_domains: ["weaviate.io"] },
      "a Tavily search limited to one domain",
    ),
    step(
      "omni-003",
      "tavily_search",
      { query: "zqxj flurbo vectorstore quanticle" },
      "a Tavily search that finds nothing",
    ),
    step(
      "omni-004",
      "brave_search",
      { query: "s3 compatible object storage", limit: 5 },
      "a Brave web search",
    ),
    step(
      "omni-005",
      "brave_search",
      { query: "zqxj flurbo vectorstore quanticle" },
      "a Brave search with no web results",
    ),
    step("omni-006", "kagi_search", { query: "typesense", limit: 5 }, "a Kagi search"),
    step(
      "omni-007",
      "tavily_extract_process",
      {
        url: [
          "https://qdrant.tech/documentation/concepts/points/",
          "https://qdrant.tech/paywalled/enterprise-guide",
        ],
      },
      "extract two pages, one of which Tavily cannot fetch",
    ),
    step(
      "omni-008",
      "tavily_extract_process",
      { url: "qdrant points docs" },
      "extract from something that is not a URL",
    ),
    step(
      "omni-009",
      "kagi_search",
      { query: "meilisearch ranking rules" },
      "a Kagi search after the account's API credit ran out (400)",
      flag("kagiNoCredit"),
    ),
    step(
      "omni-010",
      "kagi_search",
      { query: "meilisearch ranking rules" },
      "a Kagi search after the token was revoked (401)",
      flag("kagiKeyRevoked"),
    ),
    step(
      "omni-011",
      "kagi_search",
      { query: "meilisearch ranking rules" },
      "the same search again, the token still revoked",
      flag("kagiKeyRevoked"),
    ),
    step(
      "omni-012",
      "tavily_search",
      { query: "algolia neuralsearch" },
      "a Tavily search after the key was revoked (401)",
      flag("tavilyKeyRevoked"),
    ),
    step(
      "omni-013",
      "tavily_search",
      { query: "algolia neuralsearch" },
      "a Tavily search over the plan's usage limit (432)",
      flag("tavilyPlanLimit"),
    ),
    step(
      "omni-014",
      "tavily_search",
      { query: "algolia neuralsearch" },
      "a Tavily search while the API answers 429",
      flag("tavilyRateLimited"),
    ),
    step(
      "omni-015",
      "tavily_search",
      { query: "algolia neuralsearch" },
      "a Tavily search while CloudFront answers an HTML 503",
      flag("tavilyUnavailable"),
    ),
    step(
      "omni-016",
      "brave_search",
      { query: "backblaze b2 lifecycle rules" },
      "a Brave search with an invalid subscription token (422)",
      flag("braveTokenInvalid"),
    ),
    step(
      "omni-017",
      "brave_search",
      { query: "backblaze b2 lifecycle rules" },
      "a Brave search over the plan's rate limit (429 with X-RateLimit headers)",
      flag("braveRateLimited"),
    ),
    step(
      "omni-018",
      "brave_search",
      { query: "backblaze b2 lifecycle rules" },
      "a Brave search while nginx answers an HTML 502",
      flag("braveBadGateway"),
    ),
    step("omni-019", "brave_search", { limit: 5 }, "a search without the required query"),
    step("omni-020", "kagi_search", { query: "typesense", limit: "five" }, "a limit given as a word"),
    step(
      "omni-021",
      "exa_search",
      { query: "vector databases" },
      "a tool of a provider that is not configured",
    ),
    step(
      "omni-022",
      "tavily_search",
      { query: "slow: opensearch k-nn" },
      "a Tavily search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "omni-023",
      "brave_search",
      { query: "meilisearch federated search" },
      "a Brave search while the providers cannot be reached (proxy stopped)",
      down(omniStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "omni-024",
      "tavily_search",
      { query: "slow: manticore search" },
      "a slow Tavily search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------------- MinIO

const minio: SessionSpec = {
  label: "r16-b-minio",
  server: "@pickstar-2002/minio-mcp",
  transport: "stdio",
  start: stdioServer("r16-b-minio", "@pickstar-2002/minio-mcp", {
    from: FROM,
    cwd: DATA,
    args: [
      "--endpoint=127.0.0.1",
      `--port=${S3_PORT}`,
      `--access-key=${S3_ACCESS_KEY}`,
      `--secret-key=${S3_SECRET_KEY}`,
      "--use-ssl=false",
      "--region=us-east-1",
    ],
    env: { HOME },
  }),
  steps: [
    step(
      "s3-001",
      "list_buckets",
      {},
      "list the buckets as the first call, while the server's own start-up connection is still being made",
    ),
    step("s3-027", "list_buckets", {}, "list the buckets once the server is connected"),
    step(
      "s3-002",
      "list_objects",
      { bucketName: "media-assets", recursive: true },
      "every object in a bucket",
    ),
    step("s3-004", "list_objects", { bucketName: "backups" }, "an empty bucket's objects"),
    step("s3-005", "list_objects", { bucketName: "media-asets" }, "objects of a bucket that does not exist"),
    step("s3-006", "list_objects", { bucketName: "media-asets" }, "the same missing bucket again, unchanged"),
    step("s3-007", "bucket_exists", { bucketName: "media-asets" }, "whether the misspelt bucket exists"),
    step(
      "s3-008",
      "get_object_info",
      { bucketName: "media-assets", objectName: "images/hero.jpg" },
      "one object's metadata",
    ),
    step(
      "s3-009",
      "get_object_info",
      { bucketName: "media-assets", objectName: "images/hero.webp" },
      "metadata of an object that does not exist",
    ),
    step(
      "s3-010",
      "upload_file",
      {
        bucketName: "media-assets",
        objectName: "docs/price-list.csv",
        filePath: path.join(FILES, "price-list.csv"),
        metadata: { owner: "catalog" },
      },
      "upload a local file",
    ),
    step(
      "s3-011",
      "upload_file",
      { bucketName: "media-assets", objectName: "docs/q4.pdf", filePath: path.join(FILES, "q4-report.pdf") },
      "upload a local file that does not exist",
    ),
    step(
      "s3-012",
      "upload_files",
      {
        bucketName: "backups",
        files: [
          { localPath: path.join(FILES, "price-list.csv"), objectName: "2026-12-06/price-list.csv" },
          { localPath: path.join(FILES, "inventory.json"), objectName: "2026-12-06/inventory.json" },
        ],
      },
      "upload two files, one of which is missing locally",
    ),
    step(
      "s3-013",
      "download_file",
      {
        bucketName: "media-assets",
        objectName: "docs/readme.txt",
        filePath: path.join(DATA, "downloads", "readme.txt"),
      },
      "download an object to a local file",
    ),
    step("s3-014", "create_bucket", { bucketName: "media-assets" }, "create a bucket that already exists"),
    step("s3-015", "create_bucket", { bucketName: "Media_Assets" }, "create a bucket with an invalid name"),
    step(
      "s3-016",
      "delete_bucket",
      { bucketName: "media-assets" },
      "delete a bucket that still holds objects",
    ),
    step(
      "s3-017",
      "list_objects",
      { bucketName: "finance-exports" },
      "objects of a bucket the key has no access to (403)",
    ),
    step(
      "s3-018",
      "generate_presigned_url",
      { bucketName: "media-assets", objectName: "images/logo.png", expires: 600 },
      "a presigned download URL",
    ),
    step("s3-019", "get_storage_stats", {}, "storage statistics over every bucket"),
    step(
      "s3-020",
      "list_objects",
      { bucketName: "media-assets" },
      "objects while the store answers 503 SlowDown",
      flag("s3SlowDown"),
    ),
    step(
      "s3-021",
      "get_object_info",
      { bucketName: "media-assets", objectName: "images/logo.png" },
      "metadata while the store answers 500 InternalError",
      flag("s3InternalError"),
    ),
    step(
      "s3-022",
      "list_buckets",
      {},
      "list the buckets after the access key was deleted (403 InvalidAccessKeyId)",
      flag("s3KeyUnknown"),
    ),
    step("s3-023", "list_objects", { prefix: "images/" }, "list objects without the required bucket name"),
    step(
      "s3-024",
      "rename_object",
      { bucketName: "media-assets", objectName: "images/hero.jpg" },
      "a tool the server does not have",
    ),
    step(
      "s3-025",
      "list_objects",
      { bucketName: "slow-archive" },
      "a listing the store takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "s3-026",
      "list_buckets",
      {},
      "list the buckets while the store cannot be reached (stand-in stopped)",
      down(s3Standin),
    ),
  ],
};

// ---------------------------------------------------------------------------------------- Cloudinary

let cloudinaryKey = CLOUDINARY_API_KEY;
const revokedKey = {
  before: async () => {
    cloudinaryKey = CLOUDINARY_REVOKED_KEY;
  },
  after: async () => {
    cloudinaryKey = CLOUDINARY_API_KEY;
  },
};

const cloudinary: SessionSpec = {
  label: "r16-b-cloudinary",
  server: "@cloudinary/asset-management-mcp",
  transport: "http",
  start: httpServer("r16-b-cloudinary", "@cloudinary/asset-management-mcp", {
    from: FROM,
    bin: "mcp",
    port: CLOUDINARY_MCP_PORT,
    args: [
      "serve",
      "--port",
      String(CLOUDINARY_MCP_PORT),
      "--disable-static-auth",
      "--server-url",
      `http://127.0.0.1:${CLOUDINARY_PORT}`,
      "--mcp-apps",
      "none",
    ],
    env: { HOME },
    headers: () => ({ "api-key": cloudinaryKey, "api-secret": CLOUDINARY_SECRET, "cloud-name": CLOUD_NAME }),
  }),
  steps: [
    step("cld-001", "list-images", {}, "list image assets"),
    step("cld-002", "list-images", { prefix: "archive/2019/" }, "image assets under a prefix that has none"),
    step("cld-003", "get-asset-details", { asset_id: ASSET_ID }, "one asset's details"),
    step("cld-004", "get-asset-details", { asset_id: MISSING_ASSET_ID }, "an asset id that does not exist"),
    step(
      "cld-005",
      "get-asset-details",
      { asset_id: MISSING_ASSET_ID },
      "the same missing asset again, unchanged",
    ),
    step(
      "cld-006",
      "search-assets",
      { request: { expression: "resource_type:image AND tags=shoes", max_results: 10 } },
      "search assets by tag",
    ),
    step(
      "cld-007",
      "search-assets",
      { request: { expression: "tags=discontinued" } },
      "a search that matches nothing",
    ),
    step(
      "cld-008",
      "search-assets",
      { request: { expression: "tags=shoes AND" } },
      "a search expression with a syntax error",
    ),
    step("cld-009", "list-tags", { resource_type: "image" }, "the image tags"),
    step("cld-010", "get-usage-details", {}, "the account's usage report"),
    step("cld-011", "create-folder", { folder: "products/boots" }, "create a folder"),
    step("cld-012", "delete-folder", { folder: "products/shoes" }, "delete a folder that still holds assets"),
    step(
      "cld-013",
      "transform-asset",
      { publicId: "products/shoes/trail-runner-red", transformations: "c_fill,w_800,h_600" },
      "create a derived version of an asset",
    ),
    step(
      "cld-014",
      "transform-asset",
      { publicId: "products/shoes/trail-runner-red", transformations: "c_fill_foo,w_800" },
      "a transformation string with an invalid component",
    ),
    step(
      "cld-015",
      "delete-asset",
      { request: { asset_id: MISSING_ASSET_ID } },
      "delete an asset that does not exist",
    ),
    step("cld-016", "list-images", {}, "list images with an API key that was revoked (401)", revokedKey),
    step(
      "cld-017",
      "list-tags",
      { resource_type: "image" },
      "tags after the hourly Admin API limit was spent (420)",
      flag("clRateLimited"),
    ),
    step(
      "cld-018",
      "get-usage-details",
      {},
      "the usage report while the API answers 500",
      flag("clServerError"),
    ),
    step(
      "cld-019",
      "list-images",
      {},
      "list images while Cloudflare answers an HTML 502",
      flag("clBadGateway"),
    ),
    step("cld-020", "list-images", { max_results: "fifty" }, "max_results given as a word"),
    step("cld-021", "get-asset-details", {}, "asset details without the required asset id"),
    step(
      "cld-022",
      "rename-folder",
      { from: "products/boots", to: "products/winter-boots" },
      "a tool the server does not have",
    ),
    step(
      "cld-023",
      "get-asset-details",
      { asset_id: "slow0000000000000000000000000000" },
      "asset details the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cld-024",
      "list-images",
      {},
      "list images while Cloudinary cannot be reached (stand-in stopped)",
      down(cloudinaryStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [serper, omnisearch, minio, cloudinary];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(FILES, { recursive: true });
  fs.rmSync(path.join(DATA, "downloads"), { recursive: true, force: true });
  fs.writeFileSync(
    path.join(FILES, "price-list.csv"),
    "sku,name,price\nTR-RED-42,Trail Runner Red 42,129.00\nCC-WHT-40,Court Classic White 40,89.00\n",
  );
  fs.rmSync(path.join(FILES, "inventory.json"), { force: true });
  fs.rmSync(path.join(FILES, "q4-report.pdf"), { force: true });
  resetS3();
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
