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
