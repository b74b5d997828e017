import { isIP } from "node:net";

// FAULTLINE_TRUSTED_PROXIES as the configuration reads it (lib/env.ts), kept apart from the
// request code that uses it (client-address.ts) so that the configuration imports nothing that
// reads the configuration.

export interface TrustedProxy {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** "10.0.0.0/8, 127.0.0.1, ::1" → ranges; throws naming the entry that is not an address or CIDR. */
export function parseTrustedProxies(text: string): TrustedProxy[] {
  return text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address = "", prefixText] = entry.split("/");
      const version = isIP(address);
      const max = version === 6 ? 128 : 32;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (version === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
        throw new Error(`"${entry}" is not an IP address or CIDR range`);
      }
      return { address, prefix, family: version === 6 ? "ipv6" : "ipv4" };
    });
}
