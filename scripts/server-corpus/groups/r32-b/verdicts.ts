// Verdicts for group r32-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r32-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, tool, wire } from "../../verdict-helpers.js";

// powerplatform-mcp catches every Dataverse failure and answers with plain text and no structuredContent; the SDK's
// McpServer then checks the result against the tool's outputSchema and replaces it with its own isError text. The
// agent sees one sentence whatever went wrong upstream (README.md, "Ambiguous").
const outputSchemaError = (tool_: string, underneath: string) =>
  tool(
    "internal",
    "-32602",
    true,
    `isError 'MCP error -32602: Output validation error: Tool ${tool_} has an output schema but no structured content was provided': the server's failure text was dropped by the SDK's output-schema check, so nothing of ${underneath} reaches the agent; a server-side contract failure with no other signal — internal, retryable by the default for internal`,
  );

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------- powerplatform-mcp (stdio)
  "ppm-001": ok(
    "the account table's metadata (logical, schema and entity set names, labels) as text and structuredContent",
  ),
  "ppm-002": ok("the account table's eight columns with types and required levels"),
  "ppm-003": ok("one account record (Northwind Traders) with its columns"),
  "ppm-004": ok("'Retrieved 1 records' — Adatum Corporation, the one account in Munich"),
  "ppm-005": ok("'Retrieved 0 records from 'accounts'' with value [] — a query that found nothing", true),
  "ppm-006": ok("'Found 2 solutions' with unique names, versions and publishers"),
  "ppm-007": ok("the ContosoFieldService solution record"),
  "ppm-008": outputSchemaError(
    "get-solution",
    "the server's own 'Solution 'FabrikamSales' not found' (the solution query answered value [])",
  ),
  "ppm-009": ok("'Found 1 publishers' — the Contoso publisher with its prefix"),
  "ppm-010": ok("'Found 3 security roles' with business units and templates"),
  "ppm-011": ok("'Found 1 workflows' — an activated real-time workflow on cts_workorder"),
  "ppm-012": ok("'Found 0 environment variables:' with [] — a listing that found nothing", true),
  "ppm-013": outputSchemaError(
    "get-record",
    "Dataverse's 404 0x80040217 'account With Id = … Does Not Exist'",
  ),
  "ppm-014": outputSchemaError(
    "query-records",
    "Dataverse's 400 0x80060888 about the misspelled column 'nmae'",
  ),
  "ppm-015": outputSchemaError("get-entity-metadata", "Dataverse's 404 for the misspelled table name"),
  "ppm-016": outputSchemaError(
    "query-records",
    "Dataverse's 403 0x80040220 'is missing prvReadcts_PayrollEntry privilege'",
  ),
  "ppm-017": outputSchemaError("get-record", "Dataverse's 401 with its WWW-Authenticate challenge"),
  "ppm-018": outputSchemaError(
    "get-record",
    "the second 401 (the same call again; not a wasted retry by the model, as the first failure reads as retryable)",
  ),
  "ppm-019": outputSchemaError("query-records", "Dataverse's 429 0x80072322 or its Retry-After"),
  "ppm-020": outputSchemaError("get-solutions", "Dataverse's 500 0x80040216"),
  "ppm-021": outputSchemaError("get-publishers", "the gateway's 502 page"),
  "ppm-022": wire("transient", "timeout", true, "client timeout -32001 after 3 s; Dataverse took 15 s"),
  "ppm-023": outputSchemaError("get-entity-attributes", "the refused connection"),
  "ppm-024": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool get-record: Invalid input: expected string, received undefined at recordId' (the SDK's zod check of the tool's schema; the issue is rendered as words, no code member, so the quoted JSON-RPC code)",
  ),
  "ppm-025": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool delete-record not found'",
  ),

  // ---------------------------------------------------------------------------------- mcp-dataverse (stdio)
  "dvs-001": ok(
    "'Authenticated as fabrikam' with user, business unit, organization ids and the environment URL",
  ),
  "dvs-002": ok("'1 tables (custom only) found.' — cts_workorder"),
  "dvs-003": ok("'Metadata for account: 8 attributes' with the table's names and columns"),
  "dvs-004": ok("'2 records returned from accounts' — the two accounts with revenue over a million"),
  "dvs-005": ok("'0 records returned from contacts' with value [] — a query that found nothing", true),
  "dvs-006": ok("'Retrieved record … from accounts' — Litware, Inc. with its columns"),
  "dvs-007": ok("'1 records returned via FetchXML' — the account in Hamburg"),
  "dvs-008": ok("'1 users found' — Priya Natarajan"),
  "dvs-009": ok("'1 security roles found' — Contoso Field Technician"),
  "dvs-010": ok("'Created record … in accounts' with the new id from OData-EntityId"),
  "dvs-011": ok("'Updated record … in accounts' (Dataverse's 204)"),
  "dvs-012": partial(
    "validation",
    "0x80040217",
    false,
    "'Batch executed: 1/2 operations succeeded': one account returned, the other part carries status 404 and Dataverse's 0x80040217 'account With Id = … Does Not Exist'",
  ),
  "dvs-013": tool(
    "validation",
    "invalid_type",
    false,
    'isError \'Error: [{"code": "invalid_type", "expected": "boolean", "received": "undefined", "path": ["confirm"], "message": "Required"}]\': the tool\'s own zod schema wants confirm before a delete',
  ),
  "dvs-014": tool(
    "validation",
    "0x80040217",
    false,
    "isError JSON 'dataverse_get failed …: Dataverse error 0x80040217: account With Id = … Does Not Exist' (errorCategory UNKNOWN): the named record does not exist",
  ),
  "dvs-015": tool(
    "validation",
    "0x80060888",
    false,
    "isError JSON 'Dataverse error 0x80060888: The Web API endpoint does not exist in this organization … Original message: Could not find a property named 'nmae' on type 'Microsoft.Dynamics.CRM.account'.': a misspelled column in the filter (the server's gloss misreads it as a wrong endpoint)",
  ),
  "dvs-016": tool(
    "permission",
    "0x80040220",
    false,
    "isError JSON 'Dataverse error 0x80040220: Principal user (…) is missing prvReadcts_PayrollEntry privilege …': the application user lacks the read privilege on the table",
  ),
  "dvs-017": tool(
    "validation",
    "invalid_type",
    false,
    'isError \'Error: [{"code": "invalid_type", "expected": "string", "received": "number", "path": ["logicalName"], …}]\': the tool\'s zod schema',
  ),
  "dvs-018": tool(
    "auth",
    "invalid_client",
    false,
    "isError 'Error: Client credentials token acquisition failed: invalid_client: … AADSTS7000222: The provided client secret keys for app '…' are expired …': Entra ID refused the expired client secret",
  ),
  "dvs-019": tool(
    "auth",
    "invalid_client",
    false,
    "the same AADSTS7000222 refusal again: the same tool and arguments right after a non-retryable failure",
    true,
  ),
  "dvs-020": tool(
    "rate_limited",
    "0x80072322",
    true,
    "isError JSON 'Dataverse error 0x80072322: Number of requests exceeded the limit of 6000 over time window of 300 seconds.' after the server waited out one Retry-After of 1 s and was refused again",
  ),
  "dvs-021": tool(
    "internal",
    "0x80040216",
    true,
    "isError 'Error: Dataverse error 0x80040216: An unexpected error occurred.': Dataverse's 500",
  ),
  "dvs-022": tool(
    "transient",
    "http_502",
    true,
    "isError JSON 'dataverse_get failed …: Request failed with status 502': the gateway's 502 page, only its status quoted",
  ),
  "dvs-023": wire("transient", "timeout", true, "client timeout -32001 after 3 s; Dataverse took 15 s"),
  "dvs-024": tool(
    "transient",
    null,
    true,
    "isError 'Error: fetch failed': the environment unreachable (connection refused), the cause not shown",
  ),
  "dvs-025": tool("unknown_tool", null, false, "isError 'Error: Unknown tool: dataverse_export_solution'"),
};
