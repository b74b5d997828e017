// npm run build:reporter's second half: packs the built reporter package (reporter, proxy,
// server instrumentation) into lib/reporter/pack/, which every instance serves at
// /downloads/faultline-reporter.tgz (lib/http/downloads.ts), so a host installs it with
// `npm install <faultline>/downloads/faultline-reporter.tgz` — no Faultline checkout needed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const dir = path.resolve(__dirname, "..", "lib", "reporter");
const out = path.join(dir, "pack");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync("npm", ["pack", dir, "--pack-destination", out, "--silent"], {
  stdio: ["ignore", "ignore", "inherit"],
});
const [tarball] = readdirSync(out).filter((file) => file.endsWith(".tgz"));
if (!tarball) throw new Error(`npm pack wrote no tarball into ${out}`);
console.log(`[faultline] packed ${path.join("lib", "reporter", "pack", tarball)}`);
