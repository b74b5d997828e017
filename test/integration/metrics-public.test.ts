import http from "node:http";
import type { AddressInfo } from "node:net";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createServer } from "../../lib/http/node-server";
import { textResult as text } from "../fixtures/jsonrpc";
import { startTestApi, type TestApi } from "../helpers/api";

// FAULTLINE_METRICS_PUBLIC=1: /metrics answers without a key, every project's series in it.

let api: TestApi;
let base: string;
let server: http.Server;

beforeAll(async () => {
  api = await startTestApi("metrics_public", { FAULTLINE_METRICS_PUBLIC: "1" });
  server = createServer({ direct: {}, fallback: (_request, response) => response.writeHead(404).end() });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

it("answers 200 without a key, with every project's per-project series", async () => {
  const otherKey = await api.createKey("other", ["ingest"]);
  expect((await api.post({ id: "a", server: "s", tool: "t", response: text("fine") })).status).toBe(200);
  expect((await api.post({ id: "b", server: "s", tool: "t", response: text("fine") }, otherKey)).status).toBe(
    200,
  );
  const projects = (
    await api.database.pool.query<{ id: string; name: string }>(`SELECT id, name FROM projects ORDER BY name`)
  ).rows;

  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  const families = parsePrometheusTextFormat(await response.text());
  const ingested = families.find((family) => family.name === "faultline_calls_ingested_total")!;
  for (const { id, name } of projects) {
    expect(ingested.metrics).toContainEqual({
      value: "1",
      labels: { project: id, project_name: name, outcome: "ok", category: "none" },
    });
  }
  expect(families.some((family) => family.name === "faultline_db_pool_waiting")).toBe(true);
});
