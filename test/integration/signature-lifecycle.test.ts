import { afterAll, beforeAll, expect, it } from "vitest";
import { changeSignatureStatus, ignoreChange } from "../../lib/failures/lifecycle";
import { failuresNeedingAttention, listFailureSignatures } from "../../lib/queries/failures";
import { getSignature, getSignatureActivity } from "../../lib/queries/signature";
import { resolveWindow } from "../../lib/schemas/dashboard";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// A failure signature's lifecycle as a team lives it: resolved, seen again (regressed),
// ignored for a number of calls or until a date (then open again), with its history.

let api: TestApi;
let projectId: string;
let sequence = 0;

beforeAll(async () => {
  api = await startTestApi("signature_lifecycle");
  const { rows } = await api.database.pool.query<{ id: string }>(
    `SELECT id FROM projects WHERE name = 'default'`,
  );
  projectId = rows[0]!.id;
});
afterAll(() => api?.close());

/** Sends `count` calls failing the same way (one signature), occurring now. */
async function fail(count = 1, tool = "charge") {
  const calls = Array.from({ length: count }, () => ({
    id: `c-${++sequence}`,
    occurredAt: new Date().toISOString(),
    server: "billing",
    tool,
    sessionId: `s-${sequence % 3}`,
    agent: "support-bot",
    response: toolErrorResult("Payment required. Metered calls are paused.", "payment_required"),
  }));
  expect((await api.post({ calls })).status).toBe(200);
}

const window = () => resolveWindow({ range: "24h" }, new Date(Date.now() + 60_000));
async function current(tool = "charge") {
  const page = await listFailureSignatures(api.database.pool, projectId, window(), { q: tool });
  return page.groups[0]!;
}

it("resolved, then seen again: regressed, on the Overview's attention list, with the move in its history", async () => {
  await fail(2);
  const group = await current();
  expect(group.status).toBe("open");
  expect(
    await changeSignatureStatus(
      api.database.pool,
      projectId,
      group.signature,
      { status: "resolved" },
      "ann@x.test",
    ),
  ).toBe(true);
  expect((await current()).status).toBe("resolved");
  // Resolved signatures leave the default (open and regressed) list.
  const active = await listFailureSignatures(api.database.pool, projectId, window(), {
    statuses: ["open", "regressed"],
  });
  expect(active.groups.map((candidate) => candidate.signature)).not.toContain(group.signature);

  await new Promise((resolve) => setTimeout(resolve, 5));
  await fail(1);
  expect((await current()).status).toBe("regressed");
  const attention = await failuresNeedingAttention(api.database.pool, projectId, window());
  expect(attention.regressed.groups.map((candidate) => candidate.signature)).toEqual([group.signature]);

  const activity = await getSignatureActivity(api.database.pool, projectId, group.signature, window(), group);
  expect(activity.history.map((event) => [event.actor, event.from, event.to])).toEqual([
    ["faultline", "resolved", "regressed"],
    ["ann@x.test", "open", "resolved"],
  ]);
  expect(activity.callsInWindow).toBe(3);
  expect(activity.tools).toEqual([{ value: "charge", calls: 3 }]);
  expect(activity.agents).toEqual([{ value: "support-bot", calls: 3 }]);
  expect(activity.sessions.reduce((sum, row) => sum + row.calls, 0)).toBe(3);
  expect(activity.examples).toHaveLength(3);
  expect(activity.hourly.reduce((sum, point) => sum + point.calls, 0)).toBe(3);
});

it("a signature's page knows the share of its tool's calls that fail with it", async () => {
  await fail(3, "share");
  const ok = Array.from({ length: 5 }, (_, index) => ({
    id: `share-ok-${index}`,
    server: "billing",
    tool: "share",
    response: textResult("charged"),
  }));
  // Another tool's calls and another failure of this tool do not count as this signature's.
  const others = [
    { id: "share-other-tool", server: "billing", tool: "elsewhere", response: textResult("x") },
    {
      id: "share-other-failure",
      server: "billing",
      tool: "share",
      response: toolErrorResult("Card declined", "card_declined"),
    },
  ];
  expect((await api.post({ calls: [...ok, ...others] })).status).toBe(200);
  const shared = (
    await listFailureSignatures(api.database.pool, projectId, window(), { q: "share" })
  ).groups.find((candidate) => candidate.errorCode === "payment_required")!;
  const activity = await getSignatureActivity(
    api.database.pool,
    projectId,
    shared.signature,
    window(),
    shared,
  );
  expect(activity.callsInWindow).toBe(3);
  expect(activity.toolCalls).toBe(9);
});

it("ignored for the next 3 calls stays ignored for 2 and opens at the 3rd", async () => {
  await fail(1, "refund");
  const group = await current("refund");
  await changeSignatureStatus(
    api.database.pool,
    projectId,
    group.signature,
    ignoreChange("100"),
    "ben@x.test",
  );
  // Count from now: 100 more calls; emulate a smaller allowance by setting it directly.
  await api.database.pool.query(
    `UPDATE failure_signatures SET ignore_until_calls = calls + 3 WHERE project_id = $1 AND signature = $2`,
    [projectId, group.signature],
  );
  await fail(2, "refund");
  expect((await current("refund")).status).toBe("ignored");
  await fail(1, "refund");
  const reopened = await getSignature(api.database.pool, projectId, group.signature);
  expect(reopened).toMatchObject({ status: "open", ignoreUntil: null, ignoreUntilCalls: null });
  const { history } = await getSignatureActivity(
    api.database.pool,
    projectId,
    group.signature,
    window(),
    group,
  );
  expect(history[0]).toMatchObject({
    actor: "faultline",
    from: "ignored",
    to: "open",
    detail: "the ignore ran out",
  });
});

it("ignored until a date stays ignored before it and opens after; forever never opens", async () => {
  await fail(1, "invoice");
  const dated = await current("invoice");
  await changeSignatureStatus(
    api.database.pool,
    projectId,
    dated.signature,
    { status: "ignored", until: new Date(Date.now() + 3_600_000) },
    "cat@x.test",
  );
  await fail(1, "invoice");
  expect((await current("invoice")).status).toBe("ignored");
  await api.database.pool.query(
    `UPDATE failure_signatures SET ignore_until = now() - interval '1 second' WHERE project_id = $1 AND signature = $2`,
    [projectId, dated.signature],
  );
  await fail(1, "invoice");
  expect((await current("invoice")).status).toBe("open");

  await fail(1, "quote");
  const forever = await current("quote");
  await changeSignatureStatus(
    api.database.pool,
    projectId,
    forever.signature,
    ignoreChange("forever"),
    "cat@x.test",
  );
  await fail(5, "quote");
  expect((await current("quote")).status).toBe("ignored");
});

it("another project's signature cannot be changed, and bad allowances are refused by name", async () => {
  await fail(1, "other");
  const group = await current("other");
  const { rows } = await api.database.pool.query<{ id: string }>(
    `INSERT INTO projects (id, name) VALUES (gen_random_uuid(), 'elsewhere') RETURNING id`,
  );
  expect(
    await changeSignatureStatus(api.database.pool, rows[0]!.id, group.signature, { status: "resolved" }, "x"),
  ).toBe(false);
  expect((await current("other")).status).toBe("open");
  await expect(
    changeSignatureStatus(
      api.database.pool,
      projectId,
      group.signature,
      { status: "ignored", forCalls: 0 },
      "x",
    ),
  ).rejects.toThrow(/forCalls: must be a whole number/);
  expect(await getSignature(api.database.pool, projectId, "not-hex")).toBeNull();
});

it("an upgrade that masks more continues each old signature: resolved stays resolved until seen again, ignored stays ignored, nothing is announced as new", async () => {
  const { computeSignature, legacySignature } = await import("../../lib/classify/signature");
  const text = "ENOENT: no such file or directory, open /srv/exports/ledger-2026.csv";
  const parts = (tool: string) => ({
    server: "files",
    tool,
    outcome: "tool_error",
    category: "validation",
    errorCode: "enoent",
    text,
  });
  // What an instance before version 2's masks stored: the same failure under its old signature.
  const before = new Date(Date.now() - 3 * 86_400_000);
  async function stored(tool: string, status: string, extra = "") {
    const legacy = legacySignature(parts(tool));
    expect(legacy).not.toBe(computeSignature(parts(tool)));
    await api.database.pool.query(
      `INSERT INTO failure_signatures (project_id, signature, server, tool, outcome, category, error_code,
              silent_failure, example_text, first_seen, last_seen, calls, status, status_changed_at ${extra ? ", ignore_until" : ""})
       VALUES ($1, $2, 'files', $3, 'tool_error', 'validation', 'enoent', false, $4, $5, $5, 7, $6, $5 ${extra ? ", now() + interval '1 day'" : ""})`,
      [projectId, legacy, tool, text, before, status],
    );
  }
  await stored("read_resolved", "resolved");
  await stored("read_ignored", "ignored", "until");
  const send = (tool: string) =>
    api.post({
      calls: [
        {
          id: `c-${++sequence}`,
          server: "files",
          tool,
          response: toolErrorResult(text),
        },
      ],
    });
  expect((await send("read_resolved")).status).toBe(200);
  expect((await send("read_ignored")).status).toBe(200);

  const row = async (tool: string) =>
    (
      await api.database.pool.query<{ status: string; first_seen: Date; calls: number }>(
        `SELECT status, first_seen, calls FROM failure_signatures WHERE project_id = $1 AND signature = $2`,
        [projectId, computeSignature(parts(tool))],
      )
    ).rows[0]!;
  // A resolved problem seen again after the upgrade is a regression, as it would have been before.
  expect(await row("read_resolved")).toMatchObject({ status: "regressed", first_seen: before, calls: 8 });
  // An ignored one stays ignored; neither is new (its first sighting is the old one's).
  expect(await row("read_ignored")).toMatchObject({ status: "ignored", first_seen: before, calls: 8 });
});
