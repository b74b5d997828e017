import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startAppServer, type AppServer } from "../helpers/app-server";

// The quick start from a checkout in a directory only its owner can read (root's home in
// most containers is mode 0700), on the embedded database. As root, PostgreSQL runs as the
// unprivileged "postgres" user, which cannot reach such a checkout: the app must still start
// (and say where the data lives), or — where it truly cannot — exit within 10 s with one line
// naming the cause and the fixes, leaving nothing running.

const asRoot = process.getuid?.() === 0;
const home = mkdtempSync(path.join(tmpdir(), "faultline-home-"));
const checkout = path.join(home, "faultline");
const SKIP = new Set([".data", ".git", "test-results"]);
let server: AppServer | undefined;
let movedData: string | undefined;

beforeAll(() => {
  chmodSync(home, 0o700);
  // A copy of this checkout (hard links: instant, no space) inside the owner-only directory.
  execFileSync("mkdir", ["-p", checkout]);
  for (const entry of readdirSync(process.cwd())) {
    if (!SKIP.has(entry)) execFileSync("cp", ["-al", path.join(process.cwd(), entry), checkout]);
  }
});
afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(home, { recursive: true, force: true });
  if (movedData && movedData.startsWith("/var/lib/faultline/"))
    rmSync(path.dirname(movedData), { recursive: true, force: true });
});

function dataDirFromLog(output: string): string {
  return /embedded PostgreSQL on 127\.0\.0\.1:\d+, data in (\S+)/.exec(output)?.[1] ?? "";
}

/** Processes whose command line mentions `needle`, once they have had up to 10 s to finish stopping. */
async function leftRunning(needle: string): Promise<string[]> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (processesMentioning(needle).length === 0) return [];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return processesMentioning(needle);
}

/** Processes still running whose command line mentions `needle`. */
function processesMentioning(needle: string): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(needle) && !line.includes("ps -eo"));
}

describe("a checkout in a directory only its owner can read", () => {
  let pgPort: number;

  it("starts on the embedded database, says where the data lives, and keeps it across a restart", async () => {
    pgPort = await freePort();
    const env = {
      DATABASE_URL: undefined,
      FAULTLINE_DATA_DIR: undefined,
      FAULTLINE_EMBEDDED_PG_PORT: String(pgPort),
    };
    server = await startAppServer(env, { cwd: checkout });
    const output = server.output();
    movedData = dataDirFromLog(output);
    expect(movedData, output).not.toBe("");
    if (asRoot) {
      // The postgres user cannot reach the checkout: the data moved, and the checkout says where.
      expect(movedData.startsWith(home)).toBe(false);
      expect(readFileSync(path.join(checkout, ".data", "WHERE-IS-THE-DATA.txt"), "utf8")).toContain(
        movedData,
      );
    } else {
      expect(movedData).toBe(path.join(checkout, ".data", "pg"));
    }
    const key = /\n\s+(flk_[A-Za-z0-9_-]{32})\n/.exec(output)?.[1];
    expect(key, output).toBeDefined();
    const post = await fetch(`${server.url}/api/v1/calls`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ id: "home-1", server: "s", tool: "t", isError: false, text: "ok" }),
    });
    expect(post.status).toBe(200);

    expect(await server.stop("SIGTERM")).not.toBeNull();
    expect(await leftRunning(movedData)).toEqual([]);
    server = await startAppServer(env, { cwd: checkout });
    expect(dataDirFromLog(server.output())).toBe(movedData);
    const read = await fetch(`${server.url}/api/v1/calls/home-1`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.status).toBe(200);
    await server.stop("SIGTERM");
    server = undefined;
    expect(await leftRunning(movedData)).toEqual([]);
  });

  it("exits within 10 s with one line naming the cause and the fixes when PostgreSQL cannot start, leaving nothing running", async () => {
    // Something else already listens on the embedded database's port.
    const squatter = net.createServer((socket) => socket.destroy());
    const port = await freePort();
    await new Promise<void>((resolve) => squatter.listen(port, "127.0.0.1", resolve));
    const started = Date.now();
    try {
      const failure = await startAppServer(
        {
          DATABASE_URL: undefined,
          FAULTLINE_DATA_DIR: path.join(tmpdir(), `faultline-taken-${port}`),
          FAULTLINE_EMBEDDED_PG_PORT: String(port),
        },
        { cwd: checkout, timeoutMs: 30_000 },
      ).then(
        () => "started",
        (error: Error) => error.message,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(failure).toMatch(/^app exited early \(1\)/);
      const lines = failure.split("\n").filter((line) => line.startsWith("[faultline] cannot start:"));
      expect(lines).toHaveLength(1);
      // The cause (the port it was told to use is taken) and the setting that changes it.
      expect(lines[0]).toContain(`127.0.0.1:${port} is in use by another program`);
      expect(lines[0]).toContain("set FAULTLINE_EMBEDDED_PG_PORT to a free port");
      expect(lines[0]).not.toMatch(/database system is shut down/);
      expect(await leftRunning(`-p ${port} `)).toEqual([]);
    } finally {
      squatter.close();
      rmSync(path.join(tmpdir(), `faultline-taken-${port}`), { recursive: true, force: true });
    }
  });

  it.runIf(asRoot)(
    "as root, a data folder chosen inside the owner-only directory is refused in one line, not moved",
    async () => {
      const chosen = path.join(home, "my-data");
      const started = Date.now();
      const failure = await startAppServer(
        {
          DATABASE_URL: undefined,
          FAULTLINE_DATA_DIR: chosen,
          FAULTLINE_EMBEDDED_PG_PORT: String(await freePort()),
        },
        { cwd: checkout, timeoutMs: 30_000 },
      ).then(
        () => "started",
        (error: Error) => error.message,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      const line = failure.split("\n").find((candidate) => candidate.startsWith("[faultline] cannot start:"));
      expect(line).toContain(`FAULTLINE_DATA_DIR=${chosen} is not reachable by the "postgres" user`);
      expect(line).toContain("run Faultline as a normal (non-root) user, or set DATABASE_URL");
      // Nothing is left behind: not even the empty folder it could not use.
      expect(existsSync(chosen)).toBe(false);
    },
  );
});
