import { describe, expect, it } from "vitest";
import {
  matchObservations,
  mergeObservations,
  SCAN_PER_SIDE,
  type Observation,
} from "@/lib/ingest/observations";
import { prepareCalls } from "@/lib/ingest/prepare";
import { textResult, toolErrorResult } from "../../fixtures/jsonrpc";

// Which reports are one call, and what that call says (lib/ingest/observations, docs/ROUTES.md).
// Each observation here is a call object as a route sends it, prepared as ingest prepares it.

const T0 = Date.parse("2026-12-04T10:00:00Z");
const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const traceparent = (span: string) => `00-${TRACE}-${span}-01`;

function observation(fields: Record<string, unknown>): Observation {
  const { prepared, rejected } = prepareCalls(
    [{ server: "crm", tool: "lookup_lead", occurredAt: new Date(T0).toISOString(), ...fields }],
    new Date(T0),
  );
  expect(rejected).toEqual([]);
  expect(prepared[0]!.observations).not.toBeNull();
  return prepared[0]!.observations![0]!;
}

/** One request (JSON-RPC id 7, arguments a1) as three routes report it. */
const request = (over: Record<string, unknown> = {}) => {
  // Each route names the server as it was told (the proxy's --server, the reporter's option); all
  // three read the name the server announces in its initialize answer.
  const common = {
    requestId: 7,
    argumentsHash: "a1",
    serverInfoName: "crm-server",
    traceparent: traceparent("00f067aa0ba902b7"),
    ...over,
  };
  return {
    reporter: observation({
      id: "r-1",
      route: "reporter",
      durationMs: 120,
      ...common,
      response: textResult("Ada"),
    }),
    proxy: observation({
      id: "p-1",
      route: "proxy-stdio",
      durationMs: 110,
      agent: "claude-ai/0.1",
      ...common,
      response: textResult("Ada"),
    }),
    server: observation({
      id: "s-1",
      route: "server",
      server: "crm-server",
      durationMs: 100,
      occurredAt: new Date(T0 + 5).toISOString(),
      ...common,
      response: textResult("Ada"),
    }),
  };
};

const grouping = (groups: ReturnType<typeof matchObservations>) =>
  groups
    .map(({ group }) => group.observations.map((o) => o.id).sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("matching observations", () => {
  it("one request reported by three routes is one call, whatever order the reports arrive in", () => {
    const { reporter, proxy, server } = request();
    for (const order of permutations([reporter, proxy, server]))
      expect(grouping(matchObservations([], order))).toEqual([["p-1", "r-1", "s-1"]]);
  });

  it("joins a stored call: an observation arriving later finds the call by its keys", () => {
    const { reporter, proxy } = request();
    const [touched] = matchObservations([{ id: "p-1", observations: [proxy] }], [reporter]);
    expect(touched).toMatchObject({ stored: true, group: { id: "p-1" } });
    expect(touched!.arrived.map((o) => o.id)).toEqual(["r-1"]);
  });

  it("without trace context: the JSON-RPC id with the tool, and the arguments, link the proxy and the server", () => {
    const { proxy, server } = request({ traceparent: undefined });
    expect(grouping(matchObservations([], [server, proxy]))).toEqual([["p-1", "s-1"]]);
  });

  it("never merges two reports from one route: two requests that were both on the wire", () => {
    const { proxy } = request();
    const again = { ...proxy, id: "p-2" }; // same id, same arguments, same trace context
    expect(grouping(matchObservations([], [proxy, again]))).toEqual([["p-1"], ["p-2"]]);
  });

  it("a host that dispatches a call twice: two JSON-RPC ids, two calls (each with its own routes)", () => {
    const first = request();
    const second = request({ requestId: 8, traceparent: traceparent("00f067aa0ba902b8") });
    const ids = (r: ReturnType<typeof request>, n: number) => [
      { ...r.proxy, id: `p-${n}` },
      { ...r.server, id: `s-${n}` },
    ];
    expect(grouping(matchObservations([], [...ids(first, 1), ...ids(second, 2)]))).toEqual([
      ["p-1", "s-1"],
      ["p-2", "s-2"],
    ]);
  });

  it("two stdio sessions that reuse JSON-RPC ids: as many calls as requests, each with one report per route", () => {
    const a = request({ traceparent: undefined });
    const b = request({ traceparent: undefined, occurredAt: new Date(T0 + 2_000).toISOString() });
    const all = [a.proxy, { ...b.proxy, id: "p-2" }, a.server, { ...b.server, id: "s-2" }];
    for (const order of permutations(all)) {
      const groups = matchObservations([], order);
      expect(groups).toHaveLength(2);
      for (const { group } of groups)
        expect(group.observations.map((o) => o.observer).sort()).toEqual(["proxy-stdio", "server"]);
    }
  });

  it("an OpenLLMetry span (no JSON-RPC id) joins by its arguments within seconds, never across minutes", () => {
    const { proxy } = request({ traceparent: undefined });
    const span = observation({
      id: `${TRACE}-0000000000000a01`,
      route: "otlp",
      side: "client",
      server: "unknown",
      argumentsHash: "a1",
      occurredAt: new Date(T0 + 3).toISOString(),
      response: textResult("Ada"),
    });
    expect(grouping(matchObservations([], [proxy, span]))).toEqual([[span.id, "p-1"]].map((g) => g.sort()));
    const late = { ...span, occurredAt: new Date(T0 + 60_000).toISOString() };
    expect(matchObservations([], [proxy, late])).toHaveLength(2);
  });

  it("keeps apart what disagrees: two request trace contexts, two announced servers, other arguments", () => {
    const { proxy, server } = request();
    expect(matchObservations([], [proxy, server])).toHaveLength(1);
    const otherTrace = { ...server, traceKey: `${TRACE}-00f067aa0ba902ff` };
    const otherServer = { ...server, serverInfoName: "billing" };
    const otherArguments = { ...server, argumentsHash: "a2" };
    for (const candidate of [otherTrace, otherServer, otherArguments])
      expect(matchObservations([], [proxy, candidate])).toHaveLength(2);
  });
});

describe("reports that arrive one at a time, in any order", () => {
  /** Applies each batch as ingest would, one after another: the calls stored after each. */
  function store(batches: Observation[][]): string[][] {
    let calls: { id: string; observations: Observation[] }[] = [];
    for (const batch of batches) {
      for (const touched of matchObservations(calls, batch)) {
        calls = calls.filter((call) => call.id !== touched.group.id);
        calls.push(touched.group);
      }
    }
    return calls
      .map((call) => call.observations.map((o) => o.id).sort())
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
  }

  it("a report matched by its arguments alone gives its place to a nearer one: the pairs come out right", () => {
    // Two identical calls 380 ms apart (the same tool, the same arguments), seen by the server
    // (JSON-RPC ids, no trace context) and by OpenLLMetry's client spans (no id: the arguments only).
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    const server = (id: string, requestId: number, ms: number) =>
      observation({
        id,
        route: "server",
        requestId,
        argumentsHash: "a1",
        occurredAt: at(ms),
        response: textResult("Ada"),
      });
    const span = (id: string, ms: number) =>
      observation({
        id,
        route: "otlp",
        side: "client",
        server: "unknown",
        argumentsHash: "a1",
        occurredAt: at(ms),
        response: textResult("Ada"),
      });
    const all = [server("s-1", 1, 9), server("s-11", 11, 389), span("o-1", 0), span("o-11", 382)];
    for (const order of permutations(all))
      expect(store(order.map((o) => [o])), order.map((o) => o.id).join(" ")).toEqual([
        ["o-1", "s-1"],
        ["o-11", "s-11"],
      ]);
  });
});

describe("one call from its observations", () => {
  it("the worst of what was seen, each label from the route that knows it best, the thrown class kept", () => {
    const { reporter, proxy, server } = request();
    // The client gave up (a timeout) while the server went on and answered with isError.
    const client = observation({
      id: "r-1",
      route: "reporter",
      requestId: 7,
      argumentsHash: "a1",
      durationMs: 300,
      clientError: { name: "McpError", code: -32001, message: "MCP error -32001: Request timed out" },
    });
    const thrown = observation({
      id: "s-1",
      route: "server",
      server: "crm-server",
      requestId: 7,
      argumentsHash: "a1",
      durationMs: 900,
      response: toolErrorResult("lead 9 is locked"),
      serverError: { name: "LeadLockedError", code: "lead_locked", message: "lead 9 is locked" },
    });
    const call = mergeObservations([thrown, proxy, client]);
    expect(call).toMatchObject({
      outcome: "transport_error",
      errorCode: "timeout",
      server: "crm", // the name the proxy and the reporter were given, over the server's own
      agent: "claude-ai/0.1", // the client's name from initialize, as the proxy read it
      durationMs: 300, // what the agent waited
      routes: ["proxy-stdio", "reporter", "server"],
    });
    expect(call.observations!.find((o) => o.route === "server")!.exception).toEqual({
      name: "LeadLockedError",
      code: "lead_locked",
    });
    expect(mergeObservations([server, reporter]).outcome).toBe("ok");
  });

  it("is the same call in any order of its observations", () => {
    const { reporter, proxy, server } = request();
    const failing = {
      ...server,
      ...observation({
        id: "s-1",
        route: "server",
        requestId: 7,
        response: toolErrorResult("Error: no such lead"),
      }),
    };
    const merged = permutations([reporter, proxy, failing]).map((order) => mergeObservations(order));
    for (const call of merged) expect(call).toEqual(merged[0]);
  });

  it("keeps the client's rejection of a result beside the wire's verdict", () => {
    const wire = observation({
      id: "p-1",
      route: "proxy-stdio",
      requestId: 7,
      response: toolErrorResult("payment required"),
    });
    const client = observation({
      id: "r-1",
      route: "reporter",
      requestId: 7,
      response: toolErrorResult("payment required"),
      clientError: {
        code: -32602,
        message: "MCP error -32602: Structured content does not match the tool's output schema",
      },
    });
    const call = mergeObservations([wire, client]);
    expect(call.outcome).toBe("tool_error");
    expect(call.flags).toContain("client_rejected_result");
    expect(call.text).toContain("Structured content does not match");
  });
});

describe("a key many calls share", () => {
  const pile = (
    route: string,
    count: number,
    at: (n: number) => number,
    extra: Record<string, unknown> = {},
  ) =>
    Array.from({ length: count }, (_, n) =>
      observation({
        id: `${route}-${n}`,
        route,
        requestId: 1,
        occurredAt: new Date(at(n)).toISOString(),
        response: textResult(`answer ${n}`),
        ...extra,
      }),
    );

  it("joins each report to the nearest call in time that shares its JSON-RPC id", () => {
    // 200 stdio sessions each sending id 1 a second apart: one key, 200 calls in 30 s windows.
    const proxies = pile("proxy-stdio", 200, (n) => T0 + n * 1_000);
    const stored = proxies.map((o) => ({ id: o.id, observations: [o] }));
    const late = observation({
      id: "r-x",
      route: "reporter",
      requestId: 1,
      occurredAt: new Date(T0 + 150_040).toISOString(),
      response: textResult("x"),
    });
    const [touched] = matchObservations(stored, [late]);
    expect(touched!.group.id).toBe("proxy-stdio-150");
  });

  it("a pile of 20,000 reports at one pinned time with one id costs each a bounded look, not one per call", () => {
    // Unbounded, this is 200 million comparisons (minutes of a blocked instance). Bounded, each
    // report is compared with the nearest calls sharing its key and looks SCAN_PER_SIDE further
    // for one its route has not reported: every report is kept once, joined where it could be.
    const piles = (count: number) => [
      ...pile("proxy-stdio", count / 2, () => T0),
      ...pile("server", count / 2, () => T0),
    ];
    /** The fastest of three runs: the cost of the work, not of whatever else the machine does. */
    const cost = (reports: ReturnType<typeof piles>) =>
      Math.min(
        ...[0, 1, 2].map(() => {
          const started = performance.now();
          matchObservations([], reports);
          return performance.now() - started;
        }),
      );
    const large = piles(20_000);
    const touched = matchObservations([], large);
    const pairs = touched.filter(({ group }) => group.observations.length === 2).length;
    expect(pairs).toBeGreaterThanOrEqual(SCAN_PER_SIDE);
    expect(touched.reduce((sum, { group }) => sum + group.observations.length, 0)).toBe(20_000);
    expect(touched).toHaveLength(20_000 - pairs);
    // Ten times the reports cost about ten times the work when each look is bounded, a hundred times
    // when each report is compared with every call: the ratio, not a clock, tells them apart.
    const ratio = cost(large) / cost(piles(2_000));
    expect(ratio).toBeLessThan(40);
  }, 60_000);

  it("a report that carried no trace context joins one that did, by the JSON-RPC id", () => {
    const { reporter, proxy } = request();
    const bare = { ...proxy, traceKey: null };
    expect(grouping(matchObservations([], [reporter, bare]))).toEqual([["p-1", "r-1"]]);
  });
});
