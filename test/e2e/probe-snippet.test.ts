import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey } from "../../lib/auth/keys";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";

// The README's faultline-probe command as a user pastes it into a shell on a machine with nothing
// installed (a fresh home: npm's cache empty): npx fetches the reporter package from the instance's
// /downloads and the MCP client library and the published memory server from the registry, the
// probe runs every 5 minutes — the first run is reported, and is what this test waits for.

const KEY = "flk_probe_snippet_key_0000000000000000";
const ADMIN = { email: "admin@probe-snippet.test", password: "probe snippet password" };

let dashboard: DashboardApp;
const scratch = mkdtempSync(path.join(tmpdir(), "faultline-probe-snippet-"));
const home = path.join(scratch, "home");

beforeAll(async () => {
  mkdirSync(home, { recursive: true });
  dashboard = await startDashboardApp("probe_snippet", { key: KEY, admin: ADMIN });
}, 120_000);
afterAll(async () => {
  await dashboard?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function userEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")),
  ) as NodeJS.ProcessEnv;
}

/** The README's stdio probe command: the shell block that runs faultline-probe. */
function readmeCommand(): string {
  const readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8");
  const block = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((text) => text.includes("faultline-probe --probe"));
  if (!block) throw new Error("the README has no faultline-probe command");
  return block.trim();
}

describe("the README's faultline-probe command, pasted", () => {
  it("fetches the package from the instance, runs the published server and reports a passing run", async () => {
    const admin = (
      await createKey(dashboard.database.database.prisma, { project: "default", scopes: ["admin"] })
    ).key;
    const created = await fetch(`${dashboard.app.url}/api/v1/probes`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({
        name: "memory",
        server: "memory",
        transport: "stdio",
        command: ["npx", "-y", "@modelcontextprotocol/server-memory@2026.8.31"],
        call: { tool: "read_graph", arguments: {} },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // As printed, with this instance's address and a key of the default project (ingest and read).
    const command = readmeCommand()
      .replaceAll("http://localhost:3000", dashboard.app.url)
      .replace("flk_…", KEY);
    const child = spawn("bash", ["-c", command], {
      // A user's shell: none of the npm_* settings this test runs under (npx vitest sets its cache).
      env: {
        ...userEnvironment(),
        HOME: home,
        npm_config_update_notifier: "false",
        MEMORY_FILE_PATH: path.join(scratch, "memory.jsonl"),
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      const deadline = Date.now() + 240_000;
      while (
        !/faultline-probe: "memory" (passed|FAILED)/.test(output) &&
        Date.now() < deadline &&
        child.exitCode === null
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(output).toMatch(
        /faultline-probe: "memory" passed in \d+ ms \(initialize \d+ ms, tools\/list \d+ ms, tools\/call \d+ ms\)/,
      );
    } finally {
      if (child.pid) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          /* gone */
        }
      }
    }
    const runs = (await (
      await fetch(`${dashboard.app.url}/api/v1/probes/${id}/runs`, {
        headers: { authorization: `Bearer ${KEY}` },
      })
    ).json()) as { runs: { ok: boolean; runner: string; steps: { step: string }[] }[] };
    expect(runs.runs[0]).toMatchObject({ ok: true, runner: "faultline-probe" });
    expect(runs.runs[0]!.steps.map((step) => step.step)).toEqual(["initialize", "tools/list", "tools/call"]);
  }, 300_000);
});
