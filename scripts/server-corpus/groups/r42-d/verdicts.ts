// Verdicts for group r42-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r42-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // @salesforce/mcp (code-analysis toolset): the tools catch what goes wrong inside a run and answer an ordinary
  // result whose `status` is the error's message (a missing or wrong rule, a missing target, too many targets, a
  // folder as target, a bad config file, a missing or unreadable results file) — no isError. Only the list tool's
  // full-list policy and the unsupported-engine check answer isError with the same `{status}` shape; bad
  // arguments and an unknown tool are the SDK's isError "MCP error -32602: …".
  "d-sfca-001": ok("status success: 51 PMD rules tagged Security listed with engine, severity and tags"),
  "d-sfca-002": ok("status success: ApexSOQLInjection described (pmd, severity 2, its PMD doc link)"),
  "d-sfca-003": ok(
    "status success: a results file and a summary of 4 violations (3 of severity 2, 1 of severity 3); the findings are the scan's data, not a failure",
  ),
  "d-sfca-004": ok(
    "status success: the 4 matching violations (ApexCRUDViolation twice, ApexSOQLInjection, ApexSharingViolations) with file, line and doc links",
  ),
  "d-sfca-005": ok(
    "status success: 8 violations in the jQuery 1.8.1 static resource (7 of severity 3, 1 of severity 4)",
  ),
  "d-sfca-006": ok(
    "status success: RetireJS's findings for 'jquery v1.8.1', each with its CVE / GHSA ids and links",
  ),
  "d-sfca-007": ok(
    "status success: a results file whose summary counts 0 violations — a scan that found nothing",
    true,
  ),
  "d-sfca-008": ok("status success: 7 ESLint violations in the component (1 of severity 2, 6 of severity 3)"),
  "d-sfca-009": ok("status success: 18 violations across the three files with the recommended rules"),
  "d-sfca-010": ok(
    "status success: totalViolations 18, totalMatches 0, violations [] — no Critical violation in the file",
    true,
  ),
  "d-sfca-011": ok(
    "status success: totalViolations 7, totalMatches 0, violations [] — the ESLint-only file has no PMD violation",
    true,
  ),
  "d-sfca-012": tool(
    "validation",
    "POLICY_FULL_LIST_REJECTED",
    false,
    "isError {status: 'Selector resolves to the full rules list. Provide at least two filters … or set allowFullList=true', code POLICY_FULL_LIST_REJECTED}: the tool's own guard on its arguments; a narrower selector or the opt-in passes",
  ),
  "d-sfca-013": silent(
    "validation",
    null,
    false,
    "ordinary result {status: \"No rule with name 'ApexSqlInjectionCheck' exists in engine 'pmd'.\"} without isError: the named rule does not exist",
  ),
  "d-sfca-014": silent(
    "validation",
    null,
    false,
    "ordinary result {status: \"No rule with name 'ApexSOQLInjection' exists in engine 'eslint'.\"}: the rule asked of an engine that has no such rule",
  ),
  "d-sfca-015": silent(
    "validation",
    null,
    false,
    "ordinary result {status: 'All targeted files must exist, but …/PaymentController.cls does not exist.'} without isError: the target file is missing",
  ),
  "d-sfca-016": silent(
    "validation",
    null,
    false,
    "the same missing-target status again for the same tool and arguments, after a non-retryable failure",
    true,
  ),
  "d-sfca-017": silent(
    "validation",
    null,
    false,
    "ordinary result {status: 'The number of targets, 11, exceeds the maximum allowable length of 10.'}: too many targets",
  ),
  "d-sfca-018": silent(
    "validation",
    null,
    false,
    "ordinary result {status: 'All targets must be files, but …/classes is a directory.'}: a folder given where a file is required",
  ),
  "d-sfca-019": tool(
    "validation",
    null,
    false,
    "isError {status: 'Unsupported engine(s) for this tool: sfge. Please remove them from the selector.'}: a selector the tool refuses",
  ),
  "d-sfca-020": silent(
    "validation",
    null,
    false,
    "ordinary result {status: 'Error creating Code Analyzer Config: Failed to parse the configuration content. Error: tab characters must not be used in indentation (3:1) …'}: the project's code-analyzer.yml is invalid YAML; the user must fix it",
  ),
  "d-sfca-021": silent(
    "validation",
    "enoent",
    false,
    "ordinary result {status: \"ENOENT: no such file or directory, open '…/results/missing.json'\"} without isError: the named results file does not exist",
  ),
  "d-sfca-022": silent(
    "internal",
    null,
    true,
    "ordinary result {status: 'Unexpected end of JSON input'} without isError: a JSON parse failure with nothing else said (the results file was cut off); internal by the fixture's convention for parse failures",
  ),
  "d-sfca-023": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool run_code_analyzer: Required at target'",
  ),
  "d-sfca-024": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool scan_for_secrets not found': the words name an unknown tool",
  ),
  "d-sfca-025": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 1.5 s: the SDK raised -32001 'Request timed out' while PMD was still running",
  ),
};
