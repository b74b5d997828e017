import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../helpers/api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi("rate_limit", {
    FAULTLINE_INGEST_RATE_PER_SECOND: "0.5",
    FAULTLINE_INGEST_RATE_BURST: "3",
  });
});
afterAll(async () => api?.close());

const call = (id: string) => ({ id, server: "s", tool: "t", text: "ok" });

it("answers 429 with Retry-After once a key's burst is spent, and nothing of that request is stored", async () => {
  const statuses: number[] = [];
  for (let index = 0; index < 3; index++) statuses.push((await api.post(call(`rl-${index}`))).status);
  expect(statuses).toEqual([200, 200, 200]);
  const limited = await api.request("POST", "/api/v1/calls", { body: call("rl-limited") });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
  expect((await api.get("/api/v1/calls/rl-limited")).status).toBe(404);
});

it("limits each key on its own", async () => {
  const other = await api.createKey("default", ["ingest"]);
  expect((await api.post(call("rl-other"), other)).status).toBe(200);
});
