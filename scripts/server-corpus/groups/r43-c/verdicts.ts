// Verdicts for group r43-c, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-c.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, tool, wire } from "../../verdict-helpers.js";

// A send that FCM refused reads the same whatever FCM said: "Failed to send message to '<token or topic>' for the
// project '<id>'." — the CLI wraps the API's error and the MCP server shows only the wrapper's message.
const hiddenSend = (truth: string) =>
  `isError 'Failed to send message to … for the project …': a failure with no status, code or cause in its words ` +
  `(the CLI wraps FCM's answer and keeps it out of the text; the truth was ${truth})`;

export const VERDICTS: Record<string, Verdict> = {
  "c-fcm-001": ok(
    "environment report: project directory, active project harbor-alerts-prod, billing enabled, authenticated user",
  ),
  "c-fcm-002": ok("message sent to the ops-alerts topic: FCM's message name returned"),
  "c-fcm-003": ok("message sent to the phone's registration token: projects/…/messages/0:… returned"),
  "c-fcm-004": ok("the active project: number, id, ACTIVE lifecycle state, parent organization"),
  "c-fcm-005": ok("two apps listed, Android and iOS, both ACTIVE"),
  "c-fcm-006": ok("web apps listed as [] — the project has none", true),
  "c-fcm-007": ok("the Android app's google-services.json contents"),
  "c-fcm-008": tool(
    "unknown",
    null,
    false,
    "isError 'Failed to get undefined app configuration. See firebase-debug.log for more info.': nothing says what " +
      "failed (the app id was not in the project's app list, so its platform came out 'undefined')",
  ),
  "c-fcm-009": tool("unknown", null, false, hiddenSend("404 NOT_FOUND, FcmError UNREGISTERED")),
  "c-fcm-010": tool(
    "unknown",
    null,
    false,
    hiddenSend("400 INVALID_ARGUMENT, not a valid FCM registration token"),
  ),
  "c-fcm-011": tool(
    "unknown",
    null,
    false,
    "the same send with the same truncated token, same tool and arguments as c-fcm-010, which failed non-retryably; " +
      "the same wrapper text",
    true,
  ),
  "c-fcm-012": tool(
    "validation",
    null,
    false,
    "isError 'Must supply either a `registration_token` or `topic` parameter': the server's own argument check",
  ),
  "c-fcm-013": tool(
    "validation",
    null,
    false,
    "isError 'Cannot supply both `registration_token` and `topic`': the server's own argument check",
  ),
  "c-fcm-014": tool("unknown", null, false, hiddenSend("403 PERMISSION_DENIED, SENDER_ID_MISMATCH")),
  "c-fcm-015": tool(
    "unknown",
    null,
    false,
    hiddenSend(
      "429 RESOURCE_EXHAUSTED, QUOTA_EXCEEDED with Retry-After 60; the text has no rate-limit signal",
    ),
  ),
  "c-fcm-016": tool(
    "rate_limited",
    "http_429",
    true,
    "isError 'Request to …cloudresourcemanager… had HTTP Error: 429, Quota exceeded for quota metric …': a quoted " +
      "429 and a quota-per-minute message",
  ),
  "c-fcm-017": tool(
    "internal",
    "http_500",
    true,
    "isError '… had HTTP Error: 500, Internal error encountered.': an upstream 500",
  ),
  "c-fcm-018": tool(
    "permission",
    "http_403",
    false,
    "isError '… had HTTP Error: 403, The caller does not have permission'",
  ),
  "c-fcm-019": tool("unknown", null, false, hiddenSend("a 502 HTML page from Google's front end")),
  "c-fcm-020": wire(
    "transient",
    "timeout",
    true,
    "the client gave up after 4 s: MCP error -32001 Request timed out, no answer; same tool and arguments as c-fcm-019, " +
      "which failed non-retryably",
    true,
  ),
  "c-fcm-021": tool(
    "unknown",
    null,
    false,
    hiddenSend("connection refused, the API unreachable") +
      "; same tool and arguments as c-fcm-015, which failed non-retryably",
    true,
  ),
  "c-fcm-022": rpc(
    "unknown_tool",
    "-32603",
    false,
    "JSON-RPC error -32603 \"Tool 'messaging_list_topics' could not be found.\": the words name an unknown tool",
  ),
  "c-fcm-023": tool(
    "validation",
    null,
    false,
    "isError 'Invalid project selection, please verify project harbor-alerts-staging exists and you have access.': " +
      "read as a bad project id (the lookup behind it answered 403, which the text does not show)",
  ),
  "c-fcm-024": tool(
    "unknown",
    null,
    false,
    hiddenSend("a revoked refresh token: the grant answered invalid_grant and FCM 401 UNAUTHENTICATED"),
  ),
  "c-fcm-025": tool(
    "auth",
    "http_401",
    false,
    "isError '… had HTTP Error: 401, Request had invalid authentication credentials. Expected OAuth 2 access token…'",
  ),
};
