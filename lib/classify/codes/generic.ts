import type { Category } from "../types";

// Codes that no single standard owns but that APIs and MCP servers share, and Faultline's own
// (faultline-proxy's codes for a stdio server that never started: not retryable, the same command
// fails the same way until someone changes the configuration).

export const GENERIC_CODES: Record<string, Category> = {
  command_not_found: "launch",
  command_not_executable: "launch",
  exited_before_initialize: "launch",
  rate_limited: "rate_limited",
  rate_limit_exceeded: "rate_limited",
  too_many_requests: "rate_limited",
  throttled: "rate_limited",
  upstream_unreachable: "transient",
  upstream_timeout: "transient",
  token_refresh_failed: "transient",
  platform_db_unavailable: "transient",
  timeout: "transient",
  timed_out: "transient",
  fetch_failed: "transient",
  needs_reauth: "auth",
  jwt_session_required: "auth",
  unauthorized: "auth",
  token_expired: "auth",
  invalid_api_key: "auth",
  invalid_credentials: "auth",
  invalid_login: "auth", // Salesforce's SOAP login fault, and others'
  login_failed: "auth",
  authentication_required: "auth",
  auth_required: "auth",
  not_permitted: "permission",
  payment_required: "business",
  key_spend_limit_exceeded: "business",
  org_suspended: "business",
  account_suspended: "business",
  subscription_required: "business",
  quota_exceeded: "business",
  insufficient_quota: "business",
  policy_violation: "business",
  approval_required: "business",
  conflict: "validation", // InfluxDB's and others' "already exists"
  invalid_arguments: "validation",
  invalid_input: "validation",
  invalid_params: "validation",
  validation_error: "validation",
  ambiguous_account: "validation",
  read_only: "permission",
  readonly: "permission",
  read_only_mode: "permission",
  not_configured: "internal",
  upstream_response_invalid: "internal",
  internal_error: "internal",
  unknown_error: "internal", // AMap's and Google's UNKNOWN_ERROR: the service failed on its side
  unknown_tool: "unknown_tool",
  tool_not_found: "unknown_tool",
  method_not_found: "unknown_tool",
};

/**
 * A code's category from its words when no table names it: `task_not_found` and `unknown_unit`
 * name a thing the caller gave that does not exist; `only_select_allowed` a rule.
 */
export const CODE_WORDS: [RegExp, Category][] = [
  // "CUQPS_HAS_EXCEEDED_THE_LIMIT" (AMap: queries per second over the limit).
  [/rate_?limit|too_many|(^|_)c?u?qps(_|$)|exceeded_(the_)?limit/, "rate_limited"],
  [
    /timeout|timed_out|unavailable|(?:service|server|backend)_not_available|unreachable|offline|(^|_)down$|connection_(lost|closed|reset|refused)/,
    "transient",
  ],
  [
    /unauthori[sz]ed|unauthenticated|reauth|expired|credential|(^|_)(invalid|bad|missing|revoked)_((?:user|client|app|access|secret)_)?(auth|token|api_key|key)(_|$)|(^|_)(token|api_key|key)_(invalid|revoked)$|not_authed/,
    "auth",
  ],
  [
    /forbidden|permission|denied|not_allowed|read_?only|disallowed|not_permitted|insufficient_access|(?:^|_)scopes?(?:_|$)/,
    "permission",
  ],
  [/spend_limit|payment|suspended|quota|billing|policy|insufficient_(?:space|storage)/, "business"],
  [
    /invalid|validation|malformed|bad_request|not_found|not_available|not_exist|no_such|unknown_(?!error|exception|failure)|missing|duplicate|already_exists|unsupported|out_of_range|too_(large|long|big)|syntax|parse|(^|_)(zero|no)_results?$|(^|[_/])conflict([_/]|$)/,
    "validation",
  ],
  [/internal|unexpected|panic|crash/, "internal"],
];
