import type { Category } from "../types";

// Chromium's network error codes, as browsers and browser-driving tools (Playwright, Puppeteer)
// print them: "net::ERR_CONNECTION_REFUSED at http://…". Stored as written, without "net::".
// Source: https://source.chromium.org/chromium/chromium/src/+/main:net/base/net_error_list.h

export const CHROMIUM_CODES: Record<string, Category> = {
  err_connection_refused: "transient",
  err_connection_reset: "transient",
  err_connection_closed: "transient",
  err_connection_aborted: "transient",
  err_connection_timed_out: "transient",
  err_connection_failed: "transient",
  err_timed_out: "transient",
  err_internet_disconnected: "transient",
  err_address_unreachable: "transient",
  err_network_changed: "transient",
  // A host name that resolves to nothing: the URL the caller gave names no host (a browser's own DNS
  // failures while the network is down come as ERR_INTERNET_DISCONNECTED or ERR_NAME_RESOLUTION_FAILED).
  err_name_not_resolved: "validation",
  err_name_resolution_failed: "transient",
  err_empty_response: "transient",
  err_http2_protocol_error: "transient",
  err_invalid_url: "validation",
  err_unknown_url_scheme: "validation",
  err_disallowed_url_scheme: "permission",
  err_too_many_redirects: "validation",
  err_file_not_found: "validation",
  err_cert_authority_invalid: "validation",
  err_cert_common_name_invalid: "validation",
  err_cert_date_invalid: "validation",
  err_ssl_protocol_error: "validation",
  err_blocked_by_client: "permission",
  err_blocked_by_response: "permission",
  err_access_denied: "permission",
  err_aborted: "transient",
};
