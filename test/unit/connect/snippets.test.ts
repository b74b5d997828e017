import { describe, expect, it } from "vitest";
import { connectRoutes, packageUrl } from "@/lib/connect/snippets";

// The Connect page's snippets: every way in, with this instance's URL and a key once there is one.

describe("connect snippets", () => {
  const base = "https://faultline.example.com";

  it("cover every way in, each with this instance's URL and no other host's", () => {
    const routes = connectRoutes({ baseUrl: `${base}/` });
    expect(routes.map((route) => route.id)).toEqual([
      "desktop",
      "remote",
      "client",
      "server",
      "otel",
      "webhook",
      "probe",
    ]);
    for (const route of routes) {
      for (const snippet of route.snippets) {
        expect(snippet.text, `${route.id}: ${snippet.label}`).not.toMatch(/localhost|127\.0\.0\.1:3000/);
        if (route.id !== "remote" || snippet.label !== "mcp.json") expect(snippet.text).toContain(base);
      }
    }
  });

  it("name each snippet uniquely on the page (its copy button and block are found by that name)", () => {
    const names = connectRoutes({ baseUrl: base }).flatMap((route) =>
      route.snippets.map((snippet) => snippet.name),
    );
    expect(new Set(names).size).toBe(names.length);
    // The Overview's empty state shows the webhook's, beside nothing else named so.
    expect(names).toContain("example request");
  });

  it("put the key in every snippet that needs one, once it is made", () => {
    const key = "flk_abcdefghijklmnopqrstuvwxyz012345";
    const withKey = connectRoutes({ baseUrl: base, key });
    const text = withKey.flatMap((route) => route.snippets.map((snippet) => snippet.text)).join("\n");
    expect(text).not.toContain("flk_…");
    expect(text).toContain(key);
    expect(
      connectRoutes({ baseUrl: base })
        .flatMap((route) => route.snippets.map((s) => s.text))
        .join("\n"),
    ).toContain("flk_…");
  });

  type Config = {
    mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
  };

  it("lead with the proxy installed once, then the npx form that uses npm's cache, each saying what it costs", () => {
    const desktop = connectRoutes({ baseUrl: base, key: "k" }).find((route) => route.id === "desktop")!;
    expect(desktop.snippets.map((snippet) => snippet.label)).toEqual([
      "Install the proxy once",
      "mcp.json",
      "Or, with nothing installed: mcp.json",
    ]);
    expect(desktop.snippets[0]!.text).toBe(`npm install -g ${packageUrl(base)}`);
    expect(desktop.snippets[0]!.note).toMatch(/0\.2 s.*down/);
    expect(desktop.snippets[2]!.note).toMatch(/1 s.*71 s/);
    const installed = (JSON.parse(desktop.snippets[1]!.text) as Config).mcpServers.memory!;
    const npx = (JSON.parse(desktop.snippets[2]!.text) as Config).mcpServers.memory!;
    expect(installed.command).toBe("faultline-proxy");
    expect(npx.command).toBe("npx");
    // --prefer-offline: a start never waits for this instance once npm has the proxy cached.
    expect(npx.args.slice(0, 5)).toEqual([
      "-y",
      "--prefer-offline",
      "--package",
      packageUrl(base),
      "faultline-proxy",
    ]);
    const after = (args: string[]) => args.slice(args.indexOf("--"));
    // The same published server after "--", started by npx as most servers are.
    expect(after(installed.args)).toEqual(["--", "npx", "-y", "@modelcontextprotocol/server-memory"]);
    expect(after(npx.args)).toEqual(after(installed.args));
    for (const entry of [installed, npx])
      expect(entry.env).toEqual({ FAULTLINE_URL: base, FAULTLINE_KEY: "k" });
  });

  it("start the HTTP proxy with npm's cached copy too", () => {
    const remote = connectRoutes({ baseUrl: base }).find((route) => route.id === "remote")!;
    expect(remote.snippets[0]!.text).toContain(`npx -y --prefer-offline --package ${packageUrl(base)}`);
  });
});
