import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

// A test fixture with packages of its own (its package.json and package-lock.json pin them),
// kept out of Faultline's install: installed with `npm ci` on first use, again when its lock
// changes. The npm registry is all it needs.

export async function installFixture(dir: string): Promise<void> {
  const lock = path.join(dir, "package-lock.json");
  const installed = path.join(dir, "node_modules", ".package-lock.json");
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  await promisify(execFile)("npm", ["ci", "--ignore-scripts", "--loglevel=error"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 300_000,
  }).catch((error: Error & { stderr?: string }) => {
    throw new Error(`npm ci in ${dir} failed: ${error.stderr ?? error.message}`);
  });
}
