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
    ]);
    for (const route of routes) {
      for (const snippet of route.snippets) {
        expect(snippet.text, `${route.id}: ${snippet.label}`).not.toMatch(/localhost|127\.0\.0\.1:3000/);
        if (route.id !== "remote" || snippet.label !== "mcp.json") expect(snippet.text).toContain(base);
      }
    }
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

  it("give a desktop client a config it can parse, launching the server through the proxy from this instance", () => {
    const desktop = connectRoutes({ baseUrl: base, key: "k" }).find((route) => route.id === "desktop")!;
    const config = JSON.parse(desktop.snippets[0]!.text) as {
      mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    };
    const server = config.mcpServers.filesystem!;
    expect(server.command).toBe("npx");
    expect(server.args.slice(0, 4)).toEqual(["-y", "--package", packageUrl(base), "faultline-proxy"]);
    expect(server.args).toContain("--");
    expect(server.env).toEqual({ FAULTLINE_URL: base, FAULTLINE_KEY: "k" });
  });

  it("offer the proxy installed once, as the issue's example config names it, with the same server after --", () => {
    const desktop = connectRoutes({ baseUrl: base, key: "k" }).find((route) => route.id === "desktop")!;
    expect(desktop.snippets.map((snippet) => snippet.label)).toEqual([
      "mcp.json",
      "Or install it once",
      "mcp.json, installed",
    ]);
    expect(desktop.snippets[1]!.text).toBe(`npm install -g ${packageUrl(base)}`);
    const installed = JSON.parse(desktop.snippets[2]!.text) as {
      mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
    };
    const npx = JSON.parse(desktop.snippets[0]!.text) as typeof installed;
    const server = installed.mcpServers.filesystem!;
    expect(server.command).toBe("faultline-proxy");
    const after = (args: string[]) => args.slice(args.indexOf("--"));
    expect(after(server.args)).toEqual(after(npx.mcpServers.filesystem!.args));
    expect(server.env).toEqual({ FAULTLINE_URL: base, FAULTLINE_KEY: "k" });
  });
});
