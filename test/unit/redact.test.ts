import { describe, expect, it } from "vitest";
import { classify } from "@/lib/classify";
import { createRedactor, REDACTED, REDACTION_WINDOW } from "@/lib/redact";
import { parseEnv } from "@/lib/env";
import { textResult, toolErrorResult } from "../fixtures/jsonrpc";

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
    [
      "a Stripe live secret key",
      "stripe sk_live_51H8xYzAbCdEfGhIjKlMn0pQ rejected",
      `stripe ${REDACTED} rejected`,
    ],
    ["a Stripe restricted key", "key rk_live_AbCdEfGhIjKlMnOp", `key ${REDACTED}`],
    ["a Stripe test key", "sk_test_4eC39HqLyjWDarjtT1zdp7dc", REDACTED],
    [
      "a GitLab token",
      "gitlab said glpat-xYz123AbC456dEf789gHi0 is revoked",
      `gitlab said ${REDACTED} is revoked`,
    ],
    ["a Slack app token", "xapp-1-A0123456789-1234567890123-abcdef", REDACTED],
    ["a Google API key", "key=AIzaSyA-1234567890abcdefghijklmnopqrstu", `key=${REDACTED}`],
    ["an npm token", "npm_abcdefghijklmnopqrstuvwxyz0123456789 expired", `${REDACTED} expired`],
    ["a secret_key assignment", "secret_key=hunter2hunter2", `secret_key=${REDACTED}`],
    ["an auth_token assignment", '{"auth_token": "abc123xyz"}', `{"auth_token": "${REDACTED}"}`],
    ["a token: assignment", "token: 9f8e7d6c5b4a", `token: ${REDACTED}`],
    ["a short bearer token", "Authorization: Bearer abc123", `Authorization: Bearer ${REDACTED}`],
    [
      "a password in a connection string",
      "connect ECONNREFUSED postgres://admin:hunter2@db:5432",
      `connect ECONNREFUSED postgres://admin:${REDACTED}@db:5432`,
    ],
  ])("masks %s", (_label, input, expected) => expect(redact(input)).toBe(expected));

  it.each([
    "max_tokens: 1000 of 4096 used",
    '{"token_type": "bearer", "expires_in": 3600}',
    "see https://docs.example.com/errors#token",
    "sk-short",
    "Skipping 12 tasks",
    "AIzaShort",
  ])("leaves %j alone", (text) => expect(redact(text)).toBe(text));

  // Forms a red team found stored in clear, each inside a tool result text or an error code.
  it.each([
    [
      "a password whose name has a prefix before _",
      "Error: config DB_PASSWORD=EnvPw111111 rejected",
      `Error: config DB_PASSWORD=${REDACTED} rejected`,
    ],
    [
      "a YAML-style prefixed password",
      "Error: config POSTGRES_PASSWORD: EnvPw222222 rejected",
      `Error: config POSTGRES_PASSWORD: ${REDACTED} rejected`,
    ],
    [
      "GITHUB_TOKEN=",
      "Error: config GITHUB_TOKEN=EnvTok333333 rejected",
      `Error: config GITHUB_TOKEN=${REDACTED} rejected`,
    ],
    [
      "SLACK_BOT_TOKEN=",
      "Error: config SLACK_BOT_TOKEN=EnvTok444444 rejected",
      `Error: config SLACK_BOT_TOKEN=${REDACTED} rejected`,
    ],
    [
      "api_token=",
      "Error: config api_token=EnvTok555555 rejected",
      `Error: config api_token=${REDACTED} rejected`,
    ],
    [
      "session_token=",
      "Error: config session_token=EnvTok666666 rejected",
      `Error: config session_token=${REDACTED} rejected`,
    ],
    [
      "id_token=",
      "Error: config id_token=EnvTok777777 rejected",
      `Error: config id_token=${REDACTED} rejected`,
    ],
    [
      "a camelCase password name",
      "Error: config userPassword=CamelPw111 rejected",
      `Error: config userPassword=${REDACTED} rejected`,
    ],
    [
      "a camelCase password name with a colon",
      "Error: config dbPassword: CamelPw222 rejected",
      `Error: config dbPassword: ${REDACTED} rejected`,
    ],
    [
      "an .npmrc auth token",
      "Error: config //registry.npmjs.org/:_authToken=NpmAuth0123456789 rejected",
      `Error: config //registry.npmjs.org/:_authToken=${REDACTED} rejected`,
    ],
    [
      "AWS STS credentials as JSON",
      '{"AccessKeyId":"ASIAIOSFODNN7EXAMPLE","SecretAccessKey":"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE9","SessionToken":"FwoGZXIvYXdzEJr//////////wEaDOsts"}',
      `{"AccessKeyId":"${REDACTED}","SecretAccessKey":"${REDACTED}","SessionToken":"${REDACTED}"}`,
    ],
    [
      "an AWS SecretAccessKey alone",
      'Error: config {"SecretAccessKey":"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKE9"} rejected',
      `Error: config {"SecretAccessKey":"${REDACTED}"} rejected`,
    ],
    [
      "JSON escaped inside a string",
      'Error: request body={\\"password\\":\\"EscPw999999\\"} rejected',
      `Error: request body={\\"password\\":\\"${REDACTED}\\"} rejected`,
    ],
    [
      "a bearer token after %20",
      "Error: header Authorization: Bearer%20abcDEF123456789xyz rejected",
      `Error: header Authorization: Bearer%20${REDACTED} rejected`,
    ],
    [
      "a percent-encoded bearer token after %20",
      "authorization=Bearer%20abc%2BDEF%2F123%3D%3D&x=1",
      `authorization=Bearer%20${REDACTED}&x=1`,
    ],
    [
      "a bearer token after a no-break space",
      "Error: header Authorization: Bearer\u00a0abcDEF123456789xyz rejected",
      `Error: header Authorization: Bearer\u00a0${REDACTED} rejected`,
    ],
    [
      "Basic credentials after %20",
      "Authorization: Basic%20dXNlcjpwYXNzd29yZA== rejected",
      `Authorization: Basic%20${REDACTED} rejected`,
    ],
    [
      "a quoted password whose first word is short",
      'Error: config password = "two words here" rejected',
      `Error: config password = "${REDACTED}" rejected`,
    ],
    ["a short quoted token", '{"token": "abc", "user": "bob"}', `{"token": "${REDACTED}", "user": "bob"}`],
    [
      "a single-quoted secret with spaces",
      "Error: config secret: 'my cat Tom' rejected",
      `Error: config secret: '${REDACTED}' rejected`,
    ],
    [
      "a quoted password with an escaped quote",
      'Error: {"password":"ab\\"cd efgh"} rejected',
      `Error: {"password":"${REDACTED}"} rejected`,
    ],
    [
      "every cookie in a Cookie header",
      "Error: request Cookie: session=CookieVal123; theme=dark rejected",
      `Error: request Cookie: session=${REDACTED}; theme=${REDACTED} rejected`,
    ],
    [
      "the cookie in a Set-Cookie header, not its attributes",
      "Error: response Set-Cookie: sid=SidVal4567; Path=/; HttpOnly rejected",
      `Error: response Set-Cookie: sid=${REDACTED}; Path=/; HttpOnly rejected`,
    ],
    [
      "a cookie header in JSON",
      '{"headers":{"cookie":"sid=SidVal4567","accept":"*/*"}}',
      `{"headers":{"cookie":"sid=${REDACTED}","accept":"*/*"}}`,
    ],
    ["an OpenAI-style key in an error code", "ERR_sk-proj-CODESECRET1234567890", `ERR_${REDACTED}`],
    ["a GitHub token in an error code", "ERR_ghp_0123456789abcdefghijABCDEFGHIJ", `ERR_${REDACTED}`],
    ["a Stripe key in an error code", "ERR_sk_live_51H8xYzAbCdEfGh", `ERR_${REDACTED}`],
    ["an AWS access key id in an error code", "ERR_AKIAIOSFODNN7EXAMPLE", `ERR_${REDACTED}`],
  ])("masks %s", (_label, input, expected) => expect(redact(input)).toBe(expected));

  it("masks a quoted value of up to 256 characters whole, spaces and all", () => {
    const value = `ab ${"word ".repeat(50)}end`.slice(0, 256);
    expect(redact(`password: "${value}" rejected`)).toBe(`password: "${REDACTED}" rejected`);
  });

  it.each([
    "the password field is required",
    "password must be at least 8 characters",
    "Invalid token",
    "Invalid password or token for user bob",
    "ERR_INVALID_PASSWORD",
    "ERR_TOKEN_EXPIRED: sign in again",
    "passwordPolicy: strict",
    "tokenType: bearer",
    "password=abc",
    '{"password": "", "user": "bob"}',
    '{\\"password_hint\\":\\"pet name\\"}',
    '{"AccessKeyId":"not-a-key-id"}',
    "//registry.npmjs.org/:always-auth=true",
    "cookie: not set",
    "Set-Cookie header missing",
    "cookies are disabled; enable them",
    "expected scheme Bearer\nreceived none",
    "task-sk-abcdefghijklmnopqrstuvwx",
    "desk_live_0123456789abcdef",
    "ERR_sk-short",
    "upload 100%20done",
  ])("leaves %j alone", (text) => expect(redact(text)).toBe(text));

  it("leaves ordinary text alone", () => {
    const text = "Order 55107 was delivered 61 days ago; see https://shop.example.com/orders/55107";
    expect(redact(text)).toBe(text);
  });

  it("masks only the start of a long text: what is stored, with room for a secret that straddles the cut", () => {
    const long = `${"x".repeat(500)} sk-live-AbCdEfGhIjKlMnOpQrStUvWx ${"y".repeat(10 * REDACTION_WINDOW)}`;
    const masked = redact(long);
    expect(masked.length).toBeLessThanOrEqual(REDACTION_WINDOW);
    expect(masked).toContain(REDACTED);
    expect(masked).not.toContain("sk-live");
  });

  it("refuses an extra pattern RE2 cannot run in linear time, naming the rule", () => {
    expect(() => parseEnv({ FAULTLINE_REDACT_PATTERNS: '["(?=lookahead)x"]' })).toThrow(
      /FAULTLINE_REDACT_PATTERNS: must be a JSON array of regular expressions in RE2 syntax/,
    );
    expect(() => parseEnv({ FAULTLINE_REDACT_PATTERNS: '["(a)\\\\1"]' })).toThrow(/RE2 syntax/);
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
    // Only the text, its signature and the flag saying a secret was masked differ.
    expect(masked.flags).toEqual([...plain.flags, "secret_masked"]);
    expect({ ...masked, text: undefined, signature: undefined, flags: undefined }).toEqual({
      ...plain,
      text: undefined,
      signature: undefined,
      flags: undefined,
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
