import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../lib/auth/keys";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { PROXY } from "../helpers/proxy";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// One call, counted once, however many routes saw it (docs/ROUTES.md). A real agent (the MCP SDK's
// client with the reporter package's client reporter and OpenLLMetry's MCP instrumentation) makes
// 14 scripted calls through faultline-proxy to a real MCP server instrumented with
// instrumentServer, over stdio and over Streamable HTTP (test/fixtures/routes). Every route reports
// what it saw — nothing here writes a report by hand:
// 1. live: all four routes deliver to Faultline at once, two of them to one app instance and two to
//    another on the same database; what is stored is compared with what the client saw;
// 2. replayed: each route's deliveries are captured as they were sent (byte for byte) and sent to
//    Faultline again for every combination of two, three and four routes, in every order the
//    routes' reports can arrive, and once all at once across two instances — each combination in a
//    project of its own — and compared with the truth and with each route alone.
// What the reporter adds to the requests (trace context) is only there when it runs: the routes
// are captured once with the reporter and once without, and a combination takes the capture that
// matches it.

type Route = "reporter" | "proxy" | "server" | "traceloop";
type Transport = "stdio" | "http";
const ROUTES: Route[] = ["reporter", "proxy", "server", "traceloop"];
const FIXTURES = path.join(process.cwd(), "test", "fixtures", "routes");

/** The script's calls as Faultline should count them: 14 calls, these 8 failures (the silent ones included). */
const CALLS = 14;
const FAILING = [
  "charge",
  "charge",
  "fetch_url",
  "parse_document",
  "whoami",
  "no_such_tool",
  "slow_report",
  "slow_report",
];
const TRUE_RATE = FAILING.length / CALLS;

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

interface Capture {
  truth: { tool: string; seen: string; text: string }[];
  sent: Record<Route, Sent[]>;
}

let testDatabase: TestDatabase;
let instances: AppServer[] = [];
const captures: Record<string, Capture> = {};

/** A stand-in for Faultline that keeps what a route sent, byte for byte, and answers as Faultline does. */
async function captureServer(): Promise<{ url: string; sent: Sent[]; close(): void }> {
  const sent: Sent[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "content-encoding"])
        if (request.headers[name]) headers[name] = String(request.headers[name]);
      sent.push({ path: request.url ?? "/", headers, body });
      if (request.url?.includes("/otlp/")) {
        response.writeHead(200, { "content-type": "application/x-protobuf" }).end();
        return;
      }
      const parsed = JSON.parse(body.toString("utf8")) as { calls?: unknown[] };
      const count = Array.isArray(parsed.calls) ? parsed.calls.length : 1;
      response
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ accepted: count, duplicates: 0, rejected: [], calls: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    sent,
    close: () => server.close(),
  };
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** The first line a process prints on `stream` that parses as JSON. */
function firstJson<T>(child: ChildProcess, stream: "stdout" | "stderr", pattern?: RegExp): Promise<T> {
  return new Promise((resolve, reject) => {
    let text = "";
    const source = child[stream]!;
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      for (const line of text.split("\n")) {
        const matched = pattern
          ? pattern.exec(line)?.[1]
          : line.trim().startsWith("{") || line.trim().startsWith("[")
            ? line
            : undefined;
        if (!matched) continue;
        try {
          source.off("data", onData);
          return resolve(JSON.parse(matched) as T);
        } catch {
          // not yet a whole line
        }
      }
    };
    source.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited ${code} before printing: ${text.slice(-2000)}`)));
  });
}

/**
 * Runs the agent once through the proxy to the server. Each route delivers to `targets[route]`
 * (a capture, or Faultline); `reporting` says which routes run at all.
 */
async function runAgent(
  transport: Transport,
  targets: Record<Route, { url: string; key: string }>,
  reporting: Set<Route>,
  proxyOptions: string[] = [],
): Promise<Capture["truth"]> {
  const serverEnv = {
    SERVER_FAULTLINE_URL: targets.server.url,
    SERVER_FAULTLINE_KEY: targets.server.key,
    SERVER_REPORTING: reporting.has("server") ? "on" : "off",
  };
  const proxyEnv = reporting.has("proxy")
    ? { FAULTLINE_URL: targets.proxy.url, FAULTLINE_KEY: targets.proxy.key }
    : { FAULTLINE_URL: "", FAULTLINE_KEY: "" };
  const clientEnv: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ...serverEnv,
    ...proxyEnv,
    ROUTES: ["reporter", "traceloop"].filter((route) => reporting.has(route as Route)).join(","),
    REPORTER_URL: targets.reporter.url,
    REPORTER_KEY: targets.reporter.key,
    TRACELOOP_URL: targets.traceloop.url,
    TRACELOOP_KEY: targets.traceloop.key,
    TRANSPORT: transport,
  };
  const background: ChildProcess[] = [];
  if (transport === "stdio") {
    clientEnv.PROXY_COMMAND = JSON.stringify([
      process.execPath,
      PROXY,
      "--server",
      "crm",
      "--quiet",
      ...proxyOptions,
      "--",
      process.execPath,
      path.join(FIXTURES, "server.mjs"),
      "stdio",
    ]);
  } else {
    const server = spawn(process.execPath, [path.join(FIXTURES, "server.mjs"), "http"], {
      env: { ...process.env, ...serverEnv },
      stdio: ["ignore", "pipe", "inherit"],
    });
    background.push(server);
    const { port } = await firstJson<{ port: number }>(server, "stdout");
    const proxy = spawn(
      process.execPath,
      [
        PROXY,
        "--server",
        "crm",
        ...proxyOptions,
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        `http://127.0.0.1:${port}/mcp`,
      ],
      { env: { ...process.env, ...proxyEnv }, stdio: ["ignore", "ignore", "pipe"] },
    );
    background.push(proxy);
    const listening = await new Promise<string>((resolve, reject) => {
      let text = "";
      proxy.stderr!.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = /point the client at (\S+)/.exec(text);
        if (match) resolve(match[1]!);
      });
      proxy.once("exit", () => reject(new Error(`the proxy exited: ${text}`)));
    });
    clientEnv.PROXY_URL = listening;
  }
  const client = spawn(process.execPath, [path.join(FIXTURES, "client.mjs")], {
    env: clientEnv as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const truth = await firstJson<Capture["truth"]>(client, "stdout");
  await exited(client);
  // The HTTP server and proxy deliver what is left when they stop (a stdio server and proxy did as
  // the client closed them).
  for (const child of background) child.kill("SIGTERM");
  await Promise.all(background.map(exited));
  return truth;
}

async function capture(transport: Transport, withReporter: boolean): Promise<Capture> {
  const servers = Object.fromEntries(
    await Promise.all(ROUTES.map(async (route) => [route, await captureServer()] as const)),
  ) as Record<Route, Awaited<ReturnType<typeof captureServer>>>;
  const targets = Object.fromEntries(
    ROUTES.map((route) => [route, { url: servers[route].url, key: "flk_capture" }]),
  ) as Record<Route, { url: string; key: string }>;
  const reporting = new Set<Route>(withReporter ? ROUTES : ROUTES.filter((route) => route !== "reporter"));
  const truth = await runAgent(transport, targets, reporting);
  // Deliveries that were under way when the processes ended have arrived by now; give stragglers a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const server of Object.values(servers)) server.close();
  return {
    truth,
    sent: Object.fromEntries(ROUTES.map((route) => [route, servers[route].sent])) as Record<Route, Sent[]>,
  };
}

let projects = 0;
async function newProject(): Promise<string> {
  return (
    await createKey(testDatabase.database.prisma, {
      project: `routes-${++projects}`,
      scopes: ["ingest", "read"],
    })
  ).key;
}

async function send(instance: AppServer, key: string, request: Sent): Promise<void> {
  const response = await fetch(`${instance.url}${request.path}`, {
    method: "POST",
    headers: { ...request.headers, authorization: `Bearer ${key}` },
    body: new Uint8Array(request.body),
  });
  expect(response.status, `${request.path}: ${await response.clone().text()}`).toBeLessThan(300);
}

interface Stored {
  tool: string;
  outcome: string;
  category: string | null;
  errorCode: string | null;
  retryable: boolean | null;
  silentFailure: boolean;
  flags: string[];
  routes: string[];
}

async function stored(key: string): Promise<Stored[]> {
  const response = await fetch(
    `${instances[0]!.url}/api/v1/calls?method=tools/call&limit=500&from=2020-01-01T00:00:00Z&order=asc`,
    { headers: { authorization: `Bearer ${key}` } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { calls: Stored[] }).calls;
}

/** A call's verdict, as the combinations must agree on it. */
const verdict = (call: Stored) =>
  JSON.stringify([
    call.tool,
    call.outcome,
    call.category,
    call.errorCode,
    call.retryable,
    call.silentFailure,
  ]);
const verdicts = (calls: Stored[]) => calls.map(verdict).sort();

interface Row {
  transport: Transport;
  routes: string;
  order: string;
  made: number;
  stored: number;
  observations: number;
  rate: number;
  wasted: number;
  duplicates: number;
}
const table: Row[] = [];

function summarise(transport: Transport, routes: string, order: string, calls: Stored[]): Row {
  const failed = calls.filter((call) => call.outcome !== "ok" || call.silentFailure).length;
  const row = {
    transport,
    routes,
    order,
    made: CALLS,
    stored: calls.length,
    observations: calls.reduce((sum, call) => sum + call.routes.length, 0),
    rate: calls.length ? failed / calls.length : 0,
    wasted: calls.filter((call) => call.flags.includes("wasted_retry")).length,
    duplicates: calls.filter((call) => call.flags.includes("duplicate_request")).length,
  };
  table.push(row);
  return row;
}

const observer: Record<Route, string> = {
  reporter: "reporter",
  proxy: "",
  server: "server",
  traceloop: "otlp:client",
};

function subsets(size: number, from = ROUTES): Route[][] {
  if (size === 0) return [[]];
  return from.flatMap((route, index) =>
    subsets(size - 1, from.slice(index + 1)).map((rest) => [route, ...rest]),
  );
}

function orders(routes: Route[]): Route[][] {
  if (routes.length <= 1) return [routes];
  return routes.flatMap((route, index) =>
    orders([...routes.slice(0, index), ...routes.slice(index + 1)]).map((rest) => [route, ...rest]),
  );
}

beforeAll(async () => {
  testDatabase = await createTestDatabase("routes_combined");
  const env = {
    DATABASE_URL: testDatabase.url,
    FAULTLINE_INGEST_RATE_PER_SECOND: "0",
    FAULTLINE_READ_RATE_PER_SECOND: "0",
  };
  instances = [await startAppServer(env)];
  instances.push(await startAppServer(env));
  for (const transport of ["stdio", "http"] as const) {
    for (const withReporter of [true, false])
      captures[`${transport}-${withReporter}`] = await capture(transport, withReporter);
  }
}, 300_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await testDatabase?.drop();
  if (table.length === 0) return;
  const lines = [
    "| transport | routes | arrival | calls made | stored | observations | failure rate stored / true | wasted-retry flags | duplicate-request flags |",
    "|---|---|---|---|---|---|---|---|---|",
    ...table.map(
      (row) =>
        `| ${row.transport} | ${row.routes} | ${row.order} | ${row.made} | ${row.stored} | ${row.observations} | ${row.rate.toFixed(3)} / ${TRUE_RATE.toFixed(3)} | ${row.wasted} | ${row.duplicates} |`,
    ),
  ];
  mkdirSync(path.join(process.cwd(), "test-results"), { recursive: true });
  writeFileSync(path.join(process.cwd(), "test-results", "routes-combined.md"), `${lines.join("\n")}\n`);
});

describe.each(["stdio", "http"] as const)("over %s", (transport) => {
  const take = (routes: Route[]) => captures[`${transport}-${routes.includes("reporter")}`]!;
  const proxyObserver = transport === "stdio" ? "proxy-stdio" : "proxy-http";
  const observersOf = (routes: Route[]) =>
    routes.map((route) => (route === "proxy" ? proxyObserver : observer[route])).sort();

  it("the client saw the script: 14 calls, the failures where they were made", () => {
    for (const withReporter of [true, false]) {
      const { truth } = captures[`${transport}-${withReporter}`]!;
      expect(truth.map((call) => call.tool)).toHaveLength(CALLS);
      expect(
        truth
          .filter((call) => call.seen !== "ok")
          .map((call) => call.tool)
          .sort(),
      ).toEqual(["charge", "charge", "fetch_url", "no_such_tool", "slow_report", "slow_report"].sort());
    }
  });

  it("each route alone: every call once, the same verdicts through every route", async () => {
    const alone: Stored[][] = [];
    for (const route of ROUTES) {
      const key = await newProject();
      for (const request of take([route]).sent[route]) await send(instances[0]!, key, request);
      const calls = await stored(key);
      const row = summarise(transport, route, "—", calls);
      expect(row, route).toMatchObject({ stored: CALLS, observations: CALLS, wasted: 1, duplicates: 1 });
      expect(row.rate, route).toBeCloseTo(TRUE_RATE, 6);
      alone.push(calls);
    }
    // A cancellation, a timeout, a thrown error, a silent failure: one verdict whatever the route.
    for (const calls of alone.slice(1)) expect(verdicts(calls)).toEqual(verdicts(alone[0]!));
  }, 120_000);

  for (const size of [2, 3, 4]) {
    for (const routes of subsets(size)) {
      it(`${routes.join(" + ")}: in every arrival order, and all at once on two instances, each call stored once`, async () => {
        const { sent } = take(routes);
        const reference = await (async () => {
          const key = await newProject();
          for (const request of sent[routes[0]!]) await send(instances[0]!, key, request);
          return verdicts(await stored(key));
        })();
        const runs: { order: string; calls: Stored[] }[] = [];
        for (const order of orders(routes)) {
          const key = await newProject();
          for (const route of order)
            for (const request of sent[route]) await send(instances[0]!, key, request);
          runs.push({ order: order.join(" → "), calls: await stored(key) });
        }
        // All at once: every route's deliveries concurrently, spread over both instances; then
        // every delivery again (a re-send after a lost answer) — stored once, counted once.
        const key = await newProject();
        const all = routes.flatMap((route) => sent[route]);
        await Promise.all(all.map((request, index) => send(instances[index % 2]!, key, request)));
        await Promise.all(all.map((request, index) => send(instances[(index + 1) % 2]!, key, request)));
        runs.push({ order: "all at once, two instances, re-sent", calls: await stored(key) });

        for (const { order, calls } of runs) {
          const row = summarise(transport, routes.join(" + "), order, calls);
          expect(row, order).toMatchObject({
            stored: CALLS,
            observations: CALLS * routes.length,
            wasted: 1,
            duplicates: 1,
          });
          expect(row.rate, order).toBeCloseTo(TRUE_RATE, 6);
          // Every call was seen by every route of the combination.
          for (const call of calls)
            expect(call.routes, `${order}: ${call.tool}`).toEqual(observersOf(routes));
          expect(verdicts(calls), order).toEqual(reference);
        }
      }, 180_000);
    }
  }

  it("live: all four routes deliver at once, to two instances on one database", async () => {
    // One project, two keys of it: the reporter and the proxy deliver to one instance, the server
    // and the spans to the other.
    const key = await newProject();
    const other = (
      await createKey(testDatabase.database.prisma, { project: `routes-${projects}`, scopes: ["ingest"] })
    ).key;
    const [first, second] = instances;
    const targets = {
      reporter: { url: first!.url, key },
      proxy: { url: first!.url, key },
      server: { url: second!.url, key: other },
      traceloop: { url: second!.url, key: other },
    };
    const truth = await runAgent(transport, targets, new Set(ROUTES));
    expect(truth).toHaveLength(CALLS);
    await expect
      .poll(async () => (await stored(key)).reduce((sum, call) => sum + call.routes.length, 0), {
        timeout: 20_000,
      })
      .toBe(CALLS * 4);
    const calls = await stored(key);
    const row = summarise(transport, "all four, live", "as delivered", calls);
    expect(row).toMatchObject({ stored: CALLS, observations: CALLS * 4, wasted: 1, duplicates: 1 });
    expect(row.rate).toBeCloseTo(TRUE_RATE, 6);
  }, 120_000);

  it("live, proxy --trace-context and the server instrumentation (no reporter): matched by the trace context the proxy added", async () => {
    const key = await newProject();
    const target = { url: instances[0]!.url, key };
    const targets = { reporter: target, proxy: target, server: target, traceloop: target };
    const truth = await runAgent(transport, targets, new Set<Route>(["proxy", "server"]), [
      "--trace-context",
    ]);
    expect(truth).toHaveLength(CALLS);
    await expect
      .poll(async () => (await stored(key)).reduce((sum, call) => sum + call.routes.length, 0), {
        timeout: 20_000,
      })
      .toBe(CALLS * 2);
    const calls = await stored(key);
    const row = summarise(transport, "proxy --trace-context + server, live", "as delivered", calls);
    expect(row).toMatchObject({ stored: CALLS, observations: CALLS * 2, wasted: 1, duplicates: 1 });
    // Both reports of each call carry the one trace context the proxy put on its request.
    for (const call of calls) {
      const { id } = call as unknown as { id: string };
      const response = await fetch(`${instances[0]!.url}/api/v1/calls/${id}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      const { observations } = (await response.json()) as { observations: { traceKey: string | null }[] };
      expect(observations.map((o) => o.traceKey)).toEqual([
        observations[0]!.traceKey,
        observations[0]!.traceKey,
      ]);
      expect(observations[0]!.traceKey).toMatch(/^[0-9a-f]{32}-[0-9a-f]{16}$/);
    }
  }, 120_000);
});
