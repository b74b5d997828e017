import dns from "node:dns";
import net from "node:net";

// The address check every request Faultline makes on a user's behalf goes through (alert
// receivers, probes): a name with any internal address among its answers (loopback, private,
// link-local — cloud metadata —, reserved) is refused, and the connection is made to the address
// checked (the lookup is pinned), so a name that resolves differently a second time (DNS
// rebinding) gains nothing. `setting` names the variable that allows internal addresses.

export class RefusedAddress extends Error {
  override name = "RefusedAddress";
  readonly code = "FAULTLINE_REFUSED_ADDRESS";
}

export function refusal(host: string, address: string, setting: string): RefusedAddress {
  return new RefusedAddress(
    `refused: ${host} is ${host === address ? "" : `at ${address}, `}an internal address (loopback, private, link-local or reserved); set ${setting}=1 to allow internal addresses`,
  );
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** A dns.lookup for http.request's `lookup` option, refusing internal addresses (RefusedAddress). */
export function guardedLookup(setting: string): net.LookupFunction {
  const lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal)
        return callback(refusal(hostname, internal.address, setting) as NodeJS.ErrnoException, []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
  return lookup as unknown as net.LookupFunction;
}

/** Why a literal IP host is refused, or undefined (names are checked by the lookup). */
export function refusedLiteral(hostname: string, setting: string): RefusedAddress | undefined {
  const host = hostname.replace(/^\[|\]$/g, "");
  return net.isIP(host) && isInternalAddress(host) ? refusal(host, host, setting) : undefined;
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

/** Whether an IP address is internal: one a receiver or a probe may not reach unless allowed. */
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
