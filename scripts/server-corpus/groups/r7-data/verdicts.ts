// Verdicts for group r7-data, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r7-data.jsonl) by the contract in
// test/fixtures/server-corpus/README.md. Never by running Faultline's classifier.

import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, tool, wire } from "../../verdict-helpers.js";

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- mongodb-mcp-server ----------------------------------------------------------------------
  "mg-001": ok("'Found 3 databases' with the list (inside the server's untrusted-data wrapper)."),
  "mg-002": ok("'Found 3 collections in the requested database' with their names."),
  "mg-003": ok("'resulted in 2 documents. Returning 2 documents.' with the two orders."),
  "mg-004": ok(
    "'Query on collection \"orders\" resulted in 0 documents', documents []: a find that found nothing.",
    true,
  ),
  "mg-005": tool(
    "validation",
    null,
    false,
    "isError 'Error running count: unknown operator: $foo': the caller's filter uses an operator that does not exist; the text carries no code.",
  ),
  "mg-006": tool("validation", null, false, `The same 'unknown operator: $foo'. ${WASTED}`, true),
  "mg-007": tool(
    "validation",
    null,
    false,
    "isError \"Unrecognized pipeline stage name: '$lookupp'\": a misspelt aggregation stage; no code in the text.",
  ),
  "mg-008": tool(
    "validation",
    null,
    false,
    "isError 'The indexes for the requested namespace cannot be determined because the collection does not exist.': the named collection is not there.",
  ),
  "mg-009": tool(
    "validation",
    "E11000",
    false,
    "isError 'E11000 duplicate key error collection: shop.orders index: _id_ dup key': the document's _id is taken. E11000 is MongoDB's duplicate-key code as the text writes it.",
  ),
  "mg-010": tool(
    "validation",
    null,
    false,
    "isError 'Error running insert-many: Document failed validation': the collection's validator rejected the document; the server passes on no code or details.",
  ),
  "mg-011": tool(
    "validation",
    null,
    false,
    "isError 'Unknown modifier: $sett. Expected a valid update modifier or pipeline-style update': the caller's update document.",
  ),
  "mg-012": ok(
    "'Matched 1 document(s). Modified 1 document(s).' A different update after the failure, not a retry.",
  ),
  "mg-013": tool(
    "permission",
    null,
    false,
    "isError 'not authorized on payroll to execute command { find: \"salaries\" … }': the user lacks a role on that database.",
  ),
  "mg-014": tool(
    "validation",
    null,
    false,
    "isError 'index not found with name [status_1]': the named index does not exist.",
  ),
  "mg-015": ok(
    "'Found: 3 messages' with MongoDB log lines; one is a warning that mentions an error ('lock acquire timeout'), which is log data, not a failure of the call.",
  ),
  "mg-016": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: Invalid arguments for tool find: limit: Invalid input: expected number, received string'. The schema check's words, but no -32602 is quoted in the text, so no code.",
  ),
  "mg-017": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool run-command not found': unknown tool.",
  ),
  "mg-018": tool(
    "validation",
    null,
    false,
    "isError 'Connection \"staging-1a2b\" does not exist or has expired': the connectionId the caller named is not one the server issued.",
  ),
  "mg-019": tool(
    "transient",
    null,
    true,
    "isError 'You need to connect to a MongoDB instance before you can access its data.' for a connect call: the connection could not be established and the text gives no cause (the server drops the driver's error). Judged as a connection failure, transient. Borderline: the cause here was a wrong password, which the wire does not show.",
  ),
  "mg-020": tool(
    "transient",
    null,
    true,
    "isError 'You need to connect to a MongoDB instance before you can access its data.': the connect failed (nothing listens on that port) and the cause is not in the text; a connection failure, transient. Not a wasted retry: different arguments from mg-019.",
  ),
  "mg-021": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 3 s (-32001 Request timed out): a transport failure, transient.",
  ),
  "mg-022": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Error running list-collections: connect ECONNREFUSED <ip address>:38900': the database is unreachable.",
  ),

  // --- @falkordb/mcpserver (stdio) -----------------------------------------------------------------
  "fk-001": ok("The two graph names, one per line."),
  "fk-002": ok("data with two suppliers, and the query statistics in metadata."),
  "fk-003": ok("Two Part nodes (id, labels, properties) with their since values."),
  "fk-004": ok("data [] with only the statistics: a query that matched nothing.", true),
  "fk-005": ok("nodeLabels, relationshipTypes and the connection topology."),
  "fk-006": silent(
    "validation",
    null,
    false,
    "get_graph_schema for the graph 'supply_chian' answers nodeLabels [], relationshipTypes [], connections []: the schema of one named graph answered with an empty structure, so that graph was not found (the name is misspelt). Borderline: an existing empty graph would look the same.",
  ),
  "fk-007": tool(
    "validation",
    null,
    false,
    "isError \"errMsg: Invalid input 'R': expected a label, '{', a parameter or ')' line: 1, column: 19\": a Cypher syntax error in the caller's query; no machine code.",
  ),
  "fk-008": tool("validation", null, false, `The same syntax error. ${WASTED}`, true),
  "fk-009": tool(
    "validation",
    null,
    false,
    "isError \"Unknown function 'toUpperr'\": the query calls a function that does not exist.",
  ),
  "fk-010": tool(
    "validation",
    null,
    false,
    "isError 'Type mismatch: expected Integer but was String': a function argument of the wrong type in the caller's query.",
  ),
  "fk-011": tool(
    "permission",
    null,
    false,
    "isError 'graph.RO_QUERY is to be executed only on read-only queries': a write refused by the read-only path. Judged permission (a refusal by read-only policy); validation (wrong tool for a write) is defensible.",
  ),
  "fk-012": ok("'Nodes created: 1', 'Properties set: 1' and the created Warehouse node."),
  "fk-013": tool(
    "transient",
    null,
    true,
    "isError 'Query timed out': the server's query timeout; transient and retryable by the contract's default for timeouts, though the same query will likely time out again. No code.",
  ),
  "fk-014": tool(
    "transient",
    "OOM",
    true,
    "isError \"OOM command not allowed when used memory > 'maxmemory'.\": the database is out of memory for writes. OOM is Redis' specific error prefix, kept as the code; a capacity condition that can clear, so transient.",
  ),
  "fk-015": tool(
    "validation",
    null,
    false,
    "isError 'Failed to delete graph …: ERR Invalid graph operation on empty key': the named graph does not exist. Redis' generic ERR prefix is not a specific code.",
  ),
  "fk-016": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … expected true at confirmDelete': the confirmation flag was false.",
  ),
  "fk-017": silent(
    "validation",
    null,
    false,
    "get_node_schema for the label 'Suplier' answers sampledCount 0 and properties []: the schema of one named label answered with an empty structure, so that label was not found (misspelt). Borderline: could be read as a sample that found nothing.",
  ),
  "fk-018": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … must match pattern /^[A-Za-z_][A-Za-z0-9_]*$/ at label'.",
  ),
  "fk-019": tool(
    "transient",
    "LOADING",
    true,
    "isError 'Failed to list graphs: LOADING Redis is loading the dataset in memory': the database is starting up; LOADING is Redis' specific error code; retry shortly.",
  ),
  "fk-020": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool export_graph not found': the words say unknown tool.",
  ),
  "fk-021": wire(
    "transient",
    "connection_closed",
    true,
    "The stdio connection closed before any answer (-32000 Connection closed): the MCP server process exited mid-call (its database connection dropped during the query).",
  ),
  "fk-022": wire(
    "transient",
    "connection_closed",
    true,
    "'Not connected': the server process is gone and the request never left (session 'unbound'). No response, so a transport failure; the connection had closed. Borderline: this client cannot succeed without reconnecting.",
  ),

  // --- @falkordb/mcpserver (Streamable HTTP) -------------------------------------------------------
  "fkh-001": ok("The graph names over HTTP 200."),
  "fkh-002": ok("Stock levels (two rows) over HTTP 200."),
  "fkh-003": wire(
    "auth",
    "http_401",
    false,
    'HTTP 401 {"error":"Unauthorized"}: the MCP server refused the bearer key. A non-2xx answer is a transport failure; auth, not retryable as sent.',
  ),
  "fkh-004": wire("auth", "http_401", false, `HTTP 401 again with the same key. ${WASTED}`, true),
  "fkh-005": wire(
    "validation",
    "http_400",
    false,
    'HTTP 400 {"error":"Bad Request: No valid session or initialization"} after the server restarted and lost the session: a request the server will not accept as sent, so validation; the same request cannot succeed. A different tool from fkh-004, so not a wasted retry.',
  ),

  // --- mcpfirestoredb ----------------------------------------------------------------------------
  "fs-001": ok("success true with the four root collections."),
  "fs-002": ok("success true with the invoice's fields and times."),
  "fs-003": silent(
    "validation",
    null,
    false,
    '{"success": true, "data": null} for get_doc of inv-9999: null where the one named document was asked for, so the document does not exist; reported as success.',
  ),
  "fs-004": silent(
    "validation",
    null,
    false,
    `The same data null for the same missing document. ${WASTED}`,
    true,
  ),
  "fs-005": ok("success true with the two overdue invoices."),
  "fs-006": silent(
    "validation",
    "FAILED_PRECONDITION",
    false,
    '{"success": false, "error": "Failed to get documents: 9 FAILED_PRECONDITION: The query requires an index. You can create it here: …"} returned as an ordinary result: the query needs a composite index that does not exist. The gRPC status name is kept as written. Not retryable until the index is built.',
  ),
  "fs-007": ok(
    "parse_index_error did what it was asked: success true, isIndexError true and the index-creation URL. It talks about an error, but that is its output.",
  ),
  "fs-008": ok(
    "success true with documents. The filter given in the tool schema's where_conditions form was not applied (all four invoices came back, not one paid invoice), but nothing on the wire reports a failure. Borderline.",
  ),
  "fs-009": silent(
    "permission",
    "PERMISSION_DENIED",
    false,
    '{"success": false, "error": "… 7 PERMISSION_DENIED: Missing or insufficient permissions."} as an ordinary result: the security rules deny the collection.',
  ),
  "fs-010": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Failed to get documents: Value for argument \\"opStr\\" is invalid. Acceptable values are: <, <=, ==, …"}: the caller\'s operator \'contains\' does not exist; reported as success.',
  ),
  "fs-011": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Document does not exist"} for update_doc of inv-9999, as an ordinary result.',
  ),
  "fs-012": ok("success true with the updated invoice (status paid)."),
  "fs-013": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Collection path and documents array are required"}: the call followed the tool\'s own input schema (operations[]), which the handler does not read; a failure returned as success.',
  ),
  "fs-014": ok("success true, processedCount 2: the two customers written."),
  "fs-015": silent(
    "validation",
    null,
    false,
    "analyze_schema of the collection 'shipments' answers sampleSize 0, commonFields [], dataTypes {}: the schema of one named collection answered with an empty structure, so it has no documents / does not exist. Borderline: could be read as an analysis that found nothing (empty).",
  ),
  "fs-016": silent(
    "validation",
    null,
    false,
    '{"success": false, "error": "Collection path and document ID are required"}: the required document_id was missing (the server does not validate its schema), reported as success.',
  ),
  "fs-017": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: query_collection'."),
  "fs-018": silent(
    "auth",
    "UNAUTHENTICATED",
    false,
    '{"success": false, "error": "Failed to list collections: 16 UNAUTHENTICATED: Request had invalid authentication credentials …"} as an ordinary result: the credentials were refused.',
  ),
  "fs-019": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 5 s (-32001 Request timed out) while Firestore was unreachable: a transport failure, transient.",
  ),
  "fs-020": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: the stdio connection closed before any answer (-32000 Connection closed).",
  ),
  "fs-021": wire(
    "transient",
    "connection_closed",
    true,
    "'Not connected': the server process is gone and the request never left (session 'unbound'). Transport failure, connection_closed. Borderline: this client cannot succeed without reconnecting.",
  ),

  // --- @awesome-ai/elasticsearch-mcp --------------------------------------------------------------
  "es-001": ok(
    "Cluster health (status yellow, unassigned shards 2): data about the cluster, not a failure of the call.",
  ),
  "es-002": ok("'Found 2 indices' with the list."),
  "es-003": ok("The products index's mapping."),
  "es-004": ok("'Total search results: 2' with the two hits and highlights."),
  "es-005": ok("'Total search results: 0, Displaying 0 records': a search that found nothing.", true),
  "es-006": silent(
    "validation",
    "index_not_found_exception",
    false,
    "An ordinary result whose text is 'Error: index_not_found_exception … no such index [prodcuts]': the named index does not exist.",
  ),
  "es-007": silent(
    "validation",
    "index_not_found_exception",
    false,
    `The same index_not_found_exception. ${WASTED}`,
    true,
  ),
  "es-008": silent(
    "validation",
    "parsing_exception",
    false,
    "Ordinary result 'Error: parsing_exception … unknown query [matc]': the caller's query DSL.",
  ),
  "es-009": silent(
    "validation",
    "illegal_argument_exception",
    false,
    "Ordinary result 'Error: search_phase_execution_exception … Caused by: illegal_argument_exception: Fielddata is disabled on [name]': sorting on a text field. The root cause's type is the more specific code.",
  ),
  "es-010": silent(
    "validation",
    "resource_already_exists_exception",
    false,
    "Ordinary result '错误: resource_already_exists_exception … index [products/…] already exists' ('错误' is 'Error'): the index exists.",
  ),
  "es-011": partial(
    "validation",
    "document_parsing_exception",
    false,
    "'Successfully imported: 1, Failed: 1' with 'document_parsing_exception … failed to parse field [price] of type [float]' for one document: a success with a failed part.",
  ),
  "es-012": silent(
    "permission",
    "security_exception",
    false,
    "Ordinary result 'Error: security_exception … action [indices:admin/mappings/get] is unauthorized for API key …': the key lacks the privilege.",
  ),
  "es-013": silent(
    "rate_limited",
    "es_rejected_execution_exception",
    true,
    "Ordinary result 'Error: search_phase_execution_exception … es_rejected_execution_exception: rejected execution … queue capacity = 1000': the search thread pool is full (HTTP 429 behind it); retry later.",
  ),
  "es-014": silent(
    "auth",
    "security_exception",
    false,
    "Ordinary result 'Error: security_exception … unable to authenticate with provided credentials': the API key is refused.",
  ),
  "es-015": silent(
    "transient",
    "cluster_block_exception",
    true,
    "Ordinary result 'Error: cluster_block_exception … blocked by: [SERVICE_UNAVAILABLE/2/no master]': the cluster is temporarily unavailable.",
  ),
  "es-016": wire(
    "transient",
    "timeout",
    true,
    "No answer within the client's 4 s (-32001 Request timed out) while the reindex ran: a transport failure, transient.",
  ),
  "es-017": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool delete_index not found': unknown tool.",
  ),
  "es-018": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 'Invalid arguments for tool search' with a zod issue code invalid_type (queryBody expected object, received string).",
  ),
  "es-019": silent(
    "validation",
    "resource_not_found_exception",
    false,
    "Ordinary result 'Error: resource_not_found_exception … index template matching [logs-template] not found': the named template does not exist.",
  ),
  "es-020": silent(
    "transient",
    "econnrefused",
    true,
    "Ordinary result '错误: connect ECONNREFUSED 127.0.0.1:38903' ('错误' is 'Error'): Elasticsearch is unreachable.",
  ),
};
