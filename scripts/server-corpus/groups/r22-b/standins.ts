// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - DataStax Astra DB's Data API (JSON API v1) for @datastax/astra-db-mcp: one POST endpoint per keyspace and per
//   collection, commands such as `findCollections`, `find`, `findOne`, `insertOne`, `updateOne`, `deleteOne`,
//   `createCollection`, `estimatedDocumentCount`; command errors come back in an HTTP 200 body
//   `{"errors":[{"message","errorCode",…}]}`, a bad token as HTTP 401 with the same envelope. The server takes its
//   endpoint from ASTRA_DB_API_ENDPOINT: a plain loopback listener.
// - Mixedbread's API (`/v1/vector_stores…`, `/v1/files`) for @mixedbread/mcp-server; errors `{"detail": …}` for 401 and
//   `{"message": …}` otherwise. MIXEDBREAD_BASE_URL points the SDK at a plain loopback listener.
// - Chroma's HTTP API v2 (`/api/v2/tenants/…/databases/…/collections…`) for chromadb-mcp; errors
//   `{"error":"NotFoundError","message":…}`, and axum's plain-text 422 for a body it cannot deserialize. CHROMA_HOST
//   points the server at a plain loopback listener.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r22-b";

export const ASTRA_PORT = 41250;
export const MXB_PORT = 41251;
export const CHROMA_PORT = 41252;

export const state = {
  astraTokenRevoked: false,
  astraIndexLimit: false,
  astraServerFailed: false,
  astraBadGateway: false,
  mxbBadKey: false,
  mxbNoBalance: false,
  mxbRateLimited: false,
  mxbUnavailable: false,
  chromaBadGateway: false,
};

const nginx502 = (server = "nginx") =>
  `<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>${server}</center>\r\n</body>\r\n</html>\r\n`;

// --------------------------------------------------------------------------------------------------- Astra DB

export const ASTRA_TOKEN =
  "AstraCS:qWkRzLcTnYbVfHjDsPmXaGeU:3f9c1e7a52b84d06e1a7c9b3d5f20864a1e3c5b7d9f1a3c5e7b9d1f3a5c7e9b1";
export const ASTRA_KEYSPACE = "default_keyspace";
export const ASTRA_RECORD_SLOW = "kb-7777";

const uuid = (n: number) =>
  `${["9730a4a9", "3b0dcaec", "5e1f22d0", "c41a9b77", "0d6e8f31"][n % 5]}-4bd6-4235-9e6b-b04d3544ceca`;
let astraErrors = 0;

function astraError(res: http.ServerResponse, errors: Record<string, unknown>[], status = 200) {
  json(res, status, {
    errors: errors.map((error) => ({ ...error, id: uuid(astraErrors++), family: "REQUEST", scope: "EMPTY" })),
  });
}

const COLLECTIONS: Record<string, { vector?: { dimension: number; metric: string } }> = {
  support_articles: { vector: { dimension: 1536, metric: "cosine" } },
  product_catalog: { vector: { dimension: 1024, metric: "dot_product" } },
  chat_memory: {},
};

const ARTICLES: Record<string, Record<string, unknown>>[] = [];
const articles: Record<string, Record<string, unknown>> = {
  "kb-1042": {
    _id: "kb-1042",
    title: "How refunds work for annual plans",
    section: "Billing",
    body: "Annual plans can be refunded pro rata within 30 days of renewal. Refunds go back to the original card in 5–10 business days.",
    updated_at: "2026-11-18",
    locale: "en",
  },
  "kb-1043": {
    _id: "kb-1043",
    title: "Resetting two-factor authentication",
    section: "Account security",
    body: "If you lost your authenticator device, an owner of the workspace can reset 2FA from Members → Security.",
    updated_at: "2026-10-02",
    locale: "en",
  },
  "kb-1050": {
    _id: "kb-1050",
    title: "Error 'card_declined' at checkout",
    section: "Billing",
    body: "Error: card_declined means the bank refused the charge. Ask the customer to contact their bank or use another card.",
    updated_at: "2026-09-27",
    locale: "en",
  },
  "kb-0007": {
    _id: "kb-0007",
    title: "Legacy: exporting to CSV from the v1 dashboard",
    section: "Archive",
    body: "The v1 dashboard was retired in 2025.",
    updated_at: "2024-03-11",
    locale: "en",
  },
};
void ARTICLES;

const PRODUCTS = [
  {
    _id: "p-2207",
    sku: "TRL-2207",
    name: "Trailhead 2P tent",
    category: "tents",
    price: 349.0,
    in_stock: true,
  },
  {
    _id: "p-1180",
    sku: "BPK-1180",
    name: "Ridge 45L backpack",
    category: "backpacks",
    price: 189.0,
    in_stock: true,
  },
  {
    _id: "p-0931",
    sku: "SLP-0931",
    name: "Summit -5°C sleeping bag",
    category: "sleeping bags",
    price: 229.0,
    in_stock: false,
  },
  {
    _id: "p-4410",
    sku: "STV-4410",
    name: "Ember compact stove",
    category: "cooking",
    price: 64.5,
    in_stock: true,
  },
  {
    _id: "p-2290",
    sku: "TRL-2290",
    name: "Trailhead 3P tent",
    category: "tents",
    price: 429.0,
    in_stock: true,
  },
];

interface AstraArgs {
  name?: string;
  options?: { explain?: boolean; limit?: number; vector?: { dimension: number; metric: string } };
  filter?: Record<string, unknown>;
  projection?: Record<string, number>;
  document?: Record<string, unknown>;
  update?: { $set?: Record<string, unknown> };
}

function matches(doc: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value && typeof value === "object") return false; // the regex fallback arrives as {} and matches nothing
    return doc[key] === value;
  });
}

function astraHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.astraBadGateway) return text(res, 502, nginx502(), "text/html");
  if (state.astraTokenRevoked || req.headers["token"] !== ASTRA_TOKEN)
    return json(res, 401, { errors: [{ message: "UNAUTHENTICATED: Invalid token" }] });
  // /api/json/v1/<keyspace>[/<collection>]
  const parts = url.pathname.split("/").filter(Boolean);
  const [, , , keyspace, collection] = parts;
  if (keyspace !== ASTRA_KEYSPACE)
    return astraError(res, [
      {
        message: `The provided keyspace does not exist: Unknown keyspace '${keyspace}', you must create it first`,
        errorCode: "KEYSPACE_DOES_NOT_EXIST",
      },
    ]);
  const command = parse(body);
  const [name] = Object.keys(command);
  const args = (command[name!] ?? {}) as AstraArgs;

  if (!collection) {
    if (name === "findCollections") {
      const explain = args.options?.explain === true;
      return json(res, 200, {
        status: {
          collections: Object.entries(COLLECTIONS).map(([collectionName, options]) =>
            explain ? { name: collectionName, options } : collectionName,
          ),
        },
      });
    }
    if (name === "createCollection") {
      if (state.astraIndexLimit)
        return astraError(res, [
          {
            message:
              "Too many indexes: cannot create a new collection; 94 indexes already created in database, maximum 100",
            errorCode: "TOO_MANY_INDEXES",
            title: "Too many indexes",
          },
        ]);
      COLLECTIONS[args.name ?? ""] = { vector: args.options?.vector };
      return json(res, 200, { status: { ok: 1 } });
    }
    if (name === "deleteCollection") {
      delete COLLECTIONS[args.name ?? ""];
      return json(res, 200, { status: { ok: 1 } });
    }
    return astraError(res, [
      { message: `No \"${name}\" command found as \"KeyspaceCommand\"`, errorCode: "NO_COMMAND_MATCHED" },
    ]);
  }

  if (!COLLECTIONS[collection])
    return astraError(res, [
      {
        message: `Collection does not exist, collection name: ${collection}`,
        errorCode: "COLLECTION_NOT_EXIST",
        title: "Collection does not exist, collection name",
      },
    ]);
  if (state.astraServerFailed) return astraError(res, [{ message: "Server call failed, please retry!" }]);

  const docs: Record<string, unknown>[] =
    collection === "support_articles"
      ? Object.values(articles)
      : collection === "product_catalog"
        ? PRODUCTS
        : [];

  switch (name) {
    case "estimatedDocumentCount":
      return json(res, 200, { status: { count: collection === "support_articles" ? 1842 : docs.length } });
    case "find": {
      const filter = (args.filter ?? {}) as Record<string, unknown>;
      const limit = (args.options?.limit as number | undefined) ?? 20;
      const projection = args.projection as Record<string, number> | undefined;
      let found = docs.filter((doc) => matches(doc, filter)).slice(0, limit);
      if (projection && Object.keys(projection).length)
        found = found.map((doc) =>
          Object.fromEntries(
            Object.keys(projection)
              .filter((key) => key in doc)
              .map((key) => [key, doc[key]]),
          ),
        );
      return json(res, 200, { data: { documents: found, nextPageState: null } });
    }
    case "findOne": {
      const id = (args.filter ?? {})._id as string | undefined;
      if (id === ASTRA_RECORD_SLOW) return later(15_000, () => json(res, 200, { data: { document: null } }));
      const found = docs.find((doc) => matches(doc, args.filter ?? {})) ?? null;
      return json(res, 200, { data: { document: found } });
    }
    case "insertOne": {
      const doc = args.document as Record<string, unknown>;
      const id = (doc._id as string) ?? "b7e1c0de-5a7f-4c11-a1e0-6f2d9c8b4a31";
      if (collection === "support_articles" && articles[id])
        return json(res, 200, {
          status: { insertedIds: [] },
          errors: [
            {
              message: `Failed to insert document with _id '${id}': Document already exists with the given _id`,
              errorCode: "DOCUMENT_ALREADY_EXISTS",
              id: uuid(astraErrors++),
              family: "REQUEST",
              scope: "DOCUMENT",
              title: "Document already exists with the given _id",
            },
          ],
        });
      if (collection === "support_articles") articles[id] = { ...doc, _id: id };
      return json(res, 200, { status: { insertedIds: [id] } });
    }
    case "updateOne": {
      const id = (args.filter ?? {})._id as string;
      const found = collection === "support_articles" ? articles[id] : undefined;
      if (!found) return json(res, 200, { status: { matchedCount: 0, modifiedCount: 0 } });
      Object.assign(found, args.update?.$set ?? {});
      return json(res, 200, { status: { matchedCount: 1, modifiedCount: 1 } });
    }
    case "deleteOne": {
      const id = (args.filter ?? {})._id as string;
      const existed = collection === "support_articles" && Boolean(articles[id]);
      if (existed) delete articles[id];
      return json(res, 200, { status: { deletedCount: existed ? 1 : 0 } });
    }
    default:
      return astraError(res, [
        { message: `No \"${name}\" command found as \"CollectionCommand\"`, errorCode: "NO_COMMAND_MATCHED" },
      ]);
  }
}

export const astraStandin = httpStandin(ASTRA_PORT, astraHandler);

// -------------------------------------------------------------------------------------------------- Mixedbread

export const MXB_KEY = "mxb_7Qp2VhKc9sLrT4wXzN8bYdF1gJ6mA3eU";
export const MXB_STORE = "support-kb";
export const MXB_STORE_ID = "8f1c2b7e-4a5d-4e39-9b0c-6d2e1f3a7c55";
export const MXB_STORE_MISSING = "support-kb-v2";
export const MXB_STORE_SLOW = "contracts-archive";
export const MXB_FILE_ID = "c2a9e4d1-7b3f-4f0a-8e65-1d9b2c7f4e80";

const STORES = [
  {
    id: MXB_STORE_ID,
    name: MXB_STORE,
    description: "Help-center articles and macros, synced nightly from Zendesk",
    is_public: false,
    metadata: { source: "zendesk", owner: "support-ops" },
    file_counts: { pending: 0, in_progress: 0, cancelled: 0, completed: 214, failed: 2, total: 216 },
    expires_after: null,
    status: "completed",
    created_at: "2026-08-14T09:12:40.118Z",
    updated_at: "2026-12-05T02:00:11.402Z",
    last_active_at: "2026-12-06T21:47:03.551Z",
    usage_bytes: 48213776,
    expires_at: null,
    object: "vector_store",
  },
  {
    id: "1d0b9c4e-2f6a-47d8-a3b1-5e8c7f9d2a10",
    name: "eng-runbooks",
    description: "On-call runbooks and postmortems",
    is_public: false,
    metadata: { owner: "platform" },
    file_counts: { pending: 1, in_progress: 0, cancelled: 0, completed: 88, failed: 0, total: 89 },
    expires_after: null,
    status: "in_progress",
    created_at: "2026-06-02T15:40:09.771Z",
    updated_at: "2026-12-06T18:22:50.006Z",
    last_active_at: "2026-12-06T18:22:50.006Z",
    usage_bytes: 17733120,
    expires_at: null,
    object: "vector_store",
  },
  {
    id: "6a3e8b21-c5d4-4f7e-9a02-b1c3d4e5f607",
    name: MXB_STORE_SLOW,
    description: "Signed customer contracts 2019–2026 (scanned PDFs)",
    is_public: false,
    metadata: { owner: "legal-ops" },
    file_counts: { pending: 0, in_progress: 0, cancelled: 0, completed: 1312, failed: 9, total: 1321 },
    expires_after: null,
    status: "completed",
    created_at: "2025-11-20T08:00:00.000Z",
    updated_at: "2026-11-30T23:10:44.915Z",
    last_active_at: "2026-12-01T07:05:12.338Z",
    usage_bytes: 2147483648,
    expires_at: null,
    object: "vector_store",
  },
];

const chunk = (index: number, score: number, filename: string, text: string, fileId = MXB_FILE_ID) => ({
  chunk_index: index,
  mime_type: "text/markdown",
  generated_metadata: null,
  model: "mixedbread-ai/mxbai-embed-large-v1",
  score,
  file_id: fileId,
  filename,
  vector_store_id: MXB_STORE_ID,
  metadata: { source: "zendesk", locale: "en" },
  type: "text",
  text,
});

function mxbError(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  json(res, status, body, headers);
}

function mxbHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.mxbBadKey || req.headers.authorization !== `Bearer ${MXB_KEY}`)
    return mxbError(res, 401, { detail: "Invalid API key" });
  if (state.mxbNoBalance && url.pathname.endsWith("/search"))
    return mxbError(res, 402, {
      message: "Insufficient balance. Please top up your account or add a payment method to continue.",
    });
  if (state.mxbRateLimited)
    return mxbError(
      res,
      429,
      { message: "Rate limit exceeded. Please retry after 1 second." },
      { "retry-after": "1" },
    );
  if (state.mxbUnavailable)
    return mxbError(res, 503, { message: "Service temporarily unavailable. Please retry later." });
  const method = req.method ?? "GET";
  const parts = url.pathname.split("/").filter(Boolean); // ["v1", "vector_stores", ...]

  if (parts[1] === "files" && method === "POST")
    return json(res, 201, {
      id: MXB_FILE_ID,
      filename: "refund-policy.md",
      bytes: 2143,
      mime_type: "text/markdown",
      version: 1,
      created_at: "2026-12-06T22:41:07.120Z",
      updated_at: "2026-12-06T22:41:07.120Z",
    });
  if (parts[1] !== "vector_stores") return mxbError(res, 404, { message: "Not Found" });
  const [, , second, third, fourth] = parts;

  if (!second) {
    if (method === "GET") {
      const q = url.searchParams.get("q");
      const data = q
        ? STORES.filter((store) => store.name.includes(q) || store.description.includes(q))
        : STORES;
      return json(res, 200, {
        pagination: {
          has_more: false,
          first_cursor: data[0]?.id ?? null,
          last_cursor: data.at(-1)?.id ?? null,
          total: data.length,
        },
        object: "list",
        data,
      });
    }
    const params = parse(body);
    if (STORES.some((store) => store.name === params.name))
      return mxbError(res, 409, {
        message: `A vector store with the name '${String(params.name)}' already exists`,
      });
    const now = "2026-12-06T22:40:31.908Z";
    return json(res, 201, {
      id: "4e7d1a9c-8b2f-4c35-a6e0-9f1b3d5c7e21",
      name: params.name,
      description: params.description ?? null,
      is_public: false,
      metadata: null,
      file_counts: { pending: 0, in_progress: 0, cancelled: 0, completed: 0, failed: 0, total: 0 },
      expires_after: null,
      status: "completed",
      created_at: now,
      updated_at: now,
      last_active_at: now,
      usage_bytes: 0,
      expires_at: null,
      object: "vector_store",
    });
  }

  if (second === "search") {
    const params = parse(body);
    const query = String(params.query ?? "");
    if (/quarterly OKR/i.test(query)) return json(res, 200, { object: "list", data: [] });
    return json(res, 200, {
      object: "list",
      data: [
        chunk(
          3,
          0.8731,
          "refund-policy.md",
          "Annual plans can be refunded pro rata within 30 days of renewal. Monthly plans are not refunded for partial months.",
        ),
        chunk(
          0,
          0.8112,
          "refund-policy.md",
          "# Refund policy\n\nRefunds are issued to the original payment method within 5–10 business days.",
        ),
        chunk(
          7,
          0.7446,
          "chargebacks.md",
          "If a customer files a chargeback, do not issue a refund as well: the bank reverses the charge itself.",
          "0b4d6f8a-1c3e-4a5b-9d7f-2e4c6a8b0d12",
        ),
      ].slice(0, Number(params.top_k ?? 5)),
    });
  }
  if (second === "files" && third === "search") {
    return json(res, 200, {
      object: "list",
      data: [
        {
          id: MXB_FILE_ID,
          filename: "refund-policy.md",
          metadata: { source: "zendesk" },
          status: "completed",
          last_error: null,
          vector_store_id: MXB_STORE_ID,
          created_at: "2026-08-14T09:20:02.551Z",
          version: 3,
          usage_bytes: 21430,
          score: 0.8731,
          object: "vector_store.file",
          chunks: [
            chunk(
              3,
              0.8731,
              "refund-policy.md",
              "Annual plans can be refunded pro rata within 30 days of renewal.",
            ),
          ],
        },
      ],
    });
  }

  const store = STORES.find((candidate) => candidate.id === second || candidate.name === second);
  if (!store) return mxbError(res, 404, { message: "Vector store not found" });
  if (store.name === MXB_STORE_SLOW && method === "GET" && !third)
    return later(15_000, () => json(res, 200, store));
  if (!third) {
    if (method === "DELETE") return json(res, 200, { id: store.id, deleted: true, object: "vector_store" });
    return json(res, 200, store);
  }
  if (third === "files" && method === "POST")
    return json(res, 201, {
      id: MXB_FILE_ID,
      filename: "refund-policy.md",
      metadata: null,
      status: "pending",
      last_error: null,
      vector_store_id: store.id,
      created_at: "2026-12-06T22:41:07.655Z",
      version: 1,
      usage_bytes: 0,
      object: "vector_store.file",
    });
  if (third === "files" && fourth) {
    if (fourth !== MXB_FILE_ID) return mxbError(res, 404, { message: "Vector store file not found" });
    return json(res, 200, {
      id: MXB_FILE_ID,
      filename: "refund-policy.md",
      metadata: { source: "zendesk" },
      status: "completed",
      last_error: null,
      vector_store_id: store.id,
      created_at: "2026-08-14T09:20:02.551Z",
      version: 3,
      usage_bytes: 21430,
      object: "vector_store.file",
    });
  }
  return mxbError(res, 404, { message: "Not Found" });
}

export const mxbStandin = httpStandin(MXB_PORT, mxbHandler);

// ------------------------------------------------------------------------------------------------------ Chroma

export const CHROMA_COLLECTION_ID = "7b3e9f12-6c4d-4a8e-b1f0-2d5c8e9a3f64";

const CHROMA_COLLECTIONS = [
  {
    id: CHROMA_COLLECTION_ID,
    name: "support_tickets",
    configuration_json: {
      hnsw: {
        space: "cosine",
        ef_construction: 100,
        ef_search: 100,
        max_neighbors: 16,
        resize_factor: 1.2,
        sync_threshold: 1000,
      },
      spann: null,
      embedding_function: {
        type: "known",
        name: "openai",
        config: { model_name: "text-embedding-3-small", api_key_env_var: "CHROMA_OPENAI_API_KEY" },
      },
    },
    metadata: { team: "support", source: "zendesk" },
    dimension: 1536,
    tenant: "default_tenant",
    database: "default_database",
    log_position: 0,
    version: 0,
  },
  {
    id: "e2c4a6b8-0d1f-4e3a-9c5b-7d9f1b3e5a70",
    name: "product_docs",
    configuration_json: {
      hnsw: {
        space: "l2",
        ef_construction: 100,
        ef_search: 100,
        max_neighbors: 16,
        resize_factor: 1.2,
        sync_threshold: 1000,
      },
      spann: null,
      embedding_function: { type: "known", name: "default", config: {} },
    },
    metadata: null,
    dimension: 384,
    tenant: "default_tenant",
    database: "default_database",
    log_position: 0,
    version: 0,
  },
];

const TICKETS: Record<string, { document: string; metadata: Record<string, unknown> }> = {
  "tkt-5521": {
    document: "Customer charged twice for the December invoice; asks for one charge to be refunded.",
    metadata: { status: "open", priority: "high", channel: "email", created: "2026-12-05" },
  },
  "tkt-5522": {
    document: "Cannot log in after resetting password; error says 'session expired' on every attempt.",
    metadata: { status: "pending", priority: "normal", channel: "chat", created: "2026-12-05" },
  },
  "tkt-5530": {
    document: "Asks whether the annual plan can be refunded after 20 days.",
    metadata: { status: "solved", priority: "low", channel: "email", created: "2026-12-06" },
  },
};

function chromaGet(ids: string[] | undefined, limit: number | undefined) {
  const chosen = (ids ?? Object.keys(TICKETS)).filter((id) => TICKETS[id]).slice(0, limit ?? undefined);
  return {
    ids: chosen,
    embeddings: null,
    documents: chosen.map((id) => TICKETS[id]!.document),
    uris: null,
    included: ["documents", "metadatas"],
    data: null,
    metadatas: chosen.map((id) => TICKETS[id]!.metadata),
  };
}

function chromaHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const traced = { "chroma-trace-id": "0" };
  if (state.chromaBadGateway) return text(res, 502, nginx502("cloudflare"), "text/html");
  const method = req.method ?? "GET";
  const prefix = "/api/v2/tenants/default_tenant/databases/default_database/collections";
  if (!url.pathname.startsWith(prefix))
    return json(res, 404, { error: "NotFound", message: "Not found" }, traced);
  const rest = url.pathname.slice(prefix.length).split("/").filter(Boolean);

  if (rest.length === 0) {
    if (method === "GET") return json(res, 200, CHROMA_COLLECTIONS, traced);
    const params = parse(body);
    if (CHROMA_COLLECTIONS.some((collection) => collection.name === params.name))
      return json(
        res,
        409,
        { error: "UniqueConstraintError", message: `Collection ${String(params.name)} already exists` },
        traced,
      );
    return json(
      res,
      200,
      {
        id: "a9d2f4b6-3e8c-4d1a-b7f5-0c2e4a6b8d93",
        name: params.name,
        configuration_json: {
          hnsw: {
            space: "l2",
            ef_construction: 100,
            ef_search: 100,
            max_neighbors: 16,
            resize_factor: 1.2,
            sync_threshold: 1000,
          },
          spann: null,
          embedding_function: null,
        },
        metadata: params.metadata && Object.keys(params.metadata).length ? params.metadata : null,
        dimension: null,
        tenant: "default_tenant",
        database: "default_database",
        log_position: 0,
        version: 0,
      },
      traced,
    );
  }
  const [collection, action] = rest;
  if (!action) {
    if (method === "DELETE") {
      if (!CHROMA_COLLECTIONS.some((candidate) => candidate.name === collection))
        return json(
          res,
          404,
          { error: "NotFoundError", message: `Collection [${collection}] does not exists` },
          traced,
        );
      return json(res, 200, {}, traced);
    }
  }
  if (collection !== CHROMA_COLLECTION_ID)
    return json(
      res,
      404,
      { error: "NotFoundError", message: `Collection [${collection}] does not exists` },
      traced,
    );
  if (action === "count") return json(res, 200, 1284, traced);
  const params = parse(body);
  if (action === "get")
    return json(
      res,
      200,
      chromaGet(params.ids as string[] | undefined, params.limit as number | undefined),
      traced,
    );
  // The REST API embeds nothing itself: add needs `embeddings`, query needs `query_embeddings` (axum's rejection, 422).
  if (action === "add")
    return text(
      res,
      422,
      `Failed to deserialize the JSON body into the target type: missing field \`embeddings\` at line 1 column ${body.length}`,
      "text/plain; charset=utf-8",
      traced,
    );
  if (action === "query")
    return text(
      res,
      422,
      `Failed to deserialize the JSON body into the target type: missing field \`query_embeddings\` at line 1 column ${body.length}`,
      "text/plain; charset=utf-8",
      traced,
    );
  return json(res, 404, { error: "NotFound", message: "Not found" }, traced);
}

export const chromaStandin = httpStandin(CHROMA_PORT, chromaHandler);

export const ALL_STANDINS = [astraStandin, mxbStandin, chromaStandin];
