import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// What `npm ci` prints on a fresh machine is the first thing a user reads: no package may
// declare a Node it does not support for the Node the README names (package.json's engines), or
// npm warns EBADENGINE under a README that says Node 20. The lockfile records every installed
// package's engines.

const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
  engines: { node: string };
  scripts: Record<string, string>;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean }>;
};

describe("a fresh install", () => {
  it("installs no package that wants a newer Node than the one Faultline supports", () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name !== "" && entry.engines && !Array.isArray(entry.engines))
      .filter(([, entry]) => {
        const wanted = (entry.engines as Record<string, string>).node;
        return (
          wanted !== undefined &&
          !(semver.satisfies(oldest, wanted) && semver.satisfies(process.version, wanted))
        );
      })
      .map(([name, entry]) => `${name} wants node ${(entry.engines as Record<string, string>).node}`);
    expect(refusing).toEqual([]);
  });

  it("builds and develops with Next.js's telemetry off (a self-hosted build sends nothing)", () => {
    for (const name of ["build", "dev"])
      expect(manifest.scripts[name]).toContain("NEXT_TELEMETRY_DISABLED=1");
  });
});
