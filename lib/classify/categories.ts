import { scanWindow } from "./text";
import { CATEGORIES, type Category } from "./types";

// Category evidence, strongest first: explicit metadata, then a machine code, then prose.

export function categoryFromExplicit(value: unknown): Category | undefined {
  if (typeof value !== "string") return undefined;
  const normalised = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if ((CATEGORIES as readonly string[]).includes(normalised)) return normalised as Category;
  if (normalised === "rate_limit" || normalised === "ratelimited") return "rate_limited";
  if (normalised === "authentication") return "auth";
  if (normalised === "authorization" || normalised === "forbidden") return "permission";
  return undefined;
}

export function categoryFromHttpStatus(status: number): Category | undefined {
  if (status === 400 || status === 405 || status === 413 || status === 415 || status === 422)
    return "validation";
  if (status === 401) return "auth";
  if (status === 402) return "business";
  if (status === 403) return "permission";
  if (status === 408 || status === 502 || status === 503 || status === 504) return "transient";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal";
  return undefined;
}

export function categoryFromJsonRpcCode(code: number, message: string): Category | undefined {
  switch (code) {
    case -32700:
    case -32600:
      return "validation";
    case -32601:
      return "unknown_tool";
    case -32602:
      return UNKNOWN_TOOL_TEXT.test(message) ? "unknown_tool" : "validation";
    case -32603:
      return "internal";
    case -32001:
      return "transient";
    default:
      return undefined;
  }
}

const NAMED_CODES: Record<string, Category> = {
  rate_limited: "rate_limited",
  rate_limit_exceeded: "rate_limited",
  too_many_requests: "rate_limited",
  throttled: "rate_limited",
  upstream_unreachable: "transient",
  upstream_timeout: "transient",
  token_refresh_failed: "transient",
  platform_db_unavailable: "transient",
  service_unavailable: "transient",
  unavailable: "transient",
  timeout: "transient",
  timed_out: "transient",
  deadline_exceeded: "transient",
  econnrefused: "transient",
  econnreset: "transient",
  etimedout: "transient",
  enotfound: "transient",
  eai_again: "transient",
  ehostunreach: "transient",
  epipe: "transient",
  fetch_failed: "transient",
  needs_reauth: "auth",
  jwt_session_required: "auth",
  unauthenticated: "auth",
  unauthorized: "auth",
  invalid_token: "auth",
  token_expired: "auth",
  expired_token: "auth",
  invalid_api_key: "auth",
  invalid_credentials: "auth",
  authentication_required: "auth",
  auth_required: "auth",
  login_required: "auth",
  forbidden: "permission",
  permission_denied: "permission",
  access_denied: "permission",
  insufficient_scope: "permission",
  not_permitted: "permission",
  not_authorized: "permission",
  payment_required: "business",
  key_spend_limit_exceeded: "business",
  org_suspended: "business",
  account_suspended: "business",
  subscription_required: "business",
  quota_exceeded: "business",
  insufficient_funds: "business",
  policy_violation: "business",
  approval_required: "business",
  invalid_argument: "validation",
  invalid_arguments: "validation",
  invalid_input: "validation",
  invalid_params: "validation",
  invalid_request: "validation",
  validation_error: "validation",
  validation_failed: "validation",
  bad_request: "validation",
  bad_user_input: "validation",
  graphql_validation_failed: "validation",
  graphql_parse_failed: "validation",
  ambiguous_account: "validation",
  internal: "internal",
  internal_error: "internal",
  internal_server_error: "internal",
  not_configured: "internal",
  upstream_response_invalid: "internal",
  unknown_tool: "unknown_tool",
  tool_not_found: "unknown_tool",
  method_not_found: "unknown_tool",
};

export function categoryFromCode(code: string): Category | undefined {
  const http = /^http_(\d{3})$/.exec(code);
  if (http) return categoryFromHttpStatus(Number(http[1]));
  if (/^-?\d+$/.test(code)) return categoryFromJsonRpcCode(Number(code), "");
  const normalised = code
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  const named = NAMED_CODES[normalised];
  if (named) return named;
  if (/rate_?limit|too_many/.test(normalised)) return "rate_limited";
  if (/timeout|timed_out|unavailable|unreachable/.test(normalised)) return "transient";
  if (/unauthori[sz]ed|unauthenticated|reauth|expired|credential/.test(normalised)) return "auth";
  if (/forbidden|permission|denied|not_allowed/.test(normalised)) return "permission";
  if (/spend_limit|payment|suspended|quota|billing|policy/.test(normalised)) return "business";
  if (/invalid|validation|malformed|bad_request/.test(normalised)) return "validation";
  return undefined;
}

export const UNKNOWN_TOOL_TEXT =
  /\b(unknown tool|tool\b.{0,120}\bnot found|no such tool|tool .{0,120} does not exist)/i;

// Ordered: the first rule that matches decides. "Invalid token" is auth, not validation.
const TEXT_RULES: [RegExp, Category][] = [
  [UNKNOWN_TOOL_TEXT, "unknown_tool"],
  [/\b(rate[ -]?limit(ed)?|too many requests|throttl(ed|ing))\b/i, "rate_limited"],
  [
    /\b(unauthori[sz]ed|unauthenticated|not authenticated|authentication (failed|required)|invalid (api[ _-]?key|token|credentials?|session)|(token|session|credentials?|login) (has |have )?expired|expired (token|session|credentials?)|re-?authenticat\w*|not (signed|logged) in|(sign|log) ?in required)\b/i,
    "auth",
  ],
  [
    /\b(forbidden|not allowed|permission denied|access denied|not authori[sz]ed|insufficient (permissions?|privileges|scope)|not permitted|lacks? (the )?(permission|rights?))\b/i,
    "permission",
  ],
  [
    /\b(payment required|insufficient (funds|credit|balance)|spend(ing)? limit|quota exceeded|(account|organi[sz]ation|org) (is )?suspended|outside (of )?the .{1,40} window|subscription required|billing|not eligible|policy)\b/i,
    "business",
  ],
  [
    /\b(invalid (argument|input|parameter|param|value|format|date|request)s?|invalid [\w ]{1,30}?(format|number|id|identifier|value|date|email|type)\b|validation (error|failed)|input validation|must be (a|an|one of|at least|at most|in the|between|greater|less|positive|in)\b|is required|required (field|parameter|argument)|malformed|out of range|wrong format|bad request|expected .{1,40} received)/i,
    "validation",
  ],
  [
    /\b(timed? ?out|timeout|service unavailable|temporarily unavailable|connection (refused|reset|closed|error)|econnrefused|econnreset|etimedout|bad gateway|gateway timeout|upstream|try again later|network error|socket hang up)\b/i,
    "transient",
  ],
  [
    /\b(internal (server )?error|unexpected error|unhandled exception|uncaught exception|panic|segmentation fault|null ?pointer|cannot read propert(y|ies)|undefined is not)\b/i,
    "internal",
  ],
];

export function categoryFromText(text: string): Category | undefined {
  const sample = scanWindow(text);
  for (const [pattern, category] of TEXT_RULES) if (pattern.test(sample)) return category;
  return undefined;
}

/** "retryable" of DESIGN §1 when no explicit metadata says otherwise. */
export function defaultRetryable(category: Category): boolean {
  return category === "transient" || category === "rate_limited" || category === "internal";
}
