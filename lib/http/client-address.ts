import { BlockList, isIP } from "node:net";
import { getEnv } from "../env";
import type { TrustedProxy } from "./trusted-proxies";

export { parseTrustedProxies, type TrustedProxy } from "./trusted-proxies";

// The address a request came from. The TCP peer is the truth; X-Forwarded-For is believed
// only as far as it was written by proxies the operator trusts (FAULTLINE_TRUSTED_PROXIES),
// read from the right: each trusted hop vouches for the one before it. Anyone else's
// X-Forwarded-For is ignored, so a client cannot pick the address it is throttled under.

/** Set on every request from its socket (lib/http/server-hook.ts); a client's own value is overwritten. */
export const PEER_HEADER = "x-faultline-peer";

export function trustList(proxies: TrustedProxy[]): BlockList {
  const list = new BlockList();
  for (const proxy of proxies) list.addSubnet(proxy.address, proxy.prefix, proxy.family);
  return list;
}

/** "::ffff:10.0.0.1" is 10.0.0.1; brackets and zone ids are dropped. */
function normalise(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  return mapped ? mapped[1]! : bare.toLowerCase();
}

function isTrusted(address: string, trusted: BlockList): boolean {
  const version = isIP(address);
  return version !== 0 && trusted.check(address, version === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: the socket peer, or — when the peer is a trusted proxy — the
 * right-most X-Forwarded-For entry that is not itself a trusted proxy.
 */
export function clientAddress(headers: Headers, trusted: BlockList): string {
  const peer = normalise(headers.get(PEER_HEADER) ?? "");
  if (!peer) return "unknown";
  const forwarded = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map(normalise)
    .filter((entry) => isIP(entry) !== 0);
  let client = peer;
  while (isTrusted(client, trusted) && forwarded.length > 0) client = forwarded.pop()!;
  return client;
}

let configured: BlockList | undefined;

/** The trusted proxies of FAULTLINE_TRUSTED_PROXIES. */
export function configuredTrust(): BlockList {
  configured ??= trustList(getEnv().FAULTLINE_TRUSTED_PROXIES);
  return configured;
}
