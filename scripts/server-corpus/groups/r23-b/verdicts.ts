// Verdicts for group r23-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r23-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------------------ @codacy/codacy-mcp (stdio)
  // The server (SDK 1.0.1's low-level Server) rethrows every error; the SDK turns it into a JSON-RPC -32603 whose
  // message is the thrown text: Codacy's generated client throws the status's reason phrase ("Not Found").
  "cdy-001": ok("two GitHub organizations, pagination total 2"),
  "cdy-002": ok("three repositories with grades and issue counts"),
  "cdy-003": ok("one repository with its last analysed commit, grade, coverage and goals"),
  "cdy-004": ok("four open SRM findings (SCA, SAST, Secrets) with priorities and due dates"),
  "cdy-005": ok("one SCA finding (lodash CVE-2021-23337) for the repository"),
  "cdy-006": ok('a search with no hits: "data": [], pagination total 0', true),
  "cdy-007": rpc(
    "internal",
    "-32603",
    true,
    "JSON-RPC -32603 \"Cannot set properties of undefined (setting 'repositories')\": an uncaught TypeError in the server (it writes into the optional `options` the call left out); no better signal than the internal error",
  ),
  "cdy-008": ok("three security issues of error level in src/orders.js"),
  "cdy-009": ok("one issue with its pattern, line text and commit"),
  "cdy-010": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC -32603 "Not Found": the client threw the 404\'s reason phrase for an issue id that does not exist; a lookup of a thing that is not there',
  ),
  "cdy-011": rpc(
    "validation",
    "http_404",
    false,
    'JSON-RPC -32603 "Not Found" for a misspelt repository name (the 404\'s reason phrase); only a corrected name can succeed',
  ),
  "cdy-012": rpc(
    "validation",
    "http_404",
    false,
    'the same "Not Found" for the same misspelt repository, called again unchanged right after a non-retryable failure',
    true,
  ),
  "cdy-013": ok("two open pull requests with their gate status and new-issue counts"),
  "cdy-014": ok("one issue the pull request adds (deltaType Added)"),
  "cdy-015": rpc(
    "validation",
    "-32603",
    false,
    'JSON-RPC -32603 "Invalid provider. Must be one of: gh, gl, bb": the server\'s own argument check refused "github"; the words decide over the generic code',
  ),
  "cdy-016": rpc(
    "permission",
    "http_403",
    false,
    'JSON-RPC -32603 "Forbidden": the 403\'s reason phrase (the user is not an admin of that organization)',
  ),
  "cdy-017": rpc(
    "auth",
    "http_401",
    false,
    'JSON-RPC -32603 "Unauthorized": the 401\'s reason phrase after the account token was revoked',
  ),
  "cdy-018": rpc(
    "rate_limited",
    "http_429",
    true,
    'JSON-RPC -32603 "Generic Error: status: 429; status text: Too Many Requests; body: {…"API rate limit exceeded. Retry after 60 seconds."}": the status is quoted in the text (the body\'s "error" member is the reason phrase, not a code); retryable after the wait',
  ),
  "cdy-019": rpc(
    "internal",
    "http_500",
    true,
    'JSON-RPC -32603 "Internal Server Error": the upstream 500\'s reason phrase relayed; internal, retryable once',
  ),
  "cdy-020": rpc(
    "transient",
    "http_502",
    true,
    'JSON-RPC -32603 "Bad Gateway": the CDN\'s HTML 502 reduced to its reason phrase (the page is not shown)',
  ),
  "cdy-021": rpc(
    "transient",
    "http_503",
    true,
    'JSON-RPC -32603 "Service Unavailable": the 503\'s reason phrase during maintenance',
  ),
  "cdy-022": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 3 s: the SDK client raised -32001 Request timed out (the API took 15 s)",
  ),
  "cdy-023": rpc(
    "transient",
    "-32603",
    true,
    'JSON-RPC -32603 "fetch failed": Node\'s fetch could not connect (the proxy to Codacy was stopped); a network failure with no system code in the text, so the JSON-RPC code stands',
  ),
  "cdy-024": rpc(
    "unknown_tool",
    "-32603",
    false,
    'JSON-RPC -32603 "Unknown tool: codacy_list_vulnerabilities": the server has no such tool (it throws instead of answering -32601); the words decide',
  ),

  // ------------------------------------------------------------------------ agent-security-scanner-mcp (stdio)
  // Its tools answer their own failures as ok results whose JSON text is `{"error": "…"}`; the SDK's McpServer
  // answers bad arguments and unknown tools as isError results quoting -32602.
  "asm-001": ok("engine, daemon and package lists all ready"),
  "asm-002": ok(
    "five findings (hard-coded Stripe key, SQL injection, command injection) with fixes; findings are the data asked for",
  ),
  "asm-003": ok('a scan that found nothing: "issues_count": 0, "issues": []', true),
  "asm-004": silent(
    "validation",
    null,
    false,
    'an ok result whose whole text is {"error":"File not found"}: the path (a typo) does not exist',
  ),
  "asm-005": ok("express is a legitimate npm package"),
  "asm-006": ok(
    '"hallucinated": true, "POTENTIAL HALLUCINATION - Package not found in registry": the check ran and this is its answer about the package, not a failure of the call',
  ),
  "asm-007": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … expected one of "dart"|…|"crates" at ecosystem": maven is not an accepted ecosystem',
  ),
  "asm-008": ok("two imports found, both legitimate"),
  "asm-009": ok("an SBOM summary with five npm components"),
  "asm-010": ok(
    "seven OSV vulnerabilities across three packages; all of severity unknown with empty descriptions, because OSV's batch answer carries only ids (the scanner never fetches the records) — the data is thin but the call succeeded",
  ),
  "asm-011": ok('no known vulnerabilities: "total_vulnerabilities": 0, "vulnerabilities": []', true),
  "asm-012": ok(
    'the wire shows a clean result — "total_vulnerabilities": 0, "vulnerabilities": [] — although OSV.dev answered 503: the scanner drops a failed batch without a word, so nothing in the answer tells it from asm-011. Judged by the wire as an empty success; see the README\'s uncertain verdicts',
    true,
  ),
  "asm-013": ok("grade D, five findings, policy_passed false: the scan's result"),
  "asm-014": silent(
    "validation",
    null,
    false,
    'an ok result whose whole text is {"error":"Directory not found"} for a misspelt directory',
  ),
  "asm-015": ok("five findings on the last commit's changed lines"),
  "asm-016": silent(
    "validation",
    null,
    false,
    'an ok result {"error":"Git diff failed: Command failed: git diff … fatal: ambiguous argument \'release/2026.11\': unknown revision …"}: the base ref does not exist',
  ),
  "asm-017": ok(
    "action BLOCK, risk CRITICAL: the prompt scan's verdict on the prompt, not a failure of the call",
  ),
  "asm-018": ok("action WARN with a sudo finding: the action check's verdict"),
  "asm-019": ok("five packages checked, all legitimate"),
  "asm-020": tool(
    "validation",
    "enoent",
    false,
    'isError "Cannot load controls registry for framework "pci-dss": ENOENT: no such file or directory, open \'…/pci-dss-controls.json\'": the scanner ships no such framework, so the argument is what was wrong; the system error name is the code',
  ),
  "asm-021": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … expected array, received string at findings"',
  ),
  "asm-022": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError "MCP error -32602: Tool scan_dependencies not found"',
  ),

  // ---------------------------------------------------------------------- @chkp/threat-emulation-mcp (stdio)
  // Every tool catches its own failure and answers an ok result whose JSON text is {"error": "…"} (axios's
  // "Request failed with status code N" for HTTP errors); the service's own statuses ride inside ok answers.
  "cpte-001": ok("hourly and monthly quota with usage; action ALLOW"),
  "cpte-002": ok("status FOUND, combined_verdict malicious with an AV signature: the verdict asked for"),
  "cpte-003": ok("status FOUND, combined_verdict benign"),
  "cpte-004": silent(
    "validation",
    "1004",
    false,
    'a lookup of one file by hash answered status {"code": 1004, "label": "NOT_FOUND", "message": "Could not find the requested file. Please upload it."}: that file is unknown to the service; the status code is the payload\'s code',
  ),
  "cpte-005": silent(
    "validation",
    null,
    false,
    'an ok result {"error": "At least one hash (md5, sha1, or sha256) must be provided"}: no hash given',
  ),
  "cpte-006": ok("status UPLOAD_SUCCESS with the file's MD5 and the emulation images"),
  "cpte-007": silent(
    "validation",
    null,
    false,
    'an ok result {"error": "At least one hash (md5, sha1, or sha256) must be provided"} although a file_path was given (the tool checks for a hash before it computes one from the path)',
  ),
  "cpte-008": ok(
    'status {"code": 1003, "label": "PENDING", "message": "The file is being analyzed."}: the file is still in the sandbox, an in-progress state and not a failure',
  ),
  "cpte-009": ok('"Scan completed", status FOUND, combined_verdict benign'),
  "cpte-010": silent(
    "validation",
    null,
    false,
    'an ok result {"error": "File not found"} for a misspelt path',
  ),
  "cpte-011": ok("the XML report: verdict malicious, behaviours and the protection name"),
  "cpte-012": silent(
    "validation",
    "http_404",
    false,
    'an ok result {"error": "Download failed: Request failed with status code 404"}: an image id given where a report id was needed',
  ),
  "cpte-013": silent(
    "validation",
    "http_404",
    false,
    'the same "Download failed: Request failed with status code 404" for the same wrong id, called again unchanged after a non-retryable failure',
    true,
  ),
  "cpte-014": silent(
    "validation",
    "1007",
    false,
    '"message": "File uploaded successfully" wrapped around status {"code": 1007, "label": "FILE_TYPE_NOT_SUPPORTED", "message": "File type is not supported."}: the service refused the disk image; the tool\'s own message hides it',
  ),
  "cpte-015": silent(
    "rate_limited",
    "1005",
    true,
    '"Query completed" around status {"code": 1005, "label": "NO_QUOTA", "message": "Quota exceeded."}: no verdict, the key\'s quota is spent; the hourly quota resets, so the same call can succeed later',
  ),
  "cpte-016": silent(
    "permission",
    "http_403",
    false,
    'an ok result {"error": "Quota request failed: Request failed with status code 403"}: the service refused the key with a 403 (not 401)',
  ),
  "cpte-017": silent(
    "internal",
    "http_500",
    true,
    'an ok result {"error": "Query failed: Request failed with status code 500"}: the service\'s 500 relayed as text',
  ),
  "cpte-018": silent(
    "transient",
    "http_502",
    true,
    'an ok result {"error": "Query failed: Request failed with status code 502"}: the front\'s HTML 502 reduced to its status',
  ),
  "cpte-019": silent(
    "transient",
    "http_503",
    true,
    'an ok result {"error": "Quota request failed: Request failed with status code 503"}',
  ),
  "cpte-020": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 8 s: -32001 Request timed out while the tool kept polling a file that stayed PENDING",
  ),
  "cpte-021": silent(
    "transient",
    "econnrefused",
    true,
    'an ok result {"error": "Quota request failed: connect ECONNREFUSED 127.0.0.1:41402"}: the service could not be reached',
  ),
  "cpte-022": tool(
    "validation",
    "-32602",
    false,
    'isError "MCP error -32602: Input validation error: … expected one of "te"|"av" at features[0]"',
  ),
  "cpte-023": tool("unknown_tool", "-32602", false, 'isError "MCP error -32602: Tool scan_url not found"'),
};
