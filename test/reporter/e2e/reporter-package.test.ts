import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The reporter is a package of its own (the reporter, instrumentServer, the faultline-proxy bin):
// a host installs it from a path (npm pack, or npm install <faultline>/lib/reporter) or from
// the instance's /downloads, and gets nothing of Faultline's server with it.
// `npm run build` builds it into lib/reporter/dist, which this test reads.

const PACKAGE = path.join(process.cwd(), "lib", "reporter");
const DIST = path.join(PACKAGE, "dist");
const host = mkdtempSync(path.join(tmpdir(), "faultline-host-"));
afterAll(() => rmSync(host, { recursive: true, force: true }));

/** Every module specifier a built file imports, statically or dynamically. */
function imports(source: string): string[] {
  return [
    ...source.matchAll(
      /(?:^|\s)(?:import|export)\s[^"'`]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm,
    ),
  ].map((match) => (match[1] ?? match[2])!);
}

describe("the reporter package", () => {
  it("imports nothing but Node's own modules and its own files (faultline-probe: also its optional peer, the MCP client)", () => {
    const files = (readdirSync(DIST, { recursive: true }) as string[]).filter((file) => file.endsWith(".js"));
    expect(files.length).toBeGreaterThan(0);
    const outside: string[] = [];
    for (const file of files) {
      for (const specifier of imports(readFileSync(path.join(DIST, file), "utf8"))) {
        const resolved = path.resolve(path.dirname(path.join(DIST, file)), specifier);
        const local = specifier.startsWith(".") && resolved.startsWith(`${DIST}${path.sep}`);
        // faultline-probe alone uses the MCP client library, an optional peer it asks for by name.
        const peer =
          file.startsWith(`probe${path.sep}`) && /^@modelcontextprotocol\/client(\/stdio)?$/.test(specifier);
        if (!local && !peer && !specifier.startsWith("node:")) outside.push(`${file} imports ${specifier}`);
      }
    }
    expect(outside).toEqual([]);
    // And the test's own parser sees the imports that are there.
    expect(imports(readFileSync(path.join(DIST, "index.js"), "utf8"))).toContain("./outbox.js");
  });

  it("installs from a path into a project with nothing else, and runs with plain node", () => {
    const tarball = execFileSync("npm", ["pack", PACKAGE, "--pack-destination", host, "--silent"], {
      encoding: "utf8",
    }).trim();
    writeFileSync(
      path.join(host, "package.json"),
      JSON.stringify({ name: "host", private: true, type: "module" }),
    );
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(host, tarball)], {
      cwd: host,
      stdio: "ignore",
    });
    const installed = readdirSync(path.join(host, "node_modules")).filter((entry) => !entry.startsWith("."));
    expect(installed).toEqual(["@faultline"]);
    // faultline-proxy comes with it: the bin and the worker thread it starts.
    const manifest = JSON.parse(
      readFileSync(path.join(host, "node_modules", "@faultline", "reporter", "package.json"), "utf8"),
    ) as { bin: Record<string, string> };
    expect(manifest.bin).toEqual({
      "faultline-proxy": "dist/proxy/cli.js",
      "faultline-probe": "dist/probe/cli.js",
    });
    for (const file of ["cli.js", "worker.js"])
      expect(
        readdirSync(path.join(host, "node_modules", "@faultline", "reporter", "dist", "proxy")),
      ).toContain(file);
    const output = execFileSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { createReporter } from "@faultline/reporter";
         const reporter = createReporter({ url: "http://127.0.0.1:9", key: "k", server: "s" });
         console.log(typeof reporter.fetch, typeof reporter.instrument, JSON.stringify(reporter.stats()));
         await reporter.close(10);`,
      ],
      { cwd: host, encoding: "utf8" },
    );
    expect(output.trim()).toBe(
      'function function {"reported":0,"pending":0,"delivered":0,"rejected":0,"dropped":0,"retries":0}',
    );
  });
});

describe("the package as every instance serves it", () => {
  it("installs from /downloads/faultline-reporter.tgz on a machine with no Faultline checkout, and runs", async () => {
    const { startAppServer } = await import("../../helpers/app-server");
    const { createTestDatabase } = await import("../../helpers/test-database");
    const testDatabase = await createTestDatabase("downloads");
    const app = await startAppServer({ DATABASE_URL: testDatabase.url });
    const elsewhere = mkdtempSync(path.join(tmpdir(), "faultline-elsewhere-"));
    try {
      const response = await fetch(`${app.url}/downloads/faultline-reporter.tgz`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/gzip");
      const versioned = response.headers.get("x-faultline-package")!;
      expect(versioned).toMatch(/^faultline-reporter-\d+\.\d+\.\d+\.tgz$/);
      expect((await fetch(`${app.url}/downloads/${versioned}`)).status).toBe(200);
      // Only the packed tarball is served: no path leads anywhere else.
      expect((await fetch(`${app.url}/downloads/..%2F..%2Fpackage.json`)).status).toBe(404);
      expect((await fetch(`${app.url}/downloads/other.tgz`)).status).toBe(404);

      writeFileSync(
        path.join(elsewhere, "package.json"),
        JSON.stringify({ name: "host", private: true, type: "module" }),
      );
      execFileSync(
        "npm",
        ["install", "--no-audit", "--no-fund", `${app.url}/downloads/faultline-reporter.tgz`],
        { cwd: elsewhere, stdio: "ignore" },
      );
      const output = execFileSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { createReporter } from "@faultline/reporter";
           const reporter = createReporter({ url: "http://127.0.0.1:9", key: "k", server: "s" });
           console.log(typeof reporter.instrument);
           await reporter.close(10);`,
        ],
        { cwd: elsewhere, encoding: "utf8" },
      );
      expect(output.trim()).toBe("function");

      // The proxy's bin, installed with it, runs outside the checkout: a stdio "server" (an
      // echo) through it, the bytes back unchanged, its exit code passed on.
      const bin = path.join(elsewhere, "node_modules", ".bin", "faultline-proxy");
      expect(execFileSync(bin, ["--help"], { cwd: elsewhere, encoding: "utf8" })).toContain("--upstream");
      const line = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo"}}\n';
      const relayed = spawnSync(
        bin,
        [
          "--server",
          "echo",
          "--quiet",
          "--",
          process.execPath,
          "-e",
          "process.stdin.pipe(process.stdout); process.stdin.on('end', () => process.exit(5))",
        ],
        {
          cwd: elsewhere,
          input: line,
          encoding: "utf8",
          env: { ...process.env, FAULTLINE_URL: app.url, FAULTLINE_KEY: "flk_not_a_key" },
        },
      );
      expect(relayed.stdout).toBe(line);
      expect(relayed.status).toBe(5);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
      await app.stop();
      await testDatabase.drop();
    }
  }, 120_000);
});
