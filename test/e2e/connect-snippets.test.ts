import { execFile, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, signIn } from "../helpers/browser";
import { startDashboardApp, type DashboardApp } from "../helpers/dashboard-app";
import { installFixture } from "../helpers/fixture-install";
import { storedCalls, waitForCalls } from "../helpers/proxy";

// The Connect page's stdio snippets as a user meets them: copied with the page's own Copy buttons
// from the rendered page (nothing rebuilt here), the install command run in a shell as printed,
// the mcp.json written as copied, and launched by two MCP clients nobody here wrote — the MCP
// Inspector's CLI and @wong2/mcp-cli — each starting the published memory server with npx, as
// the snippet says. With Faultline up the call is stored; with Faultline down (the port refuses)
// and slow (it accepts and never answers) the server still starts and answers, well inside the
// time a desktop client waits (npm's default retries took 71 s with the old snippet).
//
// The browser reaches Faultline through a front door this test controls, so the snippets carry
// its address and the same address can be taken down or made to hang.

const KEY = "flk_connect_snippets_key_000000000000";
const ADMIN = { email: "admin@snippets.test", password: "connect snippets password" };
const INSPECTOR = path.join(process.cwd(), "test", "fixtures", "inspector");
const MCP_CLI = path.join(process.cwd(), "test", "fixtures", "mcp-cli");
/** A start this slow is as good as failed: desktop clients give up on a server well before a minute. */
const STARTED_WITHIN_MS = 30_000;

type DoorState = "up" | "down" | "slow";

/** A TCP front door to Faultline: relays, refuses (nothing listens) or accepts and never answers. */
async function frontDoor(
  target: string,
): Promise<{ url: string; set(state: DoorState): Promise<void>; close(): void }> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  let state: DoorState = "up";
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (state === "slow") return; // accepted; nothing ever comes back
    const onward = net.connect(Number(upstream.port), upstream.hostname);
    onward.on("error", () => socket.destroy());
    socket.pipe(onward).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    async set(next) {
      state = next;
      for (const socket of sockets) socket.destroy();
      if (next === "down" && server.listening) await new Promise((resolve) => server.close(resolve));
      if (next !== "down" && !server.listening)
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

let dashboard: DashboardApp;
let browser: Browser;
let door: Awaited<ReturnType<typeof frontDoor>>;
const scratch = mkdtempSync(path.join(tmpdir(), "faultline-connect-snippets-"));
/** The user's machine: its home (npm's cache) and where `npm install -g` puts things. */
const home = path.join(scratch, "home");
const globalPrefix = path.join(scratch, "global");
const machine = () => ({
  ...process.env,
  HOME: home,
  npm_config_prefix: globalPrefix,
  npm_config_update_notifier: "false",
  PATH: `${path.join(globalPrefix, "bin")}${path.delimiter}${process.env.PATH}`,
});
let snippets: { install: string; installed: string; npx: string };

beforeAll(async () => {
  mkdirSync(home, { recursive: true });
  [dashboard, browser] = await Promise.all([
    startDashboardApp("connect_snippets", { key: KEY, admin: ADMIN }),
    launchBrowser(),
    installFixture(INSPECTOR),
    installFixture(MCP_CLI),
  ]).then(([app, chromium]) => [app, chromium] as const);
  door = await frontDoor(dashboard.app.url);
}, 300_000);

afterAll(async () => {
  door?.close();
  await browser?.close();
  await dashboard?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** What the Copy button named "Copy the {name}" put on the clipboard (the name is unique on the page). */
async function copied(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: `Copy the ${name}`, exact: true }).click();
  return page.evaluate(() => navigator.clipboard.readText());
}

describe("the Connect page's stdio snippets, pasted", () => {
  it("are copied from the page with a key made there", async () => {
    const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    const page = await context.newPage();
    await signIn(page, door.url, ADMIN.email, ADMIN.password);
    await page.goto(`${door.url}/settings/connect`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Create an ingest key" }).click();
    await expect.poll(() => page.getByTestId("connect-key").count()).toBe(1);
    snippets = {
      install: await copied(page, "command that installs the proxy"),
      installed: await copied(page, "mcp.json for the installed proxy"),
      npx: await copied(page, "mcp.json with nothing installed"),
    };
    await screenshot(page, "connect-snippets");
    await context.close();
    expect(snippets.install).toBe(`npm install -g ${door.url}/downloads/faultline-reporter.tgz`);
    for (const text of [snippets.installed, snippets.npx]) {
      expect(text).toContain(door.url);
      expect(text).not.toContain("flk_…");
    }
    // The install command, in a shell, as printed.
    await promisify(execFile)("sh", ["-c", snippets.install], { env: machine(), timeout: 120_000 });
  }, 120_000);

  const clients = {
    "MCP Inspector CLI": (config: string) => [
      path.join(INSPECTOR, "node_modules", ".bin", "mcp-inspector"),
      "--cli",
      "--config",
      config,
      "--server",
      "memory",
      "--method",
      "tools/call",
      "--tool-name",
      "read_graph",
    ],
    "@wong2/mcp-cli": (config: string) => [
      path.join(MCP_CLI, "node_modules", ".bin", "mcp-cli"),
      "-c",
      config,
      "call-tool",
      "memory:read_graph",
    ],
  };

  /** Runs a client on the config as copied; resolves with its output and how long it took. */
  function launch(client: keyof typeof clients, form: "installed" | "npx") {
    const config = path.join(scratch, `${form}.json`);
    writeFileSync(config, snippets[form]);
    const [command, ...args] = clients[client](config);
    return new Promise<{ output: string; ms: number; code: number | null }>((resolve) => {
      const started = performance.now();
      const child = spawn(command!, args, {
        env: machine(),
        cwd: scratch,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve({ output, ms: performance.now() - started, code });
      });
    });
  }

  for (const client of Object.keys(clients) as (keyof typeof clients)[]) {
    for (const form of ["installed", "npx"] as const) {
      it(`${client}, ${form}: the server starts with Faultline up (the call stored), down and slow`, async () => {
        await door.set("up");
        const before = (await storedCalls(dashboard.app.url, KEY, "server=memory&method=tools/call")).length;
        const up = await launch(client, form);
        expect(up.output, up.output).toContain('"entities"');
        const [call] = await waitForCalls(
          dashboard.app.url,
          KEY,
          "server=memory&method=tools/call",
          before + 1,
        );
        expect(call).toMatchObject({ server: "memory", tool: "read_graph", outcome: "ok" });

        for (const state of ["down", "slow"] as const) {
          await door.set(state);
          const run = await launch(client, form);
          expect(run.output, `${state}: ${run.output}`).toContain('"entities"');
          expect(run.ms, `${state}: started in ${Math.round(run.ms)} ms`).toBeLessThan(STARTED_WITHIN_MS);
        }
        await door.set("up");
      }, 240_000);
    }
  }
});
