// Verdicts for group r44-d, written from the captured exchanges (test/fixtures/server-corpus/groups/r44-d.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, partial, rpc, silent, wire } from "../../verdict-helpers.js";

export const VERDICTS: Record<string, Verdict> = {
  // freshrss-mcp-server: every result is the Fever API's JSON as text (api_version, auth, then the data) or a one-line
  // "Successfully marked …". Every failure it sees is a JSON-RPC error: -32603 "FreshRSS API error: <axios message>"
  // for an HTTP or network failure ("Request failed with status code N", "connect ECONNREFUSED …"), -32603 "Error:
  // Invalid API response" for a 2xx body without api_version, -32601 for an unknown tool. Fever's own auth failure is a
  // 200 {"api_version":3,"auth":0}, which it passes on as a result.
  "fr-001": ok("six feeds with id, title, url, site_url and last update, and their feeds_groups; auth 1"),
  "fr-002": ok("four groups (categories) and which feed ids are in each; auth 1"),
  "fr-003": ok("22 unread items with title, author, html, url and flags; auth 1"),
  "fr-004": ok("ten items of feed 3, each with feed_id 3; auth 1"),
  "fr-005": ok(
    "auth 1, total_items 0, items [] for feed 7 — a feed list_feeds showed; a list of a feed's items that found " +
      "nothing (that the feed has posts beyond the 50 newest is not visible on the wire)",
    true,
  ),
  "fr-006": ok(
    "auth 1, total_items 0, items [] for a feed id no subscription has: the answer is a (filtered) item list, read " +
      "as a query that found nothing",
    true,
  ),
  "fr-007": ok("the two items asked for by id; auth 1"),
  "fr-008": silent(
    "validation",
    null,
    false,
    "a lookup of one item by id answered auth 1, total_items 58, items []: the named item does not exist",
  ),
  "fr-009": partial(
    "validation",
    null,
    false,
    "two item ids asked for, one item returned (the first id); the second id is silently missing from items",
  ),
  "fr-010": ok("'Successfully marked item … as read'"),
  "fr-011": ok("'Successfully marked item … as unread'"),
  "fr-012": ok("'Successfully marked all items in feed 6 as read'"),
  "fr-013": silent(
    "validation",
    null,
    false,
    "called with {} though feed_id is required; the server did not refuse and answered items [] total_items 0 — " +
      "an answer about no feed at all",
  ),
  "fr-014": rpc("unknown_tool", "-32601", false, "JSON-RPC -32601 'Unknown tool: subscribe_feed'"),
  "fr-015": rpc(
    "transient",
    "http_503",
    true,
    "-32603 'FreshRSS API error: Request failed with status code 503': the service unavailable",
  ),
  "fr-016": rpc(
    "transient",
    "http_502",
    true,
    "-32603 'FreshRSS API error: Request failed with status code 502'",
  ),
  "fr-017": rpc(
    "internal",
    "-32603",
    true,
    "-32603 'Error: Invalid API response': the backend answered something that is not the Fever JSON; no status or " +
      "body shown, so the wrapper's code and internal, retryable by default",
  ),
  "fr-018": rpc(
    "rate_limited",
    "http_429",
    true,
    "-32603 'FreshRSS API error: Request failed with status code 429'",
  ),
  "fr-019": rpc(
    "auth",
    "http_401",
    false,
    "-32603 'FreshRSS API error: Request failed with status code 401'",
  ),
  "fr-020": rpc(
    "internal",
    "http_500",
    true,
    "-32603 'FreshRSS API error: Request failed with status code 500': the backend's internal error",
  ),
  "fr-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 4 s: the client's -32001 'Request timed out'",
  ),
  "fr-022": rpc(
    "transient",
    "econnrefused",
    true,
    "-32603 'FreshRSS API error: connect ECONNREFUSED 127.0.0.1:45850': the instance unreachable",
  ),
  "fr-023": silent(
    "validation",
    null,
    false,
    "the same lookup as fr-008 again, the same items [] for the missing item: it failed non-retryably before",
    true,
  ),
  "fr-024": silent(
    "auth",
    null,
    false,
    'a result whose whole payload is {"api_version": 3, "auth": 0}: the Fever API\'s refusal of the credentials, no data',
  ),
  "fr-025": ok(
    "'Successfully marked item … as read' — the wire shows only the server's success line (it does not read the " +
      "Fever answer of a mark); judged from what it says",
  ),
};
