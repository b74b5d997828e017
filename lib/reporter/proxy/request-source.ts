import { isIP } from "node:net";

// Which requests the HTTP proxy serves: the MCP specification's rule for a local HTTP server —
// validate Origin and Host — so that a page on another site, or a DNS-rebinding page (a name of
// the attacker's that resolves to this machine), cannot drive the upstream server through the
// proxy on a user's machine.
// - Host: an IP address (any: a proxy listening on all interfaces is reached by the machine's
//   address) or `localhost`, each with the proxy's port; or a name given with --allow-host. A
//   rebinding page's Host is its own name, never an IP address.
// - Origin: absent (clients that are not browsers send none), a page of this machine
//   (http(s)://localhost, 127.0.0.1 or [::1], any port — the MCP Inspector's, say), or one given
//   with --allow-origin. `Origin: null` (a sandboxed page, a file) is refused.
// Anything else is refused with 403 and a line saying which header and how to allow it.

export interface SourceRules {
  port: number;
  /** Extra Host values (a name, or name:port), lower case. */
  hosts: string[];
  /** Extra origins (scheme://host[:port]), lower case. */
  origins: string[];
}

const LOCAL_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Why this request is refused, or undefined when it may pass. */
export function refusedSource(
  headers: { host?: string; origin?: string | string[] },
  rules: SourceRules,
): string | undefined {
  const host = (headers.host ?? "").trim().toLowerCase();
  if (!hostAllowed(host, rules))
    return `Host ${JSON.stringify(host.slice(0, 200))} is not this proxy (give --allow-host ${JSON.stringify(host.slice(0, 200))} to allow it)`;
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  const value = (Array.isArray(origin) ? origin.join(",") : origin).trim().toLowerCase();
  if (originAllowed(value, rules)) return undefined;
  return `Origin ${JSON.stringify(value.slice(0, 200))} may not use this proxy (give --allow-origin ${JSON.stringify(value.slice(0, 200))} to allow it)`;
}

function hostAllowed(host: string, rules: SourceRules): boolean {
  if (rules.hosts.includes(host)) return true;
  const match = /^(\[[0-9a-f:.]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return false;
  const [, name, port] = match;
  if (rules.hosts.includes(name!)) return true;
  if (port !== undefined && Number(port) !== rules.port) return false;
  const bare = name!.replace(/^\[|\]$/g, "");
  return name === "localhost" || isIP(bare) !== 0;
}

function originAllowed(origin: string, rules: SourceRules): boolean {
  if (rules.origins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && LOCAL_NAMES.has(url.hostname);
}
