import { execFile, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

// Published MCP servers (none written here) that a probe can be pointed at, offline: for each, one
// tools/call that succeeds and one that fails in a way a client sees. All were run with
// @modelcontextprotocol/client 2.4.0 (versionNegotiation 'auto'); every one answered as a legacy
// (initialize) server: none answers server/discover with the 2026-07-28 era.
//
// HTTP/SSE servers: `start(port)` spawns the server with process.execPath, polls the port (bounded)
// and resolves with the endpoint URL; `stop()` kills the child's whole process group.
// stdio servers: spawn `process.execPath` with `command` as its argv (a getter, resolved on use), environment
// `{ ...process.env, ...env }`, after awaiting `prepare()` if present.
// `fail.expect` is a substring of the failure's text: of the tool result's text content when
// `fail.as` is "isError" (result.isError === true), of the JSON-RPC error message when "rpcError".

export interface ToolCall {
  tool: string;
  arguments: Record<string, unknown>;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export interface ProbeServer {
  name: string;
  package: string;
  version: string;
  transport: "http" | "sse" | "stdio";
  start?(port: number): Promise<RunningServer>;
  command?: string[];
  env?: Record<string, string>;
  prepare?(): Promise<void>;
  /** The server only works with versionNegotiation 'legacy' (see its comment). */
  legacyNegotiationOnly?: boolean;
  pass: ToolCall;
  fail: ToolCall & { as: "isError" | "rpcError"; expect: string };
}

const require = createRequire(import.meta.url);

/** Absolute path of a package's bin (the first one, or `bin` by name), from the nearest node_modules. */
export function binOf(pkg: string, bin?: string): string {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const manifest = path.join(dir, pkg, "package.json");
    if (!existsSync(manifest)) continue;
    const json = JSON.parse(readFileSync(manifest, "utf8")) as { bin?: string | Record<string, string> };
    const entry =
      typeof json.bin === "string" ? json.bin : bin ? json.bin?.[bin] : Object.values(json.bin ?? {})[0];
    if (!entry) throw new Error(`${pkg} has no bin ${bin ?? ""}`);
    return path.join(dir, pkg, entry);
  }
  throw new Error(`${pkg} is not installed`);
}

/** Scratch files the servers are given: under the OS temp dir, fixed names so calls can name them. */
export const PROBE_TMP = path.join(os.tmpdir(), "faultline-probe-servers");
const FS_ROOT = path.join(PROBE_TMP, "fs-root");
const GIT_ROOT = path.join(PROBE_TMP, "git-root");
const GIT_REPO = path.join(GIT_ROOT, "repo");
const GRAPHQL_SCHEMA = path.join(PROBE_TMP, "schema.graphql");
const OUTSIDE = "/nonexistent/faultline-probe.txt";

const START_TIMEOUT_MS = 15_000;

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

/** Spawns `node argv` in its own process group, waits for the port to accept, returns a stopper. */
async function launch(
  label: string,
  argv: string[],
  env: Record<string, string>,
  port: number,
  urlPath: string,
): Promise<RunningServer> {
  const child = spawn(process.execPath, argv, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => void (output = (output + chunk.toString()).slice(-8_000));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    await exited;
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${label} exited before listening on ${port}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not listen on ${port} within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url: `http://127.0.0.1:${port}${urlPath}`, stop };
}

async function ensureFsRoot(): Promise<void> {
  await mkdir(FS_ROOT, { recursive: true });
}

export const PROBE_SERVERS: ProbeServer[] = [
  // --- Streamable HTTP / SSE ---

  // The MCP reference server (official TS SDK 1.x, Express, stateful sessions). Port from PORT;
  // ~0.5 s to listen. Fails with a server-side argument validation error returned as isError.
  {
    name: "everything-http",
    package: "@modelcontextprotocol/server-everything",
    version: "2026.8.31",
    transport: "http",
    start: (port) =>
      launch(
        "server-everything",
        [binOf("@modelcontextprotocol/server-everything"), "streamableHttp"],
        { PORT: String(port) },
        port,
        "/mcp",
      ),
    pass: { tool: "get-sum", arguments: { a: 1, b: 2 } }, // "The sum of 1 and 2 is 3."
    fail: {
      tool: "get-sum",
      arguments: { a: "x" },
      as: "isError",
      expect: "MCP error -32602: Input validation error: Invalid arguments for tool get-sum",
    },
  },

  // cyanheads' Git server (own Hono HTTP transport, stateful sessions), a different author and
  // stack; needs the `git` binary. ~0.5 s to listen (prints "is now running and ready").
  // It answers the 'auto' negotiation probe (server/discover without a session) with HTTP 500,
  // which @modelcontextprotocol/client 2.4.0 treats as fatal (ERA_NEGOTIATION_FAILED): connect
  // with versionNegotiation 'legacy'. Fails: a path outside GIT_BASE_DIR is refused, as isError.
  {
    name: "git-http",
    package: "@cyanheads/git-mcp-server",
    version: "2.15.3",
    transport: "http",
    legacyNegotiationOnly: true,
    async start(port) {
      await mkdir(GIT_REPO, { recursive: true });
      await promisify(execFile)("git", ["init", "-q", GIT_REPO]);
      return launch(
        "git-mcp-server",
        [binOf("@cyanheads/git-mcp-server")],
        {
          MCP_TRANSPORT_TYPE: "http",
          MCP_HTTP_HOST: "127.0.0.1",
          MCP_HTTP_PORT: String(port),
          MCP_HTTP_MAX_PORT_RETRIES: "0", // otherwise it silently moves to the next free port
          MCP_LOG_LEVEL: "error",
          GIT_BASE_DIR: GIT_ROOT,
        },
        port,
        "/mcp",
      );
    },
    pass: { tool: "git_status", arguments: { path: GIT_REPO } }, // {"success":true,"isClean":true,...}
    fail: {
      tool: "git_status",
      arguments: { path: "/" },
      as: "isError",
      expect: "Error: Path traversal detected: attempts to escape the defined root directory.",
    },
  },

  // ByteDance's filesystem server (UI-TARS agent-infra; its own mcp-http-server package, pinned old
  // SDK 1.15.1, stateless: a new server per request). Serves Streamable HTTP on /mcp and legacy
  // SSE on /sse from one process; ~0.2 s to listen. Fails: a path outside the allowed directory.
  {
    name: "agent-infra-fs-http",
    package: "@agent-infra/mcp-server-filesystem",
    version: "1.2.29",
    transport: "http",
    async start(port) {
      await ensureFsRoot();
      const argv = [
        binOf("@agent-infra/mcp-server-filesystem"),
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--allowed-directories",
        FS_ROOT,
      ];
      return launch("agent-infra filesystem", argv, {}, port, "/mcp");
    },
    pass: { tool: "list_allowed_directories", arguments: {} }, // "Allowed directories:\n<FS_ROOT>"
    fail: {
      tool: "read_file",
      arguments: { path: OUTSIDE },
      as: "isError",
      expect: `Access denied - path outside allowed directories: ${OUTSIDE} not in ${FS_ROOT}`,
    },
  },

  // The same server over the legacy HTTP+SSE transport (GET /sse, POST /message).
  {
    name: "agent-infra-fs-sse",
    package: "@agent-infra/mcp-server-filesystem",
    version: "1.2.29",
    transport: "sse",
    async start(port) {
      await ensureFsRoot();
      const argv = [
        binOf("@agent-infra/mcp-server-filesystem"),
        "--host",
        "127.0.0.1",
        "--port",
        String(port),
        "--allowed-directories",
        FS_ROOT,
      ];
      return launch("agent-infra filesystem", argv, {}, port, "/sse");
    },
    pass: { tool: "list_allowed_directories", arguments: {} },
    fail: {
      tool: "read_file",
      arguments: { path: OUTSIDE },
      as: "isError",
      expect: "Access denied - path outside allowed directories",
    },
  },

  // An MCP Apps example on the v2 TypeScript server SDK (@modelcontextprotocol/server 2.0.0,
  // stateless, a new server per request); it still speaks only initialize (it rejects
  // 2026-07-28). Port from PORT, binds 0.0.0.0; ~0.35 s to listen. Its tools take no input, so
  // the failure is the v2 SDK's answer to an unknown tool: a JSON-RPC error, not an isError result.
  {
    name: "system-monitor-http",
    package: "@modelcontextprotocol/server-system-monitor",
    version: "2.0.3",
    transport: "http",
    start: (port) =>
      launch(
        "server-system-monitor",
        [binOf("@modelcontextprotocol/server-system-monitor")],
        { PORT: String(port) },
        port,
        "/mcp",
      ),
    pass: { tool: "get-system-info", arguments: {} }, // {"hostname":...,"platform":"linux x64",...}
    fail: {
      tool: "faultline-no-such-tool",
      arguments: {},
      as: "rpcError",
      expect: "Tool faultline-no-such-tool not found",
    },
  },

  // --- stdio (spawn process.execPath with `command`) ---

  // The reference filesystem server. Fails: a path outside the allowed directory, as isError.
  {
    name: "filesystem-stdio",
    package: "@modelcontextprotocol/server-filesystem",
    version: "2026.8.31",
    transport: "stdio",
    get command() {
      return [binOf("@modelcontextprotocol/server-filesystem"), FS_ROOT];
    },
    prepare: ensureFsRoot, // it refuses to start if the directory does not exist
    pass: { tool: "list_allowed_directories", arguments: {} },
    fail: {
      tool: "read_text_file",
      arguments: { path: OUTSIDE },
      as: "isError",
      expect: `Access denied - path outside allowed directories: ${OUTSIDE} not in ${FS_ROOT}`,
    },
  },

  // The reference knowledge-graph server; neither call writes its file. Fails: an unknown entity.
  {
    name: "memory-stdio",
    package: "@modelcontextprotocol/server-memory",
    version: "2026.8.31",
    transport: "stdio",
    get command() {
      return [binOf("@modelcontextprotocol/server-memory")];
    },
    env: { MEMORY_FILE_PATH: path.join(PROBE_TMP, "memory.jsonl") },
    pass: { tool: "read_graph", arguments: {} }, // {"entities":[],"relations":[]} while the file is absent
    fail: {
      tool: "add_observations",
      arguments: { observations: [{ entityName: "faultline-missing-entity", contents: ["x"] }] },
      as: "isError",
      expect: "Entity with name faultline-missing-entity not found",
    },
  },

  // blurrah's GraphQL server: another author, an older SDK (1.12.0), protocol 2025-03-26. Reads
  // its schema from a local file; ENDPOINT points at a closed local port and is never reached.
  // Fails: mutations are refused before any request, as isError.
  {
    name: "graphql-stdio",
    package: "mcp-graphql",
    version: "2.0.4",
    transport: "stdio",
    get command() {
      return [binOf("mcp-graphql")];
    },
    env: { SCHEMA: GRAPHQL_SCHEMA, ENDPOINT: "http://127.0.0.1:9/graphql" },
    async prepare() {
      await mkdir(PROBE_TMP, { recursive: true });
      await writeFile(GRAPHQL_SCHEMA, "type Query { hello: String }\n");
    },
    pass: { tool: "introspect-schema", arguments: {} }, // the schema file's text
    fail: {
      tool: "query-graphql",
      arguments: { query: "mutation { hello }" },
      as: "isError",
      expect: "Mutations are not allowed unless you enable them in the configuration.",
    },
  },

  // formulahendry's Code Runner: runs a snippet with `node` from PATH (in a shell), writing it to
  // $TMPDIR/tmp.js. Fails: the snippet throws; the tool's rejection comes back as isError text.
  // (Its --transport http mode is unusable with the SDK it resolves to: one stateless transport
  // shared by all requests, so every request after the first gets HTTP 500.)
  {
    name: "code-runner-stdio",
    package: "mcp-server-code-runner",
    version: "0.1.8",
    transport: "stdio",
    get command() {
      return [binOf("mcp-server-code-runner")];
    },
    env: {
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      TMPDIR: path.join(PROBE_TMP, "code-runner"),
    },
    async prepare() {
      await mkdir(path.join(PROBE_TMP, "code-runner"), { recursive: true });
    },
    pass: { tool: "run-code", arguments: { languageId: "javascript", code: "console.log(6 * 7)" } }, // "42\n"
    fail: {
      tool: "run-code",
      arguments: { languageId: "javascript", code: 'throw new Error("faultline-probe-boom")' },
      as: "isError",
      expect: "Error: faultline-probe-boom",
    },
  },
];
