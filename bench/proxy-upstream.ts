// The MCP server bench/proxy.ts calls, in a process of its own: the SDK's McpServer with one
// small tool, over stdio (`--stdio`) or Streamable HTTP with JSON answers (`--http`: prints its URL).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

function server(): McpServer {
  const mcp = new McpServer({ name: "bench-upstream", version: "1.0.0" });
  mcp.registerTool("lookup", { inputSchema: { id: z.number() } }, ({ id }) => ({
    content: [{ type: "text", text: `record ${id}: status active, owner ops@example.com` }],
  }));
  return mcp;
}

if (process.argv.includes("--stdio")) {
  void server().connect(new StdioServerTransport());
} else {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const listener = http.createServer(async (req, res) => {
    const id = req.headers["mcp-session-id"];
    let transport = typeof id === "string" ? sessions.get(id) : undefined;
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
      });
      transport = created;
      await server().connect(created);
    }
    await transport.handleRequest(req, res);
  });
  listener.keepAliveTimeout = 60_000;
  listener.listen(0, "127.0.0.1", () =>
    process.stdout.write(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp\n`),
  );
}
