// A stdio server started from a file of its package rather than its bin, as r22-a does for pipedrive-mcp-server:
// @seed-ship/duckdb-mcp-native declares no bin; its server is dist/server/mcp-server.js, which starts itself when it
// is node's entry point. The harness's SDK client (scripts/server-corpus/node_modules) is loaded at run time.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Reporter } from "../../deps.js";
import { HERE, LOGS, serverEnv, type Live } from "../../harness.js";

type SdkClient = Live["client"];
type SdkTransport = Parameters<SdkClient["connect"]>[0];
interface StdioTransport extends SdkTransport {
  readonly stderr: NodeJS.ReadableStream | null;
  readonly pid: number | null;
}

async function harnessSdk() {
  const dir = path.join(HERE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client");
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { Client } = (await load("index.js")) as {
    Client: new (info: { name: string; version: string }) => SdkClient;
  };
  const { StdioClientTransport } = (await load("stdio.js")) as {
    StdioClientTransport: new (params: {
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string;
      stderr: "pipe";
    }) => StdioTransport;
  };
  return { Client, StdioClientTransport };
}

export function packageFileServer(
  label: string,
  from: string,
  file: string,
  cwd: string,
  env: Record<string, string>,
) {
  return async (reporter: Reporter): Promise<Live> => {
    const { Client, StdioClientTransport } = await harnessSdk();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(from, "node_modules", file)],
      env: serverEnv(env),
      cwd,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}
