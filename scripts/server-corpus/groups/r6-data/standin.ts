// A loopback stand-in for a PostgREST API (what Supabase serves under /rest/v1), answering with
// PostgREST's own error bodies ({"code","details","hint","message"}: SQLSTATEs relayed from
// PostgreSQL, PGRSTxxx codes of its own) and the API gateway's rate limit (429 + Retry-After).

import http from "node:http";

export const POSTGREST_PORT = 38750;
export const GOOD_KEY = "r6-anon-key";
/** While true, the key the servers hold is answered as an expired JWT (as when a token lapses mid-session). */
export const keyState = { expired: false };

const TODOS = [
  { id: 1, title: "Rotate the API keys", done: false, owner: "ann" },
  { id: 2, title: "Archive Q3 invoices", done: true, owner: "bob" },
  { id: 3, title: "Review the backup policy", done: false, owner: "ann" },
];

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const pgError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): Answer => ({
  status,
  body: { code, details, hint, message },
});

function route(method: string, url: URL, auth: string | undefined, body: string): Answer {
  const table = url.pathname.replace(/^\/+/, "");
  if (keyState.expired && auth === `Bearer ${GOOD_KEY}`)
    return {
      ...pgError(401, "PGRST303", "JWT expired"),
      headers: { "www-authenticate": 'Bearer error="invalid_token", error_description="JWT expired"' },
    };
  if (auth !== `Bearer ${GOOD_KEY}`) return pgError(401, "PGRST301", "No suitable key or wrong key type");
  if (table === "")
    return {
      status: 200,
      body: {
        swagger: "2.0",
        info: { title: "PostgREST API", version: "12.2.3" },
        paths: { "/todos": {}, "/invoices": {} },
      },
    };
  if (table === "busy")
    return { status: 429, body: { message: "API rate limit exceeded" }, headers: { "retry-after": "30" } };
  if (table === "reports")
    return pgError(
      503,
      "PGRST001",
      "Database client error. Retrying the connection.",
      'connection to server at "db" (10.0.0.5), port 5432 failed: Connection refused',
    );
  if (table === "audit_log") return pgError(403, "42501", "permission denied for table audit_log");
  if (table === "slow_view") return pgError(500, "57014", "canceling statement due to statement timeout");
  if (table === "legacy")
    return {
      status: 502,
      body: "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>cloudflare</center></body></html>",
      headers: { "content-type": "text/html" },
    };
  if (table === "rpc/monthly_total")
    return pgError(
      404,
      "PGRST202",
      "Could not find the function public.monthly_total(month) in the schema cache",
      "Searched for the function public.monthly_total with parameter month or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
      "Perhaps you meant to call the function public.monthly_totals",
    );
  if (table !== "todos")
    return pgError(
      404,
      "PGRST205",
      `Could not find the table 'public.${table}' in the schema cache`,
      null,
      "Perhaps you meant the table 'public.todos'",
    );
  if (method === "GET") {
    const select = url.searchParams.get("select");
    if (select && select.split(",").some((col) => !["id", "title", "done", "owner", "*"].includes(col)))
      return pgError(
        400,
        "42703",
        `column todos.${select.split(",").find((c) => !["id", "title", "done", "owner", "*"].includes(c))} does not exist`,
      );
    let rows = TODOS;
    for (const [key, value] of url.searchParams) {
      if (key === "select" || key === "order" || key === "limit") continue;
      const m = /^(eq|neq)\.(.*)$/.exec(value);
      if (!m)
        return pgError(
          400,
          "PGRST100",
          `"failed to parse filter (${value})" (line 1, column 1)`,
          'unexpected "' + value.slice(0, 1) + '" expecting "not" or operator (eq, gt, ...)',
        );
      if (key === "id" && !/^\d+$/.test(m[2] ?? ""))
        return pgError(400, "22P02", `invalid input syntax for type bigint: "${m[2]}"`);
      rows = rows.filter((row) => (String(row[key as keyof typeof row]) === m[2]) === (m[1] === "eq"));
    }
    const cols = select && select !== "*" ? select.split(",") : undefined;
    return {
      status: 200,
      body: cols
        ? rows.map((row) => Object.fromEntries(cols.map((c) => [c, row[c as keyof typeof row]])))
        : rows,
    };
  }
  if (method === "POST") {
    const rows = JSON.parse(body || "[]") as Record<string, unknown> | Record<string, unknown>[];
    const list = Array.isArray(rows) ? rows : [rows];
    for (const row of list) {
      if (TODOS.some((t) => t.id === row.id))
        return {
          status: 409,
          body: {
            code: "23505",
            details: `Key (id)=(${String(row.id)}) already exists.`,
            hint: null,
            message: 'duplicate key value violates unique constraint "todos_pkey"',
          },
        };
      if (row.title === undefined || row.title === null)
        return pgError(
          400,
          "23502",
          'null value in column "title" of relation "todos" violates not-null constraint',
          `Failing row contains (${String(row.id)}, null, f, null).`,
        );
    }
    return { status: 201, body: list.map((row) => ({ done: false, owner: null, ...row })) };
  }
  if (method === "PATCH") {
    const id = /^eq\.(\d+)$/.exec(url.searchParams.get("id") ?? "")?.[1];
    const rows = TODOS.filter((row) => String(row.id) === id);
    return { status: 200, body: rows.map((row) => ({ ...row, ...(JSON.parse(body || "{}") as object) })) };
  }
  if (method === "DELETE") {
    if ([...url.searchParams.keys()].length === 0)
      return pgError(400, "21000", "DELETE requires a WHERE clause");
    return { status: 200, body: [] };
  }
  return pgError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
}

export function startPostgrest(port = POSTGREST_PORT): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      url.pathname = url.pathname.replace(/^\/rest\/v1/, "");
      const answer = route(req.method ?? "GET", url, req.headers.authorization, body);
      const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { "content-type": "application/json; charset=utf-8", ...answer.headers });
      res.end(text);
    });
  });
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () =>
      resolve(
        () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      ),
    ),
  );
}
