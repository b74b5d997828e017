import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHostileEndpoint, type HostileEndpoint } from "../helpers/hostile-endpoint";
import { initialize, PROXY, RAW_SERVER, rawSession, TEE, toolCall } from "../helpers/proxy";

// faultline-proxy against what it must survive without the session noticing: lines far larger
// than it reads, bytes that are not JSON-RPC both ways, a client that never waits for answers,
// and a Faultline that refuses the key, never answers or answers without end (the hostile
// stand-in for the webhook, test/helpers/hostile-endpoint.ts; its "valid" key stores calls as
// Faultline's own schema accepts them).

let faultline: HostileEndpoint;
const scratch = mkdtempSync(path.join(tmpdir(), "faultline-proxy-hostile-"));

beforeAll(async () => {
  faultline = await startHostileEndpoint();
});
afterAll(async () => {
  await faultline?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const reportingTo = (key: string) => ({ FAULTLINE_URL: faultline.url, FAULTLINE_KEY: key });
const proxied = (server: string, extra: string[], command: string[]) => [
  PROXY,
  "--server",
  server,
  ...extra,
  "--",
  ...command,
];

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Calls the "valid" stand-in stored for this server, by tool. */
function storedFor(
  key: string,
  server: string,
): { tool?: string; method: string; transportError?: string }[] {
  return [...faultline.stored(key).values()]
    .map((call) => call as { server: string; tool?: string; method: string; transportError?: string })
    .filter((call) => call.server === server);
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("lines far larger than the proxy reads", () => {
  it("pass whole both ways; they are not recorded, the calls around them are", async () => {
    const inner = path.join(scratch, "huge");
    const session = rawSession(
      process.execPath,
      proxied(
        "hostile-huge",
        ["--max-line-bytes", String(2 ** 20)],
        [process.execPath, TEE, inner, "--", process.execPath, RAW_SERVER],
      ),
      { ...reportingTo("valid"), RAW_BIG_BYTES: String(20_000_000) },
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    session.send(toolCall(2, "echo", { before: true }));
    await session.next((message) => message.id === 2);
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(session.child.pid!))), 20);
    session.send(toolCall(3, "big")); // a 20 MB answer
    const big = await session.next((message) => message.id === 3, 30_000);
    expect(JSON.stringify(big).length).toBeGreaterThan(20_000_000);
    session.send(toolCall(4, "echo", { payload: "p".repeat(5_000_000) })); // a 5 MB request (and its answer)
    await session.next((message) => message.id === 4, 30_000);
    clearInterval(sampler);
    session.send(toolCall(5, "echo", { after: true }));
    await session.next((message) => message.id === 5);
    session.child.stdin.end();
    expect((await session.exited).code).toBe(0);
    expect(session.stdout().equals(readFileSync(path.join(inner, "out.bin")))).toBe(true);
    expect(readFileSync(path.join(inner, "in.bin")).length).toBeGreaterThan(5_000_000);
    // The proxy held neither line whole: a few chunks and the line limit, not the 20 MB.
    expect(peak).toBeLessThan(200);

    await until(() => storedFor("valid", "hostile-huge").length >= 3);
    const tools = storedFor("valid", "hostile-huge")
      .filter((call) => call.method === "tools/call")
      .map((call) => call.tool);
    expect(tools).toEqual(["echo", "echo"]);
    expect(session.stderr().toString()).toMatch(/larger than the proxy reads/);
  }, 90_000);
});

describe("bytes that are not JSON-RPC", () => {
  it("random bytes, odd ids, deep nesting and wrong types both ways: relayed as they came, the proxy unharmed", async () => {
    const inner = path.join(scratch, "garbage");
    // A "server" that writes 2 MB of random bytes, then echoes whatever it is sent.
    const echo = `process.stdout.write(require("node:crypto").randomBytes(2_000_000)); process.stdin.pipe(process.stdout);`;
    const session = rawSession(
      process.execPath,
      proxied("hostile-garbage", [], [process.execPath, TEE, inner, "--", process.execPath, "-e", echo]),
      reportingTo("valid"),
    );
    const sent: Buffer[] = [
      randomBytes(1_000_000),
      Buffer.from("\n"),
      Buffer.from(`${"[".repeat(200_000)}${"]".repeat(200_000)}\n`),
      Buffer.from('{"jsonrpc":"2.0","id":{"nested":1},"method":"tools/call","params":{"name":"x"}}\n'),
      Buffer.from(
        '{"jsonrpc":"2.0","id":1e999,"method":"tools/call","params":{"name":{"not":"a string"}}}\n',
      ),
      Buffer.from('{"jsonrpc":"2.0","id":"__proto__","method":"tools/call","params":null}\n'),
      Buffer.from(
        '[{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"\\u0000\\ud800"}},1,null,"x"]\n',
      ),
      Buffer.from('{"jsonrpc":"2.0","id":8,"result":{"not":"asked for"}}\n'),
      Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0x0a]),
    ];
    for (const chunk of sent) session.writeRaw(chunk);
    const total = sent.reduce((sum, chunk) => sum + chunk.length, 0);
    await until(() => session.stdout().length >= 2_000_000 + total, 30_000);
    session.child.stdin.end();
    expect((await session.exited).code).toBe(0);
    expect(readFileSync(path.join(inner, "in.bin")).equals(Buffer.concat(sent))).toBe(true);
    expect(session.stdout().equals(readFileSync(path.join(inner, "out.bin")))).toBe(true);
    expect(session.stderr().toString()).not.toMatch(/reporting stopped|could not be read/);
  }, 60_000);
});

describe("a client that never waits for answers", () => {
  it("keeps at most --max-pending calls in flight, counts the rest, and reports the kept ones as unanswered", async () => {
    const session = rawSession(
      process.execPath,
      // A drain long enough for a loaded CI machine: what is under test is the cap, not the drain.
      proxied(
        "hostile-pending",
        ["--max-pending", "1000", "--drain-ms", "30000"],
        [process.execPath, RAW_SERVER],
      ),
      { ...reportingTo("valid"), RAW_SLOW_MS: "600000" },
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    const lines = Array.from(
      { length: 30_000 },
      (_, index) => `${JSON.stringify(toolCall(index + 2, "slow"))}\n`,
    );
    session.writeRaw(lines.join(""));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    session.child.stdin.end();
    expect((await session.exited).code).toBe(0);
    await until(
      () =>
        storedFor("valid", "hostile-pending").filter((call) => call.method === "tools/call").length >= 1000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const calls = storedFor("valid", "hostile-pending").filter((call) => call.method === "tools/call");
    expect(calls).toHaveLength(1000);
    expect(calls.every((call) => call.transportError === "connection_closed")).toBe(true);
    expect(session.stderr().toString()).toMatch(/1000 calls are in flight unanswered/);
  }, 60_000);
});

describe("a Faultline that misbehaves never reaches the session", () => {
  async function session(key: string, server: string) {
    const inner = path.join(scratch, key);
    const proxy = rawSession(
      process.execPath,
      proxied(
        server,
        ["--drain-ms", "1000"],
        [process.execPath, TEE, inner, "--", process.execPath, RAW_SERVER],
      ),
      reportingTo(key),
    );
    proxy.send(initialize(1));
    await proxy.next((message) => message.id === 1);
    const started = performance.now();
    for (let id = 2; id < 1_200; id++) {
      proxy.send(toolCall(id, "echo", { id }));
      await proxy.next((message) => message.id === id);
    }
    const perCallMs = (performance.now() - started) / 1_198;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // deliveries are attempted meanwhile
    const rss = rssMb(proxy.child.pid!);
    proxy.child.stdin.end();
    const closing = performance.now();
    const exit = await proxy.exited;
    return {
      perCallMs,
      rss,
      exitMs: performance.now() - closing,
      exit,
      stderr: proxy.stderr().toString(),
      same: proxy.stdout().equals(readFileSync(path.join(inner, "out.bin"))),
    };
  }

  it.each([
    ["unauthorized", /401.*the key was revoked/],
    ["headers-never", /did not arrive|timed out|unreachable/],
    ["endless-body", /larger than|not read further|did not arrive/],
    ["gzip-bomb", /larger than|not read further|cut off|did not arrive/],
  ])(
    "Faultline answering %s: every answer on time, the bytes untouched, the proxy's memory bounded",
    async (key, said) => {
      const result = await session(key, `hostile-${key}`);
      expect(result.same).toBe(true);
      expect(result.exit).toEqual({ code: 0, signal: null });
      expect(result.perCallMs).toBeLessThan(20);
      expect(result.exitMs).toBeLessThan(3_000);
      expect(result.rss).toBeLessThan(250);
      if (key !== "headers-never") expect(result.stderr).toMatch(said);
      expect(
        result.stderr
          .split("\n")
          .filter(Boolean)
          .every((line) => line.startsWith("[faultline-proxy] ") || !line.startsWith("[")),
      ).toBe(true);
    },
    60_000,
  );
});

describe("the reporting thread yields the CPU to the session", () => {
  /** The nice value of each of the proxy's threads, the relay's (tid = pid) first. */
  function niceness(pid: number): number[] {
    const tids = readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .sort((a, b) => a - b);
    return tids.map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]); // field 19: nice
    });
  }

  async function threads(extra: string[]): Promise<number[]> {
    const session = rawSession(
      process.execPath,
      proxied("priority", extra, [process.execPath, RAW_SERVER]),
      reportingTo("valid"),
    );
    session.send(initialize(1));
    await session.next((message) => message.id === 1);
    await until(() => niceness(session.child.pid!).length > 2); // the reporting thread has started
    await new Promise((resolve) => setTimeout(resolve, 300));
    const found = niceness(session.child.pid!);
    session.child.stdin.end();
    await session.exited;
    return found;
  }

  it("runs at the lowest priority by default, the relay's thread at the process's own", async () => {
    const found = await threads([]);
    expect(found[0]).toBe(0);
    expect(found.filter((nice) => nice === 19)).toHaveLength(1);
  }, 30_000);

  it("--priority normal leaves every thread at the process's own", async () => {
    expect((await threads(["--priority", "normal"])).every((nice) => nice === 0)).toBe(true);
  }, 30_000);

  it("refuses a priority it does not know, naming the option", async () => {
    const session = rawSession(process.execPath, proxied("priority", ["--priority", "high"], ["true"]));
    expect((await session.exited).code).toBe(2);
    expect(session.stderr().toString()).toMatch(/--priority must be low or normal, got "high"/);
  });
});
