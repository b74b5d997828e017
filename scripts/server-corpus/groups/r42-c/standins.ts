// Loopback stand-ins for group r42-c.
//
// mcp-excalidraw-server drives an Excalidraw canvas server over REST (EXPRESS_SERVER_URL). The canvas server is
// part of the same package (dist/server.js): it runs here for real on CANVAS_PORT, started by `prepare`, and the MCP
// server reaches it through a pass-through stand-in on CANVAS_PROXY_PORT that forwards every request unchanged
// unless one of the canvas flags below is set for a call (the canvas behind a reverse proxy that answers 502, a
// canvas that answers 500, a canvas whose REST routes answer late). So every ordinary answer, and every 404 or 503 the
// canvas itself gives, is the real canvas server's own.
//
// @genwave/svgmaker-mcp calls the SVGMaker API through Genwave's SDK at SVGMAKER_BASE_URL, so that API is a plain
// HTTP stand-in on SVGMAKER_PORT. README.md says where each body's shape comes from. `state` is switched by the
// sessions' hooks.

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clearTimers, cloudflare502, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r42-c";
const FROM = path.dirname(fileURLToPath(import.meta.url));

export const CANVAS_PROXY_PORT = 45000;
export const CANVAS_PORT = 45001;
export const SVGMAKER_PORT = 45002;

export const SVGMAKER_KEY = "svgm_live_7fQ2kX9mR4tB8wZ1cN6vH3jL5pD0sA2e";

export const state = {
  canvasGateway502: false,
  canvasServerError: false,
  canvasSlow: false,
  svgWrongKey: false,
  svgNoCredits: false,
  svgRateLimited: false,
  svgServerError: false,
  svgBadGateway: false,
  svgSlow: false,
  svgTooLarge: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Excalidraw canvas ────────────────────────────────────────────────────────────────────────────────────────────────

let canvasChild: ChildProcess | undefined;

/** The package's own canvas server (dist/server.js), on CANVAS_PORT. */
export async function startCanvas(): Promise<void> {
  const serverJs = path.join(FROM, "node_modules", "mcp-excalidraw-server", "dist", "server.js");
  const log = fs.openSync(path.join(DATA, "canvas-server.log"), "a");
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: path.join(DATA, "home"),
    LANG: "C.UTF-8",
    PORT: String(CANVAS_PORT),
    HOST: "127.0.0.1",
    LOG_FILE_PATH: path.join(DATA, "canvas-winston.log"),
  };
  canvasChild = spawn(process.execPath, [serverJs], {
    env: env as NodeJS.ProcessEnv,
    cwd: DATA,
    stdio: ["ignore", log, log],
  });
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    try {
      const health = await fetch(`http://127.0.0.1:${CANVAS_PORT}/health`);
      if (health.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the canvas server did not answer /health");
}

export async function stopCanvas(): Promise<void> {
  const child = canvasChild;
  canvasChild = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

// nginx's own 502 page, as a reverse proxy in front of a canvas container answers when the container is gone.
const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx/1.27.3</center>\r\n</body>\r\n</html>\r\n";

async function forward(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const headers: Record<string, string> = {};
  const type = req.headers["content-type"];
  if (type) headers["content-type"] = type;
  try {
    const answer = await fetch(`http://127.0.0.1:${CANVAS_PORT}${url.pathname}${url.search}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : body,
    });
    const payload = await answer.text();
    text(res, answer.status, payload, answer.headers.get("content-type") ?? "text/plain");
  } catch (error) {
    unknownRequests.push(`canvas forward ${method} ${url.pathname}: ${(error as Error).message}`);
    res.destroy();
  }
}

function canvas(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`canvas ${method} ${url.pathname}${url.search}`);
  if (state.canvasGateway502) return text(res, 502, NGINX_502, "text/html", { server: "nginx/1.27.3" });
  if (url.pathname.startsWith("/api/")) {
    // The canvas server's own error middleware body (server.js: "Error handling middleware").
    if (state.canvasServerError)
      return json(
        res,
        500,
        { success: false, error: "Internal server error" },
        { "x-powered-by": "Express" },
      );
    if (state.canvasSlow) return later(15_000, () => void forward(req, url, body, res));
  }
  void forward(req, url, body, res);
}

export const canvasProxy = httpStandin(CANVAS_PROXY_PORT, canvas);

// ── SVGMaker API ─────────────────────────────────────────────────────────────────────────────────────────────────────

const SVG_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#1f3a5f"/><path d="M128 352 L256 128 L384 352 Z" fill="#f4a261"/><circle cx="256" cy="300" r="40" fill="#e9f5ff"/></svg>';
const SVG_BANNER =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1536 1024"><rect width="1536" height="1024" fill="#fdf6ec"/><path d="M0 720 C 400 560, 900 880, 1536 640 L1536 1024 L0 1024 Z" fill="#2a9d8f"/><circle cx="1180" cy="260" r="120" fill="#e9c46a"/></svg>';
const SVG_EDITED =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" rx="96" fill="#0b6e4f"/><path d="M128 352 L256 128 L384 352 Z" fill="#f4a261"/><circle cx="256" cy="300" r="40" fill="#e9f5ff"/></svg>';
const SVG_TRACED =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M8 8h48v48H8z" fill="#264653"/><path d="M16 40l12-16 8 10 6-6 6 12z" fill="#e76f51"/></svg>';

let nextDesign = 48210;
const designUrl = () =>
  `https://storage.googleapis.com/svgmaker-prod.appspot.com/svgs/u_9Kx2Lm/${nextDesign++}.svg`;

function svgmaker(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`svgmaker ${method} ${url.pathname} key=${String(req.headers["x-api-key"] ?? "")}`);
  const route = url.pathname.replace(/^\/api/, "");
  if (method !== "POST" || !["/generate", "/edit", "/convert"].includes(route)) {
    unknownRequests.push(`svgmaker ${method} ${url.pathname}`);
    return json(res, 404, { error: "Not found" });
  }
  if (state.svgBadGateway)
    return text(res, 502, cloudflare502("svgmaker.io", "8e4f2a91cb7d3f10"), "text/html; charset=UTF-8", {
      server: "cloudflare",
      "cf-ray": "8e4f2a91cb7d3f10-FRA",
    });
  if (state.svgSlow)
    return later(15_000, () => json(res, 200, { svgUrl: designUrl(), creditCost: 1, svgText: SVG_LOGO }));
  if (state.svgWrongKey || req.headers["x-api-key"] !== SVGMAKER_KEY)
    return json(res, 401, { error: "Invalid API key" });
  if (state.svgRateLimited)
    return json(
      res,
      429,
      { error: "Rate limit exceeded. Please try again later.", details: "Limit: 10 requests per minute" },
      { "retry-after": "45" },
    );
  if (state.svgServerError)
    return json(res, 500, { error: "Internal server error", details: "Failed to generate SVG" });
  if (state.svgNoCredits)
    return json(res, 402, {
      error: "Insufficient credits",
      details: "This request needs 3 credits; your balance is 1. Buy credits at https://svgmaker.io/pricing",
      creditsRequired: 3,
      creditsAvailable: 1,
    });
  if (state.svgTooLarge) return json(res, 413, { error: "File too large. Maximum file size is 10MB." });

  if (route === "/generate") {
    const params = JSON.parse(body) as { prompt?: string; quality?: string; aspectRatio?: string };
    const prompt = params.prompt ?? "";
    if (/gore|blood/i.test(prompt))
      return json(res, 400, {
        error:
          "Your prompt was flagged by our content safety system. Please revise your prompt and try again.",
        errorType: "content_safety",
      });
    const banner = params.aspectRatio === "landscape";
    const creditCost = params.quality === "high" ? 5 : params.quality === "low" ? 1 : 2;
    return json(res, 200, {
      svgUrl: designUrl(),
      creditCost,
      svgText: banner ? SVG_BANNER : SVG_LOGO,
      prompt,
      quality: params.quality ?? "medium",
      revisedPrompt: `${prompt}, flat vector illustration, clean shapes, limited palette`,
    });
  }
  if (route === "/edit") {
    return json(res, 200, { svgUrl: designUrl(), creditCost: 3, svgText: SVG_EDITED });
  }
  // /convert: a multipart upload; an SVG sent in is refused as SVGMaker does (the SDK names this message).
  if (body.includes("<svg"))
    return json(res, 400, {
      error: "Unsupported file format. SVG files are already in vector format and cannot be converted.",
    });
  return json(res, 200, { svgUrl: designUrl(), creditCost: 1, svgText: SVG_TRACED });
}

export const svgmakerApi = httpStandin(SVGMAKER_PORT, svgmaker);

export const ALL_STANDINS = [canvasProxy, svgmakerApi];
