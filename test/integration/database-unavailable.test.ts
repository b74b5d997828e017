import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";

// With the database unreachable the webhook must say so (503 + Retry-After), not 500.

let closedPort: number;
beforeAll(async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closedPort = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${closedPort}/faultline_test_unreachable`;
});

afterAll(() => {
  delete process.env.DATABASE_URL;
});

it("answers 503 with Retry-After when PostgreSQL cannot be reached", async () => {
  const { POST } = await import("../../app/api/v1/calls/route");
  const response = await POST(
    new Request("http://faultline.test/api/v1/calls", {
      method: "POST",
      headers: { authorization: "Bearer flk_whatever", "content-type": "application/json" },
      body: JSON.stringify({ server: "s", tool: "t" }),
    }),
    { params: Promise.resolve({}) },
  );
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("database_unavailable");
  expect(body.error.message).toMatch(/nothing was written/);
});
