// Group r35-c: diagrams and documents rendered locally — drawio-mcp (Sujimoshi), which writes draw.io diagrams as
// .drawio.svg files through mxGraph on jsdom, and @mcp-z/mcp-pdf (Kevin Malakoff), which lays out PDF documents,
// slides and JSON Resumes with PDFKit and renders PDF pages to PNG with pdf.js. Both run locally; the one service
// either calls is a web font host, for a `font` given as a URL, which a loopback stand-in answers (standins.ts).
// The servers' files are under /tmp/faultline-corpus-r35-c/, made afresh by `prepare`.
//
//   (cd scripts/server-corpus/groups/r35-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r35-c

import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, step } from "../../steps.js";
import { DATA, DEJAVU, FONT_BASE, clearTimers, fontHost, seen, unknownRequests } from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const HOME = path.join(DATA, "home");
const DRAWIO = path.join(DATA, "drawio");
const PDF_FILES = path.join(DATA, "pdf-files");
const PDF_TMP = path.join(DATA, "pdf-tmp");
const INPUT = path.join(DATA, "input");
const PDF_HTTP_PORT = 43260;

export const PACKAGES: Record<string, string> = {
  "drawio-mcp": "1.6.0",
  "@mcp-z/mcp-pdf": "3.2.2",
};

// ------------------------------------------------------------------------------------------------ drawio-mcp

const DIAGRAM = "diagrams/checkout.drawio.svg";

const drawio: SessionSpec = {
  label: "r35-c-drawio",
  server: "drawio-mcp",
  transport: "stdio",
  start: stdioServer("r35-c-drawio", "drawio-mcp", { from: FROM, cwd: DRAWIO, env: { HOME } }),
  steps: [
    step("dio-001", "new_diagram", { file_path: DIAGRAM }, "create an empty diagram file"),
    step(
      "dio-002",
      "add_nodes",
      {
        file_path: DIAGRAM,
        nodes: [
          { id: "web", title: "Storefront", kind: "Rectangle", x: 40, y: 40 },
          { id: "api", title: "Checkout API", kind: "RoundedRectangle", x: 240, y: 40, corner_radius: 8 },
          { id: "db", title: "Orders DB", kind: "Cylinder", x: 440, y: 40 },
        ],
      },
      "add three nodes",
    ),
    step(
      "dio-003",
      "link_nodes",
      {
        file_path: DIAGRAM,
        edges: [
          { from: "web", to: "api", title: "HTTPS" },
          { from: "api", to: "db", dashed: true },
        ],
      },
      "link them with two edges",
    ),
    step("dio-004", "get_diagram_info", { file_path: DIAGRAM }, "read the diagram back as XML"),
    step(
      "dio-005",
      "edit_nodes",
      { file_path: DIAGRAM, nodes: [{ id: "api", title: "Checkout API v2", x: 260 }] },
      "rename and move a node",
    ),
    step(
      "dio-006",
      "add_nodes",
      {
        file_path: DIAGRAM,
        layout: { algorithm: "hierarchical", options: { direction: "left-right" } },
        nodes: [{ id: "queue", title: "Payment events", kind: "Rectangle", x: 0, y: 0 }],
      },
      "add a node and lay the diagram out left to right",
    ),
    step(
      "dio-007",
      "link_nodes",
      { file_path: DIAGRAM, edges: [{ from: "api", to: "cache" }] },
      "link to a node id that is not in the diagram",
    ),
    step("dio-008", "get_diagram_info", { file_path: DIAGRAM }, "read the diagram back after that link"),
    step(
      "dio-009",
      "remove_nodes",
      { file_path: DIAGRAM, ids: ["ghost"] },
      "remove a node id that is not in the diagram",
    ),
    step(
      "dio-010",
      "edit_nodes",
      { file_path: DIAGRAM, nodes: [{ id: "ghost", title: "Ghost" }] },
      "edit a node id that is not in the diagram",
    ),
    step(
      "dio-011",
      "add_nodes",
      {
        file_path: DIAGRAM,
        layout: { algorithm: "spiral" },
        nodes: [{ id: "cdn", title: "CDN", kind: "Rectangle", x: 0, y: 0 }],
      },
      "a layout algorithm the server does not have",
    ),
    step(
      "dio-012",
      "add_nodes",
      {
        file_path: DIAGRAM,
        layout: { algorithm: "hierarchical", options: { direction: "diagonal" } },
        nodes: [{ id: "cdn", title: "CDN", kind: "Rectangle", x: 0, y: 0 }],
      },
      "a hierarchical layout with a direction it does not accept",
    ),
    step("dio-013", "add_nodes", { file_path: DIAGRAM, nodes: [] }, "no nodes to add"),
    step("dio-014", "add_nodes", { file_path: DIAGRAM, nodes: [] }, "the same call again, unchanged"),
    step(
      "dio-015",
      "get_diagram_info",
      { file_path: "diagrams/payments.drawio.svg" },
      "a diagram file that does not exist",
    ),
    step(
      "dio-016",
      "get_diagram_info",
      { file_path: path.join(INPUT, "logo.svg") },
      "a plain SVG that is not a draw.io diagram (no embedded model)",
    ),
    step("dio-017", "get_diagram_info", { file_path: "diagrams" }, "a folder instead of a file"),
    step(
      "dio-018",
      "new_diagram",
      { file_path: `${DIAGRAM}/sub.drawio.svg` },
      "a new diagram whose parent folder would be an existing file",
    ),
    step("dio-019", "get_diagram_info", {}, "file_path missing"),
    step("dio-020", "export_png", { file_path: DIAGRAM }, "a tool the server does not have"),
    step("dio-021", "remove_nodes", { file_path: DIAGRAM, ids: ["queue"] }, "remove a node that exists"),
    step(
      "dio-022",
      "new_diagram",
      { file_path: "/proc/diagrams/checkout.drawio.svg" },
      "a new diagram under /proc (the recursive mkdir never returns; client timeout 3 s, the last call)",
      { timeoutMs: 3_000 },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------- @mcp-z/mcp-pdf

const pdfEnv = { HOME, RESOURCE_STORE_URI: PDF_FILES, TMPDIR: PDF_TMP, LOG_LEVEL: "error" };

const REPORT = [
  { type: "heading", text: "Q3 operations report" },
  { type: "text", text: "Orders grew 14% quarter on quarter; refunds held at 1.2%.", paragraphGap: 6 },
  { type: "divider" },
  { type: "text", text: "Next: move the checkout API to the new cluster." },
];

const pdf: SessionSpec = {
  label: "r35-c-pdf",
  server: "@mcp-z/mcp-pdf",
  transport: "stdio",
  start: stdioServer("r35-c-pdf", "@mcp-z/mcp-pdf", { from: FROM, cwd: DATA, env: pdfEnv }),
  steps: [
    step("pdf-001", "pdf-document", { filename: "q3-report.pdf", content: REPORT }, "a short report"),
    step(
      "pdf-002",
      "pdf-document",
      {
        filename: "release-notes.pdf",
        title: "Release notes 4.2",
        author: "Platform team",
        markdown: true,
        pageSetup: { size: "A4" },
        content: [
          { type: "heading", text: "Release 4.2" },
          {
            type: "text",
            text: "**Breaking:** the `v1` export is gone. See [the guide](https://example.com/guide).",
          },
          { type: "pageBreak" },
          { type: "text", text: "*Thanks* to everyone who tested the beta." },
        ],
      },
      "markdown text on A4 with metadata and a page break",
    ),
    step(
      "pdf-003",
      "pdf-document",
      {
        filename: "badge.pdf",
        content: [
          { type: "image", imagePath: path.join(INPUT, "badge.png"), width: 40, align: "center" },
          { type: "text", text: "Certified", textAlign: "center" },
        ],
      },
      "a document with a local PNG image",
    ),
    step(
      "pdf-004",
      "pdf-document",
      {
        filename: "invoice.pdf",
        content: [{ type: "image", imagePath: path.join(INPUT, "letterhead.png") }],
      },
      "an image path that does not exist",
    ),
    step(
      "pdf-005",
      "pdf-document",
      {
        filename: "greetings.pdf",
        font: DEJAVU,
        content: [{ type: "text", text: "Grüße aus Köln — Ελληνικά — Привет" }],
      },
      "Unicode text with a local TrueType font",
    ),
    step(
      "pdf-006",
      "pdf-document",
      {
        filename: "launch.pdf",
        font: "Helvetica",
        content: [
          { type: "heading", text: "Launch" },
          { type: "text", text: "Shipped 🚀 to the 東京 region" },
        ],
      },
      "emoji and CJK text in a standard PDF font",
    ),
    step(
      "pdf-007",
      "pdf-document",
      {
        filename: "brand.pdf",
        font: `${FONT_BASE}/dejavu-sans/files/dejavu-sans-latin-400-normal.ttf`,
        content: [{ type: "text", text: "Brand guide, set in a downloaded font" }],
      },
      "a font downloaded from a URL (the font host answers 200)",
    ),
    step(
      "pdf-008",
      "pdf-document",
      {
        filename: "brand.pdf",
        font: `${FONT_BASE}/inter/files/inter-latin-450-normal.ttf`,
        content: [{ type: "text", text: "Brand guide" }],
      },
      "a font URL the host does not have (404)",
    ),
    step(
      "pdf-009",
      "pdf-document",
      {
        filename: "brand.pdf",
        font: `${FONT_BASE}/roboto/files/roboto-latin-400-normal.ttf`,
        content: [{ type: "text", text: "Brand guide" }],
      },
      "the font host answers 503 with Retry-After",
    ),
    step(
      "pdf-010",
      "pdf-document",
      {
        filename: "brand.pdf",
        font: `${FONT_BASE}/dejavu-sans/files/dejavu-sans-latin-700-normal.ttf`,
        content: [{ type: "text", text: "Brand guide" }],
      },
      "the font host is down (connection refused)",
      down(fontHost),
    ),
    step(
      "pdf-011",
      "pdf-document",
      { filename: "notes.pdf", content: "Meeting notes: ship on Friday." },
      "content given as a string instead of an array",
    ),
    step(
      "pdf-012",
      "pdf-document",
      { filename: "notes.pdf", content: "Meeting notes: ship on Friday." },
      "the same call again, unchanged",
    ),
    step(
      "pdf-013",
      "pdf-layout",
      {
        filename: "roadmap-slide.pdf",
        pageSetup: { size: [960, 540] },
        color: { background: "#0f172a" },
        content: [
          { type: "heading", text: "2027 roadmap", x: 60, y: 50, color: "#ffffff" },
          {
            type: "text",
            text: "Q1: regional failover · Q2: usage billing",
            x: 60,
            y: 140,
            width: 700,
            color: "#cbd5e1",
          },
        ],
      },
      "a positioned slide layout",
    ),
    step(
      "pdf-014",
      "pdf-image",
      { pdfPath: path.join(INPUT, "handbook.pdf"), pages: "all", viewportScale: 0.25 },
      "render every page of a two-page PDF to PNG",
    ),
    step(
      "pdf-015",
      "pdf-image",
      { pdfPath: path.join(INPUT, "handbook.pdf"), pages: 5 },
      "render page 5 of a two-page PDF",
    ),
    step(
      "pdf-016",
      "pdf-image",
      { pdfPath: path.join(INPUT, "minutes.pdf") },
      "a .pdf file that is plain text, not a PDF",
    ),
    step(
      "pdf-017",
      "pdf-resume",
      { filename: "cv.pdf", resume: { basics: { name: 42, label: "Engineer" } } },
      "a resume whose basics.name is a number",
    ),
    step(
      "pdf-018",
      "pdf-resume",
      {
        filename: "cv.pdf",
        resume: { basics: { name: "Ada Lovelace", label: "Engineer" } },
        layout: {
          style: "two-column",
          columns: { left: { sections: ["hobbies"] }, right: { sections: ["basics"] } },
        },
      },
      "a two-column layout naming a section the resume schema does not have",
    ),
    step("pdf-019", "pdf-merge", { files: ["a.pdf", "b.pdf"] }, "a tool the server does not have"),
    step(
      "pdf-020",
      "pdf-document",
      {
        filename: "memo.pdf",
        font: path.join(INPUT, "fonts", "Corporate-Regular.ttf"),
        content: [{ type: "text", text: "Memo: office closed on Monday." }],
      },
      "a font path that does not exist (the server falls back to Helvetica)",
    ),
    step(
      "pdf-021",
      "pdf-document",
      {
        filename: "brand.pdf",
        font: `${FONT_BASE}/lora/files/lora-latin-400-normal.ttf`,
        content: [{ type: "text", text: "Brand guide" }],
      },
      "the font host answers after 8 s (client timeout 3 s)",
      { timeoutMs: 3_000 },
    ),
  ],
};

const pdfHttp: SessionSpec = {
  label: "r35-c-pdf-http",
  server: "@mcp-z/mcp-pdf",
  transport: "http",
  start: httpServer("r35-c-pdf-http", "@mcp-z/mcp-pdf", {
    from: FROM,
    port: PDF_HTTP_PORT,
    args: [`--port=${PDF_HTTP_PORT}`],
    env: { ...pdfEnv, BASE_URL: `http://127.0.0.1:${PDF_HTTP_PORT}` },
  }),
  steps: [
    step(
      "pdf-022",
      "text-measure",
      {
        font: "Times-Roman",
        items: [
          { text: "Quarterly report", fontSize: 24, bold: true },
          { text: "Orders grew 14% quarter on quarter; refunds held at 1.2%.", width: 200 },
        ],
      },
      "measure a heading and a wrapped paragraph",
    ),
    step(
      "pdf-023",
      "pdf-resume",
      {
        filename: "ada-lovelace-cv.pdf",
        resume: {
          basics: { name: "Ada Lovelace", label: "Staff engineer", email: "ada@example.com" },
          work: [
            {
              name: "Analytical Engines Ltd",
              position: "Lead engineer",
              startDate: "2024-01",
              highlights: ["Built the difference pipeline"],
            },
          ],
          skills: [{ name: "Mathematics", keywords: ["Algorithms", "Notation"] }],
        },
      },
      "a JSON Resume rendered to PDF",
    ),
    step(
      "pdf-024",
      "pdf-document",
      { filename: "handover.pdf", pageSetup: { size: "LEGAL" }, content: REPORT },
      "a short report on legal paper",
    ),
    step(
      "pdf-025",
      "pdf-image",
      { pdfPath: path.join(INPUT, "handbook-v2.pdf") },
      "a PDF path that does not exist",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [drawio, pdf, pdfHttp];

/** A 4×4 PNG (one orange colour), written by hand: signature, IHDR, IDAT, IEND. */
async function writePng(file: string) {
  const zlib = await import("node:zlib");
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(4, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixel = [255, 128, 0];
  const row = Buffer.from([0, ...pixel, ...pixel, ...pixel, ...pixel]);
  const rows = Buffer.concat([row, row, row, row]);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  fs.writeFileSync(file, png);
}

/** A two-page A4 PDF made with the PDFKit that @mcp-z/mcp-pdf installs. */
async function writeHandbook(file: string) {
  const require = createRequire(path.join(FROM, "package.json"));
  const PDFDocument = require("pdfkit") as new (options: object) => {
    pipe(stream: NodeJS.WritableStream): void;
    fontSize(size: number): { text(text: string): void };
    text(text: string): void;
    addPage(): void;
    end(): void;
  };
  const doc = new PDFDocument({ size: "A4" });
  const out = fs.createWriteStream(file);
  const done = new Promise<void>((resolve) => out.on("finish", () => resolve()));
  doc.pipe(out);
  doc.fontSize(20).text("Employee handbook");
  doc.text("1. Working hours");
  doc.addPage();
  doc.text("2. Expenses");
  doc.end();
  await done;
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [HOME, DRAWIO, PDF_FILES, PDF_TMP, INPUT]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(INPUT, "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#f80"/></svg>\n',
  );
  fs.writeFileSync(path.join(INPUT, "minutes.pdf"), "Minutes of the weekly sync\n- ship on Friday\n");
  await writePng(path.join(INPUT, "badge.png"));
  await writeHandbook(path.join(INPUT, "handbook.pdf"));
  seen.length = 0;
  unknownRequests.length = 0;
  await fontHost.start();
  await sleep(50);
  return async () => {
    clearTimers();
    await fontHost.stop().catch(() => {});
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`the font host was asked for: ${unknownRequests.join("; ")}`);
  };
}
