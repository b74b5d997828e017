import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustedProxies, PEER_HEADER, trustList } from "@/lib/http/client-address";

// X-Forwarded-For is believed only from trusted proxies; otherwise the socket's peer decides.

const headers = (peer: string | undefined, forwardedFor?: string) => {
  const result = new Headers();
  if (peer !== undefined) result.set(PEER_HEADER, peer);
  if (forwardedFor !== undefined) result.set("x-forwarded-for", forwardedFor);
  return result;
};

describe("clientAddress", () => {
  const none = trustList([]);
  const proxies = trustList(parseTrustedProxies("10.0.0.0/8, 127.0.0.1, ::1"));

  it("with no trusted proxies, is the socket's peer whatever X-Forwarded-For says", () => {
    expect(clientAddress(headers("127.0.0.1", "203.0.113.9"), none)).toBe("127.0.0.1");
    expect(clientAddress(headers("::ffff:192.0.2.7", "1.1.1.1, 2.2.2.2"), none)).toBe("192.0.2.7");
  });

  it("behind trusted proxies, is the right-most untrusted X-Forwarded-For entry", () => {
    expect(clientAddress(headers("127.0.0.1", "203.0.113.9"), proxies)).toBe("203.0.113.9");
    // A client's own forged entries sit to the left of what the proxies appended.
    expect(clientAddress(headers("10.1.2.3", "6.6.6.6, 198.51.100.4, 10.0.0.7"), proxies)).toBe(
      "198.51.100.4",
    );
    expect(clientAddress(headers("::1", "2001:db8::1"), proxies)).toBe("2001:db8::1");
    // A trusted peer that forwarded nothing is itself the client.
    expect(clientAddress(headers("127.0.0.1"), proxies)).toBe("127.0.0.1");
    // Garbage entries are skipped, not believed.
    expect(clientAddress(headers("127.0.0.1", "203.0.113.9, not-an-ip"), proxies)).toBe("203.0.113.9");
  });

  it("an untrusted peer's X-Forwarded-For is ignored even when it names a trusted address", () => {
    expect(clientAddress(headers("192.0.2.50", "127.0.0.1"), proxies)).toBe("192.0.2.50");
  });

  it("without the stamped peer (no socket seen) the address is 'unknown', never the client's say-so", () => {
    expect(clientAddress(headers(undefined, "203.0.113.9"), proxies)).toBe("unknown");
  });
});

describe("parseTrustedProxies", () => {
  it("reads addresses and CIDR ranges and names the entry that is neither", () => {
    expect(parseTrustedProxies(" 10.0.0.0/8 ,::1,")).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
    ]);
    expect(parseTrustedProxies("")).toEqual([]);
    expect(() => parseTrustedProxies("10.0.0.0/33")).toThrow(
      '"10.0.0.0/33" is not an IP address or CIDR range',
    );
    expect(() => parseTrustedProxies("proxy.internal")).toThrow(/proxy\.internal/);
  });
});
