import { describe, expect, it } from "vitest";
import { classify } from "../../../../lib/classify";
import { CallBook } from "../../../../lib/reporter/proxy/calls";
import { serverEnvironment, type Environment } from "../../../../lib/reporter/proxy/child-env";
import { StdioReading } from "../../../../lib/reporter/proxy/stdio-reading";
import type { CallReport } from "../../../../lib/reporter/types";

// How faultline-proxy starts a stdio server and reads one that never started. The end-to-end
// proof — the Connect page's snippet, pasted, starting a server with npx — is in
// test/e2e/connect-snippets.test.ts; these pin the two rules it depends on.

/** The environment npm 11's `npx -y --package <tarball> faultline-proxy …` gave the proxy (captured). */
const FROM_NPX: Environment = {
  HOME: "/home/dev",
  PATH: "/home/dev/.npm/_npx/8f497369b2d6166e/node_modules/.bin:/work/node_modules/.bin:/node_modules/.bin:/usr/lib/node_modules/npm/node_modules/@npmcli/run-script/lib/node-gyp-bin:/usr/local/bin:/usr/bin:/bin",
  npm_config_package: "http://faultline.test/downloads/faultline-reporter.tgz",
  npm_config_yes: "true",
  npm_config_prefer_offline: "true",
  npm_config_user_agent: "npm/11.19.1 node/v20.20.2 linux x64 workspaces/false",
  npm_node_execpath: "/usr/bin/node",
  npm_package_json: "/work/package.json",
  npm_config_local_prefix: "/work",
  npm_config_registry: "https://registry.internal.example/",
  npm_config_cache: "/home/dev/.npm",
  npm_lifecycle_script: "faultline-proxy",
  npm_lifecycle_event: "npx",
  npm_command: "exec",
  npm_execpath: "/usr/lib/node_modules/npm/bin/npm-cli.js",
  INIT_CWD: "/work",
  NODE: "/usr/bin/node",
  COLOR: "0",
  FAULTLINE_URL: "http://faultline.test",
  GITHUB_TOKEN: "a variable the client's config set",
};

describe("the server's environment", () => {
  it("launched by npx: without what npm exec set for the proxy's own launch, PATH as before it", () => {
    const env = serverEnvironment(FROM_NPX);
    // The variable that made an inner `npx -y <server>` install the proxy's tarball instead.
    expect(env.npm_config_package).toBeUndefined();
    for (const name of ["npm_config_yes", "npm_config_prefer_offline", "npm_command", "npm_lifecycle_event"])
      expect(env[name], name).toBeUndefined();
    expect(env.PATH).toBe("/usr/local/bin:/usr/bin:/bin");
    // npm's configuration, and everything the client set, pass on.
    expect(env).toMatchObject({
      HOME: "/home/dev",
      npm_config_registry: "https://registry.internal.example/",
      npm_config_cache: "/home/dev/.npm",
      FAULTLINE_URL: "http://faultline.test",
      GITHUB_TOKEN: "a variable the client's config set",
    });
    expect(FROM_NPX.npm_config_package).toBeDefined(); // the given one is untouched
  });

  it("launched any other way: unchanged, a NODE the user set included", () => {
    const plain = { PATH: "/x/node_modules/.bin:/usr/bin", NODE: "/opt/node", npm_config_package: "kept" };
    expect(serverEnvironment(plain)).toEqual(plain);
  });
});

const line = (message: object) => Buffer.from(`${JSON.stringify(message)}\n`);
const INITIALIZE = line({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", clientInfo: { name: "claude-ai", version: "0.1.0" } },
});

function session() {
  const reports: CallReport[] = [];
  const book = new CallBook({
    route: "proxy-stdio",
    server: "fs",
    maxPending: 10,
    emit: (r) => reports.push(r),
    untracked: () => {},
  });
  return { reading: new StdioReading(book, 1024), reports };
}

const verdict = (report: CallReport) => {
  const { outcome, category, errorCode, retryable, text } = classify(report);
  return { method: report.method, outcome, category, errorCode, retryable, text };
};

describe("a server that never started", () => {
  it("command not found (127): its own category, not retryable, and what the shell said", () => {
    const { reading, reports } = session();
    reading.read({ t: "c", d: INITIALIZE, at: 10 });
    reading.read({
      t: "server-exit",
      at: 400,
      code: 127,
      signal: null,
      stderr:
        "npm warn exec The following package was not found\nsh: 1: @modelcontextprotocol/server-filesystem: not found\n",
    });
    reading.close(401);
    expect(reports).toHaveLength(1);
    expect(verdict(reports[0]!)).toEqual({
      method: "initialize",
      outcome: "transport_error",
      category: "launch",
      errorCode: "command_not_found",
      retryable: false,
      text: "the server's command was not found (exit code 127) before it answered initialize; it said on stderr: npm warn exec The following package was not found / sh: 1: @modelcontextprotocol/server-filesystem: not found",
    });
  });

  it("dies before the client's initialize was read: one initialize call is reported for it", () => {
    const { reading, reports } = session();
    reading.read({
      t: "server-exit",
      at: 50,
      code: 126,
      signal: null,
      stderr: "/opt/srv: Permission denied\n",
    });
    reading.read({ t: "c", d: INITIALIZE, at: 60 }); // too late: the session is over
    reading.close(61);
    expect(reports.map(verdict)).toMatchObject([
      { method: "initialize", category: "launch", errorCode: "command_not_executable", retryable: false },
    ]);
  });

  it("exits with another code before answering initialize: a failed launch; after answering, a crash", () => {
    const early = session();
    early.reading.read({ t: "c", d: INITIALIZE, at: 1 });
    early.reading.read({
      t: "server-exit",
      at: 2,
      code: 1,
      signal: null,
      stderr: "Error: ROOT is required\n",
    });
    expect(early.reports.map(verdict)).toMatchObject([
      { category: "launch", errorCode: "exited_before_initialize", retryable: false },
    ]);

    const late = session();
    late.reading.read({ t: "c", d: INITIALIZE, at: 1 });
    late.reading.read({
      t: "s",
      d: line({ jsonrpc: "2.0", id: 0, result: { protocolVersion: "2025-11-25" } }),
      at: 2,
    });
    late.reading.read({
      t: "c",
      d: line({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "read" } }),
      at: 3,
    });
    late.reading.read({ t: "server-exit", at: 4, code: 1, signal: null });
    expect(late.reports.map(verdict)).toMatchObject([
      { method: "initialize", outcome: "ok" },
      { method: "tools/call", errorCode: "connection_closed", category: "transient", retryable: true },
    ]);
  });

  it("the client went away first and the server followed it: not a failed launch", () => {
    const { reading, reports } = session();
    reading.read({ t: "c", d: INITIALIZE, at: 1 });
    reading.read({ t: "client-end", at: 2 });
    reading.read({ t: "server-exit", at: 3, code: 0, signal: null });
    expect(reports.map(verdict)).toMatchObject([{ errorCode: "connection_closed" }]);
  });
});
