// Group r22-b: vector databases — DataStax Astra DB (DataStax's own @datastax/astra-db-mcp), Mixedbread vector stores
// (Mixedbread's own @mixedbread/mcp-server) and Chroma (the independent chromadb-mcp): each published MCP server behind
// a loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r22-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r22-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Reporter } from "../../deps.js";
import { HERE, LOGS, serverEnv, sleep, stdioServer, type Live, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ASTRA_KEYSPACE,
  ASTRA_PORT,
  ASTRA_RECORD_SLOW,
  ASTRA_TOKEN,
  CHROMA_PORT,
  DATA,
  MXB_FILE_ID,
  MXB_KEY,
  MXB_PORT,
  MXB_STORE,
  MXB_STORE_MISSING,
  MXB_STORE_SLOW,
  astraStandin,
  chromaStandin,
  clearTimers,
  mxbStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const HOME = path.join(DATA, "home");
const FILES = path.join(DATA, "files");

export const PACKAGES: Record<string, string> = {
  "@datastax/astra-db-mcp": "1.2.2",
  "@mixedbread/mcp-server": "1.0.2",
  "chromadb-mcp": "0.1.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

interface SdkClient {
  connect(transport: unknown): Promise<void>;
  close(): Promise<void>;
}
interface StdioTransport {
  readonly stderr: NodeJS.ReadableStream | null;
  readonly pid: number | null;
}

/**
 * The harness's SDK client (scripts/server-corpus/node_modules, 1.32.2), loaded at run time, so the project's
 * typecheck does not need this group's install; the types are the harness's own (`Live`).
 */
async function harnessSdk() {
  const dir = path.join(HERE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client");
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { Client } = (await load("index.js")) as {
    Client: new (info: { name: string; version: string }) => SdkClient;
  };
  const { StdioClientTransport } = (await load("stdio.js")) as {
    StdioClientTransport: new (params: {
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string;
      stderr: "pipe";
    }) => StdioTransport;
  };
  return { Client, StdioClientTransport };
}

/**
 * A stdio server started from a file of its package: neither chromadb-mcp 0.1.0 nor @mixedbread/mcp-server 1.0.2
 * declares a `bin`, so `npx <package>` cannot run them; chromadb-mcp's `start` script runs `node dist/index.js`, and
 * Mixedbread's compiled server is `dist/src/index.js`.
 */
function packageFileServer(label: string, file: string, env: Record<string, string>) {
  return async (reporter: Reporter): Promise<Live> => {
    const { Client, StdioClientTransport } = await harnessSdk();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(FROM, "node_modules", file)],
      env: serverEnv(env),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(
      new Client({ name: "faultline-corpus", version: "1.0.0" }) as never,
    ) as never as Live["client"];
    await (client as unknown as SdkClient).connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

// ------------------------------------------------------------------------------------------------- Astra DB

const astra: SessionSpec = {
  label: "r22-b-astra",
  server: "@datastax/astra-db-mcp",
  transport: "stdio",
  start: stdioServer("r22-b-astra", "@datastax/astra-db-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      ASTRA_DB_APPLICATION_TOKEN: ASTRA_TOKEN,
      ASTRA_DB_API_ENDPOINT: `http://127.0.0.1:${ASTRA_PORT}`,
      ASTRA_DB_KEYSPACE: ASTRA_KEYSPACE,
      HOME,
    },
  }),
  steps: [
    step("adb-001", "GetCollections", {}, "the database's collections"),
    step(
      "adb-002",
      "EstimateDocumentCount",
      { collectionName: "support_articles" },
      "how many help articles are indexed",
    ),
    step(
      "adb-003",
      "ListRecords",
      { collectionName: "support_articles", limit: 3 },
      "a look at three articles",
    ),
    step(
      "adb-004",
      "GetRecord",
      { collectionName: "support_articles", recordId: "kb-1042" },
      "one article by id",
    ),
    step(
      "adb-005",
      "GetRecord",
      { collectionName: "support_articles", recordId: "kb-9999" },
      "an article id that does not exist (findOne answers document null)",
    ),
    step(
      "adb-006",
      "FindRecord",
      { collectionName: "product_catalog", field: "sku", value: "TRL-2207" },
      "a product by SKU",
    ),
    step(
      "adb-007",
      "FindRecord",
      { collectionName: "product_catalog", field: "category", value: "snowshoes" },
      "products in a category the catalog does not carry",
    ),
    step(
      "adb-008",
      "FindDistinctValues",
      { collectionName: "product_catalog", field: "category" },
      "the catalog's categories",
    ),
    step(
      "adb-009",
      "CreateRecord",
      {
        collectionName: "support_articles",
        record: {
          _id: "kb-1061",
          title: "Changing the billing email",
          section: "Billing",
          body: "Owners can change the billing email under Settings → Billing → Invoice recipient.",
          updated_at: "2026-12-06",
          locale: "en",
        },
      },
      "add a new help article",
    ),
    step(
      "adb-010",
      "CreateRecord",
      {
        collectionName: "support_articles",
        record: { _id: "kb-1042", title: "How refunds work for annual plans (v2)", section: "Billing" },
      },
      "insert an article whose _id already exists (DOCUMENT_ALREADY_EXISTS)",
    ),
    step(
      "adb-011",
      "UpdateRecord",
      {
        collectionName: "support_articles",
        recordId: "kb-1042",
        record: { updated_at: "2026-12-06", reviewed_by: "mkowalski" },
      },
      "mark an article as reviewed",
    ),
    step(
      "adb-012",
      "UpdateRecord",
      { collectionName: "support_articles", recordId: "kb-1099", record: { section: "Billing" } },
      "update an article id that does not exist (matchedCount 0)",
    ),
    step(
      "adb-013",
      "DeleteRecord",
      { collectionName: "support_articles", recordId: "kb-0007" },
      "delete a retired article",
    ),
    step(
      "adb-014",
      "GetRecord",
      { collectionName: "support_article", recordId: "kb-1043" },
      "a collection name misspelt (COLLECTION_NOT_EXIST)",
    ),
    step(
      "adb-015",
      "GetRecord",
      { collectionName: "support_article", recordId: "kb-1043" },
      "the same misspelt collection again, unchanged",
    ),
    step(
      "adb-016",
      "ListRecords",
      { collectionName: "support_article", limit: 5 },
      "listing the misspelt collection (the server swallows the error and lists nothing)",
    ),
    step(
      "adb-017",
      "CreateCollection",
      { collectionName: "ticket_embeddings", vector: true, dimension: 1536, metric: "cosine" },
      "create a vector collection",
    ),
    step(
      "adb-018",
      "CreateCollection",
      { collectionName: "eval_runs", vector: false },
      "create a collection while the database has used its indexes (TOO_MANY_INDEXES)",
      flag("astraIndexLimit"),
    ),
    step(
      "adb-019",
      "CreateCollection",
      { collectionName: "support_articles", vector: true, dimension: 1536 },
      "create a collection that already exists (the client library refuses it)",
    ),
    step(
      "adb-020",
      "GetCollections",
      {},
      "collections after the application token was revoked (401 UNAUTHENTICATED)",
      flag("astraTokenRevoked"),
    ),
    step(
      "adb-021",
      "GetRecord",
      { collectionName: "support_articles", recordId: "kb-1043" },
      "an article while the Data API answers 'Server call failed, please retry!'",
      flag("astraServerFailed"),
    ),
    step(
      "adb-022",
      "GetRecord",
      { collectionName: "support_articles", recordId: "kb-1050" },
      "an article while a gateway answers an HTML 502",
      flag("astraBadGateway"),
    ),
    step(
      "adb-023",
      "GetRecord",
      { collectionName: "support_articles", recordId: ASTRA_RECORD_SLOW },
      "an article the Data API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "adb-024",
      "SemanticSearch",
      { collectionName: "support_articles", query: "refund annual plan" },
      "a tool the server does not have",
    ),
    step(
      "adb-025",
      "GetCollections",
      {},
      "collections while the Data API cannot be reached (stand-in stopped)",
      down(astraStandin),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------- Mixedbread

const mixedbread: SessionSpec = {
  label: "r22-b-mixedbread",
  server: "@mixedbread/mcp-server",
  transport: "stdio",
  // 1.0.2 declares no `bin` and its `main` (dist/index.js) is not in the package: the server is dist/src/index.js.
  start: packageFileServer("r22-b-mixedbread", "@mixedbread/mcp-server/dist/src/index.js", {
    MIXEDBREAD_API_KEY: MXB_KEY,
    MIXEDBREAD_BASE_URL: `http://127.0.0.1:${MXB_PORT}`,
    HOME,
  }),
  steps: [
    step("mxb-001", "vector_store_list", {}, "the account's vector stores"),
    step("mxb-002", "vector_store_list", { q: "legal-hold" }, "stores matching a name that none has"),
    step("mxb-003", "vector_store_retrieve", { vector_store_id: MXB_STORE }, "one store by name"),
    step(
      "mxb-004",
      "vector_store_retrieve",
      { vector_store_id: MXB_STORE_MISSING },
      "a store name that does not exist (404)",
    ),
    step(
      "mxb-005",
      "vector_store_retrieve",
      { vector_store_id: MXB_STORE_MISSING },
      "the same missing store again, unchanged",
    ),
    step(
      "mxb-006",
      "vector_store_search",
      { query: "can an annual plan be refunded", vector_store_identifiers: [MXB_STORE], top_k: 3 },
      "chunks about refunds",
    ),
    step(
      "mxb-007",
      "vector_store_search",
      {
        query: "quarterly OKR template for the design team",
        vector_store_identifiers: [MXB_STORE],
        top_k: 5,
      },
      "a search that finds nothing",
    ),
    step(
      "mxb-008",
      "vector_store_file_search",
      {
        query: "refund policy",
        vector_store_identifiers: [MXB_STORE],
        top_k: 2,
        search_options: { return_chunks: true },
      },
      "files about refunds, with their best chunk",
    ),
    step(
      "mxb-009",
      "vector_store_search",
      { query: "chargeback", vector_store_identifiers: [MXB_STORE], top_k: 0 },
      "top_k of zero (the server's own schema refuses it)",
    ),
    step(
      "mxb-010",
      "vector_store_search",
      { query: "chargeback", vector_store_identifiers: [] },
      "no store named to search",
    ),
    step(
      "mxb-011",
      "vector_store_create",
      { name: "onboarding-handbook", description: "New-hire handbook and IT setup guides" },
      "create a store",
    ),
    step(
      "mxb-012",
      "vector_store_create",
      { name: MXB_STORE, description: "duplicate" },
      "create a store whose name is taken (409)",
    ),
    step(
      "mxb-013",
      "vector_store_upload",
      { vector_store_id: MXB_STORE, file_path: path.join(FILES, "refund-policy.md") },
      "upload a local Markdown file to a store",
    ),
    step(
      "mxb-014",
      "vector_store_upload",
      { vector_store_id: MXB_STORE, file_path: path.join(FILES, "refund-policy-2027.md") },
      "upload a local file that does not exist",
    ),
    step(
      "mxb-015",
      "vector_store_file_retrieve",
      { vector_store_id: MXB_STORE, file_id: MXB_FILE_ID },
      "the uploaded file's status, the store passed as vector_store_id like the other tools take it",
    ),
    step(
      "mxb-016",
      "vector_store_file_retrieve",
      { vector_store_identifier: MXB_STORE, file_id: MXB_FILE_ID },
      "the uploaded file's status, with the argument the tool names",
    ),
    step("mxb-017", "vector_store_delete", { vector_store_id: "eng-runbooks" }, "delete a store"),
    step(
      "mxb-018",
      "vector_store_search",
      { query: "refund", vector_store_identifiers: [MXB_STORE], top_k: 3 },
      "a search while the account's balance is spent (402)",
      flag("mxbNoBalance"),
    ),
    step(
      "mxb-019",
      "vector_store_list",
      {},
      "stores with an API key that was deleted (401)",
      flag("mxbBadKey"),
    ),
    step(
      "mxb-020",
      "vector_store_search",
      { query: "refund", vector_store_identifiers: [MXB_STORE], top_k: 3 },
      "a search while rate limited (429, Retry-After 1; the SDK retries twice)",
      flag("mxbRateLimited"),
    ),
    step(
      "mxb-021",
      "vector_store_search",
      { query: "refund", vector_store_identifiers: [MXB_STORE], top_k: 3 },
      "a search while the API answers 503 (the SDK retries twice)",
      flag("mxbUnavailable"),
    ),
    step(
      "mxb-022",
      "vector_store_retrieve",
      { vector_store_id: MXB_STORE_SLOW },
      "a store the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "mxb-023",
      "vector_store_update",
      { vector_store_id: MXB_STORE, description: "Help-center articles" },
      "a tool the server does not have",
    ),
    step(
      "mxb-024",
      "vector_store_list",
      {},
      "stores while the API cannot be reached (stand-in stopped; the SDK retries twice)",
      down(mxbStandin),
    ),
  ],
};

// -------------------------------------------------------------------------------------------------- Chroma

const chroma: SessionSpec = {
  label: "r22-b-chroma",
  server: "chromadb-mcp",
  transport: "stdio",
  start: packageFileServer("r22-b-chroma", "chromadb-mcp/dist/index.js", {
    CHROMA_HOST: `http://127.0.0.1:${CHROMA_PORT}`,
    HOME,
  }),
  steps: [
    step("chr-001", "chroma_list_collections", {}, "the database's collections"),
    step("chr-002", "chroma_count", { collection: "support_tickets" }, "how many tickets are stored"),
    step("chr-003", "chroma_peek", { collection: "support_tickets", limit: 3 }, "a look at three tickets"),
    step(
      "chr-004",
      "chroma_get",
      { collection: "support_tickets", ids: ["tkt-5521", "tkt-5522"] },
      "two tickets by id",
    ),
    step(
      "chr-005",
      "chroma_get",
      { collection: "support_tickets", ids: ["tkt-0001"] },
      "a ticket id that is not stored (Chroma answers empty lists)",
    ),
    step(
      "chr-006",
      "chroma_query",
      { collection: "support_tickets", query_text: "customer was charged twice", n_results: 3 },
      "a semantic search by text (Chroma's REST API needs query_embeddings: 422)",
    ),
    step(
      "chr-007",
      "chroma_add",
      {
        collection: "support_tickets",
        documents: ["Refund requested for duplicate charge on invoice INV-88412."],
        metadatas: [{ status: "open", priority: "high", channel: "email" }],
        ids: ["tkt-5540"],
      },
      "add a ticket as text (Chroma's REST API needs embeddings: 422)",
    ),
    step(
      "chr-008",
      "chroma_create_collection",
      { name: "release_notes", metadata: { team: "product" } },
      "create a collection",
    ),
    step(
      "chr-009",
      "chroma_create_collection",
      { name: "support_tickets" },
      "create a collection that already exists (409 UniqueConstraintError)",
    ),
    step(
      "chr-010",
      "chroma_count",
      { collection: "support_ticket" },
      "count in a misspelt collection (the server's own lookup)",
    ),
    step(
      "chr-011",
      "chroma_delete_collection",
      { name: "faq_2024" },
      "delete a collection that does not exist (404 NotFoundError)",
    ),
    step(
      "chr-012",
      "chroma_list_collections",
      {},
      "collections while a gateway answers an HTML 502",
      flag("chromaBadGateway"),
    ),
    step(
      "chr-013",
      "chroma_search",
      { collection: "support_tickets", query: "refund" },
      "a tool the server does not have",
    ),
    step(
      "chr-014",
      "chroma_list_collections",
      {},
      "collections while Chroma cannot be reached (stand-in stopped)",
      down(chromaStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [astra, mixedbread, chroma];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(FILES, { recursive: true });
  fs.writeFileSync(
    path.join(FILES, "refund-policy.md"),
    "# Refund policy\n\nRefunds are issued to the original payment method within 5–10 business days.\n\n" +
      "Annual plans can be refunded pro rata within 30 days of renewal. Monthly plans are not refunded for partial months.\n",
  );
  fs.rmSync(path.join(FILES, "refund-policy-2027.md"), { force: true });
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
