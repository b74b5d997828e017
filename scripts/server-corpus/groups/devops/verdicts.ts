// The devops group's verdicts, keyed by step id, written after reading each captured exchange
// (test/fixtures/server-corpus/groups/devops.jsonl) against the outcome contract, from the wire
// alone: Faultline's classifier was neither read nor run. Conventions as in
// test/fixtures/server-corpus/README.md ("How the verdicts were made"). Notes for this group:
// - Argo CD's gRPC-gateway errors carry a numeric gRPC status (`"code": 5`), the most specific
//   code in the payload: written as the string "5".
// - Elasticsearch errors come through as "Error: <type>\n\tRoot causes: …": the type the text
//   opens with is the code (`index_not_found_exception`).
// - MySQL/MariaDB messages relayed by the MySQL server carry no error number, so their code is null.

import type { Verdict } from "../../verdicts.js";

type Category = NonNullable<Verdict["expected"]["category"]>;

const base = {
  silentFailure: false,
  category: null,
  errorCode: null,
  retryable: null,
  empty: false,
  partial: false,
  wastedRetry: false,
};

const ok = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base }, reason });
const empty = (reason: string): Verdict => ({ expected: { outcome: "ok", ...base, empty: true }, reason });
const fail =
  (outcome: "tool_error" | "protocol_error" | "transport_error") =>
  (
    category: Category,
    errorCode: string | null,
    retryable: boolean,
    reason: string,
    wastedRetry = false,
  ): Verdict => ({
    expected: { outcome, ...base, category, errorCode, retryable, wastedRetry },
    reason,
  });
const tool = fail("tool_error");
const rpc = fail("protocol_error");
const wire = fail("transport_error");
const silent = (
  category: Category,
  errorCode: string | null,
  retryable: boolean,
  reason: string,
  wastedRetry = false,
): Verdict => ({
  expected: { outcome: "ok", ...base, silentFailure: true, category, errorCode, retryable, wastedRetry },
  reason,
});

const WASTED =
  "Same tool, same arguments, same session, right after a failure that retrying cannot fix: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @benborla29/mcp-server-mysql (MariaDB 10.11) ------------------------------------------
  "my-001": ok("The parts, as rows."),
  "my-002": empty("`[]`: the query ran and matched no rows."),
  "my-003": ok("Aggregated rows of a join."),
  "my-004": tool(
    "validation",
    null,
    false,
    "isError 'Parsing failed: Expected …': the server's SQL parser rejects the caller's SQL (SELEC); no machine code.",
  ),
  "my-005": tool("validation", null, false, `The same parse error. ${WASTED}`, true),
  "my-006": tool(
    "validation",
    null,
    false,
    "isError \"Table 'devops_shop.shipments' doesn't exist\": a missing table.",
  ),
  "my-007": tool(
    "validation",
    null,
    false,
    "isError \"Unknown column 'colour'\": a missing column the caller named.",
  ),
  "my-008": tool(
    "permission",
    null,
    false,
    "isError 'SELECT command denied to user … for table': a missing database privilege.",
  ),
  "my-009": tool(
    "permission",
    null,
    false,
    "isError 'UPDATE operations are not allowed for schema …': the server's write policy (read-only mode) refuses it.",
  ),
  "my-010": tool(
    "transient",
    null,
    true,
    "isError 'Query execution was interrupted (max_statement_time exceeded)': a statement timeout, transient and retryable by the contract's default (the same statement will meet the same limit).",
  ),
  "my-011": tool(
    "transient",
    null,
    true,
    "isError 'Lock wait timeout exceeded; try restarting transaction': a lock held by another session; retrying later can succeed.",
  ),
  "my-012": silent(
    "validation",
    null,
    false,
    '`SELECT 1/0` answered `{"ratio": null}`: the number asked for is not there (MariaDB turns a division by zero into NULL with a warning the server does not relay); the caller\'s expression is at fault.',
  ),
  "my-013": tool(
    "internal",
    null,
    true,
    "isError 'Parsing failed: r.trim is not a function': a number given as sql crashes the server's parser with a TypeError; the words carry no validation signal, so internal, retryable by default.",
  ),
  "my-014": tool("unknown_tool", null, false, "isError 'Unknown tool: mysql_execute'."),
  "my-015": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-query: 'Connection closed' (-32000) with no answer.",
  ),
  "myp-001": ok("Rows with the non-PII columns."),
  "myp-002": tool(
    "permission",
    null,
    false,
    "isError 'SELECT * … is not permitted while PII redaction is enabled': a server policy refusal.",
  ),
  "myp-003": tool(
    "permission",
    null,
    false,
    "isError 'query references redacted column(s): email … protected by PII redaction policy': a policy refusal.",
  ),
  "myp-004": empty("`[]`: no customer matched."),
  "myp-005": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'connect ECONNREFUSED 127.0.0.1:38251': the database is unreachable.",
  ),
  "myp-006": ok(
    "The same count succeeded once the database was back: a retry that worked, not a wasted one.",
  ),
  "myb-001": wire(
    "transient",
    "connection_closed",
    true,
    "The server had exited (its start-up connection test failed on the wrong password) before the call was sent: the SDK's 'Not connected', session unbound; transient by the convention for a client whose server died, though only a reconnect with a fixed password helps.",
  ),

  // --- argocd-mcp (Streamable HTTP, then stdio) ----------------------------------------------
  "argo-001": ok("The applications, as JSON."),
  "argo-002": empty("`items: []`, `totalItems: 0`: the search matched nothing."),
  "argo-003": ok("One application, as JSON."),
  "argo-004": silent(
    "validation",
    "5",
    false,
    'An ok result whose JSON is Argo CD\'s error `{"error": "applications.argoproj.io \\"guestbok\\" not found", "code": 5}` (gRPC NOT_FOUND): the named application does not exist.',
  ),
  "argo-005": silent("validation", "5", false, `The same not-found answer again. ${WASTED}`, true),
  "argo-006": ok("The application's resource tree."),
  "argo-007": empty("`items: []`: no events for the application."),
  "argo-008": silent(
    "permission",
    "7",
    false,
    "An ok result carrying `permission denied: applications, sync, finance/payments …` with gRPC code 7 (PERMISSION_DENIED): the token's role may not sync this project.",
  ),
  "argo-009": silent(
    "validation",
    "3",
    false,
    "An ok result carrying `application spec … is invalid … unable to resolve 'feature/does-not-exist' to a commit SHA` with code 3 (INVALID_ARGUMENT): the caller's revision does not exist.",
  ),
  "argo-010": silent(
    "transient",
    "9",
    true,
    "An ok result carrying `another operation is already in progress` (code 9, FAILED_PRECONDITION): the sync was refused because another operation runs; it can succeed once that ends.",
  ),
  "argo-011": silent(
    "rate_limited",
    "8",
    true,
    "An ok result carrying `too many requests` with code 8 (RESOURCE_EXHAUSTED): rate limited (the server dropped the Retry-After header).",
  ),
  // Re-judged 2026-12-06 (internal → transient) by the convention for an HTML page where JSON was
  // expected (test/fixtures/server-corpus/README.md).
  "argo-012": tool(
    "transient",
    null,
    true,
    "isError `Unexpected token '<', \"<html>…\" is not valid JSON`: the server choked on an HTML answer (a proxy's 503 page, whose status it does not show); a parse exception with no better signal, internal.",
  ),
  "argo-013": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error … String must contain at least 1 character(s) at applicationNamespace'.",
  ),
  "argo-014": silent(
    "validation",
    "5",
    false,
    'An ok result carrying `appprojects.argoproj.io "platform" not found` (code 5): the named project does not exist.',
  ),
  "argo-015": tool(
    "auth",
    null,
    false,
    "isError 'Missing required ArgoCD API token for base URL …': no credentials are configured for the Argo CD the caller named.",
  ),
  "argo-016": tool("transient", null, true, "isError 'fetch failed': the Argo CD API could not be reached."),
  "argo-017": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool rollback_application not found'.",
  ),
  "argo-018": ok("The AppProject, as JSON."),
  "argo-019": wire(
    "auth",
    "http_401",
    false,
    "HTTP 401 from the MCP listener, 'Missing or invalid inbound bearer token': the client's token is no longer accepted.",
  ),
  "argx-001": empty(
    "`items: []`, `totalItems: 0`. Judged from the wire alone: an empty listing. (Behind it Argo CD answered 401 for an expired token, and the server's mapping of a missing `items` to [] swallowed it; nothing on the wire shows that.)",
  ),
  "argx-002": silent(
    "auth",
    "16",
    false,
    "An ok result carrying `invalid session: token has invalid claims: token is expired` with code 16 (UNAUTHENTICATED).",
  ),
  "argx-003": silent("auth", "16", false, `The same expired-token answer. ${WASTED}`, true),

  // --- @elastic/mcp-server-elasticsearch (stdio; never sets isError) --------------------------
  "es-001": ok("The indices."),
  "es-002": empty("'Found 0 indices' and `[]`: the pattern matched no index."),
  "es-003": ok("The index's mappings."),
  "es-004": silent(
    "validation",
    "index_not_found_exception",
    false,
    "An ok result whose text is 'Error: index_not_found_exception … no such index [logs-chekout]': the named index does not exist.",
  ),
  "es-005": silent(
    "validation",
    "index_not_found_exception",
    false,
    `The same missing index. ${WASTED}`,
    true,
  ),
  "es-006": ok("Two hits with their fields."),
  "es-007": empty("'Total results: 0': the search found nothing."),
  "es-008": silent(
    "validation",
    "parsing_exception",
    false,
    "An ok result 'Error: parsing_exception … unknown query [matches]': the caller's query DSL is wrong.",
  ),
  "es-009": silent(
    "validation",
    "search_phase_execution_exception",
    false,
    "An ok result 'Error: search_phase_execution_exception … illegal_argument_exception: Result window is too large': the caller's from + size exceeds the limit; the code the text opens with.",
  ),
  "es-010": silent(
    "rate_limited",
    "es_rejected_execution_exception",
    true,
    "An ok result 'Error: es_rejected_execution_exception: rejected execution … queue capacity = 1000': the search thread pool is saturated (Elasticsearch's 429); a later retry can pass.",
  ),
  "es-011": silent(
    "permission",
    "security_exception",
    false,
    "An ok result 'security_exception: action [indices:admin/mappings/get] is unauthorized for API key … on indices [billing-ledger]': authenticated but lacking the index privilege.",
  ),
  "es-012": silent(
    "transient",
    "cluster_block_exception",
    true,
    "An ok result 'cluster_block_exception: blocked by: [SERVICE_UNAVAILABLE/2/no master]': the cluster is unavailable.",
  ),
  "es-013": ok(
    "Shard allocation; an UNASSIGNED replica is data about the cluster, not a failure of the call.",
  ),
  "es-014": rpc(
    "validation",
    "too_small",
    false,
    "JSON-RPC -32602 with a zod `too_small` issue: the blank index pattern is trimmed to nothing.",
  ),
  "es-015": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 with a zod `invalid_type` issue: queryBody must be an object.",
  ),
  "es-016": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool delete_index not found'."),
  "esb-001": silent(
    "auth",
    "security_exception",
    false,
    "An ok result 'security_exception: unable to authenticate with provided credentials': the API key is not accepted.",
  ),
  "esb-002": silent(
    "transient",
    "econnrefused",
    true,
    "An ok result 'Error: connect ECONNREFUSED 127.0.0.1:38253': Elasticsearch is unreachable.",
  ),
  "ess-001": wire(
    "transient",
    "timeout",
    true,
    "The client gave up: 'MCP error -32001: Request timed out', no answer.",
  ),
  "ess-002": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: 'Connection closed' with no answer.",
  ),
  "ess-003": wire(
    "transient",
    "connection_closed",
    true,
    "A call after the server died: the SDK's 'Not connected', never sent (session unbound).",
  ),

  // --- @circleci/mcp-server-circleci (stdio) --------------------------------------------------
  "cci-001": ok("The followed projects."),
  "cci-002": ok(
    "The latest pipeline's workflows; 'Status: failed' is the pipeline's state, which the caller asked for.",
  ),
  "cci-003": tool(
    "validation",
    null,
    false,
    "isError 'Latest pipeline not found': the branch the caller named has no pipeline.",
  ),
  "cci-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'CircleCI API Error: 404 … Message: Project not found': the named project does not exist.",
  ),
  "cci-005": tool("validation", "http_404", false, `The same 404. ${WASTED}`, true),
  "cci-006": tool(
    "validation",
    null,
    false,
    "isError 'Branch not provided. When using projectSlug, a branch must also be specified.': missing input.",
  ),
  "cci-007": ok("Test results; a failed test among them is the data asked for."),
  "cci-008": rpc(
    "validation",
    "invalid_enum_value",
    false,
    "JSON-RPC -32602 with a zod `invalid_enum_value` issue: 'flaky' is not one of failure/success.",
  ),
  "cci-009": ok("The flaky tests found."),
  "cci-010": empty("'No flaky tests found': a valid empty result."),
  "cci-011": tool("internal", "http_500", true, "isError 'CircleCI API Error: 500 … Internal server error'."),
  "cci-012": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'CircleCI API Error: 429 … Rate limit exceeded' (the server does not relay Retry-After).",
  ),
  "cci-013": tool("transient", "http_502", true, "isError 'CircleCI API Error: 502 … Bad Gateway'."),
  "cci-014": tool(
    "validation",
    "http_400",
    false,
    "isError 'CircleCI API Error: 400 … Cannot rerun a workflow that is on hold.': the request does not fit the workflow's state.",
  ),
  "cci-015": ok("The rerun started; the new workflow id."),
  "cci-016": ok(
    "The validator did its job: it reports the issues of the config it was asked to check ('version missing-required'); data, not a failure.",
  ),
  "ccb-001": tool(
    "auth",
    "http_401",
    false,
    "isError 'CircleCI API Error: 401 … You must log in first.': the token is not accepted.",
  ),
  "ccb-002": tool(
    "auth",
    "http_401",
    false,
    "isError 401 'You must log in first.' again, on another tool (not a repeat of the same call).",
  ),
  "ccb-003": tool("transient", null, true, "isError 'fetch failed': CircleCI could not be reached."),
  "ccb-004": rpc("unknown_tool", "-32602", false, "JSON-RPC -32602 'Tool cancel_workflow not found'."),

  // --- prometheus-mcp (stdio) -----------------------------------------------------------------
  "prom-001": ok("An instant vector."),
  "prom-002": ok("Rates by status; a 502 series is data."),
  "prom-003": empty("`result: []`: the selector matched no series."),
  "prom-004": tool(
    "validation",
    "http_400",
    false,
    "isError 'http 400: Bad Request': Prometheus refused the query (the server drops the body's parse error).",
  ),
  "prom-005": tool("validation", "http_400", false, `The same 400. ${WASTED}`, true),
  "prom-006": tool(
    "validation",
    "http_422",
    false,
    "isError 'http 422: Unprocessable Entity': the query cannot be executed as written.",
  ),
  "prom-007": silent(
    "validation",
    null,
    false,
    'The ratio asked for came back as the value "NaN" (0/0: the job had no traffic): no number, though Prometheus answered success; the caller\'s ratio is undefined.',
  ),
  "prom-008": tool("transient", "http_503", true, "isError 'http 503: Service Unavailable'."),
  "prom-009": tool("rate_limited", "http_429", true, "isError 'http 429: Too Many Requests'."),
  "prom-010": ok("A range matrix."),
  "prom-011": tool(
    "validation",
    "http_400",
    false,
    "isError 'http 400: Bad Request': a range query Prometheus refuses (too many points).",
  ),
  "prom-012": tool(
    "validation",
    "http_400",
    false,
    "isError 'http 400: Bad Request': the caller's timestamps are not accepted.",
  ),
  "prom-013": ok("The metric's metadata."),
  "prom-014": silent(
    "validation",
    null,
    false,
    "`{}` for the metadata of one named metric: that metric does not exist (misspelt).",
  ),
  "prom-015": empty("`[]`: no values for the label."),
  "prom-016": tool("permission", "http_403", false, "isError 'http 403: Forbidden'."),
  "prm-001": ok("The job label's values."),
  "prm-002": ok("The pool's targets; a target that is down (lastError) is data about the target."),
  "prm-003": rpc(
    "validation",
    "invalid_type",
    false,
    "JSON-RPC -32602 with a zod `invalid_type` issue: query must be a string.",
  ),
  "prm-004": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC -32602 'Tool prometheus_build_info not found' (info tools are disabled on this server).",
  ),
  "prm-005": tool("transient", null, true, "isError 'fetch failed': Prometheus could not be reached."),
  "prm-006": ok("The metric names, once Prometheus was back."),
  "prm-007": ok("The targets, one of them down: data."),
  "prm-008": empty(
    "`activeTargets: []`, `droppedTargets: []`: a target listing filtered by a pool that has none (here a misspelt pool; the API lists, it does not look one thing up).",
  ),
};
