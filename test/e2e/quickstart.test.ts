import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser, signIn } from "../helpers/browser";

// The README's first command on a machine with nothing but Node: the built app starts its
// own PostgreSQL under the data folder, migrates it, prints a first key, and serves the
// webhook, the read API and the home page; the data survives a restart; SIGTERM and SIGINT
// stop PostgreSQL with it.

const dataDir = mkdtempSync(path.join(tmpdir(), "faultline-quickstart-"));
let server: AppServer | undefined;

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

function postmasterAlive(): boolean {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function postmasterStops(): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (!postmasterAlive()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe("quick start on the embedded database", () => {
  let pgPort: number;
  let key: string;

  it("starts, prints a first key once, and answers the webhook, read API and home page", async () => {
    pgPort = await freePort();
    server = await startAppServer({
      DATABASE_URL: undefined,
      FAULTLINE_DATA_DIR: dataDir,
      FAULTLINE_EMBEDDED_PG_PORT: String(pgPort),
    });
    key = /\n\s+(flk_[A-Za-z0-9_-]{32})\n/.exec(server.output())?.[1] ?? "";
    expect(key, server.output()).not.toBe("");
    expect(server.output()).toContain("applied migrations: 20261129000000_init");

    const post = await fetch(`${server.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({
        id: "qs-1",
        server: "docs",
        tool: "parse_document",
        httpStatus: 200,
        response: {
          jsonrpc: "2.0",
          id: 1,
          result: { content: [{ type: "text", text: "Error: could not parse document" }] },
        },
      }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({
      accepted: 1,
      calls: [{ id: "qs-1", outcome: "ok", silentFailure: true }],
    });

    const read = await fetch(`${server.url}/api/v1/calls/qs-1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await read.json()).toMatchObject({ id: "qs-1", flags: ["error_text", "no_error_code"] });

    const password =
      /sign in to the dashboard as admin@faultline\.local with password[^\n]*\n\n\s+(\S+)\n/.exec(
        server.output(),
      )?.[1];
    expect(password, server.output()).toBeDefined();
    const redirect = await fetch(`${server.url}/`, { redirect: "manual" });
    expect(redirect.headers.get("location")).toMatch(/\/login$/);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await signIn(page, server.url, "admin@faultline.local", password!);
      expect(await page.locator('[data-testid="call-count"]').textContent()).toBe("1");
    } finally {
      await browser.close();
    }
  });

  it("rejects an oversized body over real HTTP with 413", async () => {
    const response = await fetch(`${server!.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ server: "s", tool: "t", text: "x".repeat(6 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it("stops PostgreSQL on SIGTERM, keeps the data, and does not print a new key on restart", async () => {
    expect(postmasterAlive()).toBe(true);
    await server!.stop("SIGTERM");
    expect(await postmasterStops()).toBe(true);

    server = await startAppServer({
      DATABASE_URL: undefined,
      FAULTLINE_DATA_DIR: dataDir,
      FAULTLINE_EMBEDDED_PG_PORT: String(pgPort),
    });
    expect(server.output()).not.toMatch(/first run:/);
    const read = await fetch(`${server.url}/api/v1/calls/qs-1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.status).toBe(200);

    await server.stop("SIGINT");
    expect(await postmasterStops()).toBe(true);
  });

  it("npm start stops everything it started on SIGTERM to npm: no server, no PostgreSQL left", async () => {
    server = await startAppServer(
      { DATABASE_URL: undefined, FAULTLINE_DATA_DIR: dataDir, FAULTLINE_EMBEDDED_PG_PORT: String(pgPort) },
      { viaNpm: true },
    );
    const group = server.process.pid!;
    expect(postmasterAlive()).toBe(true);
    // What a process manager does: signal the process it started (npm), not its group.
    expect(await server.stop("SIGTERM")).not.toBeUndefined();
    expect(await postmasterStops()).toBe(true);
    const groupGone = async () => {
      for (let waited = 0; waited < 10_000; waited += 100) {
        try {
          process.kill(-group, 0);
        } catch {
          return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    };
    expect(await groupGone()).toBe(true);
  });
});

describe("first run when the embedded database's default port is taken", () => {
  const squatted = mkdtempSync(path.join(tmpdir(), "faultline-port-"));
  const squatter = net.createServer((socket) => socket.destroy());
  let app: AppServer | undefined;
  afterAll(async () => {
    await app?.stop("SIGKILL");
    squatter.close();
    rmSync(squatted, { recursive: true, force: true });
  });

  it("listens on a free port instead, says which and why, and the keys CLI finds it there", async () => {
    // Whatever holds 54329 (this squatter, or another PostgreSQL already there) makes it taken.
    await new Promise<void>((resolve) => {
      squatter.once("error", () => resolve());
      squatter.listen(54329, "127.0.0.1", resolve);
    });
    app = await startAppServer({
      DATABASE_URL: undefined,
      FAULTLINE_DATA_DIR: squatted,
      FAULTLINE_EMBEDDED_PG_PORT: undefined,
    });
    const output = app.output();
    const moved =
      /127\.0\.0\.1:54329 is in use by another program, so the embedded PostgreSQL listens on 127\.0\.0\.1:(\d+) instead \(set FAULTLINE_EMBEDDED_PG_PORT to choose its port\)/.exec(
        output,
      );
    expect(moved, output).not.toBeNull();
    expect(output).toContain(`embedded PostgreSQL on 127.0.0.1:${moved![1]}, data in`);
    // A URL a person can open, not the address it is bound to.
    expect(output).toContain(`listening on 127.0.0.1:${new URL(app.url).port}: open ${app.url}`);
    // The keys CLI, run while the server owns the database, reads the port it chose.
    const listed = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/keys.ts", "list"],
      {
        env: {
          ...process.env,
          DATABASE_URL: "",
          FAULTLINE_DATA_DIR: squatted,
          FAULTLINE_EMBEDDED_PG_PORT: "",
        },
        encoding: "utf8",
      },
    );
    expect(listed.stdout).toMatch(/project=default {2}scopes=ingest,read/);
  });
});
