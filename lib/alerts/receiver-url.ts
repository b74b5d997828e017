import net from "node:net";

// Receiver URLs and the addresses they may reach. A receiver URL is typed in by whoever manages
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

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches localhost
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), -compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return undefined;
}

/** Whether an IP address is one a receiver may not be at unless private addresses are allowed. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return blocked.check(inner, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true; // not an address at all: refuse rather than guess
}
