import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../helpers/api";
import { PROBE_SERVERS } from "../../helpers/probe-servers";

// faultline-probe, the built command (lib/reporter/dist, made by `npm run typecheck`/`build`),
// run as a process against a Faultline serving its API over HTTP, probing published stdio MCP
// servers from npm: it fetches its probe with the key, runs the command given on its own command
// line, and reports the run, which Faultline judges like the instance's own.

const CLI = path.join(process.cwd(), "lib", "reporter", "dist", "probe", "cli.js");

let api: TestApi;
let base: string;
let admin: string;
let key: string;

beforeAll(async () => {
  api = await startTestApi("faultline_probe");
  base = await api.listen();
  admin = await api.createKey("default", ["admin"]);
  key = await api.createKey("default", ["ingest"]); // an ingest key is all faultline-probe needs
}, 60_000);
afterAll(async () => {
  await api?.close();
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function probe(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...process.env, FAULTLINE_URL: base, FAULTLINE_KEY: key, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

async function define(body: Record<string, unknown>): Promise<string> {
  const response = await api.request("POST", "/api/v1/probes", { key: admin, body });
  const answer = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.id;
}

async function lastRun(id: string) {
  const { body } = await api.get<{
    runs: { ok: boolean; runner: string; steps: { step: string; callId: string }[] }[];
  }>(`/api/v1/probes/${id}/runs?limit=1`);
  return body.runs[0]!;
}

describe("faultline-probe against published stdio servers", () => {
  const stdio = PROBE_SERVERS.filter((server) => server.transport === "stdio");

  it("has at least three published stdio servers to probe", () => {
    expect(new Set(stdio.map((server) => server.package)).size).toBeGreaterThanOrEqual(3);
  });

  for (const server of stdio) {
    it(`${server.name}: passes with a passing test call, fails (exit 1) with a failing one`, async () => {
      await server.prepare?.();
      const command = [process.execPath, ...server.command!];
      const pass = await define({
        name: `${server.name}-pass`,
        server: server.name,
        transport: "stdio",
        command,
        call: server.pass,
      });
      const passed = await probe(
        ["--probe", `${server.name}-pass`, "--allow-tool", server.pass.tool, "--", ...command],
        server.env,
      );
      expect(passed.code, passed.stdout + passed.stderr).toBe(0);
      expect(passed.stdout).toMatch(
        new RegExp(
          `"${server.name}-pass" passed in \\d+ ms \\(initialize \\d+ ms, tools/list \\d+ ms, tools/call \\d+ ms\\)`,
        ),
      );
      const run = await lastRun(pass);
      expect(run).toMatchObject({ ok: true, runner: "faultline-probe" });

      const fail = await define({
        name: `${server.name}-fail`,
        server: server.name,
        transport: "stdio",
        command,
        call: { tool: server.fail.tool, arguments: server.fail.arguments },
      });
      const failed = await probe(
        ["--probe", `${server.name}-fail`, "--allow-tool", server.fail.tool, "--", ...command],
        server.env,
      );
      expect(failed.code, failed.stdout + failed.stderr).toBe(1);
      expect(failed.stdout).toMatch(/FAILED — tools\/call: outcome/);
      const stored = await lastRun(fail);
      const call = stored.steps.find((step) => step.step === "tools/call")!;
      const { body } = await api.get(`/api/v1/calls/${call.callId}`);
      expect(JSON.stringify(body)).toContain(server.fail.expect.slice(0, 40));
    }, 90_000);
  }
});

describe("what faultline-probe will not do", () => {
  it("calls no tool the command line did not allow, and names the flag that would", async () => {
    const memory = PROBE_SERVERS.find((server) => server.name === "memory-stdio")!;
    const command = [process.execPath, ...memory.command!];
    await define({
      name: "needs-allow",
      server: "memory-stdio",
      transport: "stdio",
      command,
      call: { tool: "delete_entities", arguments: { entityNames: ["x"] } },
    });
    const refused = await probe(["--probe", "needs-allow", "--", ...command], memory.env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/calls the tool "delete_entities": add --allow-tool delete_entities/);
    const { body } = await api.get<{ runs: unknown[] }>(
      `/api/v1/probes/${(await api.get<{ probes: { id: string; name: string }[] }>("/api/v1/probes")).body.probes.find((p) => p.name === "needs-allow")!.id}/runs`,
    );
    expect(body.runs).toEqual([]);
  });

  it("names the probes there are when the name is wrong, and needs the server's command", async () => {
    const unknown = await probe(["--probe", "no-such-probe", "--", "true"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no stdio probe named "no-such-probe" in this key's project \(there are /);
    const noCommand = await probe(["--probe", "x"]);
    expect(noCommand.code).toBe(2);
    expect(noCommand.stderr).toMatch(/the server's command is required after --/);
  });

  it("reports a server that cannot start as a failed handshake, with what it said", async () => {
    await define({ name: "broken", server: "broken", transport: "stdio", command: ["node", "-e", "..."] });
    const broken = await probe([
      "--probe",
      "broken",
      "--",
      process.execPath,
      "-e",
      "console.error('missing API_TOKEN'); process.exit(1)",
    ]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/FAILED — initialize:.*missing API_TOKEN/);
  });
});
