import dns from "node:dns";
import net from "node:net";
import { isInternalAddress } from "../alerts/receiver-url";

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
