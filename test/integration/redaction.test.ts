import { afterAll, beforeAll, expect, it } from "vitest";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("redaction", { FAULTLINE_REDACT_PATTERNS: '["ACME-[0-9]{4}"]' });
});
afterAll(async () => api?.close());

it("never stores a secret a tool returned, while classifying as if it were there", async () => {
  const { body } = await api.post({
    calls: [
      {
        id: "r1",
        server: "s",
        tool: "t",
        response: textResult("401 Unauthorized: token ghp_0123456789abcdefghijABCDEFGHIJ expired"),
      },
      {
        id: "r2",
        server: "s",
        tool: "t",
        response: toolErrorResult("connect postgres://app:hunter22@db/prod failed for ACME-1234"),
      },
    ],
  });
  expect(body.calls[0]).toMatchObject({ silentFailure: true, category: "auth", errorCode: "http_401" });
  const { rows } = await api.database.pool.query<{ id: string; text: string }>(
    `SELECT id, text FROM calls ORDER BY id`,
  );
  expect(rows).toEqual([
    { id: "r1", text: "401 Unauthorized: token [REDACTED] expired" },
    { id: "r2", text: "connect postgres://app:[REDACTED]@db/prod failed for [REDACTED]" },
  ]);
  const examples = await api.database.pool.query<{ example_text: string }>(
    `SELECT example_text FROM failure_signatures`,
  );
  expect(examples.rows.map((row) => row.example_text).join(" ")).not.toMatch(/ghp_|hunter22|ACME-1234/);
});

it("masks every stored string — transport errors, labels, codes — before codes, signatures and rollups are derived", async () => {
  const secrets = [
    "hunter2",
    "s3cretSess10n",
    "agentT0ken99",
    "ghp_abcdefghijABCDEFGHIJ0123456789",
    "ACME-9876",
  ];
  const { status, body } = await api.post({
    calls: [
      {
        id: "t1",
        server: "billing",
        tool: "charge",
        sessionId: "Bearer s3cretSess10n",
        agent: "bot token: agentT0ken99",
        transportError: "connect ECONNREFUSED postgres://admin:hunter2@db:5432",
      },
      {
        id: "t2",
        server: "billing ACME-9876",
        tool: "charge",
        response: toolErrorResult("declined", "ghp_abcdefghijABCDEFGHIJ0123456789"),
      },
    ],
  });
  expect(status).toBe(200);
  expect(body.calls[0]).toMatchObject({
    outcome: "transport_error",
    errorCode: "econnrefused",
    category: "transient",
  });
  expect(body.calls[1]).toMatchObject({ outcome: "tool_error", errorCode: "[REDACTED]" });
  // Nothing of any secret in any column of any table.
  const { rows: tables } = await api.database.pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  for (const { name } of tables) {
    const { rows } = await api.database.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`);
    for (const { row } of rows)
      for (const secret of secrets) expect(row, `${name}: ${row}`).not.toContain(secret);
  }
  const stored = await api.get<{ transportError: string; sessionId: string; agent: string }>(
    "/api/v1/calls/t1",
  );
  expect(stored.body).toMatchObject({
    transportError: "connect ECONNREFUSED postgres://admin:[REDACTED]@db:5432",
    sessionId: "Bearer [REDACTED]",
    agent: "bot token: [REDACTED]",
  });
});
