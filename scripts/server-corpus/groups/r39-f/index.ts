// Group r39-f: document generation — pdf noodle's templated PDFs through its own MCP server, mcp-server-pdfnoodle
// (templates, PDF generation from a template or HTML, render status, and PDF utilities). The kind asked for
// (e-signature, forms and surveys: DocuSign, Documenso, Dropbox Sign, BoldSign, Typeform, Jotform, Tally, …) had no
// server this machine's registry mirror serves; README.md says which were tried and why this neighbouring kind
// (documents made from templates, as PandaDoc's are) was taken. The published server is behind a loopback stand-in
// of api.pdfnoodle.com (standins.ts).
//
//   (cd scripts/server-corpus/groups/r39-f && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r39-f

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_KEY,
  ASYNC_REQUEST,
  CERT,
  DATA,
  FAILED_REQUEST,
  PDFNOODLE_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  pdfnoodleProxy,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-server-pdfnoodle": "1.2.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const invoice = JSON.stringify({
  invoiceNumber: "INV-2026-0412",
  issueDate: "07/12/2026",
  customer: { name: "Harbor & Pine Studio", email: "billing@harborpine.example" },
  lines: [
    { description: "Brand workshop (2 days)", quantity: 1, amount: "3,200.00" },
    { description: "Logo variations", quantity: 4, amount: "1,000.00" },
  ],
  total: "4,200.00",
});

const report = `<!DOCTYPE html><html><head><style>@page{size:A4;margin:40px}body{-webkit-print-color-adjust:exact;font-family:sans-serif}section{page-break-inside:avoid}</style></head><body><h1>Q4 operations report</h1><section><h2>Highlights</h2><p>Ticket backlog down 18% quarter on quarter.</p></section><table><thead><tr><th>Region</th><th>Tickets</th></tr></thead><tbody><tr><td>EMEA</td><td>1,204</td></tr><tr><td>AMER</td><td>2,031</td></tr></tbody></table></body></html>`;

const pdfnoodle: SessionSpec = {
  label: "r39-f-pdfnoodle",
  server: "mcp-server-pdfnoodle",
  transport: "stdio",
  start: stdioServer("r39-f-pdfnoodle", "mcp-server-pdfnoodle", {
    from: FROM,
    cwd: DATA,
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      PDFNOODLE_API_KEY: API_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${PDFNOODLE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step("pdn-001", "list_templates", {}, "the account's three templates"),
    step(
      "pdn-002",
      "get_template",
      { templateId: "invoice-standard" },
      "one template in full, with its HTML",
    ),
    step(
      "pdn-003",
      "get_template_schema",
      { templateId: "invoice-standard" },
      "the variables the invoice template takes",
    ),
    step(
      "pdn-004",
      "generate_pdf",
      { templateId: "invoice-standard", data: invoice },
      "an invoice rendered synchronously: a signed download URL",
    ),
    step(
      "pdn-005",
      "generate_pdf",
      {
        templateId: "nda-mutual",
        data: JSON.stringify({
          partyA: "Northwind Labs",
          partyB: "Harbor & Pine Studio",
          effectiveDate: "07/12/2026",
        }),
        async: true,
      },
      "an NDA rendered asynchronously: a request id to poll",
    ),
    step("pdn-006", "check_pdf_status", { requestId: ASYNC_REQUEST }, "the render is still going (ONGOING)"),
    step(
      "pdn-007",
      "check_pdf_status",
      { requestId: ASYNC_REQUEST },
      "the same render polled again: SUCCESS",
    ),
    step("pdn-008", "html_to_pdf", { html: report }, "raw HTML rendered to a PDF"),
    step("pdn-009", "list_templates", {}, "an account with no templates yet", flag("noTemplates")),
    step(
      "pdn-010",
      "create_template_with_ai",
      {
        displayName: "Purchase order",
        prompt:
          "A one-page purchase order: buyer and supplier blocks, a line-item table with quantity and unit price, totals and a signature line.",
      },
      "a template asked of the AI builder: it starts rendering",
    ),
    step(
      "pdn-011",
      "get_template",
      { templateId: "tpl_01JEBWZ4Q8N2V6C3R7K9M5T1XH" },
      "the new template looked up while it is still being created",
    ),
    step(
      "pdn-012",
      "get_template",
      { templateId: "receipt-thermal" },
      "a template id the account does not have (404)",
    ),
    step(
      "pdn-013",
      "generate_pdf",
      { templateId: "invoice-standard", data: "{invoiceNumber: 'INV-2026-0413'}" },
      "template data that is not valid JSON (the server's own check)",
    ),
    step(
      "pdn-014",
      "generate_pdf",
      { templateId: "certificate-completion", data: JSON.stringify({ studentName: "Amara Okafor" }) },
      "a render missing a required template variable (400 validation_error)",
    ),
    step(
      "pdn-015",
      "generate_pdf",
      { templateId: "certificate-completion", data: JSON.stringify({ studentName: "Amara Okafor" }) },
      "the same call again, unchanged",
    ),
    step("pdn-016", "generate_pdf", { data: invoice }, "no templateId at all"),
    step(
      "pdn-017",
      "merge_pdfs",
      {
        urls: [
          "https://files.harborpine.example/contracts/msa-signed.pdf",
          "https://files.harborpine.example/contracts/sow-01-signed.pdf",
        ],
        finalFilename: "contract-pack.pdf",
      },
      "the API answers 500",
      flag("serverError"),
    ),
    step(
      "pdn-018",
      "compress_pdf",
      { url: "https://files.harborpine.example/contracts/msa-signed.pdf", compressLevel: "high" },
      "the API answers 429 with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "pdn-019",
      "convert_markdown_to_pdf",
      { markdown: "# Meeting notes\n\n- Renewal terms agreed\n- Send the SOW for signature by Friday" },
      "the plan's monthly PDF quota is used up (402)",
      flag("quotaReached"),
    ),
    step("pdn-020", "list_templates", {}, "the API key was revoked (401)", flag("keyRevoked")),
    step(
      "pdn-021",
      "html_to_pdf",
      { html: report },
      "Cloudflare's 502 page in front of the API",
      flag("badGateway"),
    ),
    step(
      "pdn-022",
      "check_pdf_status",
      { requestId: FAILED_REQUEST },
      "a render that failed (renderStatus FAILED)",
    ),
    step(
      "pdn-023",
      "get_upload_url",
      { fileName: "signed-msa.pdf" },
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "pdn-024",
      "list_templates",
      {},
      "a call while api.pdfnoodle.com is unreachable (the proxy refuses connections)",
      down(pdfnoodleProxy),
    ),
    step("pdn-025", "send_for_signature", { templateId: "nda-mutual" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [pdfnoodle];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
