// Receiver URLs and the addresses they may reach (the address rule itself: lib/http/guarded-lookup). A receiver URL is typed in by whoever manages
// a project's alerts, and this server then POSTs to it: a way to make the server send requests
// inside its own network (server-side request forgery). So:
//   - only http: and https: URLs, without a fragment;
//   - redirects are never followed (lib/alerts/receiver.ts), so a receiver cannot bounce a
//     request to another scheme, host or port;
//   - unless FAULTLINE_ALERTS_ALLOW_PRIVATE=1, a host that is, or resolves to, a loopback,
//     private, link-local (cloud metadata: 169.254.169.254), shared, multicast or reserved
//     address is refused. The check runs on the address the connection is then made to (the
//     lookup is pinned), so a name that resolves differently a second time (DNS rebinding)
//     gains nothing.

/** Why a receiver URL cannot be used (shape only; addresses are checked when sending), or undefined. */
export function checkReceiverUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an absolute http:// or https:// URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http:// or https:// URL";
  if (!url.hostname) return "must name a host";
  if (url.hash) return "must not contain a #fragment";
  return undefined;
}

export { isInternalAddress } from "../http/guarded-lookup";
