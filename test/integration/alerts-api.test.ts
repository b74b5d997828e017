import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertsProject, canManageAlerts } from "../../lib/auth/access";
import { createKey, DEFAULT_SCOPES, parseScopes } from "../../lib/auth/keys";
import { createUser } from "../../lib/auth/users";
import { seedCalls } from "../helpers/seed";
import { startTestApi, type TestApi } from "../helpers/api";
import { startReceiver, type Receiver } from "./alert-receiver";

// /api/v1/alert-rules through the real route handlers and a real database: the admin scope,
// the key's project only, 400s naming the field and its rule, and "send test" to a real receiver.

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let api: TestApi;
let receiver: Receiver;
let adminKey: string;
let otherAdminKey: string;
let routes: {
  list: { GET: Handler; POST: Handler };
  one: { GET: Handler; PATCH: Handler; DELETE: Handler };
  test: { POST: Handler };
};

beforeAll(async () => {
  api = await startTestApi("alerts_api", { FAULTLINE_ALERTS_ALLOW_PRIVATE: "1" });
  receiver = await startReceiver();
  adminKey = await api.createKey("default", ["admin"]);
  otherAdminKey = await api.createKey("other", ["admin"]);
  const [list, one, test] = await Promise.all([
    import("../../app/api/v1/alert-rules/route"),
    import("../../app/api/v1/alert-rules/[id]/route"),
    import("../../app/api/v1/alert-rules/[id]/test/route"),
  ]);
  routes = { list: list as never, one: one as never, test: test as never };
});
afterAll(async () => {
  await receiver?.close();
  await api?.close();
});

/** What the routes answer: a rule (with its deliveries), a list of rules, or an error. */
interface Answer {
  id: string;
  name: string;
  rules: { id: string }[];
  deliveries: unknown[];
  error: { code: string; message: string; details: { path: string; message: string }[] };
}

async function call(
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown; raw?: string } = {},
): Promise<{ status: number; body: Answer }> {
  const url = new URL(path, "http://faultline.test");
  const headers: Record<string, string> = { "content-type": "application/json" };
  const key = options.key === undefined ? adminKey : options.key;
  if (key) headers.authorization = `Bearer ${key}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const parts = url.pathname
    .replace(/^\/api\/v1\/alert-rules\/?/, "")
    .split("/")
    .filter(Boolean);
  const handler =
    parts.length === 0
      ? routes.list[method as "GET" | "POST"]
      : parts.length === 1
        ? routes.one[method as "GET" | "PATCH" | "DELETE"]
        : routes.test.POST;
  const response = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve<Record<string, string>>(
      parts.length > 0 ? { id: decodeURIComponent(parts[0]!) } : {},
    ),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer };
}

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: "CRM failing",
  kind: "failure_rate",
  server: "crm",
  windowMinutes: 5,
  threshold: 50,
  minCalls: 5,
  destination: { type: "slack", url: `${receiver.url}/services/T000/B000/XXXXsecret` },
  ...overrides,
});

describe("keys", () => {
  it("needs a key with the admin scope: none → 401, ingest or read → 403", async () => {
    expect((await call("GET", "/api/v1/alert-rules", { key: null })).status).toBe(401);
    const forbidden = await call("GET", "/api/v1/alert-rules", { key: api.key });
    expect(forbidden).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: 'this key lacks the "admin" scope' } },
    });
    expect((await call("POST", "/api/v1/alert-rules", { key: api.key, body: rule() })).status).toBe(403);
  });

  it("admin is a scope the CLI and key creation accept, never given by default", async () => {
    expect(parseScopes("ingest,admin")).toEqual(["ingest", "admin"]);
    expect(DEFAULT_SCOPES).toEqual(["ingest", "read"]);
    // The first-run key and FAULTLINE_INIT_INGEST_KEY are made with the default scopes.
    const made = await createKey(api.database.prisma, { project: "defaults" });
    expect(made.scopes).toEqual(["ingest", "read"]);
  });

  it("who may manage alert rules: admins, of any project; members of none", async () => {
    const { prisma, pool } = api.database;
    const { id: defaultId } = await prisma.project.findUniqueOrThrow({ where: { name: "default" } });
    const admin = await createUser(prisma, {
      email: "a@alerts.test",
      password: "admin password 1",
      isAdmin: true,
    });
    const member = await createUser(prisma, {
      email: "m@alerts.test",
      password: "member password 1",
      projectIds: [defaultId],
    });
    expect(canManageAlerts(admin)).toBe(true);
    expect(canManageAlerts(member)).toBe(false);
    expect(await alertsProject(pool, admin, { name: "default" })).toMatchObject({ id: defaultId });
    expect(await alertsProject(pool, member, { name: "default" })).toBeNull();
  });
});

describe("rules", () => {
  it("create, read, list, change, delete; the receiver URL is never shown back whole", async () => {
    const created = await call("POST", "/api/v1/alert-rules", { body: rule() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "CRM failing",
      kind: "failure_rate",
      enabled: true,
      server: "crm",
      tool: null,
      windowMinutes: 5,
      threshold: 50,
      minCalls: 5,
      cooldownMinutes: 60,
      destination: { type: "slack", urlPreview: `${receiver.url}/…cret` },
      condition: "failure rate of server crm ≥ 50% over 5 min (at least 5 calls)",
      state: { status: "ok", since: null, lastNotifiedAt: null },
    });
    expect(JSON.stringify(created.body)).not.toContain("XXXXsecret");
    const id = created.body.id;

    const one = await call("GET", `/api/v1/alert-rules/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id, deliveries: [] });
    expect((await call("GET", "/api/v1/alert-rules")).body.rules.map((r) => r.id)).toContain(id);

    const changed = await call("PATCH", `/api/v1/alert-rules/${id}`, {
      body: { threshold: 25, tool: "lookup", server: null, enabled: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      threshold: 25,
      tool: "lookup",
      server: null,
      enabled: false,
      minCalls: 5,
    });

    expect((await call("DELETE", `/api/v1/alert-rules/${id}`)).status).toBe(204);
    expect((await call("GET", `/api/v1/alert-rules/${id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/v1/alert-rules/${id}`)).status).toBe(404);
  });

  it("only the key's project: another project's admin key finds no such rule", async () => {
    const { body } = await call("POST", "/api/v1/alert-rules", { body: rule({ name: "mine" }) });
    for (const [method, path, payload] of [
      ["GET", `/api/v1/alert-rules/${body.id}`, undefined],
      ["PATCH", `/api/v1/alert-rules/${body.id}`, { name: "taken over" }],
      ["POST", `/api/v1/alert-rules/${body.id}/test`, undefined],
      ["DELETE", `/api/v1/alert-rules/${body.id}`, undefined],
    ] as const) {
      const answer = await call(method, path, { key: otherAdminKey, body: payload });
      expect([method, answer.status, answer.body.error.code]).toEqual([method, 404, "not_found"]);
    }
    expect((await call("GET", "/api/v1/alert-rules", { key: otherAdminKey })).body.rules).toEqual([]);
    expect((await call("GET", `/api/v1/alert-rules/${body.id}`)).body.name).toBe("mine");
    expect(receiver.received).toEqual([]);
  });

  it("bad input is a 400 naming each field and the rule it breaks", async () => {
    const problems = async (method: string, path: string, options: { body?: unknown; raw?: string }) => {
      const answer = await call(method, path, options);
      expect(answer.status).toBe(400);
      return answer.body.error.details;
    };
    const list = "/api/v1/alert-rules";
    expect(await problems("POST", list, { body: rule({ threshold: undefined }) })).toEqual([
      { path: "threshold", message: "is required for a failure_rate rule (the threshold)" },
    ]);
    expect(await problems("POST", list, { body: rule({ threshold: 150 }) })).toEqual([
      { path: "threshold", message: "must be a percentage above 0 and at most 100 for a failure_rate rule" },
    ]);
    expect(await problems("POST", list, { body: rule({ kind: "tool_silent", tool: null }) })).toEqual([
      { path: "tool", message: "is required for a tool_silent rule (the tool the rule watches)" },
      { path: "threshold", message: "is not used by a tool_silent rule; leave it out" },
      { path: "minCalls", message: "is not used by a tool_silent rule; leave it out" },
    ]);
    expect(await problems("POST", list, { body: rule({ treshold: 5 }) })).toEqual([
      { path: "treshold", message: "is not a field of an alert rule" },
    ]);
    expect(
      await problems("POST", list, {
        body: rule({
          windowMinutes: 0,
          cooldownMinutes: 1.5,
          destination: { type: "teams", url: "file:///etc/passwd" },
        }),
      }),
    ).toEqual([
      { path: "windowMinutes", message: "must be between 1 and 43200" },
      { path: "cooldownMinutes", message: "must be a whole number" },
      { path: "destination.type", message: "must be one of webhook, slack, pagerduty, opsgenie" },
      { path: "destination.url", message: "must be an http:// or https:// URL" },
    ]);
    expect(await problems("POST", list, { body: { ...rule(), name: undefined, kind: "sometimes" } })).toEqual(
      [
        { path: "name", message: "is required" },
        {
          path: "kind",
          message:
            "must be one of failure_rate, silent_failures, new_signature, regressed_signature, tool_silent, probe_failing, probe_drift",
        },
      ],
    );
    expect(await problems("POST", list, { body: [rule()] })).toEqual([
      { path: "(body)", message: "must be a JSON object" },
    ]);
    expect(await problems("POST", list, { body: rule({ name: "a\u0000b" }) })).toEqual([
      { path: "name", message: "must not contain a NUL character" },
    ]);
    const invalidJson = await call("POST", list, { raw: "{nope" });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body.error.code).toBe("invalid_json");

    const { body } = await call("POST", list, { body: rule() });
    const path = `/api/v1/alert-rules/${body.id}`;
    expect(await problems("PATCH", path, { body: { kind: "tool_silent" } })).toEqual([
      { path: "kind", message: "cannot be changed; create a new rule of the other kind instead" },
    ]);
    expect(await problems("PATCH", path, { body: { minCalls: null } })).toEqual([
      { path: "minCalls", message: "is required for a failure_rate rule (the minimum call count)" },
    ]);
    expect(await problems("PATCH", path, { body: { destination: { type: "slack" } } })).toEqual([
      { path: "destination.url", message: "is required" },
    ]);
    expect((await call("GET", "/api/v1/alert-rules/not-a-uuid")).status).toBe(404);
  });

  it("a project holds at most 100 rules", async () => {
    const { rows } = await api.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM alert_rules r JOIN projects p ON p.id = r.project_id WHERE p.name = 'other'`,
    );
    for (let index = rows[0]!.n; index < 100; index += 1) {
      expect(
        (await call("POST", "/api/v1/alert-rules", { key: otherAdminKey, body: rule({ name: `r${index}` }) }))
          .status,
      ).toBe(201);
    }
    const refused = await call("POST", "/api/v1/alert-rules", {
      key: otherAdminKey,
      body: rule({ name: "one more" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain("at most 100 alert rules");
  });

  it("a rule for a server or tool no recent call came from is saved, with a warning naming it", async () => {
    const namesKey = await api.createKey("names", ["admin"]);
    const { id: other } = await api.database.prisma.project.findUniqueOrThrow({ where: { name: "names" } });
    await seedCalls(api.database.pool, other, {
      calls: [{ server: "billing", tool: "charge", isError: false, text: "charged" }],
    });
    const typo = await call("POST", "/api/v1/alert-rules", {
      key: namesKey,
      body: rule({ name: "billing typo", server: "biling" }),
    });
    expect(typo.status).toBe(201);
    expect(typo.body).toMatchObject({
      server: "biling",
      warnings: [
        "no calls from server “biling” seen in the last 7 days (did you mean “billing”?); it stays ok until such calls arrive",
      ],
    });
    const fixed = await call("PATCH", `/api/v1/alert-rules/${typo.body.id}`, {
      key: namesKey,
      body: { server: "billing" },
    });
    expect(fixed.body).toMatchObject({ server: "billing", warnings: [] });
    const listed = await call("GET", "/api/v1/alert-rules", { key: namesKey });
    expect(listed.body.rules).toContainEqual(expect.objectContaining({ id: typo.body.id, warnings: [] }));
    await call("DELETE", `/api/v1/alert-rules/${typo.body.id}`, { key: namesKey });
  });

  it("POST …/test sends a Slack message to the receiver now and answers with the attempt", async () => {
    const { body } = await call("POST", "/api/v1/alert-rules", { body: rule({ name: "tested" }) });
    const sent = await call("POST", `/api/v1/alert-rules/${body.id}/test`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      delivered: true,
      delivery: {
        kind: "test",
        status: "delivered",
        attempts: 1,
        attemptLog: [{ attempt: 1, result: "delivered", httpStatus: 200 }],
      },
    });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.path).toBe("/services/T000/B000/XXXXsecret");
    expect((receiver.received[0]!.body as { text: string }).text).toMatch(
      /^🧪 Test \(error\) \[default\] tested: failure rate of server crm/,
    );
    const one = await call("GET", `/api/v1/alert-rules/${body.id}`);
    expect(one.body.deliveries).toHaveLength(1);

    receiver.answer([500]);
    const failed = await call("POST", `/api/v1/alert-rules/${body.id}/test`);
    expect(failed.body).toMatchObject({
      delivered: false,
      delivery: {
        status: "pending",
        attemptLog: [{ result: "retrying", httpStatus: 500, error: "HTTP 500: error 500" }],
      },
    });
  });
});

describe("per server or tool, and mute windows, through the API", () => {
  it("creates a rule per server (no server named) and shows its groups; refuses per beside a server", async () => {
    const created = await call("POST", "/api/v1/alert-rules", {
      body: rule({ name: "each server", server: undefined, per: "server" }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ per: "server", condition: expect.stringContaining("each server") });
    const one = await call("GET", `/api/v1/alert-rules/${created.body.id}`);
    expect(one.body).toMatchObject({ per: "server", groups: [] });
    const refused = await call("POST", "/api/v1/alert-rules", { body: rule({ per: "server" }) });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((detail) => detail.path)).toEqual(["server"]);
  });

  it("adds, lists and deletes mute windows for admin keys of the project only", async () => {
    const [list, one] = await Promise.all([
      import("../../app/api/v1/alert-mutes/route"),
      import("../../app/api/v1/alert-mutes/[id]/route"),
    ]);
    const mutes = async (method: string, key: string | null, body?: unknown, id?: string) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (key) headers.authorization = `Bearer ${key}`;
      const request = new Request(`http://faultline.test/api/v1/alert-mutes${id ? `/${id}` : ""}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const handler = (
        id ? (one as never as { DELETE: Handler }).DELETE : (list as never as Record<string, Handler>)[method]
      )!;
      const response = await handler(request, {
        params: Promise.resolve<Record<string, string>>(id ? { id } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };
    expect((await mutes("POST", api.key, { durationMinutes: 30 })).status).toBe(403);
    const added = await mutes("POST", adminKey, { server: "crm", durationMinutes: 30, reason: "db upgrade" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ server: "crm", repeat: "none", openNow: true, reason: "db upgrade" });
    expect(added.body.createdBy).toMatch(/^api key /);
    const recurring = await mutes("POST", adminKey, {
      durationMinutes: 60,
      repeat: "weekly",
      startsAt: "2026-12-06T02:00:00Z",
      reason: "weekly maintenance",
    });
    expect(recurring.status).toBe(201);
    const bad = await mutes("POST", adminKey, { durationMinutes: 2000, repeat: "daily" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("durationMinutes");
    expect((await mutes("GET", adminKey)).body.mutes).toHaveLength(2);
    expect((await mutes("GET", otherAdminKey)).body.mutes).toHaveLength(0);
    expect((await mutes("DELETE", otherAdminKey, undefined, added.body.id)).status).toBe(404);
    expect((await mutes("DELETE", adminKey, undefined, added.body.id)).status).toBe(204);
    expect((await mutes("GET", adminKey)).body.mutes).toHaveLength(1);
  });
});
