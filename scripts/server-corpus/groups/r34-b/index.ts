// Group r34-b: message brokers run on this machine. No RabbitMQ, MQTT or NATS tool server installs from this round's
// registry mirror (README.md lists the ones tried), so the two servers are:
//
// - @aws/mcp-amqp-transport (Amazon MQ team): MCP carried over the real local RabbitMQ. Its client adaptor is the
//   stdio server the host runs; it publishes each JSON-RPC message to a topic exchange, and the package's server
//   adaptor (started by `prepare`) consumes them and runs @modelcontextprotocol/server-memory behind it. The broker
//   failures are real: the server side gone (requests pile up in its durable queue, the host's call times out),
//   connections closed by the broker's operator, a broker port with nothing listening.
// - activemq-mcp-server (mradovic95): ActiveMQ Classic through its web console, stood in on a loopback port
//   (standins.ts: Debian's ActiveMQ 5.17.2 runs here but ships without the console).
//
//   (cd scripts/server-corpus/groups/r34-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r34-b

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Reporter } from "../../deps.js";
import {
  HERE,
  ROOT,
  binOf,
  serverEnv,
  sleep,
  stdioServer,
  type Live,
  type SessionSpec,
} from "../../harness.js";
import { stateFlags, step } from "../../steps.js";
import {
  CLOSED_PORT,
  CONSOLE_PASSWORD,
  CONSOLE_USER,
  STANDIN_PORT,
  clearTimers,
  resetBroker,
  seen,
  standin,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = path.join(ROOT, "r34-b");

export const PACKAGES: Record<string, string> = {
  "@aws/mcp-amqp-transport": "1.0.2",
  "activemq-mcp-server": "0.1.6",
};

const flag = stateFlags(state);

// ------------------------------------------------------------------ @aws/mcp-amqp-transport over RabbitMQ (stdio)

/** The group's own exchange and server name on the local broker's default vhost (the adaptors take no vhost). */
const EXCHANGE = "r34b.mcp";
const SERVER_NAME = "r34b-memory";
const REQUEST_QUEUE = `mcp-${SERVER_NAME}-request`;
const AMQP = {
  AMQP_HOSTNAME: "127.0.0.1",
  AMQP_USERNAME: "guest",
  AMQP_PASSWORD: "guest",
  AMQP_USE_TLS: "false",
};
/** Nothing listens here: a broker that is down. */
const AMQP_CLOSED_PORT = "43052";

let serverAdaptor: ChildProcess | undefined;

async function startServerAdaptor() {
  const log = fs.createWriteStream(path.join(ROOT, "logs", "r34-b-amqp-server-adaptor.log"), { flags: "a" });
  const child = spawn(
    process.execPath,
    [
      binOf("@aws/mcp-amqp-transport", "mcp-server-amqp-adaptor", FROM),
      "--serverName",
      SERVER_NAME,
      "--exchangeName",
      EXCHANGE,
      "--command",
      process.execPath,
      "--args",
      binOf("@modelcontextprotocol/server-memory", undefined, HERE),
    ],
    {
      env: serverEnv({
        ...AMQP,
        AMQP_PORT: "5672",
        MEMORY_FILE_PATH: path.join(DATA, "memory.jsonl"),
      }) as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  serverAdaptor = child;
  await sleep(1500);
}

async function stopServerAdaptor() {
  const child = serverAdaptor;
  serverAdaptor = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGINT");
  await new Promise((resolve) => child.once("exit", resolve));
}

function rabbitmqctl(...args: string[]): string {
  return execFileSync("rabbitmqctl", ["-q", ...args], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
}

/** Closes the broker connections of one adaptor (by its connection name's client properties), as an operator does. */
function closeConnections(side: "client" | "server") {
  const consumers = rabbitmqctl("list_consumers", "channel_pid", "queue_name").split("\n");
  const channels = rabbitmqctl("list_channels", "pid", "connection").split("\n");
  const wanted = consumers
    // rabbitmqctl prints its own column order (queue_name, channel_pid) whatever order they are asked in
    .map((line) => {
      const fields = line.split("\t");
      return [fields.find((f) => !f.startsWith("<")), fields.find((f) => f.startsWith("<"))];
    })
    .filter(([queue]) =>
      side === "server" ? queue === REQUEST_QUEUE : queue?.startsWith(`mcp-${SERVER_NAME}-response-`),
    )
    .map(([, channel]) => channel);
  for (const line of channels) {
    const [channel, connection] = line.split("\t");
    if (channel && connection && wanted.includes(channel)) {
      execFileSync("rabbitmqctl", ["-q", "close_connection", connection, "closed by the r34-b capture"]);
    }
  }
}

function cleanupBroker() {
  try {
    rabbitmqctl("delete_queue", REQUEST_QUEUE);
  } catch {
    // not there
  }
  try {
    execFileSync("rabbitmqadmin", ["delete", "exchange", `name=${EXCHANGE}`], { stdio: "ignore" });
  } catch {
    // rabbitmqadmin needs the management plugin; the durable exchange stays (it holds no messages)
  }
}

const amqpClient = (port: string) =>
  stdioServer(`r34-b-amqp-${port}`, "@aws/mcp-amqp-transport", {
    from: FROM,
    bin: "mcp-client-amqp-adaptor",
    cwd: DATA,
    args: ["--serverName", SERVER_NAME, "--exchangeName", EXCHANGE],
    env: { ...AMQP, AMQP_PORT: port },
  });

const entity = (name: string, entityType: string, observations: string[]) => ({
  name,
  entityType,
  observations,
});

const amqp: SessionSpec = {
  label: "r34-b-amqp",
  server: "@aws/mcp-amqp-transport",
  transport: "stdio",
  start: amqpClient("5672"),
  steps: [
    step("amqp-001", "read_graph", {}, "the knowledge graph, empty at the start"),
    step(
      "amqp-002",
      "create_entities",
      {
        entities: [
          entity("orders-service", "service", ["publishes to orders.incoming", "owned by team checkout"]),
          entity("billing-service", "service", ["consumes invoices"]),
        ],
      },
      "two entities created through the broker",
    ),
    step(
      "amqp-003",
      "create_relations",
      { relations: [{ from: "orders-service", to: "billing-service", relationType: "notifies" }] },
      "a relation between them",
    ),
    step("amqp-004", "search_nodes", { query: "checkout" }, "a search that finds one entity"),
    step("amqp-005", "search_nodes", { query: "kafka" }, "a search that finds nothing"),
    step("amqp-006", "open_nodes", { names: ["billing-service"] }, "one entity opened by name"),
    step(
      "amqp-007",
      "add_observations",
      { observations: [{ entityName: "billing-service", contents: ["retries failed invoices twice"] }] },
      "an observation added to an entity",
    ),
    step("amqp-008", "read_graph", {}, "the whole graph"),
    step(
      "amqp-009",
      "add_observations",
      { observations: [{ entityName: "shipping-service", contents: ["uses the dlq"] }] },
      "an observation for an entity that does not exist",
    ),
    step(
      "amqp-010",
      "add_observations",
      { observations: [{ entityName: "shipping-service", contents: ["uses the dlq"] }] },
      "the same call again",
    ),
    step("amqp-011", "create_entities", { entities: "orders-service" }, "entities given as a string"),
    step(
      "amqp-012",
      "purge_queue",
      { queue: "orders.incoming" },
      "a tool the server behind the broker lacks",
    ),
    step(
      "amqp-013",
      "open_nodes",
      { names: ["inventory-service"] },
      "one entity that does not exist, by name",
    ),
    step(
      "amqp-014",
      "create_entities",
      { entities: [entity("inventory-service", "service", ["reads stock levels"])] },
      "a third entity",
    ),
    step(
      "amqp-015",
      "search_nodes",
      { query: "service" },
      "a search while the server adaptor is gone: the request waits in its durable queue, past the host's 4 s limit",
      {
        timeoutMs: 4000,
        before: async () => {
          await stopServerAdaptor();
        },
      },
    ),
    step(
      "amqp-016",
      "read_graph",
      {},
      "the graph once the server adaptor is back (it first answers the stale request)",
      {
        before: async () => {
          await startServerAdaptor();
        },
      },
    ),
    step(
      "amqp-017",
      "delete_relations",
      { relations: [{ from: "orders-service", to: "billing-service", relationType: "notifies" }] },
      "the relation deleted",
    ),
    step(
      "amqp-018",
      "search_nodes",
      { query: "stock" },
      "a search while the broker's operator closes the server adaptor's connection (it exits; the request is never consumed)",
      {
        timeoutMs: 4000,
        before: async () => {
          closeConnections("server");
          await sleep(500);
        },
        after: async () => {
          await startServerAdaptor();
        },
      },
    ),
    step(
      "amqp-019",
      "delete_entities",
      { entityNames: ["inventory-service"] },
      "an entity deleted once the server adaptor is back",
    ),
    step("amqp-020", "open_nodes", { names: ["orders-service", "billing-service"] }, "two entities opened"),
    step(
      "amqp-021",
      "read_graph",
      {},
      "the graph while the broker's operator closes the client adaptor's own connection (no answer reaches the host)",
      {
        timeoutMs: 5000,
        during: async () => {
          await sleep(50);
          closeConnections("client");
        },
        before: async () => {
          await stopServerAdaptor();
        },
        after: async () => {
          await startServerAdaptor();
        },
      },
    ),
    step("amqp-022", "search_nodes", { query: "orders" }, "the next call, the client adaptor gone"),
  ],
};

/** A host whose adaptor could not reach the broker: it exited on ECONNREFUSED before answering `initialize`. */
function deadAdaptor(port: string) {
  return async (reporter: Reporter): Promise<Live> => {
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        binOf("@aws/mcp-amqp-transport", "mcp-client-amqp-adaptor", FROM),
        "--serverName",
        SERVER_NAME,
        "--exchangeName",
        EXCHANGE,
      ],
      env: serverEnv({ ...AMQP, AMQP_PORT: port }),
      cwd: DATA,
      stderr: "pipe",
    });
    const log = fs.createWriteStream(path.join(ROOT, "logs", `r34-b-amqp-${port}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    await client.connect(transport).catch((error: Error) => log.write(`connect: ${error.message}\n`));
    return {
      client,
      child: () => undefined,
      kill: () => {},
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

const amqpDown: SessionSpec = {
  label: "r34-b-amqp-down",
  server: "@aws/mcp-amqp-transport",
  transport: "stdio",
  start: deadAdaptor(AMQP_CLOSED_PORT),
  steps: [
    step(
      "amqp-023",
      "read_graph",
      {},
      "a call on an adaptor that exited at start: nothing listens on the broker port it was given",
    ),
  ],
};

// --------------------------------------------------------------------------- activemq-mcp-server (stdio)

const CONN = "local";
const local = { connectionId: CONN };

const activemq: SessionSpec = {
  label: "r34-b-activemq",
  server: "activemq-mcp-server",
  transport: "stdio",
  start: stdioServer("r34-b-activemq", "activemq-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { LOG_LEVEL: "warn" },
  }),
  steps: [
    step("amq-001", "list_connections", {}, "no connection yet"),
    step(
      "amq-002",
      "connect_broker",
      {
        connectionId: CONN,
        host: "127.0.0.1",
        port: STANDIN_PORT,
        username: CONSOLE_USER,
        password: CONSOLE_PASSWORD,
      },
      "connect to the broker's web console",
    ),
    step("amq-003", "list_queues", local, "the broker's three queues"),
    step("amq-004", "queue_info", { ...local, queueName: "orders.incoming" }, "an empty queue's counters"),
    step(
      "amq-005",
      "browse_messages",
      { ...local, queueName: "orders.dlq", limit: 5 },
      "the dead-letter queue, empty",
    ),
    step(
      "amq-006",
      "send_message",
      { ...local, destination: "/queue/orders.incoming", message: '{"order":"A-1001","total":42}' },
      "a message sent to a queue",
    ),
    step(
      "amq-007",
      "send_message",
      {
        ...local,
        destination: "orders.incoming",
        message: '{"order":"A-1002","total":17}',
        headers: { JMSPriority: "6" },
      },
      "a second message with a header",
    ),
    step(
      "amq-008",
      "consume_message",
      { ...local, queueName: "orders.incoming" },
      "one message taken off the queue",
    ),
    step(
      "amq-009",
      "consume_message",
      { ...local, queueName: "orders.dlq" },
      "a message from an empty queue",
    ),
    step(
      "amq-010",
      "queue_info",
      { ...local, queueName: "orders.archive" },
      "a queue the broker does not have (Jolokia: InstanceNotFoundException, status 404 in a 200 body)",
    ),
    step("amq-011", "queue_info", { ...local, queueName: "orders.archive" }, "the same call again"),
    step("amq-012", "list_topics", local, "the broker's topics"),
    step(
      "amq-013",
      "publish_message",
      { ...local, topicName: "prices.eur", message: '{"sku":"X-1","price":9.99}' },
      "a message published to a topic",
    ),
    step("amq-014", "broker_info", local, "the broker's attributes"),
    step("amq-015", "broker_stats", {}, "statistics over all connections"),
    step(
      "amq-016",
      "purge_queue",
      { ...local, queueName: "invoices", confirm: true },
      "a queue with two messages purged",
    ),
    step(
      "amq-017",
      "connect_broker",
      { connectionId: "ops", host: "127.0.0.1", port: STANDIN_PORT, username: "admin", password: "hunter2" },
      "a connection with the wrong console password (Jetty 401)",
    ),
    step(
      "amq-018",
      "test_connection",
      { host: "127.0.0.1", port: CLOSED_PORT, username: CONSOLE_USER, password: CONSOLE_PASSWORD },
      "a connection test against a port where no broker listens",
    ),
    step(
      "amq-019",
      "connect_broker",
      {
        connectionId: "standby",
        host: "127.0.0.1",
        port: CLOSED_PORT,
        username: CONSOLE_USER,
        password: CONSOLE_PASSWORD,
      },
      "a connection to a broker that is down",
    ),
    step("amq-020", "list_queues", { connectionId: "standby" }, "a connection id that was never made"),
    step(
      "amq-021",
      "send_message",
      { ...local, destination: "orders.incoming" },
      "a message without its body",
    ),
    step(
      "amq-022",
      "list_queues",
      local,
      "the queues while the console stalls (8 s) past the host's 3 s limit",
      flag("slow", { timeoutMs: 3000 }),
    ),
    step(
      "amq-023",
      "queue_info",
      { ...local, queueName: "orders.incoming" },
      "a queue's counters while the console answers 503 (broker restarting)",
      flag("starting"),
    ),
    step("amq-024", "delete_queue", { ...local, queueName: "orders.dlq" }, "a tool the server does not have"),
    step("amq-025", "system_status", {}, "the server's own status"),
  ],
};

export const SESSIONS: SessionSpec[] = [amqp, amqpDown, activemq];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(DATA, { recursive: true });
  fs.mkdirSync(path.join(ROOT, "logs"), { recursive: true });
  cleanupBroker();
  resetBroker();
  seen.length = 0;
  unknownRequests.length = 0;
  await standin.start();
  await startServerAdaptor();
  return async () => {
    clearTimers();
    await stopServerAdaptor();
    cleanupBroker();
    await standin.stop();
    if (unknownRequests.length)
      console.error(`stand-in: requests it did not know: ${unknownRequests.join(", ")}`);
  };
}
