import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { connectRoutes } from "@/lib/connect/snippets";
import { InvalidInputError } from "@/lib/errors";
import { everyFlag, probeCommand, shellJoin, shellQuote, splitCommand } from "@/lib/probes/command";
import { parseNewProbe, parseProbePatch } from "@/lib/probes/definition";
import { formProblems, probeBodyFromForm, type ProbeFormText } from "@/lib/probes/form";
import { statusBar, statusSummary } from "@/lib/probes/status";
import { quietFleetRow, withServers } from "@/lib/insight/fleet";

// Settings → Probes and the pages that show probes: the command line both ways (typed, and shown
// back for a shell), the form's text as the API's body, the status bar's days.

/** What a POSIX shell makes of a line: its words, as printf sees them. */
function shellWords(line: string): string[] {
  const out = execFileSync("sh", ["-c", `printf '%s\\0' ${line}`], { encoding: "utf8" });
  return out.split("\0").slice(0, -1);
}

describe("command lines", () => {
  it("splits a typed line on whitespace, with single quotes, double quotes and backslashes", () => {
    expect(splitCommand("  npx -y  @scope/server-x --root /tmp ")).toEqual([
      "npx",
      "-y",
      "@scope/server-x",
      "--root",
      "/tmp",
    ]);
    expect(splitCommand(`node 'my server.js' "a \\"b\\" c" d\\ e ''`)).toEqual([
      "node",
      "my server.js",
      'a "b" c',
      "d e",
      "",
    ]);
    expect(() => splitCommand("node 'oops")).toThrow(InvalidInputError);
  });

  it("quotes every word so that a shell reads it back unchanged", () => {
    const words = ["plain", "with space", "it's", "$HOME", "`id`", "a;b", "~user", "", "ünï", "--x=1", "*"];
    expect(shellWords(shellJoin(words))).toEqual(words);
    expect(shellQuote("--allow-tool")).toBe("--allow-tool");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it("round-trips: a quoted command typed again is the same command", () => {
    const words = ["node", "/srv/my server/index.js", `say "hi"`, "it's"];
    expect(splitCommand(shellJoin(words))).toEqual(words);
  });

  it("builds the faultline-probe command with the probe's name, tool, interval and command", () => {
    const text = probeCommand({
      baseUrl: "https://faultline.example/",
      key: "flk_abc",
      probe: "files; rm -rf /",
      allowTool: "read_file",
      intervalSeconds: 600,
      command: ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/srv/my docs"],
    });
    expect(text).toBe(
      [
        "FAULTLINE_URL=https://faultline.example FAULTLINE_KEY=flk_abc \\",
        "  npx -y -p https://faultline.example/downloads/faultline-reporter.tgz -p @modelcontextprotocol/client@2.4.0 \\",
        "  faultline-probe --probe 'files; rm -rf /' --allow-tool read_file --every 10m -- npx -y @modelcontextprotocol/server-filesystem '/srv/my docs'",
      ].join("\n"),
    );
    // The shell reads the probe's own arguments back as they were.
    const words = shellWords(text.replace(/\\\n/g, " ").replace(/^\S+ \S+ /, ""));
    expect(words.slice(words.indexOf("--probe"), words.indexOf("--probe") + 2)).toEqual([
      "--probe",
      "files; rm -rf /",
    ]);
    expect(words.slice(words.indexOf("--") + 1)).toEqual([
      "npx",
      "-y",
      "@modelcontextprotocol/server-filesystem",
      "/srv/my docs",
    ]);
    expect(everyFlag(3600)).toBe("1h");
    expect(everyFlag(90)).toBe("90s");
  });

  it("the Connect page's probe snippet is the same command, with the key placeholder or the key made there", () => {
    const probe = (key?: string) =>
      connectRoutes({ baseUrl: "https://faultline.example", key }).find((route) => route.id === "probe")!
        .snippets[0]!.text;
    expect(probe()).toContain("FAULTLINE_KEY=flk_… \\");
    expect(probe()).toContain(
      "faultline-probe --probe memory --allow-tool read_graph --every 5m -- npx -y @modelcontextprotocol/server-memory@2026.8.31",
    );
    expect(probe("flk_made_here")).toContain("FAULTLINE_KEY=flk_made_here \\");
  });
});

const RULES = { minIntervalSeconds: 60, allowPrivate: true };

const blank: ProbeFormText = {
  name: "docs",
  server: "docs",
  transport: "http",
  url: "https://mcp.example.com/mcp",
  command: "",
  headers: "",
  clearHeaders: false,
  intervalSeconds: "300",
  timeoutMs: "",
  tool: "",
  arguments: "",
  expectText: "",
  maxDurationMs: "",
  answeredOnly: false,
  enabled: true,
};

describe("the probe form", () => {
  it("makes a new HTTP probe's body that the API's validation takes", () => {
    const body = probeBodyFromForm({
      ...blank,
      headers: "Authorization: Bearer abc\n\nX-Team:  search ",
      tool: "get-sum",
      arguments: '{"a": 1, "b": 2}',
      expectText: "is 3",
      maxDurationMs: "2000",
    });
    expect(parseNewProbe(body, RULES)).toMatchObject({
      transport: "http",
      headers: { Authorization: "Bearer abc", "X-Team": "search" },
      intervalSeconds: 300,
      timeoutMs: 10_000,
      call: {
        tool: "get-sum",
        arguments: { a: 1, b: 2 },
        expect: { ok: true, text: "is 3", maxDurationMs: 2000 },
      },
    });
  });

  it("makes a stdio probe's command from the typed line; only-answered is expect.ok false", () => {
    const body = probeBodyFromForm({
      ...blank,
      transport: "stdio",
      url: "ignored",
      command: "node 'my server.js' --flag",
      tool: "ping",
      answeredOnly: true,
    });
    expect(parseNewProbe(body, RULES)).toMatchObject({
      transport: "stdio",
      url: null,
      command: ["node", "my server.js", "--flag"],
      call: { tool: "ping", arguments: {}, expect: { ok: false } },
    });
  });

  it("keeps the saved headers on an edit when the field is blank, and clears them when asked", () => {
    const existing = { transport: "http" as const };
    expect(parseProbePatch(probeBodyFromForm(blank, existing), RULES)).not.toHaveProperty("headers");
    expect(
      parseProbePatch(probeBodyFromForm({ ...blank, clearHeaders: true }, existing), RULES),
    ).toMatchObject({
      headers: {},
    });
    expect(probeBodyFromForm(blank, existing)).not.toHaveProperty("transport");
  });

  it("names the field of each problem", () => {
    const problems = (form: Partial<ProbeFormText>) => {
      try {
        parseNewProbe(probeBodyFromForm({ ...blank, ...form }), RULES);
      } catch (error) {
        return formProblems((error as InvalidInputError).problems);
      }
      return {};
    };
    expect(problems({ intervalSeconds: "30" })).toEqual({
      intervalSeconds: "must be at least 60 (FAULTLINE_PROBES_MIN_INTERVAL_SECONDS)",
    });
    expect(problems({ tool: "x", arguments: "{nope" }).arguments).toMatch(/^must be JSON/);
    expect(problems({ tool: "x", expectText: "(?=a)" }).expectText).toMatch(/RE2/);
    expect(problems({ headers: "no colon here" })).toEqual({ headers: 'line 1 must be "Name: value"' });
    expect(problems({ headers: "Host: x" })).toEqual({
      headers: "Host is set by the probe itself; leave it out",
    });
    expect(problems({ transport: "stdio", command: "" }).command).toBeTruthy();
  });
});

describe("the status bar", () => {
  it("has one day per UTC day, today last, each said in words", () => {
    const now = new Date("2026-11-12T10:00:00Z");
    const bar = statusBar(
      [
        { day: "2026-11-12", runs: 288, failed: 3 },
        { day: "2026-11-11", runs: 1, failed: 0 },
      ],
      now,
    );
    expect(bar).toHaveLength(90);
    expect(bar.at(-1)).toEqual({
      day: "2026-11-12",
      runs: 288,
      failed: 3,
      state: "failed",
      label: "12 Nov: 3 of 288 runs failed",
    });
    expect(bar.at(-2)!.label).toBe("11 Nov: all 1 run passed");
    expect(bar[0]).toMatchObject({ day: "2026-08-15", state: "none", label: "15 Aug: no runs" });
    expect(statusSummary(bar)).toBe(
      "Last 90 days: 1 day with a failed run, 1 day all passed, 88 days without runs.",
    );
  });
});

describe("the Servers page", () => {
  it("lists a probed server no traffic named, matching the search", () => {
    const busy = { ...quietFleetRow("crm"), calls: 10 };
    expect(withServers([busy], ["crm", "docs", "search"]).map((row) => [row.server, row.calls])).toEqual([
      ["crm", 10],
      ["docs", 0],
      ["search", 0],
    ]);
    expect(withServers([], ["crm", "Docs"], "doc").map((row) => row.server)).toEqual(["Docs"]);
  });
});

describe("internal addresses at creation", () => {
  const strict = { minIntervalSeconds: 60, allowPrivate: false };
  it.each([
    "http://127.0.0.1:3001/mcp",
    "http://localhost:3001/mcp",
    "http://169.254.169.254/",
    "http://[::1]/mcp",
    "http://api.localhost/mcp",
  ])("%s is refused, naming the setting that allows it", (url) => {
    expect(() => parseNewProbe({ name: "p", server: "s", transport: "http", url }, strict)).toThrow(
      /url: names an internal address \(loopback, private or link-local\): set FAULTLINE_PROBES_ALLOW_PRIVATE=1/,
    );
  });

  it("a public name is taken (what it resolves to is checked when it runs), and the setting allows internal ones", () => {
    expect(
      parseNewProbe({ name: "p", server: "s", transport: "http", url: "https://mcp.example.com/mcp" }, strict)
        .url,
    ).toBe("https://mcp.example.com/mcp");
    expect(
      parseNewProbe({ name: "p", server: "s", transport: "http", url: "http://127.0.0.1/mcp" }, RULES).url,
    ).toBe("http://127.0.0.1/mcp");
  });
});
