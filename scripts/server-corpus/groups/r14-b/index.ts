// Group r14-b: a graph database (Neo4j), a message queue (Apache Kafka), a vector memory store (Mem0) and a
// neural search engine API (Exa) — each published MCP server behind a loopback stand-in that answers like the
// real service (standins.ts): Neo4j and Kafka over their own binary protocols (Bolt 4.4, the Kafka wire
// protocol), Mem0 and Exa over HTTPS through a loopback forward proxy.
//
//   (cd scripts/server-corpus/groups/r14-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r14-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BOLT_PORT,
  CERT,
  DATA,
  EXA_KEY,
  EXA_PROXY_PORT,
  KAFKA_DEAD_PORT,
  KAFKA_PORT,
  MEM0_KEY,
  MEM0_PROXY_PORT,
  NEO4J_PASSWORD,
  boltStandin,
  clearTimers,
  ensureCertificate,
  exaStandin,
  kafkaStandin,
  mem0Standin,
  resetData,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@alanse/mcp-neo4j-server": "0.2.0",
  "kafka-mcp-server": "0.1.0",
  "@mem0/mcp-server": "0.0.1",
  "exa-mcp-server": "3.4.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const PRELOAD = `--import=${path.join(FROM, "proxy-preload.mjs")}`;

/** Sets a flag and drops the open Bolt connections, so the driver has to open (and authenticate) a new one. */
function boltReconnect(name: keyof typeof state): Partial<Step> {
  return {
    before: async () => {
      state[name] = true;
      boltStandin.dropConnections();
      await sleep(300);
    },
    after: async () => {
      state[name] = false;
      boltStandin.dropConnections();
      await sleep(300);
    },
  };
}

// ------------------------------------------------------------------------------------------- Neo4j

const PEOPLE = "MATCH (p:Person) RETURN p.name AS name, p.email AS email";
const EMPLOYER =
  "MATCH (p:Person {name: $name})-[:WORKS_AT]->(c:Company) RETURN c.name AS company, c.founded AS founded";

const neo4j: SessionSpec = {
  label: "r14-b-neo4j",
  server: "@alanse/mcp-neo4j-server",
  transport: "stdio",
  start: stdioServer("r14-b-neo4j", "@alanse/mcp-neo4j-server", {
    from: FROM,
    cwd: DATA,
    env: {
      NEO4J_URI: `bolt://127.0.0.1:${BOLT_PORT}`,
      NEO4J_USERNAME: "neo4j",
      NEO4J_PASSWORD,
      NEO4J_DATABASE: "neo4j",
      HOME,
    },
  }),
  steps: [
    step("neo-001", "execute_query", { query: PEOPLE }, "list every person's name and email"),
    step(
      "neo-002",
      "execute_query",
      { query: EMPLOYER, params: { name: "Ada Lovelace" } },
      "where a named person works",
    ),
    step(
      "neo-003",
      "execute_query",
      { query: EMPLOYER, params: { name: "Grace Hopper" } },
      "where a person with no WORKS_AT relationship works (no rows)",
    ),
    step(
      "neo-004",
      "execute_query",
      { query: "MATCH (p:Person {email: $email}) RETURN p", params: { email: "nobody@example.com" } },
      "look up a person by an email nobody has",
    ),
    step(
      "neo-005",
      "execute_query",
      { query: "MATCH (n:Ghost) RETURN n" },
      "match a label no node carries (empty)",
    ),
    step(
      "neo-006",
      "execute_query",
      { query: "MATCH (a:Person)-[r:KNOWS]->(b:Person) RETURN a, r, b" },
      "return nodes and a relationship",
    ),
    step(
      "neo-007",
      "create_node",
      {
        label: "Person",
        properties: { name: "Katherine Johnson", email: "katherine@example.com", born: 1918 },
      },
      "create a person",
    ),
    step(
      "neo-008",
      "create_node",
      { label: "Person", properties: { name: "Ada L.", email: "ada@example.com" } },
      "create a person whose email breaks the uniqueness constraint",
    ),
    step(
      "neo-009",
      "create_node",
      { label: "Person", properties: { name: "Ada L.", email: "ada@example.com" } },
      "the same duplicate create again, unchanged",
    ),
    step(
      "neo-010",
      "create_relationship",
      { fromNodeId: 2, toNodeId: 4, type: "ADVISES", properties: { since: 1985 } },
      "relate two existing nodes",
    ),
    step(
      "neo-011",
      "create_relationship",
      { fromNodeId: 2, toNodeId: 9999, type: "ADVISES" },
      "relate a node to a node id that does not exist",
    ),
    step(
      "neo-012",
      "create_relationship",
      { fromNodeId: 0, toNodeId: 1, type: "WORKED WITH" },
      "a relationship type with a space in it",
    ),
    step(
      "neo-013",
      "create_relationship",
      { fromNodeId: "0", toNodeId: "1", type: "KNOWS" },
      "node ids given as strings",
    ),
    step(
      "neo-014",
      "execute_query",
      { query: "MATCH (p:Person) RETRUN p" },
      "a Cypher query with a typo (syntax error)",
    ),
    step("neo-015", "execute_query", { query: EMPLOYER }, "a parameterised query sent without its parameter"),
    step("neo-016", "execute_query", { query: "RETURN 10 / 0 AS ratio" }, "a query that divides by zero"),
    step(
      "neo-017",
      "execute_query",
      { query: "CALL apoc.meta.schema()" },
      "call an APOC procedure that is not installed",
    ),
    step(
      "neo-018",
      "create_node",
      { label: "Person", properties: { name: "Mary Jackson", email: "mary@example.com" } },
      "create a node as a user whose role is read-only",
      flag("neoReadOnly"),
    ),
    step(
      "neo-019",
      "execute_query",
      { query: PEOPLE },
      "query after the password was rotated (new connection, old password)",
      boltReconnect("neoPasswordRotated"),
    ),
    step(
      "neo-020",
      "execute_query",
      { query: PEOPLE },
      "query while the server refuses logins after too many bad attempts",
      boltReconnect("neoAuthRateLimit"),
    ),
    step(
      "neo-021",
      "execute_query",
      { query: "MATCH (n:Person) RETURN count(n) AS people" },
      "count people while the database is unavailable",
      flag("neoUnavailable"),
    ),
    step(
      "neo-022",
      "create_node",
      { label: "Company", properties: { name: "Harvard Computation Lab" } },
      "a write that loses a deadlock",
      flag("neoDeadlock"),
    ),
    step(
      "neo-023",
      "execute_query",
      { query: "MATCH (a:Person), (b:Person) RETURN a, b" },
      "a query over the transaction memory limit",
      flag("neoMemory"),
    ),
    step(
      "neo-024",
      "execute_query",
      {
        query:
          "MATCH p = shortestPath((a:Person {name: 'Ada Lovelace'})-[*]-(b:Person {name: 'Grace Hopper'})) RETURN length(p) AS hops",
      },
      "a path query that takes 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("neo-025", "delete_node", { nodeId: 5 }, "a tool the server does not have"),
    step(
      "neo-026",
      "execute_query",
      { query: PEOPLE },
      "query while Neo4j cannot be reached (stand-in stopped)",
      down(boltStandin),
    ),
    step(
      "neo-027",
      "execute_query",
      {
        query:
          "MATCH p = shortestPath((a:Person {name: 'Alan Turing'})-[*]-(b:Person {name: 'Grace Hopper'})) RETURN length(p) AS hops",
      },
      "a slow path query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Kafka

const KAFKA_CONFIG = path.join(DATA, "kafka-mcp.config.json");

function writeKafkaConfig() {
  fs.writeFileSync(
    KAFKA_CONFIG,
    JSON.stringify(
      {
        clusters: [
          {
            alias: "prod",
            brokers: [`127.0.0.1:${KAFKA_PORT}`],
            clientId: "corpus-kafka-mcp",
            requestTimeout: 30000,
          },
          {
            alias: "dr",
            brokers: [`127.0.0.1:${KAFKA_DEAD_PORT}`],
            connectionTimeout: 1000,
            retry: { retries: 1, initialRetryTime: 200 },
          },
        ],
      },
      null,
      2,
    ),
  );
}

const ORDER = JSON.stringify({ orderId: "ord_8812", amount: 4999, currency: "EUR" });

const kafkaSession: SessionSpec = {
  label: "r14-b-kafka",
  server: "kafka-mcp-server",
  transport: "stdio",
  start: stdioServer("r14-b-kafka", "kafka-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: { KAFKA_MCP_CONFIG: KAFKA_CONFIG, HOME },
  }),
  steps: [
    step("kfk-001", "list_clusters", {}, "list the configured clusters"),
    step("kfk-002", "list_topics", { clusterAlias: "prod" }, "list the topics of the production cluster"),
    step(
      "kfk-003",
      "produce",
      { clusterAlias: "prod", topic: "orders.created", value: ORDER, key: "ord_8812" },
      "produce an order event",
    ),
    step(
      "kfk-004",
      "produce",
      {
        clusterAlias: "prod",
        topic: "payments.settled",
        value: "settled",
        partition: 1,
        headers: { source: "corpus" },
      },
      "produce to a chosen partition with a header",
    ),
    step("kfk-005", "list_consumer_groups", { clusterAlias: "prod" }, "list the consumer groups"),
    step(
      "kfk-006",
      "describe_consumer_group",
      { clusterAlias: "prod", groupId: "billing-service" },
      "describe a consumer group with one member",
    ),
    step(
      "kfk-007",
      "describe_consumer_group",
      { clusterAlias: "prod", groupId: "fraud-scorer" },
      "describe a consumer group with no members (Empty)",
    ),
    step(
      "kfk-008",
      "describe_consumer_group",
      { clusterAlias: "prod", groupId: "ledger-replayer" },
      "describe a consumer group that does not exist",
    ),
    step(
      "kfk-009",
      "list_topics",
      { clusterAlias: "staging" },
      "list topics of a cluster alias that is not configured",
    ),
    step(
      "kfk-010",
      "produce",
      { clusterAlias: "prod", topic: "orders.cancelled", value: ORDER },
      "produce to a topic that does not exist (auto-creation off)",
    ),
    step(
      "kfk-011",
      "produce",
      { clusterAlias: "prod", topic: "orders.cancelled", value: ORDER },
      "the same produce to the missing topic again, unchanged",
    ),
    step(
      "kfk-012",
      "produce",
      { clusterAlias: "prod", topic: "orders.created", value: "x".repeat(70 * 1024) },
      "produce a 70 KB message over the topic's max.message.bytes",
    ),
    step(
      "kfk-013",
      "consume",
      { clusterAlias: "prod", topic: "orders.created", startOffset: 10 },
      "consume from an offset without naming the partition",
    ),
    step(
      "kfk-014",
      "consume",
      { clusterAlias: "prod", topic: "orders.created", startTimestamp: "last tuesday" },
      "consume from a start time that is not a date",
    ),
    step(
      "kfk-015",
      "consume",
      { clusterAlias: "prod", topic: "orders.archived", limit: 5 },
      "consume from a topic that does not exist",
    ),
    step(
      "kfk-016",
      "produce",
      { clusterAlias: "prod", topic: 42, value: ORDER },
      "a topic given as a number",
    ),
    step(
      "kfk-017",
      "produce",
      { clusterAlias: "prod", topic: "audit.pii", value: '{"user":"u_1"}' },
      "produce to a topic the client's principal has no ACL for",
      flag("kafkaTopicDenied"),
    ),
    step(
      "kfk-018",
      "describe_consumer_group",
      { clusterAlias: "prod", groupId: "pii-exporter" },
      "describe a consumer group the principal may not describe",
      flag("kafkaGroupDenied"),
    ),
    step(
      "kfk-019",
      "produce",
      { clusterAlias: "prod", topic: "payments.settled", value: "settled" },
      "produce while too few in-sync replicas are up for acks=all",
      flag("kafkaNotEnoughReplicas"),
    ),
    step(
      "kfk-020",
      "describe_consumer_group",
      { clusterAlias: "prod", groupId: "billing-service" },
      "describe a group while its coordinator is still loading",
      flag("kafkaCoordinatorLoading"),
    ),
    step(
      "kfk-021",
      "list_topics",
      { clusterAlias: "prod" },
      "a metadata request the broker answers after 15 s; the client waits 3 s",
      flag("kafkaSlowMetadata", { timeoutMs: 3000 }),
    ),
    step(
      "kfk-022",
      "list_topics",
      { clusterAlias: "dr" },
      "list topics of the DR cluster, whose broker is not running",
    ),
    step(
      "kfk-023",
      "create_topic",
      { clusterAlias: "prod", topic: "orders.v2" },
      "a tool the server does not have",
    ),
    step(
      "kfk-024",
      "list_consumer_groups",
      { clusterAlias: "prod" },
      "list groups while the broker cannot be reached (stand-in stopped)",
      down(kafkaStandin, { timeoutMs: 60_000 }),
    ),
    step(
      "kfk-025",
      "list_topics",
      { clusterAlias: "prod" },
      "a slow metadata request; the MCP server is killed mid-call",
      flag("kafkaSlowMetadata", killMidCall),
    ),
  ],
};

// -------------------------------------------------------------------------------------------- Mem0

const mem0Session: SessionSpec = {
  label: "r14-b-mem0",
  server: "@mem0/mcp-server",
  transport: "stdio",
  start: stdioServer("r14-b-mem0", "@mem0/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MEM0_API_KEY: MEM0_KEY,
      MEM0_TELEMETRY: "false",
      HTTPS_PROXY: `http://127.0.0.1:${MEM0_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step(
      "m0-001",
      "search-memories",
      { query: "Am I allergic to anything?", userId: "alex" },
      "search a user's memories",
    ),
    step(
      "m0-002",
      "add-memory",
      { content: "I'm moving to Lisbon in March and want a flat near the river", userId: "alex" },
      "store a new fact about the user",
    ),
    step(
      "m0-003",
      "search-memories",
      { query: "Where is Alex moving to in March?", userId: "alex" },
      "find the fact just stored",
    ),
    step(
      "m0-004",
      "search-memories",
      { query: "favourite football club", userId: "alex" },
      "a search that matches nothing the user said",
    ),
    step(
      "m0-005",
      "search-memories",
      { query: "food allergies", userId: "jordan-unknown" },
      "search the memories of a user who has none",
    ),
    step(
      "m0-006",
      "add-memory",
      { content: "thanks", userId: "alex" },
      "a message with nothing worth remembering",
    ),
    step(
      "m0-007",
      "add-memory",
      { content: "   ", userId: "alex" },
      "store blank content (the API answers 400)",
    ),
    step(
      "m0-008",
      "add-memory",
      { content: "I drink my coffee black", userId: "" },
      "store a memory with an empty user id (400)",
    ),
    step("m0-009", "search-memories", { query: "", userId: "alex" }, "an empty search query (400)"),
    step(
      "m0-010",
      "search-memories",
      { query: "", userId: "alex" },
      "the same empty search again, unchanged",
    ),
    step("m0-011", "add-memory", { content: 42, userId: "alex" }, "content given as a number"),
    step("m0-012", "search-memories", { query: "coffee" }, "a search without the required user id"),
    step(
      "m0-013",
      "add-memory",
      { content: "My passport expires in June 2027", userId: "alex" },
      "store a memory after the API key was revoked (401)",
      flag("mem0KeyRevoked"),
    ),
    step(
      "m0-014",
      "search-memories",
      { query: "passport", userId: "alex" },
      "search after the API key was revoked (401)",
      flag("mem0KeyRevoked"),
    ),
    step(
      "m0-015",
      "add-memory",
      { content: "I prefer vegetarian restaurants", userId: "alex" },
      "store a memory while the API throttles (429, Retry-After: 38)",
      flag("mem0Throttled"),
    ),
    step(
      "m0-016",
      "search-memories",
      { query: "restaurants", userId: "alex" },
      "search while the API throttles (429, Retry-After: 38)",
      flag("mem0Throttled"),
    ),
    step(
      "m0-017",
      "search-memories",
      { query: "allergies", userId: "alex" },
      "search while the API answers an HTML 500",
      flag("mem0ServerError"),
    ),
    step(
      "m0-018",
      "add-memory",
      { content: "My daughter starts school in September", userId: "alex" },
      "store a memory while the API answers an HTML 500",
      flag("mem0ServerError"),
    ),
    step(
      "m0-019",
      "search-memories",
      { query: "allergies", userId: "alex" },
      "search while the edge answers an HTML 502",
      flag("mem0BadGateway"),
    ),
    step(
      "m0-020",
      "add-memory",
      {
        content: `Meeting notes: ${"we discussed the quarterly roadmap and hiring plan. ".repeat(60)}`,
        userId: "alex",
      },
      "store a long text the API takes 12 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "m0-021",
      "delete-memory",
      { memoryId: "7d2e9a41-1f63-4b8c-a0e5-c94d2b7f3e21" },
      "a tool the server does not have",
    ),
    step(
      "m0-022",
      "search-memories",
      { query: "allergies", userId: "alex" },
      "search while Mem0 cannot be reached (stand-in stopped)",
      down(mem0Standin),
    ),
    step(
      "m0-023",
      "add-memory",
      { content: "I'm training for a half marathon in April", userId: "alex" },
      "store a memory while Mem0 cannot be reached (stand-in stopped)",
      down(mem0Standin),
    ),
    step(
      "m0-024",
      "add-memory",
      {
        content: `Trip log: ${"flew to Porto, took the train to Lisbon, stayed near Alfama. ".repeat(60)}`,
        userId: "alex",
      },
      "a slow store; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------------- Exa

const exaSession: SessionSpec = {
  label: "r14-b-exa",
  server: "exa-mcp-server",
  transport: "stdio",
  start: stdioServer("r14-b-exa", "exa-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      EXA_API_KEY: EXA_KEY,
      ENABLED_TOOLS: "web_search_exa,web_fetch_exa,web_search_advanced_exa",
      HTTPS_PROXY: `http://127.0.0.1:${EXA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step("exa-001", "web_search_exa", { query: "how kafka producer acks affect durability" }, "a web search"),
    step(
      "exa-002",
      "web_search_exa",
      { query: "neo4j cypher index documentation", numResults: 3 },
      "a search limited to three results",
    ),
    step(
      "exa-003",
      "web_search_exa",
      { query: "zzqx plorb vantablack quokka" },
      "a search that finds nothing",
    ),
    step(
      "exa-004",
      "web_search_advanced_exa",
      {
        query: "kafka replicas durability",
        includeDomains: ["confluent.io"],
        startPublishedDate: "2025-01-01",
      },
      "an advanced search restricted to one domain and a date",
    ),
    step(
      "exa-005",
      "web_search_advanced_exa",
      { query: "kafka replicas durability", includeDomains: ["example.org"] },
      "an advanced search restricted to a domain with no hits",
    ),
    step(
      "exa-006",
      "web_search_advanced_exa",
      { query: "kafka acks", startPublishedDate: "last spring" },
      "a start date that is not ISO 8601",
    ),
    step(
      "exa-007",
      "web_search_advanced_exa",
      { query: "kafka acks", startPublishedDate: "last spring" },
      "the same bad date again, unchanged",
    ),
    step(
      "exa-008",
      "web_search_exa",
      { query: "kafka acks", numResults: 250 },
      "ask for more results than the plan allows",
    ),
    step(
      "exa-009",
      "web_search_advanced_exa",
      { query: "kafka acks", category: "podcast" },
      "a category that is not in the enum",
    ),
    step(
      "exa-010",
      "web_fetch_exa",
      { urls: ["https://kafka.apache.org/documentation/#producerconfigs_acks"] },
      "read one page",
    ),
    step(
      "exa-011",
      "web_fetch_exa",
      {
        urls: [
          "https://neo4j.com/docs/cypher-manual/current/indexes/",
          "https://blog.acme-tools.dev/2026/kafka-retention-deleted",
        ],
      },
      "read two pages, one of which is gone (404)",
    ),
    step(
      "exa-012",
      "web_fetch_exa",
      { urls: ["https://blog.acme-tools.dev/2026/kafka-retention-deleted"] },
      "read a page that is gone (404)",
    ),
    step(
      "exa-013",
      "web_fetch_exa",
      { urls: ["https://intranet.acme-tools.test/wiki/brokers", "https://status.acme-tools.dev/"] },
      "read an intranet page and a page that never loads",
    ),
    step("exa-014", "web_fetch_exa", { urls: 17 }, "urls given as a number"),
    step("exa-015", "web_search_exa", { query: "" }, "an empty query"),
    step(
      "exa-016",
      "web_search_exa",
      { query: "kafka consumer lag monitoring" },
      "search after the API key was revoked",
      flag("exaKeyInvalid"),
    ),
    step(
      "exa-017",
      "web_fetch_exa",
      { urls: ["https://kafka.apache.org/documentation/#producerconfigs_acks"] },
      "read a page after the API key was revoked",
      flag("exaKeyInvalid"),
    ),
    step(
      "exa-018",
      "web_search_exa",
      { query: "kafka consumer lag monitoring" },
      "search with the account's credits used up (402)",
      flag("exaCreditsExhausted"),
    ),
    step(
      "exa-019",
      "web_search_exa",
      { query: "kafka consumer lag monitoring" },
      "search over the rate limit (429)",
      flag("exaRateLimited"),
    ),
    step(
      "exa-020",
      "web_search_exa",
      { query: "kafka consumer lag monitoring" },
      "search while Exa answers 500 (the server retries twice)",
      flag("exaServerError"),
    ),
    step(
      "exa-021",
      "web_fetch_exa",
      { urls: ["https://kafka.apache.org/documentation/#producerconfigs_acks"] },
      "read while the edge answers an HTML 502 (the server retries twice)",
      flag("exaBadGateway"),
    ),
    step(
      "exa-022",
      "web_search_exa",
      { query: "exhaustive survey of kafka durability" },
      "a search Exa takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("exa-023", "answer_exa", { query: "what is acks=all" }, "a tool the server does not have"),
    step(
      "exa-024",
      "web_search_exa",
      { query: "kafka consumer lag monitoring" },
      "search while Exa cannot be reached (stand-in stopped)",
      down(exaStandin),
    ),
    step(
      "exa-025",
      "web_search_exa",
      { query: "slow exhaustive kafka survey" },
      "a slow search; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [neo4j, kafkaSession, mem0Session, exaSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  resetData();
  writeKafkaConfig();
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
