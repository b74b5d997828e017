import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";

// Where the embedded PostgreSQL's binaries and data can live for the user it runs as.
// PostgreSQL refuses to run as root, so under root it runs as the unprivileged "postgres"
// user — which must be able to reach its binaries (inside node_modules) and its data
// folder. A checkout under a home directory of mode 0700 (root's, in most containers)
// is out of its reach; then the binaries are copied, once per version, and the default
// data folder moved, under a system directory it can reach.

/** The one-line reason the embedded database cannot start, with the ways out. */
export class EmbeddedStartError extends Error {
  override name = "EmbeddedStartError";
}

export const FIXES = "run Faultline as a normal (non-root) user, or set DATABASE_URL to a PostgreSQL server";

/** Where root-run installs keep what the postgres user must reach. */
export const SYSTEM_DIR = "/var/lib/faultline";

export interface Account {
  name: string;
  uid: number;
  gid: number;
  groups: number[];
}

function id(flag: string, user: string): string {
  return execFileSync("id", [flag, user], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
}

function lookUp(name: string): Account | undefined {
  try {
    return {
      name,
      uid: Number(id("-u", name)),
      gid: Number(id("-g", name)),
      groups: id("-G", name).split(/\s+/).map(Number),
    };
  } catch {
    return undefined;
  }
}

/** The unprivileged account PostgreSQL runs as under root; created (system user, no home) when missing. */
export function postgresAccount(name = "postgres"): Account {
  const found = lookUp(name);
  if (found) return found;
  try {
    execFileSync("groupadd", ["--system", "-f", name], { stdio: "ignore" });
    execFileSync(
      "useradd",
      ["--system", "--gid", name, "--no-create-home", "--shell", "/usr/sbin/nologin", name],
      {
        stdio: "ignore",
      },
    );
  } catch (error) {
    throw new EmbeddedStartError(
      `Faultline runs as root, so its embedded PostgreSQL must run as an unprivileged user "${name}", which does not exist and could not be created (${(error as Error).message.split("\n")[0]}): create that user, ${FIXES}`,
    );
  }
  const created = lookUp(name);
  if (!created)
    throw new EmbeddedStartError(`could not look up the user "${name}" after creating it: ${FIXES}`);
  return created;
}

function allows(
  account: Account,
  target: string,
  bits: { owner: number; group: number; other: number },
): boolean {
  const stat = statSync(target);
  if (stat.uid === account.uid) return (stat.mode & bits.owner) !== 0;
  if (account.groups.includes(stat.gid) || stat.gid === account.gid) return (stat.mode & bits.group) !== 0;
  return (stat.mode & bits.other) !== 0;
}

const SEARCH = { owner: 0o100, group: 0o010, other: 0o001 };

/** Can `account` walk down to `target` (search permission on every directory above it)? */
export function canReach(account: Account, target: string): boolean {
  const absolute = path.resolve(target);
  const ancestors: string[] = [];
  for (let current = path.dirname(absolute); ; current = path.dirname(current)) {
    ancestors.push(current);
    if (current === path.dirname(current)) break;
  }
  try {
    return ancestors.every((directory) => allows(account, directory, SEARCH));
  } catch {
    return false;
  }
}

/**
 * The PostgreSQL install directory (`…/native`) the account can execute from: the one in
 * node_modules when reachable, else a copy under SYSTEM_DIR made once per version.
 */
export function reachableInstall(account: Account, nativeDir: string, version: string): string {
  const postgres = path.join(nativeDir, "bin", "postgres");
  if (canReach(account, postgres)) return nativeDir;
  const staged = path.join(SYSTEM_DIR, `postgresql-${version}`);
  const complete = path.join(staged, ".complete");
  if (!existsSync(complete)) {
    mkdirSync(SYSTEM_DIR, { recursive: true, mode: 0o755 });
    const partial = `${staged}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(partial, ".complete"), `${nativeDir}\n`);
    rmSync(staged, { recursive: true, force: true });
    renameSync(partial, staged);
  }
  if (!canReach(account, path.join(staged, "bin", "postgres"))) {
    throw new EmbeddedStartError(
      `PostgreSQL's binaries are not reachable by the "${account.name}" user, even copied to ${staged}: ${FIXES}`,
    );
  }
  return staged;
}

/**
 * The data folder PostgreSQL will use: `<dataDir>/pg` when the account can reach it; else,
 * for the default folder only, `SYSTEM_DIR/data-<hash of the checkout's data path>/pg`
 * (stable across restarts). A folder the user chose explicitly is never silently moved.
 */
export function reachableDataDir(account: Account, dataDir: string, options: { movable: boolean }): string {
  const wanted = path.resolve(dataDir);
  const created = mkdirSync(wanted, { recursive: true }); // the first folder made, if any
  chmodSync(wanted, 0o755); // holds only pg/ (mode 0700) and a note
  if (canReach(account, path.join(wanted, "pg"))) return path.join(wanted, "pg");
  if (!options.movable) {
    // Refused: leave no empty folder behind (only what was made just now, all of it empty).
    if (created) rmSync(created, { recursive: true });
    throw new EmbeddedStartError(
      `FAULTLINE_DATA_DIR=${dataDir} is not reachable by the "${account.name}" user that runs PostgreSQL when Faultline runs as root: choose a directory that user can reach, ${FIXES}`,
    );
  }
  const hash = createHash("sha256").update(wanted).digest("hex").slice(0, 12);
  const moved = path.join(SYSTEM_DIR, `data-${hash}`);
  mkdirSync(moved, { recursive: true, mode: 0o755 });
  // Leave a note where the user will look for the data.
  writeFileSync(
    path.join(wanted, "WHERE-IS-THE-DATA.txt"),
    `Faultline runs as root and this folder is not reachable by the "${account.name}" user that runs PostgreSQL,\nso the embedded database's data lives in ${moved}/pg\n`,
  );
  if (!canReach(account, path.join(moved, "pg"))) {
    throw new EmbeddedStartError(
      `the data folder ${moved} is not reachable by the "${account.name}" user: ${FIXES}`,
    );
  }
  return path.join(moved, "pg");
}

/** An empty folder owned by the account, mode 0700, as initdb requires. */
export function prepareOwnedDir(directory: string, account: Account | undefined): void {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (account) chownSync(directory, account.uid, account.gid);
}
