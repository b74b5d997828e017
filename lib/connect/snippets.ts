// What a team pastes to get calls into this instance, from whatever they run: a desktop client's
// stdio server (through faultline-proxy), a remote server (the HTTP proxy), a TypeScript client
// (the reporter), a server they maintain (server instrumentation), OpenTelemetry (JS, Python, the
// Collector) and the webhook. One home for the snippets: the Connect page and the empty Overview
// render them with this instance's URL and, once made, a key. Pure: no I/O.

import { KEY_PLACEHOLDER, probeCommand } from "../probes/command";
import { packageUrl } from "./package-url";

export interface Snippet {
  label: string;
  /** What it is, unique on the page: its copy button is "Copy the {name}", its block named so. */
  name: string;
  text: string;
  /** One line on what this form costs (start time, what it needs). */
  note?: string;
}

export interface ConnectRoute {
  id: "desktop" | "remote" | "client" | "server" | "otel" | "webhook" | "probe";
  title: string;
  intro: string;
  snippets: Snippet[];
}

export { packageUrl };

export function connectRoutes(input: { baseUrl: string; key?: string }): ConnectRoute[] {
  const url = input.baseUrl.replace(/\/+$/, "");
  const key = input.key ?? KEY_PLACEHOLDER;
  const probe = probeRoute(url, input.key);
  const pkg = packageUrl(url);
  // The example server is one that runs as pasted (no path to adapt): a published server that
  // npx starts, as most of the ecosystem is started.
  const server = ["npx", "-y", "@modelcontextprotocol/server-memory"];
  const env = { FAULTLINE_URL: url, FAULTLINE_KEY: key };
  const installed = {
    mcpServers: {
      memory: { command: "faultline-proxy", args: ["--server", "memory", "--", ...server], env },
    },
  };
  const cached = {
    mcpServers: {
      memory: {
        command: "npx",
        args: [
          "-y",
          "--prefer-offline",
          "--package",
          pkg,
          "faultline-proxy",
          "--server",
          "memory",
          "--",
          ...server,
        ],
        env,
      },
    },
  };
  return [
    {
      id: "desktop",
      title: "A server your desktop client launches (Claude Desktop, Claude Code, Cursor, VS Code…)",
      intro:
        "Put faultline-proxy in front of the server's command in the client's mcp.json: it starts the server, relays every byte both ways unchanged, and reports each call (tools/call, and other methods apart) with its answer, duration, the client's name and the protocol version — a server that crashes mid-call, cannot start, or a call the client cancelled or left unanswered too. Arguments are never sent, only a fingerprint. Faultline is never in the way: the server starts as fast with Faultline down, and the proxy reports in the background.",
      snippets: [
        {
          label: "Install the proxy once",
          name: "command that installs the proxy",
          text: `npm install -g ${pkg}`,
          note: "Then a server starts in about 0.2 s, whether Faultline is up, down or slow. Run it again to update.",
        },
        {
          label: "mcp.json",
          name: "mcp.json for the installed proxy",
          text: JSON.stringify(installed, null, 2),
        },
        {
          label: "Or, with nothing installed: mcp.json",
          name: "mcp.json with nothing installed",
          text: JSON.stringify(cached, null, 2),
          note: "npx adds about 1 s to every start. The first start fetches the proxy from this instance (it must be up then); later ones use npm's cache, Faultline up or down. Without --prefer-offline npm asks this instance at every start and waits about 71 s when it is down.",
        },
      ],
    },
    {
      id: "remote",
      title: "A remote MCP server (Streamable HTTP or HTTP+SSE)",
      intro:
        "Run the proxy beside the client and point the client at it instead of the server; it listens only on the address given. Sessions, auth headers (passed on, never recorded), SSE streams and their resumption pass through; an HTTP status, a refused connection or an upstream that does not answer is recorded as the call's transport outcome. For an HTTP+SSE server, give its /sse URL as --upstream and point the client at /sse on the proxy.",
      snippets: [
        {
          label: "Start the proxy",
          name: "command that starts the HTTP proxy",
          text: `FAULTLINE_URL=${url} FAULTLINE_KEY=${key} \\
  npx -y --prefer-offline --package ${pkg} \\
  faultline-proxy --server crm --listen 127.0.0.1:8808 --upstream https://mcp.example.com/mcp`,
        },
        {
          label: "mcp.json",
          name: "mcp.json for the HTTP proxy",
          text: JSON.stringify({ mcpServers: { crm: { url: "http://127.0.0.1:8808/mcp" } } }, null, 2),
        },
      ],
    },
    {
      id: "client",
      title: "A TypeScript host on the MCP SDK client",
      intro:
        "Wrap the client (and, over HTTP, its fetch): every tools/call is reported once, paired by JSON-RPC id.",
      snippets: [
        {
          label: "Install",
          name: "command that installs the reporter in a host",
          text: `npm install ${pkg}`,
        },
        {
          label: "host.ts",
          name: "host.ts example",
          text: `import { createReporter } from "@faultline/reporter";

const reporter = createReporter({ url: "${url}", key: process.env.FAULTLINE_KEY!, server: "crm" });
const client = reporter.instrument(new Client({ name: "support-bot", version: "1.0.0" }));
const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { fetch: reporter.fetch });
await client.connect(transport);
// … client.callTool(…) as usual; await reporter.close() on shutdown`,
        },
      ],
    },
    {
      id: "server",
      title: "An MCP server you maintain (TypeScript SDK)",
      intro:
        "One call on the server reports each call as the server saw it — the result, isError, structuredContent, a thrown exception — with no change to the tools.",
      snippets: [
        {
          label: "Install",
          name: "command that installs the reporter in a server",
          text: `npm install ${pkg}`,
        },
        {
          label: "server.ts",
          name: "server.ts example",
          text: `import { instrumentServer } from "@faultline/reporter";

const server = new McpServer({ name: "crm", version: "1.0.0" });
const reporter = instrumentServer(server, { url: "${url}", key: process.env.FAULTLINE_KEY! });
server.registerTool("lookup_lead", { inputSchema: { id: z.string() } }, async ({ id }) => ({ … }));`,
        },
      ],
    },
    {
      id: "otel",
      title: "OpenTelemetry",
      intro:
        "Point an OTLP/HTTP exporter at this instance (exporters add /v1/traces). MCP spans from the semantic conventions, the MCP SDKs and Traceloop/OpenLLMetry become calls.",
      snippets: [
        {
          label: "JavaScript (@opentelemetry/exporter-trace-otlp-proto)",
          name: "JavaScript exporter settings",
          text: `new OTLPTraceExporter({
  url: "${url}/api/v1/otlp/v1/traces",
  headers: { authorization: \`Bearer \${process.env.FAULTLINE_KEY}\` },
  compression: "gzip",
});`,
        },
        {
          label: "Python (opentelemetry-exporter-otlp-proto-http)",
          name: "Python exporter settings",
          text: `export OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=${url}/api/v1/otlp/v1/traces
export OTEL_EXPORTER_OTLP_TRACES_HEADERS="authorization=Bearer%20${key}"`,
        },
        {
          label: "OpenTelemetry Collector",
          name: "Collector settings",
          text: `exporters:
  otlphttp/faultline:
    endpoint: ${url}/api/v1/otlp
    headers:
      authorization: Bearer ${key}
service:
  pipelines:
    traces:
      exporters: [otlphttp/faultline]`,
        },
      ],
    },
    {
      id: "webhook",
      title: "Anything else: the webhook",
      intro: "Post each call's outcome (the raw JSON-RPC response is best): Faultline classifies it.",
      snippets: [
        {
          label: "curl",
          name: "example request",
          text: `curl -s ${url}/api/v1/calls \\
  -H "Authorization: Bearer ${key}" -H "Content-Type: application/json" \\
  -d '{"server":"crm","tool":"lookup_lead","response":{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"Error: could not parse document"}]}}}'`,
        },
      ],
    },
    probe,
  ];
}

/** The example server in the probe snippet: one npx starts as pasted, as in the desktop route. */
const PROBE_EXAMPLE = {
  name: "memory",
  tool: "read_graph",
  command: ["npx", "-y", "@modelcontextprotocol/server-memory@2026.8.31"],
};

/**
 * Probing a server on a schedule, whether or not agents call it: an HTTP server by this instance
 * (Settings → Probes), a stdio server by faultline-probe where it runs, with the same ingest key
 * as the other snippets (it reads its stdio probes and reports their runs with it).
 */
function probeRoute(url: string, key: string | undefined): ConnectRoute {
  return {
    id: "probe",
    title: "Probe a server",
    intro:
      "A probe checks a server on a schedule — the handshake, tools/list (its changes are drift) and a test call — whether or not agents call it, and stores each step as a call. An HTTP or SSE server: add a probe in Settings → Probes; this instance runs it. A stdio server: add a stdio probe there, then run faultline-probe where the server runs.",
    snippets: [
      {
        label: "Run a stdio probe where its server runs",
        name: "faultline-probe command",
        text: probeCommand({
          baseUrl: url,
          key,
          probe: PROBE_EXAMPLE.name,
          allowTool: PROBE_EXAMPLE.tool,
          intervalSeconds: 300,
          command: PROBE_EXAMPLE.command,
        }),
        note: `Define the probe in Settings → Probes first: transport stdio, named ${PROBE_EXAMPLE.name}, test call ${PROBE_EXAMPLE.tool}. --allow-tool names the tool its test call may use (none is called without it).`,
      },
    ],
  };
}
