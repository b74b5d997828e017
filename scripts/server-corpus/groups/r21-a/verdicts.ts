// Verdicts for group r21-a, written from the captured exchanges (test/fixtures/server-corpus/groups/r21-a.jsonl),
// each read in full, by the outcome model and the conventions in test/fixtures/server-corpus/README.md. Never from
// running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, silent, tool, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // ------------------------------------------------------------------ boondmanager-mcp-server (stdio)
  "bm-001": ok(
    'the current user as JSON: "id": "38", "firstName": "Camille", "title": "Responsable recrutement"',
  ),
  "bm-002": ok('"Total: 2 candidat(s)" — Léa Moreau and Julien Moreau, with structuredContent count 2'),
  "bm-003": ok(
    '"Aucun(e) candidat trouvé(e)." with structuredContent {"total":0,"count":0,"items":[]}',
    true,
  ),
  "bm-004": ok(
    'the candidate record: "id": "1042", "lastName": "Moreau", "title": "Développeuse Java / Spring senior"',
  ),
  "bm-005": ok("the candidate's information tab (address, mobility, availability, salary expectations)"),
  "bm-006": tool(
    "validation",
    "http_404",
    false,
    'isError: "BoondManager API 404 Not Found: Not Found: Candidate 999999 does not exist"',
  ),
  "bm-007": tool(
    "validation",
    "http_404",
    false,
    "the same 404 for the same missing candidate, called again with the same arguments after a non-retryable failure",
    true,
  ),
  "bm-008": tool(
    "permission",
    "http_403",
    false,
    'isError: "BoondManager API 403 Forbidden: Forbidden: You do not have the right to access this candidate"',
  ),
  "bm-009": ok(
    '"✅ candidat créé(e) avec succès. ID: 1203" and structuredContent {"id":"1203","type":"candidate"}',
  ),
  "bm-010": tool(
    "validation",
    "-32602",
    false,
    'isError: "MCP error -32602: Input validation error: Invalid arguments for tool boond_candidates_create: Invalid email address at email1"',
  ),
  "bm-011": tool(
    "validation",
    "http_422",
    false,
    'isError: "BoondManager API 422 Unprocessable Entity: Invalid attribute: endDate must be greater than or equal to startDate"',
  ),
  "bm-012": tool(
    "business",
    "http_409",
    false,
    'isError: "BoondManager API 409 Conflict: Conflict: An absence request already covers this period for this resource"',
  ),
  "bm-013": ok('"2 élément(s)" — two absence requests of resource 57 (Congés de fin d\'année, RTT)'),
  "bm-014": ok('"0 élément(s)\\n\\n[]" — the consultant has no absence request', true),
  "bm-015": tool(
    "business",
    "http_501",
    false,
    'isError: "BoondManager API 501 Not Implemented: Not Implemented: This API is not active for this customer" (the tenant has not activated it; the server\'s hint to retry does not change that)',
  ),
  "bm-016": tool(
    "auth",
    "http_401",
    false,
    'isError: "BoondManager API 401 Unauthorized: … Invalid X-Jwt-Client-Boondmanager token: the client token has been revoked"',
  ),
  "bm-017": tool(
    "rate_limited",
    "http_429",
    true,
    'isError: "BoondManager API 429 Too Many Requests: … API rate limit exceeded, retry in 30 seconds"',
  ),
  "bm-018": tool(
    "internal",
    "http_500",
    true,
    'isError: "BoondManager API 500 Internal Server Error: Internal Server Error: An unexpected error occurred"',
  ),
  "bm-019": tool(
    "transient",
    "http_502",
    true,
    'isError: "BoondManager API 502 Bad Gateway — request blocked by Cloudflare WAF before reaching the API" (a gateway\'s 502 page)',
  ),
  "bm-020": tool(
    "transient",
    "http_503",
    true,
    'isError: "BoondManager API 503 Service Unavailable" with nginx\'s "503 Service Temporarily Unavailable" page',
  ),
  "bm-021": wire(
    "transient",
    "timeout",
    true,
    'no answer; the client gave up: "MCP error -32001: Request timed out"',
  ),
  "bm-022": tool(
    "transient",
    null,
    true,
    'isError: "fetch failed" — the API could not be reached (connection refused); no code on the wire',
  ),
  "bm-023": tool(
    "unknown_tool",
    "-32602",
    false,
    'isError: "MCP error -32602: Tool boond_candidates_archive not found"',
  ),
  "bm-024": silent(
    "validation",
    null,
    false,
    'an ok result whose whole text is "Entité non trouvée." for a lookup of candidate 1311 (the API\'s 200 carried an error document and no data)',
  ),
  "bm-025": silent(
    "auth",
    null,
    false,
    'the identity tool (current user) answers "Entité non trouvée." — the API returned data: null for who the token belongs to',
  ),
  "bm-026": ok(
    'a candidate record whose skills and interview notes quote "500 Internal Server Error" and "Exception notable" — ordinary data, not a failure',
  ),
};
