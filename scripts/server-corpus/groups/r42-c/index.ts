// Group r42-c: design tools and whiteboards — a live Excalidraw canvas through yctimlin's mcp-excalidraw-server (its
// own canvas server runs for real behind a pass-through stand-in), and SVGMaker's AI vector design API through
// Genwave's own @genwave/svgmaker-mcp (a loopback stand-in of the API). See standins.ts.
//
//   (cd scripts/server-corpus/groups/r42-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CANVAS_PROXY_PORT,
  DATA,
  SVGMAKER_KEY,
  SVGMAKER_PORT,
  canvasProxy,
  clearTimers,
  seen,
  startCanvas,
  state,
  stopCanvas,
  svgmakerApi,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-excalidraw-server": "2.0.0",
  "@genwave/svgmaker-mcp": "0.3.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const EXC_DIR = path.join(DATA, "excalidraw");
const SVG_DIR = path.join(DATA, "svgmaker");
const ART = path.join(SVG_DIR, "art");

const excalidrawSession: SessionSpec = {
  label: "r42-c-excalidraw",
  server: "mcp-excalidraw-server",
  transport: "stdio",
  start: stdioServer("r42-c-excalidraw", "mcp-excalidraw-server", {
    from: FROM,
    cwd: EXC_DIR,
    // No auto-start: the canvas server is started by `prepare`, so "the canvas is down" stays down for its call.
    env: {
      HOME,
      EXPRESS_SERVER_URL: `http://127.0.0.1:${CANVAS_PROXY_PORT}`,
      EXCALIDRAW_NO_AUTOSTART: "1",
      EXCALIDRAW_EXPORT_DIR: EXC_DIR,
      LOG_FILE_PATH: path.join(DATA, "excalidraw-mcp.log"),
    },
  }),
  steps: [
    step("c-exc-001", "read_diagram_guide", {}, "the design guide (answered without the canvas)"),
    step(
      "c-exc-002",
      "create_element",
      {
        id: "svc-api",
        type: "rectangle",
        x: 100,
        y: 100,
        width: 180,
        height: 80,
        text: "API gateway",
        backgroundColor: "#e7f5ff",
      },
      "a labelled rectangle with a chosen id",
    ),
    step(
      "c-exc-003",
      "batch_create_elements",
      {
        elements: [
          { id: "svc-orders", type: "rectangle", x: 400, y: 100, width: 180, height: 80, text: "Orders" },
          { id: "db-orders", type: "ellipse", x: 400, y: 300, width: 180, height: 90, text: "orders DB" },
          { type: "arrow", x: 280, y: 140, startElementId: "svc-api", endElementId: "svc-orders" },
          { type: "arrow", x: 490, y: 180, startElementId: "svc-orders", endElementId: "db-orders" },
        ],
      },
      "two shapes and two bound arrows in one batch",
    ),
    step("c-exc-004", "query_elements", { type: "rectangle" }, "the rectangles on the canvas"),
    step("c-exc-005", "query_elements", { type: "diamond" }, "a query no element matches"),
    step("c-exc-006", "get_element", { id: "svc-api" }, "one element by id"),
    step(
      "c-exc-007",
      "get_element",
      { id: "svc-billing" },
      "an element that does not exist: the canvas answers 404",
    ),
    step("c-exc-008", "get_element", { id: "svc-billing" }, "the same call again, unchanged"),
    step(
      "c-exc-009",
      "update_element",
      { id: "svc-orders", backgroundColor: "#fff3bf", strokeColor: "#e67700" },
      "recolour an existing element",
    ),
    step(
      "c-exc-010",
      "update_element",
      { id: "svc-payments", backgroundColor: "#ffe3e3" },
      "update an element that does not exist: the canvas answers 404",
    ),
    step(
      "c-exc-011",
      "align_elements",
      { elementIds: ["svc-api", "svc-orders"], alignment: "top" },
      "align two shapes by their top edge",
    ),
    step("c-exc-012", "snapshot_scene", { name: "v1-architecture" }, "a named snapshot of the scene"),
    step(
      "c-exc-013",
      "restore_snapshot",
      { name: "v0-draft" },
      "restore a snapshot that was never saved: the canvas answers 404",
    ),
    step(
      "c-exc-014",
      "create_element",
      { type: "hexagon", x: 700, y: 100, width: 120, height: 120 },
      "a shape type Excalidraw does not have",
    ),
    step("c-exc-015", "describe_scene", {}, "a text description of the scene"),
    step(
      "c-exc-016",
      "export_scene",
      { filePath: path.join(EXC_DIR, "architecture.excalidraw") },
      "the scene written to a .excalidraw file in the export folder",
    ),
    step(
      "c-exc-017",
      "export_scene",
      { filePath: "/tmp/faultline-corpus-r42-c/outside/architecture.excalidraw" },
      "an export path outside EXCALIDRAW_EXPORT_DIR",
    ),
    step(
      "c-exc-018",
      "export_to_image",
      { format: "png" },
      "a PNG export with no browser tab open on the canvas: the canvas answers 503",
    ),
    step(
      "c-exc-019",
      "query_elements",
      { type: "ellipse" },
      "the canvas answers 500 with its error middleware's body",
      flag("canvasServerError"),
    ),
    step(
      "c-exc-020",
      "get_element",
      { id: "db-orders" },
      "the canvas's REST routes answer 15 s late (its /health is prompt); the client waits 4 s",
      flag("canvasSlow", { timeoutMs: 4000 }),
    ),
    step(
      "c-exc-021",
      "describe_scene",
      {},
      "the canvas behind a reverse proxy whose upstream is gone: nginx's 502 page on every route",
      flag("canvasGateway502"),
    ),
    step(
      "c-exc-022",
      "create_element",
      { id: "svc-auth", type: "rectangle", x: 100, y: 300, width: 180, height: 80, text: "Auth" },
      "the canvas server is not running (connection refused)",
      down(canvasProxy),
    ),
    step("c-exc-023", "query_elements", {}, "every element, the canvas back"),
    step(
      "c-exc-024",
      "draw_freehand",
      {
        points: [
          [0, 0],
          [10, 10],
        ],
      },
      "a tool the server does not have",
    ),
  ],
};

const out = (name: string) => path.join(ART, name);

const svgmakerSession: SessionSpec = {
  label: "r42-c-svgmaker",
  server: "@genwave/svgmaker-mcp",
  transport: "stdio",
  start: stdioServer("r42-c-svgmaker", "@genwave/svgmaker-mcp", {
    from: FROM,
    cwd: SVG_DIR,
    // SVGMMAKER_RATE_LIMIT_RPM (sic, the server's spelling) lifts its client-side limit of 2 requests a minute.
    env: {
      HOME,
      SVGMAKER_API_KEY: SVGMAKER_KEY,
      SVGMAKER_BASE_URL: `http://127.0.0.1:${SVGMAKER_PORT}/api`,
      SVGMMAKER_RATE_LIMIT_RPM: "600",
    },
  }),
  steps: [
    step(
      "c-svg-001",
      "svgmaker_generate",
      {
        prompt: "A minimalist mountain logo for a hiking club, navy and orange",
        output_path: out("logo.svg"),
      },
      "a logo generated and saved",
    ),
    step(
      "c-svg-002",
      "svgmaker_generate",
      {
        prompt: "A wide banner of rolling teal hills under a golden sun",
        output_path: out("banner.svg"),
        quality: "high",
        aspectRatio: "landscape",
        background: "opaque",
      },
      "a high-quality landscape banner",
    ),
    step(
      "c-svg-003",
      "svgmaker_edit",
      {
        input_path: out("logo.svg"),
        prompt: "Make the background forest green",
        output_path: out("logo-green.svg"),
      },
      "an edit of the generated logo",
    ),
    step(
      "c-svg-004",
      "svgmaker_convert",
      { input_path: path.join(SVG_DIR, "sketch.png"), output_path: out("sketch.svg") },
      "a PNG traced to SVG",
    ),
    step(
      "c-svg-005",
      "svgmaker_generate",
      { prompt: "A horror poster dripping with blood and gore", output_path: out("poster.svg") },
      "a prompt the content safety check refuses: 400 content_safety",
    ),
    step("c-svg-006", "svgmaker_generate", { prompt: "", output_path: out("empty.svg") }, "an empty prompt"),
    step(
      "c-svg-007",
      "svgmaker_edit",
      {
        input_path: path.join(SVG_DIR, "missing.svg"),
        prompt: "Add a drop shadow",
        output_path: out("missing-edit.svg"),
      },
      "an input file that does not exist",
    ),
    step(
      "c-svg-008",
      "svgmaker_convert",
      { input_path: out("logo.svg"), output_path: out("logo-again.svg") },
      "an SVG sent to convert: 400, already vector",
    ),
    step(
      "c-svg-009",
      "svgmaker_generate",
      { prompt: "A set of three weather icons: sun, cloud, rain", output_path: "/etc/icons/weather.svg" },
      "an output path under /etc",
    ),
    step(
      "c-svg-010",
      "svgmaker_generate",
      {
        prompt: "An isometric illustration of a tiny coffee shop",
        output_path: out("coffee.svg"),
        quality: "high",
      },
      "the account is out of credits: 402",
      flag("svgNoCredits"),
    ),
    step(
      "c-svg-011",
      "svgmaker_generate",
      {
        prompt: "An isometric illustration of a tiny coffee shop",
        output_path: out("coffee.svg"),
        quality: "high",
      },
      "the same call again, still out of credits",
      flag("svgNoCredits"),
    ),
    step(
      "c-svg-012",
      "svgmaker_edit",
      { input_path: out("banner.svg"), prompt: "Add a flock of birds", output_path: out("banner-birds.svg") },
      "an edit while out of credits: 402",
      flag("svgNoCredits"),
    ),
    step(
      "c-svg-013",
      "svgmaker_generate",
      { prompt: "A flat icon of a paper plane", output_path: out("plane.svg"), quality: "low" },
      "the API key was revoked: 401",
      flag("svgWrongKey"),
    ),
    step(
      "c-svg-014",
      "svgmaker_generate",
      { prompt: "A flat icon of a paper plane", output_path: out("plane.svg"), quality: "low" },
      "429 with Retry-After: 45",
      flag("svgRateLimited"),
    ),
    step(
      "c-svg-015",
      "svgmaker_generate",
      { prompt: "A flat icon of a lighthouse", output_path: out("lighthouse.svg") },
      "SVGMaker answers 500",
      flag("svgServerError"),
    ),
    step(
      "c-svg-016",
      "svgmaker_generate",
      { prompt: "A flat icon of a lighthouse", output_path: out("lighthouse.svg") },
      "Cloudflare's 502 page in front of SVGMaker",
      flag("svgBadGateway"),
    ),
    step(
      "c-svg-017",
      "svgmaker_convert",
      { input_path: path.join(SVG_DIR, "scan.png"), output_path: out("scan.svg") },
      "a scan over the upload limit: 413",
      flag("svgTooLarge"),
    ),
    step(
      "c-svg-018",
      "svgmaker_convert",
      { input_path: path.join(SVG_DIR, "sketch.png"), output_path: out("sketch-2.svg") },
      "SVGMaker answers 15 s late; the client waits 4 s",
      flag("svgSlow", { timeoutMs: 4000 }),
    ),
    step(
      "c-svg-019",
      "svgmaker_generate",
      { prompt: "A flat icon of a lighthouse", output_path: out("lighthouse.svg") },
      "SVGMaker unreachable (connection refused)",
      down(svgmakerApi),
    ),
    step(
      "c-svg-020",
      "svgmaker_generate",
      { prompt: "A flat icon of a lighthouse", output_path: out("lighthouse.svg"), quality: "low" },
      "the API back: the same icon, low quality",
    ),
    step(
      "c-svg-021",
      "svgmaker_vectorize",
      { input_path: path.join(SVG_DIR, "sketch.png") },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [excalidrawSession, svgmakerSession];

// A 1×1 PNG (the smallest valid one), for the convert calls.
const PNG_1x1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [HOME, EXC_DIR, SVG_DIR, ART]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(SVG_DIR, "sketch.png"), PNG_1x1);
  fs.writeFileSync(path.join(SVG_DIR, "scan.png"), Buffer.concat([PNG_1x1, Buffer.alloc(64 * 1024)]));
  await startCanvas();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    await stopCanvas();
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
