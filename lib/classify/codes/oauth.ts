import type { Category } from "../types";

// OAuth 2.0 error codes: the token endpoint (RFC 6749 §5.2), the authorization endpoint
// (§4.1.2.1), bearer-token resources (RFC 6750 §3.1) and the device flow (RFC 8628 §3.5).
// Sources: https://www.rfc-editor.org/rfc/rfc6749#section-5.2, https://www.rfc-editor.org/rfc/rfc6750#section-3.1,
// https://www.rfc-editor.org/rfc/rfc8628#section-3.5

export const OAUTH_CODES: Record<string, Category> = {
  invalid_grant: "auth",
  invalid_client: "auth",
  unauthorized_client: "auth",
  invalid_token: "auth",
  expired_token: "auth",
  login_required: "auth",
  consent_required: "auth",
  interaction_required: "auth",
  invalid_scope: "permission",
  insufficient_scope: "permission",
  access_denied: "permission",
  unsupported_grant_type: "validation",
  unsupported_response_type: "validation",
  invalid_request: "validation",
  authorization_pending: "transient",
  slow_down: "rate_limited",
  temporarily_unavailable: "transient",
  server_error: "internal",
};
