import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../lib/auth/users";
import { toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// Triage on failure signatures through the read/write API, against a real PostgreSQL: assignee
// (only someone who may see the project), a linked issue, comments, status with its history, and
// merge/unmerge — also while calls of both signatures keep arriving.

let api: TestApi;
let admin: string;
let otherProjectAdmin: string;
let projectId: string;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi("signature_triage");
  admin = await api.createKey("default", ["read", "admin"]);
  otherProjectAdmin = await api.createKey("elsewhere", ["read", "admin"]);
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM projects WHERE name = 'default'`,
  );
  projectId = rows[0]!.id;
  await createUser(api.database.prisma, {
    email: "ann@team.test",
    password: "a-long-password-1",
    projectIds: [projectId],
  });
  await createUser(api.database.prisma, {
    email: "root@team.test",
    password: "a-long-password-2",
    isAdmin: true,
  });
  await createUser(api.database.prisma, { email: "stranger@else.test", password: "a-long-password-3" });
});
afterAll(() => api?.close());

/** Sends `count` calls of one failure (one signature per text), now. */
async function fail(text: string, count = 1, server = "billing") {
  const calls = Array.from({ length: count }, () => ({
    id: `t-${++sequence}`,
    occurredAt: new Date().toISOString(),
    server,
    tool: "charge",
    response: toolErrorResult(text),
  }));
  const sent = await api.post({ calls });
  expect(sent.status).toBe(200);
}

interface Listed {
  signature: string;
  exampleText: string;
  callsInWindow: number;
  totalCalls: number;
  sparkline: number[];
  status: string;
  assignee: string | null;
  linkedIssueUrl: string | null;
}

async function list(query = "status=all"): Promise<Listed[]> {
  const response = await api.get<{ signatures: Listed[] }>(`/api/v1/signatures?${query}`);
  expect(response.status).toBe(200);
  return response.body.signatures;
}

async function signatureOf(text: string): Promise<string> {
  const found = (await list(`status=all&q=${encodeURIComponent(text)}`)).find(
    (each) => each.exampleText === text,
  );
  if (!found) throw new Error(`no signature for ${text}`);
  return found.signature;
}

const send = (method: string, path: string, body?: unknown, key = admin) =>
  api.request(method, path, { key, body });

describe("GET /api/v1/signatures", () => {
  it("lists what the Failures page lists, with its filters, for a read key", async () => {
    await fail("Card declined by issuer", 3);
    await fail("Invoice locked for editing", 1, "ledger");
    const all = await list();
    expect(all.map((each) => each.exampleText)).toEqual(
      expect.arrayContaining(["Card declined by issuer", "Invoice locked for editing"]),
    );
    const ledger = await list("status=all&server=ledger");
    expect(ledger.map((each) => each.exampleText)).toEqual(["Invoice locked for editing"]);
    expect((await list("status=resolved")).length).toBe(0);
    const bad = await api.get<{ error: { details: { path: string }[] } }>("/api/v1/signatures?status=closed");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]!.path).toBe("status");
  });
});

describe("PATCH /api/v1/signatures/{signature}", () => {
  it("sets assignee, linked issue and status in one change, each recorded in the history", async () => {
    const signature = await signatureOf("Card declined by issuer");
    const response = await send("PATCH", `/api/v1/signatures/${signature}`, {
      assignee: "ANN@team.test",
      linkedIssueUrl: "https://github.com/acme/billing/issues/42",
      status: "resolved",
    });
    expect(response.status).toBe(200);
    const view = (await response.json()) as {
      assignee: string;
      linkedIssueUrl: string;
      status: string;
      history: { kind: string; detail: string | null; to: string }[];
    };
    expect(view).toMatchObject({
      assignee: "ann@team.test",
      linkedIssueUrl: "https://github.com/acme/billing/issues/42",
      status: "resolved",
    });
    expect(view.history.map((event) => event.kind).sort()).toEqual(["assignee", "issue", "status"]);
    expect(view.history.find((event) => event.kind === "assignee")!.detail).toBe("assigned to ann@team.test");
    // An admin of the instance may be assigned too (they may see every project); nobody else.
    expect(
      (await send("PATCH", `/api/v1/signatures/${signature}`, { assignee: "root@team.test" })).status,
    ).toBe(200);
    const stranger = await send("PATCH", `/api/v1/signatures/${signature}`, {
      assignee: "stranger@else.test",
    });
    expect(stranger.status).toBe(400);
    expect(JSON.stringify(await stranger.json())).toContain('"path":"assignee"');
    // Unassign and unlink with null; each recorded.
    const cleared = await send("PATCH", `/api/v1/signatures/${signature}`, {
      assignee: null,
      linkedIssueUrl: null,
    });
    expect(await cleared.json()).toMatchObject({ assignee: null, linkedIssueUrl: null });
    const page = await api.get<{ history: { kind: string }[] }>(`/api/v1/signatures/${signature}`);
    expect(page.body.history.filter((event) => event.kind === "issue")).toHaveLength(2);
    expect(page.body.history.filter((event) => event.kind === "assignee")).toHaveLength(3);
  });

  it("refuses what it cannot store with a 400 naming the field, and writes for admin keys only", async () => {
    const signature = await signatureOf("Card declined by issuer");
    const cases: [unknown, string][] = [
      [{ linkedIssueUrl: "javascript:alert(1)" }, "linkedIssueUrl"],
      [{ linkedIssueUrl: "https://user:pw@tracker.test/1" }, "linkedIssueUrl"],
      [{ status: "closed" }, "status"],
      [{ ignoreForCalls: 10 }, "ignoreForCalls"],
      [{ status: "ignored", ignoreUntil: "2001-01-01T00:00:00Z" }, "ignoreUntil"],
      [{ owner: "ann" }, "owner"],
      [{}, "(body)"],
      [{ assignee: "ann\u0000@team.test" }, "assignee"],
    ];
    for (const [body, path] of cases) {
      const response = await send("PATCH", `/api/v1/signatures/${signature}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { error: { details: { path: string }[] } };
      expect(
        answer.error.details.map((detail) => detail.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await send("PATCH", `/api/v1/signatures/${signature}`, { status: "open" }, api.key)).status).toBe(
      403,
    );
    // Another project's key does not find it.
    expect(
      (await send("PATCH", `/api/v1/signatures/${signature}`, { status: "open" }, otherProjectAdmin)).status,
    ).toBe(404);
    expect((await send("PATCH", `/api/v1/signatures/abc123`, { status: "open" })).status).toBe(404);
  });

  it("ignores for a number of calls through the API, then reopens", async () => {
    await fail("Ledger period closed", 2);
    const signature = await signatureOf("Ledger period closed");
    expect(
      (await send("PATCH", `/api/v1/signatures/${signature}`, { status: "ignored", ignoreForCalls: 2 }))
        .status,
    ).toBe(200);
    await fail("Ledger period closed", 1);
    expect((await list("status=ignored")).map((each) => each.signature)).toContain(signature);
    await fail("Ledger period closed", 1);
    expect((await list("status=open")).map((each) => each.signature)).toContain(signature);
  });
});

describe("comments", () => {
  it("keeps each comment with its author and time, in order", async () => {
    const signature = await signatureOf("Invoice locked for editing");
    const first = await send("POST", `/api/v1/signatures/${signature}/comments`, {
      body: "Seen after the 3.2 deploy.",
    });
    expect(first.status).toBe(201);
    const comment = (await first.json()) as { author: string; at: string; body: string };
    expect(comment.author).toMatch(/^api key /);
    expect(Date.parse(comment.at)).toBeGreaterThan(Date.now() - 60_000);
    await send("POST", `/api/v1/signatures/${signature}/comments`, {
      body: "<script>alert(1)</script> is text",
    });
    const page = await api.get<{ comments: { body: string }[] }>(`/api/v1/signatures/${signature}`);
    expect(page.body.comments.map((each) => each.body)).toEqual([
      "Seen after the 3.2 deploy.",
      "<script>alert(1)</script> is text",
    ]);
    expect((await send("POST", `/api/v1/signatures/${signature}/comments`, { body: "  " })).status).toBe(400);
    expect(
      (await send("POST", `/api/v1/signatures/${signature}/comments`, { body: "x".repeat(10_001) })).status,
    ).toBe(400);
    expect((await send("POST", `/api/v1/signatures/ffff/comments`, { body: "hi" })).status).toBe(404);
  });
});

describe("merge and unmerge", () => {
  it("counts a merged signature's past and future calls in the one it joined; unmerge restores it", async () => {
    await fail("Timeout talking to acquirer (eu-1)", 4);
    await fail("Acquirer did not answer in time", 2);
    const keep = await signatureOf("Timeout talking to acquirer (eu-1)");
    const merged = await signatureOf("Acquirer did not answer in time");
    const response = await send("POST", `/api/v1/signatures/${merged}/merge`, { into: keep });
    expect(response.status).toBe(200);
    let rows = await list();
    expect(rows.map((each) => each.signature)).not.toContain(merged);
    expect(rows.find((each) => each.signature === keep)).toMatchObject({ callsInWindow: 6, totalCalls: 6 });
    // Its sparkline draws the merged one's calls too.
    expect(rows.find((each) => each.signature === keep)!.sparkline.reduce((sum, n) => sum + n, 0)).toBe(6);
    // Future calls of the merged one count there too; and they regress it once resolved.
    await send("PATCH", `/api/v1/signatures/${keep}`, { status: "resolved" });
    await fail("Acquirer did not answer in time", 3);
    rows = await list();
    expect(rows.find((each) => each.signature === keep)).toMatchObject({
      callsInWindow: 9,
      totalCalls: 9,
      status: "regressed",
    });
    const page = await api.get<{
      merged: { signature: string; calls: number }[];
      lastDay: { calls: number };
    }>(`/api/v1/signatures/${keep}`);
    expect(page.body.merged).toEqual([expect.objectContaining({ signature: merged, calls: 5 })]);
    expect(page.body.lastDay.calls).toBe(9);
    // The merged one is still found by itself, saying where it counts; its status cannot be set.
    const alone = await api.get<{ mergedInto: string }>(`/api/v1/signatures/${merged}`);
    expect(alone.body.mergedInto).toBe(keep);
    expect((await send("PATCH", `/api/v1/signatures/${merged}`, { status: "resolved" })).status).toBe(400);

    expect((await send("POST", `/api/v1/signatures/${merged}/unmerge`)).status).toBe(200);
    rows = await list();
    expect(rows.find((each) => each.signature === keep)).toMatchObject({ callsInWindow: 4, totalCalls: 4 });
    expect(rows.find((each) => each.signature === merged)).toMatchObject({ callsInWindow: 5, totalCalls: 5 });
    expect((await send("POST", `/api/v1/signatures/${merged}/unmerge`)).status).toBe(409);
    const history = await api.get<{ history: { kind: string }[] }>(`/api/v1/signatures/${merged}`);
    expect(history.body.history.map((event) => event.kind)).toEqual(["unmerge", "merge"]);
  });

  it("refuses a merge into itself, into a merged signature, or into none, naming `into`", async () => {
    await fail("Refund window expired", 1);
    await fail("Refund not allowed after 30 days", 1);
    await fail("Refunds are closed for this order", 1);
    const [a, b, c] = await Promise.all([
      signatureOf("Refund window expired"),
      signatureOf("Refund not allowed after 30 days"),
      signatureOf("Refunds are closed for this order"),
    ]);
    expect((await send("POST", `/api/v1/signatures/${a}/merge`, { into: a })).status).toBe(400);
    expect((await send("POST", `/api/v1/signatures/${a}/merge`, { into: "0123456789abcdef" })).status).toBe(
      404,
    );
    expect((await send("POST", `/api/v1/signatures/${a}/merge`, { target: b })).status).toBe(400);
    expect((await send("POST", `/api/v1/signatures/${b}/merge`, { into: a })).status).toBe(200);
    const chained = await send("POST", `/api/v1/signatures/${c}/merge`, { into: b });
    expect(chained.status).toBe(400);
    expect(JSON.stringify(await chained.json())).toContain('"path":"into"');
    // Merging a signature that others were merged into takes them along: no chains.
    expect((await send("POST", `/api/v1/signatures/${a}/merge`, { into: c })).status).toBe(200);
    const target = await api.get<{ merged: { signature: string }[]; totalCalls: number }>(
      `/api/v1/signatures/${c}`,
    );
    expect(target.body.merged.map((each) => each.signature).sort()).toEqual([a, b].sort());
    expect(target.body.totalCalls).toBe(3);
  });

  it("loses and doubles no call while merges and unmerges race with ingest", async () => {
    await fail("Gateway reset the connection (pool A)", 1, "race");
    await fail("Gateway dropped the connection (pool B)", 1, "race");
    const a = await signatureOf("Gateway reset the connection (pool A)");
    const b = await signatureOf("Gateway dropped the connection (pool B)");
    let sent = 2;
    const ingest = (async () => {
      for (let round = 0; round < 20; round += 1) {
        await Promise.all([
          fail("Gateway reset the connection (pool A)", 3, "race"),
          fail("Gateway dropped the connection (pool B)", 2, "race"),
        ]);
        sent += 5;
      }
    })();
    const triage = (async () => {
      for (let round = 0; round < 12; round += 1) {
        const merging = round % 2 === 0;
        const response = merging
          ? await send("POST", `/api/v1/signatures/${a}/merge`, { into: b })
          : await send("POST", `/api/v1/signatures/${a}/unmerge`);
        expect(response.status).toBe(200);
      }
    })();
    await Promise.all([ingest, triage]);
    const rows = (await list("status=all&server=race")).filter((each) => [a, b].includes(each.signature));
    // Unmerged at the end: each counts its own, and together every call sent, once.
    expect(rows.reduce((sum, each) => sum + each.totalCalls, 0)).toBe(sent);
    expect(rows.reduce((sum, each) => sum + each.callsInWindow, 0)).toBe(sent);
    expect((await send("POST", `/api/v1/signatures/${a}/merge`, { into: b })).status).toBe(200);
    const merged = await list("status=all&server=race");
    expect(merged.map((each) => [each.signature, each.totalCalls])).toEqual([[b, sent]]);
  });
});

describe("hostile input", () => {
  it("answers oversized, malformed, deeply nested and odd text with a 4xx naming the problem, fast", async () => {
    const signature = await signatureOf("Card declined by issuer");
    const path = `/api/v1/signatures/${signature}`;
    const raw = (method: string, where: string, body: string) =>
      api.request(method, where, {
        key: admin,
        rawBody: body,
        headers: { "content-type": "application/json" },
      });
    const started = performance.now();
    expect(
      (
        await raw(
          "PATCH",
          path,
          JSON.stringify({ linkedIssueUrl: `https://x.test/${"a".repeat(1_000_000)}` }),
        )
      ).status,
    ).toBe(413);
    expect((await raw("PATCH", path, "{not json")).status).toBe(400);
    expect((await raw("PATCH", path, `${"[".repeat(100_000)}${"]".repeat(100_000)}`)).status).toBeLessThan(
      500,
    );
    expect((await raw("POST", `${path}/merge`, JSON.stringify({ into: "../../etc" }))).status).toBe(400);
    expect(
      (await raw("POST", `${path}/comments`, JSON.stringify({ body: "nul \u0000 inside" }))).status,
    ).toBe(400);
    // A lone surrogate is stored as the replacement character, never a 5xx.
    const lone = await raw("POST", `${path}/comments`, '{"body": "half a pair: \\ud800 end"}');
    expect(lone.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(5_000);
    // The comment is inert text in the answer, as written (with the replacement).
    expect(((await lone.json()) as { body: string }).body).toMatch(/^half a pair: .* end$/);
  });
});
