// Verdicts for group r34-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r34-b.jsonl),
// each read in full; never from Faultline. Conventions: test/fixtures/server-corpus/README.md.

import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------- @aws/mcp-amqp-transport over RabbitMQ (server-memory behind it)
  "amqp-001": ok(
    "read_graph through the broker: the graph is empty at the start ({entities: [], relations: []})",
    true,
  ),
  "amqp-002": ok("create_entities answered with the two entities created"),
  "amqp-003": ok("create_relations answered with the relation created"),
  "amqp-004": ok("search_nodes found orders-service and its relation"),
  "amqp-005": ok(
    "search_nodes for 'kafka' found nothing ({entities: [], relations: []}): an empty search",
    true,
  ),
  "amqp-006": ok("open_nodes returned billing-service with its relation"),
  "amqp-007": ok("add_observations answered with the observation added"),
  "amqp-008": ok("read_graph returned both entities and the relation"),
  "amqp-009": tool(
    "validation",
    null,
    false,
    "isError 'Entity with name shipping-service not found': a named thing that does not exist",
  ),
  "amqp-010": tool(
    "validation",
    null,
    false,
    "the same add_observations again, the same 'Entity with name shipping-service not found'",
    true,
  ),
  "amqp-011": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: ... expected array, received string at entities'",
  ),
  "amqp-012": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool purge_queue not found': the server behind the broker has no such tool (words over the generic code)",
  ),
  "amqp-013": silent(
    "validation",
    null,
    false,
    "open_nodes for one named entity answered {entities: [], relations: []}: a lookup of one named thing answered empty (it does not exist)",
  ),
  "amqp-014": ok("create_entities answered with inventory-service created"),
  "amqp-015": wire(
    "transient",
    "timeout",
    true,
    "the server adaptor was stopped: the request waited in its durable queue and the client gave up (-32001 Request timed out)",
  ),
  "amqp-016": ok("read_graph with the server adaptor back: the three entities and the relation"),
  "amqp-017": ok("delete_relations answered 'Relations deleted successfully'"),
  "amqp-018": wire(
    "transient",
    "timeout",
    true,
    "the broker operator closed the server adaptor's connection (CONNECTION_FORCED, it exited); no answer, client -32001 Request timed out",
  ),
  "amqp-019": ok("delete_entities answered 'Entities deleted successfully'"),
  "amqp-020": ok("open_nodes returned both entities (no relations left)"),
  "amqp-021": wire(
    "transient",
    "timeout",
    true,
    "the broker operator closed the client adaptor's own connection mid-call; no answer came back, client -32001 Request timed out",
  ),
  "amqp-022": wire(
    "transient",
    "connection_closed",
    true,
    "'Not connected': the client adaptor had exited (its closed channel threw on the next publish), the request was never sent",
  ),
  "amqp-023": wire(
    "transient",
    "connection_closed",
    true,
    "'Not connected': the adaptor exited at start (ECONNREFUSED on the broker port, seen only in its log) before answering initialize; the request was never sent",
  ),

  // --------------------------------------------------------- activemq-mcp-server (web console stand-in)
  "amq-001": ok("list_connections: no connection yet (connections [], total 0)", true),
  "amq-002": ok("connect_broker: Connection 'local' added successfully"),
  "amq-003": ok("list_queues: the three queues with their counters"),
  "amq-004": ok("queue_info: orders.incoming's counters (size 0)"),
  "amq-005": ok("browse_messages on the empty dead-letter queue: messages [], count 0", true),
  "amq-006": ok("send_message: success true"),
  "amq-007": ok("send_message with a header: success true"),
  "amq-008": tool(
    "internal",
    null,
    true,
    "isError {success: false, error: 'client.receiveMessage is not a function'}: a TypeError in the server's own code, no better signal",
  ),
  "amq-009": tool(
    "internal",
    null,
    true,
    "the same TypeError ('client.receiveMessage is not a function') for another queue",
  ),
  "amq-010": silent(
    "validation",
    null,
    false,
    "queue_info for a queue the broker lacks answered success true with all counters 0 (Jolokia's InstanceNotFoundException dropped): a lookup of one named thing answered empty",
  ),
  "amq-011": silent(
    "validation",
    null,
    false,
    "the same queue_info again, the same zero-filled success for a queue that does not exist",
    true,
  ),
  "amq-012": ok("list_topics: prices.eur"),
  "amq-013": ok("publish_message: success true"),
  "amq-014": ok("broker_info: name, version 5.17.2, counters"),
  "amq-015": ok("broker_stats over the one connection"),
  "amq-016": ok(
    "purge_queue: success true (purgedMessages 0, as the broker's void purge operation returns no count)",
  ),
  "amq-017": tool(
    "auth",
    "http_401",
    false,
    "isError 'Failed to connect to ActiveMQ: Request failed with status code 401': the console password is wrong",
  ),
  "amq-018": silent(
    "transient",
    "econnrefused",
    true,
    "test_connection answered an ok result {success: false, error: '... connect ECONNREFUSED 127.0.0.1:43051'}: nothing listens there",
  ),
  "amq-019": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Failed to connect to ActiveMQ: connect ECONNREFUSED 127.0.0.1:43051': the broker is down",
  ),
  "amq-020": tool(
    "validation",
    null,
    false,
    "isError \"Connection 'standby' not found. Available connections: local\": a named thing that does not exist",
  ),
  "amq-021": tool(
    "internal",
    null,
    true,
    "isError 'Failed to send message: Cannot read properties of undefined (reading 'length')': the missing message argument surfaced as a TypeError, no better signal",
  ),
  "amq-022": wire(
    "transient",
    "timeout",
    true,
    "the console stalled 8 s; the client gave up at 3 s (-32001 Request timed out)",
  ),
  "amq-023": silent(
    "transient",
    "http_503",
    true,
    "queue_info answered success true with counters 0 and info.error 'Request failed with status code 503': the console was unavailable",
  ),
  "amq-024": tool(
    "unknown_tool",
    null,
    false,
    "isError {success: false, error: 'Unknown tool: delete_queue'}",
  ),
  "amq-025": ok("system_status: one healthy connection"),
};
