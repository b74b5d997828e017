import { describe, expect, it } from "vitest";
import { refusedSource } from "../../../../lib/reporter/proxy/request-source";

// Which requests faultline-proxy's HTTP relay serves (the MCP specification's rule for local HTTP
// servers): this machine's addresses and localhost as Host; no Origin, a localhost page's, or one
// allowed. A DNS-rebinding page's Host is its own name; a page of another site sends its Origin.

const rules = { port: 8808, hosts: [], origins: [] };

describe("the HTTP proxy's Host and Origin checks", () => {
  it.each([
    "127.0.0.1:8808",
    "localhost:8808",
    "[::1]:8808",
    "192.168.1.20:8808",
    "LOCALHOST:8808",
    "localhost",
  ])("serves Host %s", (host) => expect(refusedSource({ host }, rules)).toBeUndefined());

  it.each([
    "evil.example:8808",
    "evil.example",
    "127.0.0.1:9999",
    "",
    "localhost.evil.example:8808",
    "127.0.0.1:8808 x",
  ])("refuses Host %j, naming the flag that would allow it", (host) =>
    expect(refusedSource({ host }, rules)).toMatch(/^Host .* is not this proxy \(give --allow-host/),
  );

  it("serves a Host given with --allow-host, with or without its port", () => {
    expect(
      refusedSource({ host: "mcp.internal:8808" }, { ...rules, hosts: ["mcp.internal"] }),
    ).toBeUndefined();
    expect(
      refusedSource({ host: "mcp.internal:8808" }, { ...rules, hosts: ["mcp.internal:8808"] }),
    ).toBeUndefined();
  });

  it.each([undefined, "http://localhost:6274", "http://127.0.0.1:3000", "https://[::1]"])(
    "serves Origin %s",
    (origin) => expect(refusedSource({ host: "127.0.0.1:8808", origin }, rules)).toBeUndefined(),
  );

  it.each([
    "https://evil.example",
    "null",
    "http://localhost.evil.example",
    "file://",
    "chrome-extension://abc",
  ])("refuses Origin %s", (origin) =>
    expect(refusedSource({ host: "127.0.0.1:8808", origin }, rules)).toMatch(
      /^Origin .* may not use this proxy/,
    ),
  );

  it("serves an origin given with --allow-origin", () => {
    expect(
      refusedSource(
        { host: "127.0.0.1:8808", origin: "https://app.example" },
        { ...rules, origins: ["https://app.example"] },
      ),
    ).toBeUndefined();
  });
});
