import http from "node:http";
import type { AddressInfo } from "node:net";
import { createKey, type Scope } from "../../lib/auth/keys";
import type { Database } from "../../lib/db";
import type { IngestResult } from "../../lib/ingest";
import { storedFingerprint } from "./fingerprints";
import { createTestDatabase, type TestDatabase } from "./test-database";

// Drives the real route handlers in-process against a real, per-file PostgreSQL database.
// Environment overrides must be given here: lib/env reads process.env once per test file.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface TestApi {
  database: Database;
  testDatabase: TestDatabase;
  /** A key of project "default" with both scopes. */
  key: string;
  createKey(project: string, scopes: Scope[]): Promise<string>;
  /** A sender's arguments fingerprint as the project stores it: keyed with its secret (lib/ingest/fingerprint). */
  storedFingerprint(senderHash: string, project?: string): Promise<string>;
  request(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> },
  ): Promise<Response>;
  post(body: unknown, key?: string): Promise<{ status: number; body: IngestBody }>;
  get<T = unknown>(path: string, key?: string): Promise<{ status: number; body: T }>;
  /** Serves these route handlers over real HTTP on 127.0.0.1 (for senders that POST to a URL); returns the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export type IngestBody = IngestResult & {
  error?: { code: string; message: string; details?: { path: string; message: string }[] };
};

export async function startTestApi(label: string, env: Record<string, string> = {}): Promise<TestApi> {
  const testDatabase = await createTestDatabase(label);
  Object.assign(process.env, { DATABASE_URL: testDatabase.url, ...env });
  const [
    calls,
    call,
    stats,
    otlp,
    servers,
    server,
    sessions,
    session,
    { db },
    { startIngestWorkers },
    signatures,
    signature,
    comments,
    merge,
    unmerge,
    probes,
    probe,
    probeRun,
    probeRuns,
  ] = await Promise.all([
    import("../../app/api/v1/calls/route"),
    import("../../app/api/v1/calls/[id]/route"),
    import("../../app/api/v1/stats/route"),
    import("../../app/api/v1/otlp/v1/traces/route"),
    import("../../app/api/v1/servers/route"),
    import("../../app/api/v1/servers/[server]/route"),
    import("../../app/api/v1/sessions/route"),
    import("../../app/api/v1/sessions/[id]/route"),
    import("../../lib/db"),
    import("../../lib/ingest/offload"),
    import("../../app/api/v1/signatures/route"),
    import("../../app/api/v1/signatures/[signature]/route"),
    import("../../app/api/v1/signatures/[signature]/comments/route"),
    import("../../app/api/v1/signatures/[signature]/merge/route"),
    import("../../app/api/v1/signatures/[signature]/unmerge/route"),
    import("../../app/api/v1/probes/route"),
    import("../../app/api/v1/probes/[id]/route"),
    import("../../app/api/v1/probes/[id]/run/route"),
    import("../../app/api/v1/probes/[id]/runs/route"),
  ]);
  // As the server does at start: the first request does not wait for the workers to load.
  const [database] = await Promise.all([db(), startIngestWorkers()]);
  const makeKey = async (project: string, scopes: Scope[]) =>
    (await createKey(database.prisma, { project, scopes })).key;
  const key = await makeKey("default", ["ingest", "read"]);

  const route = (method: string, pathname: string): { handler: Handler; params: Record<string, string> } => {
    if (pathname === "/api/v1/calls")
      return { handler: (method === "POST" ? calls.POST : calls.GET) as Handler, params: {} };
    if (pathname === "/api/v1/stats") return { handler: stats.GET as Handler, params: {} };
    if (pathname === "/api/v1/otlp/v1/traces") return { handler: otlp.POST as Handler, params: {} };
    if (pathname === "/api/v1/servers") return { handler: servers.GET as Handler, params: {} };
    if (pathname === "/api/v1/sessions") return { handler: sessions.GET as Handler, params: {} };
    if (pathname === "/api/v1/signatures") return { handler: signatures.GET as Handler, params: {} };
    const signatureMatch = /^\/api\/v1\/signatures\/([^/]+)(?:\/(comments|merge|unmerge))?$/.exec(pathname);
    if (signatureMatch) {
      const params = { signature: decodeURIComponent(signatureMatch[1]!) };
      const action = signatureMatch[2];
      if (action === "comments") return { handler: comments.POST as Handler, params };
      if (action === "merge") return { handler: merge.POST as Handler, params };
      if (action === "unmerge") return { handler: unmerge.POST as Handler, params };
      return { handler: (method === "PATCH" ? signature.PATCH : signature.GET) as Handler, params };
    }
    if (pathname === "/api/v1/probes")
      return { handler: (method === "POST" ? probes.POST : probes.GET) as Handler, params: {} };
    const probeMatch = /^\/api\/v1\/probes\/([^/]+)(?:\/(run|runs))?$/.exec(pathname);
    if (probeMatch) {
      const params = { id: decodeURIComponent(probeMatch[1]!) };
      if (probeMatch[2] === "run") return { handler: probeRun.POST as Handler, params };
      if (probeMatch[2] === "runs")
        return { handler: (method === "POST" ? probeRuns.POST : probeRuns.GET) as Handler, params };
      const handlers: Record<string, unknown> = { GET: probe.GET, PATCH: probe.PATCH, DELETE: probe.DELETE };
      return { handler: handlers[method] as Handler, params };
    }
    const match = /^\/api\/v1\/calls\/([^/]+)$/.exec(pathname);
    if (match) return { handler: call.GET as Handler, params: { id: decodeURIComponent(match[1]!) } };
    const serverMatch = /^\/api\/v1\/servers\/([^/]+)$/.exec(pathname);
    if (serverMatch)
      return { handler: server.GET as Handler, params: { server: decodeURIComponent(serverMatch[1]!) } };
    const sessionMatch = /^\/api\/v1\/sessions\/([^/]+)$/.exec(pathname);
    if (sessionMatch)
      return { handler: session.GET as Handler, params: { id: decodeURIComponent(sessionMatch[1]!) } };
    throw new Error(`no route for ${method} ${pathname}`);
  };

  const api: TestApi = {
    database,
    testDatabase,
    key,
    createKey: makeKey,
    async storedFingerprint(senderHash, project = "default") {
      return storedFingerprint(database.pool, senderHash, project);
    },
    async request(method, path, options = {}) {
      const url = new URL(path, "http://faultline.test");
      const headers: Record<string, string> = { ...options.headers };
      const usedKey = options.key === undefined ? key : options.key;
      if (usedKey) headers.authorization = `Bearer ${usedKey}`;
      let body: BodyInit | undefined = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] ??= "application/json";
      }
      const { handler, params } = route(method, url.pathname);
      return handler(new Request(url, { method, headers, body, duplex: "half" } as RequestInit), {
        params: Promise.resolve(params),
      });
    },
    async post(body, usingKey) {
      const response = await api.request("POST", "/api/v1/calls", { body, key: usingKey ?? key });
      return { status: response.status, body: (await response.json()) as IngestBody };
    },
    async get(path, usingKey) {
      const response = await api.request("GET", path, { key: usingKey ?? key });
      return { status: response.status, body: await response.json() };
    },
    async listen() {
      const server = http.createServer(async (incoming, outgoing) => {
        const chunks: Buffer[] = [];
        for await (const chunk of incoming) chunks.push(chunk as Buffer);
        const url = new URL(incoming.url ?? "/", "http://faultline.test");
        const headers = Object.fromEntries(
          Object.entries(incoming.headers).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string",
          ),
        );
        const { handler, params } = route(incoming.method ?? "GET", url.pathname);
        const response = await handler(
          new Request(url, {
            method: incoming.method,
            headers,
            body: chunks.length ? Buffer.concat(chunks) : undefined,
          }),
          { params: Promise.resolve(params) },
        );
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      listeners.push(server);
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const server of listeners) server.closeAllConnections();
      await Promise.all(listeners.map((server) => new Promise((resolve) => server.close(resolve))));
      await database.close();
      await testDatabase.drop();
    },
  };
  const listeners: http.Server[] = [];
  return api;
}
