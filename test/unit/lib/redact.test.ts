import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { createRedactor, REDACTED } from "@/lib/redact";
import { parseEnv } from "@/lib/env";
import { textResult, toolErrorResult } from "../../fixtures/jsonrpc";

const redact = createRedactor();

describe("redaction", () => {
  it.each([
    ["a bearer token", "Authorization: Bearer abcDEF123456789.xyz", `Authorization: Bearer ${REDACTED}`],
    [
      "an OpenAI-style key",
      "key sk-proj-AbCdEfGhIjKlMnOpQrStUv was rejected",
      `key ${REDACTED} was rejected`,
    ],
    ["a GitHub token", "token ghp_0123456789abcdefghijABCDEFGHIJ is invalid", `token ${REDACTED} is invalid`],
    ["a Slack token", "used xoxb-1234567890-abcdefghij", `used ${REDACTED}`],
    ["an AWS access key id", "AKIAIOSFODNN7EXAMPLE denied", `${REDACTED} denied`],
    [
      "an AWS secret",
      "aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      `aws_secret_access_key=${REDACTED}`,
    ],
    [
      "a password in a URL",
      "could not reach postgres://app:hunter22@db:5432/prod",
      `could not reach postgres://app:${REDACTED}@db:5432/prod`,
    ],
    [
      "a private key block",
      "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
      `-----BEGIN PRIVATE KEY-----${REDACTED}-----END PRIVATE KEY-----`,
    ],
    [
      "a JWT",
      "session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U expired",
      `session ${REDACTED} expired`,
    ],
    [
      "a password assignment",
      'config: password="s3cr3t-value" loaded',
      `config: password="${REDACTED}" loaded`,
    ],
  ])("masks %s", (_label, input, expected) => expect(redact(input)).toBe(expected));

  it("leaves ordinary text alone", () => {
    const text = "Order 55107 was delivered 61 days ago; see https://shop.example.com/orders/55107";
    expect(redact(text)).toBe(text);
  });

  it("applies configured extra patterns", () => {
    const env = parseEnv({ FAULTLINE_REDACT_PATTERNS: '["cust-[0-9]{6}"]' });
    expect(createRedactor(env.FAULTLINE_REDACT_PATTERNS)("customer cust-123456 locked")).toBe(
      `customer ${REDACTED} locked`,
    );
    expect(() => parseEnv({ FAULTLINE_REDACT_PATTERNS: '["(unclosed"]' })).toThrow(
      /FAULTLINE_REDACT_PATTERNS: must be a JSON array of regular expressions/,
    );
  });

  it("masks the stored text but classifies on the original", () => {
    const report = {
      method: "tools/call",
      server: "s",
      tool: "t",
      response: textResult("401 Unauthorized: Bearer abcdefghijklmnop rejected"),
    };
    const plain = classify(report);
    const masked = classify(report, { redact });
    expect(masked.text).toBe(`401 Unauthorized: Bearer ${REDACTED} rejected`);
    expect({ ...masked, text: undefined, signature: undefined }).toEqual({
      ...plain,
      text: undefined,
      signature: undefined,
    });
    expect(masked.textLength).toBe(plain.textLength);
  });

  it("masks a secret that straddles the 512-character cut", () => {
    const classification = classify(
      {
        method: "tools/call",
        server: "s",
        tool: "t",
        response: toolErrorResult(`${"x".repeat(500)} sk-live-AbCdEfGhIjKlMnOpQrStUvWx`),
      },
      { redact },
    );
    expect(classification.text).not.toMatch(/sk-live/);
    expect(classification.text.endsWith(REDACTED)).toBe(true);
  });
});
