import { describe, expect, it } from "vitest";
import { MASKED, SecretMask, secretValues } from "../../../../lib/reporter/proxy/header-secrets";

// What the HTTP proxy masks in what it records: every value of the request's headers but the
// protocol's own (and its query's values), wherever the upstream echoed them.

const raw = (headers: Record<string, string>) => Object.entries(headers).flat();

describe("secretValues", () => {
  it("takes every header's value but the protocol's own, the credential after a scheme, cookie values and a Basic password", () => {
    const values = secretValues(
      raw({
        Host: "127.0.0.1:8808",
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "Mcp-Session-Id": "0d4c6f1e-session",
        "MCP-Protocol-Version": "2025-11-25",
        "User-Agent": "node-fetch/1.0 agent",
        Authorization: "Bearer tok_live_4f1c9e",
        "X-Api-Key": "key_823746",
        Cookie: "sid=cookie_value_1; theme=dark; csrf=csrf_token_77",
        "Proxy-Authorization": `Basic ${Buffer.from("alice:pa55w0rd!").toString("base64")}`,
      }),
      "/mcp?api_key=query_secret_9&x=1",
    );
    expect(values).toEqual(
      expect.arrayContaining([
        "Bearer tok_live_4f1c9e",
        "tok_live_4f1c9e",
        "key_823746",
        "cookie_value_1",
        "csrf_token_77",
        "pa55w0rd!",
        "query_secret_9",
      ]),
    );
    for (const kept of [
      "127.0.0.1:8808",
      "application/json",
      "0d4c6f1e-session",
      "2025-11-25",
      "node-fetch/1.0 agent",
    ])
      expect(values).not.toContain(kept);
    // Too short to mask everywhere without masking the answers themselves.
    expect(values).not.toContain("dark");
    expect(values).not.toContain("1");
  });
});

describe("SecretMask", () => {
  it("masks each value wherever it appears in a report, the longest first, in a copy", () => {
    const mask = new SecretMask();
    mask.add(["Bearer tok_live_4f1c9e", "tok_live_4f1c9e", "key_823746"]);
    const report = {
      server: "crm",
      method: "tools/call",
      httpStatus: 401,
      response: "<h1>401</h1><p>Invalid API key key_823746 (sent as Bearer tok_live_4f1c9e)</p>",
      clientError: { message: "rejected tok_live_4f1c9e" },
      nested: [{ deep: { key_823746: "x" } }],
    };
    const masked = mask.report(report as never) as unknown as typeof report;
    expect(masked.response).toBe(`<h1>401</h1><p>Invalid API key ${MASKED} (sent as ${MASKED})</p>`);
    expect(masked.clientError.message).toBe(`rejected ${MASKED}`);
    expect(JSON.stringify(masked)).not.toMatch(/tok_live|key_823746/);
    expect(report.response).toContain("key_823746"); // the input is not changed
  });

  it("keeps the 64 most recent values (a rotating token stays masked) and nothing when none was seen", () => {
    const mask = new SecretMask();
    const report = { server: "crm", method: "tools/call", text: "token_000000 token_000099" };
    expect(mask.report(report as never)).toBe(report);
    for (let index = 0; index < 100; index++) mask.add([`token_${String(index).padStart(6, "0")}`]);
    expect(mask.size).toBe(64);
    expect((mask.report(report as never) as unknown as typeof report).text).toBe(`token_000000 ${MASKED}`);
  });
});
