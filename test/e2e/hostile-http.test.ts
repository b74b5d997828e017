import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, signIn } from "../helpers/browser";
import { DRAIN_TIMEOUT_MS } from "../../lib/http/refused-body";
import { rawExchange } from "../helpers/raw-http";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Requests no browser sends, against the real server: each is refused with a 4xx that says why,
// before Next.js (which answers them with a 500) or a handler sees it; the server keeps serving.

const ADMIN = { email: "admin@example.test", password: "correct horse battery" };
const KEY = "flk_hostile_http_key_000000000000000";
let testDatabase: TestDatabase;
let app: AppServer;
let session: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase("hostile_http");
  app = await startAppServer({
    DATABASE_URL: testDatabase.url,
    FAULTLINE_ADMIN_EMAIL: ADMIN.email,
    FAULTLINE_ADMIN_PASSWORD: ADMIN.password,
    FAULTLINE_READ_RATE_PER_SECOND: "0",
    FAULTLINE_INIT_INGEST_KEY: KEY,
  });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app.url, ADMIN.email, ADMIN.password);
    session = (await context.cookies()).find((cookie) => cookie.name === "faultline_session")!.value;
  } finally {
    await browser.close();
  }
});
afterAll(async () => {
  await app?.stop();
  await testDatabase?.drop();
});

function request(line: string, headers: Record<string, string>, body = ""): string {
  const lines = Object.entries({ "Content-Length": String(Buffer.byteLength(body)), ...headers })
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `${line}\r\n${lines}Connection: close\r\n\r\n${body}`;
}

function expectNoServerError(): void {
  expect(app.output()).not.toMatch(/unexpected error serving|⨯|TypeError|SyntaxError/);
}

describe("refused before anything serves it", () => {
  it.each(["127.0.0.1:99999", "1.2.3.999", "[::g]", "[1:2:3]", "a..b"])(
    "a Host the URL parser rejects (%j) is a 400 on pages, the API, OTLP and /metrics",
    async (host) => {
      for (const [method, target] of [
        ["GET", "/"],
        ["GET", "/login"],
        ["POST", "/login"],
        ["POST", "/api/v1/calls"],
        ["POST", "/api/v1/otlp/v1/traces"],
        ["GET", "/metrics"],
      ] as const) {
        const answer = await rawExchange(app.url, request(`${method} ${target} HTTP/1.1`, { Host: host }));
        expect(answer.status, `${method} ${target}`).toBe(400);
        expect(answer.body).toMatch(/Host header/);
      }
      expectNoServerError();
    },
  );

  it.each(["*", "http://127.0.0.1/"])("a request target that is not a path (%j) is a 400", async (target) => {
    for (const method of ["GET", "OPTIONS", "POST"]) {
      const answer = await rawExchange(
        app.url,
        request(`${method} ${target} HTTP/1.1`, { Host: "127.0.0.1" }),
      );
      expect(answer.status, method).toBe(400);
      expect(answer.body).toMatch(/not a path/);
    }
    expectNoServerError();
  });

  it.each([
    "/apix",
    "/api",
    "/apifoo",
    "/favicon.svg",
    "/api%2F..%2Flogin",
    "/login",
    "/settings",
    "/no/such/page",
  ])("a cross-site POST to %s, with the session cookie, is a 403 naming the reason", async (target) => {
    const answer = await rawExchange(
      app.url,
      request(
        `POST ${target} HTTP/1.1`,
        {
          Host: new URL(app.url).host,
          Origin: "https://evil.example",
          Cookie: `faultline_session=${session}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Next-Action": "403b8fb0ba3109b4f10ebe47124fbe3844620d4fdb",
        },
        "a=1",
      ),
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toMatch(/another site/);
    expectNoServerError();
  });

  it("a page body over Next.js's 1 MB action limit is a 413, and a chunked one is a 411", async () => {
    const host = new URL(app.url).host;
    const big = "a=" + "x".repeat(1024 * 1024 + 10);
    const tooBig = await rawExchange(
      app.url,
      request(
        "POST /login HTTP/1.1",
        { Host: host, "Content-Type": "application/x-www-form-urlencoded" },
        big,
      ),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatch(/over 1048576 bytes/);
    const chunked = await rawExchange(
      app.url,
      `POST /login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n3\r\na=1\r\n0\r\n\r\n`,
    );
    expect(chunked.status).toBe(411);
    expect(chunked.body).toMatch(/say its length/);
    expectNoServerError();
  });
});

describe("server actions called with what a browser never sends", () => {
  /** Every server action of the build, and a page that serves it. */
  const actions = (): { id: string; name: string; page: string }[] => {
    const manifest = JSON.parse(
      readFileSync(path.join(process.cwd(), ".next/server/server-reference-manifest.json"), "utf8"),
    ) as { node: Record<string, { exportedName: string; workers: Record<string, unknown> }> };
    return Object.entries(manifest.node)
      .flatMap(([id, action]) => {
        const worker = Object.keys(action.workers).find((name) => !name.includes("["));
        if (!worker) return [];
        const page =
          worker
            .replace(/^app/, "")
            .replace(/\/\([^)]+\)/g, "")
            .replace(/\/page$/, "") || "/";
        return [{ id, name: action.exportedName, page }];
      })
      .sort((a, b) => Number(a.name === "signOutAction") - Number(b.name === "signOutAction")); // sign out last
  };

  it("every action answers malformed JSON arguments with a 400, and non-form arguments without a 500", async () => {
    const host = new URL(app.url).host;
    const found = actions();
    expect(found.map((action) => action.name)).toEqual(
      expect.arrayContaining([
        "signInAction",
        "createKeyAction",
        "revokeKeyAction",
        "changeSignatureStatusAction",
      ]),
    );
    const refusedBodies = ["[[[[", '{"a":1}', '"text"', "", "\u0000"];
    const oddArguments = ["[]", "[1,2]", '["x","y"]', "[null,null]", '[{"name":"x"},{"email":"a@b"}]'];
    const statuses: Record<string, number[]> = {};
    for (const action of found) {
      for (const body of [...refusedBodies, ...oddArguments]) {
        const answer = await rawExchange(
          app.url,
          request(
            `POST ${action.page} HTTP/1.1`,
            {
              Host: host,
              Origin: app.url,
              Cookie: `faultline_session=${session}`,
              "Content-Type": "text/plain;charset=UTF-8",
              "Next-Action": action.id,
              Accept: "text/x-component",
            },
            body,
          ),
        );
        (statuses[action.name] ??= []).push(answer.status);
        if (refusedBodies.includes(body)) {
          expect(answer.status, `${action.name} ${JSON.stringify(body)}`).toBe(400);
          expect(answer.body).toMatch(/server action's arguments/);
        } else {
          // Answered (a redirect to sign in, the action's own refusal, or its page), never a 5xx.
          expect(answer.status, `${action.name} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(200);
          expect(answer.status, `${action.name} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
    }
    console.log(`server actions under odd arguments: ${JSON.stringify(statuses)}`);
    expectNoServerError();
    // The server still serves an ordinary page afterwards.
    const response = await fetch(`${app.url}/login`);
    expect(response.status).toBe(200);
  });
});

describe("a body refused before it was read whole", () => {
  const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };

  // Over each route's default limit (FAULTLINE_MAX_BODY_BYTES, FAULTLINE_OTLP_MAX_BODY_BYTES).
  it.each([
    ["/api/v1/calls", 6],
    ["/api/v1/otlp/v1/traces", 17],
  ])(
    "on %s is answered 413 every time, its length declared or not — never a reset the sender would retry as it was — and the connection serves on",
    async (target, megabytes) => {
      const big = new TextEncoder().encode(JSON.stringify({ text: "x".repeat(megabytes * 1024 * 1024) }));
      const outcomes: Record<string, number> = {};
      // fetch, as the reporter and OpenTelemetry's exporters send: a pool of kept-alive connections.
      await Promise.all(
        Array.from({ length: 3 }, async (_, lane) => {
          for (let index = 0; index < 10; index++) {
            // Declared (Content-Length: refused before a byte is read) or streamed (refused mid-read).
            const body =
              (index + lane) % 2 === 0
                ? big
                : new ReadableStream({
                    start(controller) {
                      controller.enqueue(big);
                      controller.close();
                    },
                  });
            const outcome = await fetch(`${app.url}${target}`, {
              method: "POST",
              headers,
              body,
              duplex: "half",
            } as RequestInit).then(
              async (response) => {
                const text = await response.text();
                return `${response.status} ${/body: must be at most \d+ bytes/.test(text) ? "naming the limit" : text.slice(0, 80)}`;
              },
              (error: Error & { cause?: { code?: string } }) =>
                `reset (${error.cause?.code ?? error.message})`,
            );
            outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
          }
        }),
      );
      expect(outcomes).toEqual({
        "413 naming the limit": 30,
      });
      const small = target.includes("otlp") ? '{"resourceSpans":[]}' : '{"server":"s","tool":"t"}';
      const after = await fetch(`${app.url}${target}`, { method: "POST", headers, body: small });
      expect(after.status).toBe(200);
      expectNoServerError();
    },
  );

  it("that stops arriving is answered within the drain bound, and its connection closed", async () => {
    const host = new URL(app.url).host;
    const started = performance.now();
    // 6 MB declared, 100 bytes sent, then nothing: the answer does not wait for the rest.
    const answer = await rawExchange(
      app.url,
      `POST /api/v1/calls HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\n${"x".repeat(100)}`,
    );
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(413);
    expect(answer.head).toMatch(/^connection: close$/im);
    expect(elapsed).toBeLessThan(DRAIN_TIMEOUT_MS + 3_000);
    expectNoServerError();
  }, 30_000);
});
