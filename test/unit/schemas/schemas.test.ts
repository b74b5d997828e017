import { describe, expect, it } from "vitest";
import { parseEnv, ConfigError } from "@/lib/env";
import { callSchema, fieldErrors, nestingDepth } from "@/lib/schemas/call";
import { parseCallFiltersKeepingValid } from "@/lib/schemas/read";

describe("call schema", () => {
  const parse = (value: unknown) => {
    const result = callSchema.safeParse(value);
    return result.success ? [] : fieldErrors(result.error);
  };

  it("requires server, and tool for tools/call only", () => {
    expect(parse({})).toEqual(expect.arrayContaining([{ path: "server", message: "Required" }]));
    expect(parse({ server: "s" })).toEqual([{ path: "tool", message: "Required when method is tools/call" }]);
    expect(parse({ server: "s", method: "resources/read" })).toEqual([]);
  });

  it("names the field and the rule", () => {
    expect(parse({ server: "s", tool: "t", id: "x".repeat(129) })).toEqual([
      { path: "id", message: "must be at most 128 characters" },
    ]);
    expect(parse({ server: "s\u0000", tool: "t" })).toEqual([
      { path: "server", message: "must not contain control characters" },
    ]);
    expect(parse({ server: "s", tool: "t", attempt: 0 })).toEqual([
      { path: "attempt", message: "must be ≥ 1" },
    ]);
    expect(parse({ server: "s", tool: "t", occurredAt: "2026-11-29T10:00:00" })[0]!.path).toBe("occurredAt");
    // How far back and ahead depends on when it is received: test/unit/ingest/time-window.test.ts.
    expect(parse({ server: "s", tool: "t", route: "proxy-stdio", side: "client" })).toEqual([
      { path: "side", message: "is only for route otlp (a span's side)" },
    ]);
    expect(parse({ server: "s", tool: "t", route: "otlp", side: "client" })).toEqual([]);
    expect(parse({ server: "s", tool: "t", response: 5 })).toEqual([
      { path: "response", message: "must be a JSON object or a string" },
    ]);
  });

  it("ignores unknown fields", () => {
    const result = callSchema.parse({ server: "s", tool: "t", arguments: { a: 1 } });
    expect(result).not.toHaveProperty("arguments");
  });

  it("measures nesting depth without recursion", () => {
    let deep: unknown = 1;
    for (let index = 0; index < 100_000; index++) deep = [deep];
    expect(nestingDepth(deep)).toBe(65);
    expect(nestingDepth({ a: { b: [1] } })).toBe(3);
  });
});

describe("configuration", () => {
  it("applies defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      FAULTLINE_MAX_BODY_BYTES: 5 * 1024 * 1024,
    });
    // Unset: 54329 when it is free, another free port when it is not (lib/db/embedded-port).
    expect(env.FAULTLINE_EMBEDDED_PG_PORT).toBeUndefined();
    expect(parseEnv({ FAULTLINE_EMBEDDED_PG_PORT: "5433" }).FAULTLINE_EMBEDDED_PG_PORT).toBe(5433);
    expect(() => parseEnv({ FAULTLINE_EMBEDDED_PG_PORT: "70000" })).toThrow(
      /FAULTLINE_EMBEDDED_PG_PORT: must be a port from 1 to 65535/,
    );
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.FAULTLINE_DATA_DIR).toBeUndefined(); // ".data", movable under root (lib/db/pg-runtime.ts)
    expect(env.FAULTLINE_TRUSTED_PROXIES).toEqual([]);
  });

  it("rejects invalid values with the variable's name", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => parseEnv({ FAULTLINE_INIT_INGEST_KEY: "short" })).toThrow(
      /FAULTLINE_INIT_INGEST_KEY: must be at least 24/,
    );
    expect(() => parseEnv({ FAULTLINE_TRUSTED_PROXIES: "10.0.0.1, proxy.internal" })).toThrow(
      /FAULTLINE_TRUSTED_PROXIES: must be IP addresses or CIDR ranges.*"proxy\.internal"/,
    );
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });
});

describe("Activity filters from a link", () => {
  it("drop and name only the fields that are not valid; the rest still apply", () => {
    const { query, ignored } = parseCallFiltersKeepingValid({
      tool: "texty",
      outcome: ["tool_error", "bogus"],
      q: "x".repeat(201),
      server: ["crm"],
    });
    expect(ignored.sort()).toEqual(["outcome", "q"]);
    expect(query.tool).toEqual(["texty"]);
    expect(query.server).toEqual(["crm"]);
    expect(query.q).toBeUndefined();
    expect(query.outcome).toEqual([]);
  });

  it("ignore nothing when everything is valid", () => {
    const { query, ignored } = parseCallFiltersKeepingValid({ tool: "texty", outcome: "silent_failure" });
    expect(ignored).toEqual([]);
    expect(query).toMatchObject({ tool: ["texty"], outcome: ["silent_failure"] });
  });
});
