// Group r23-a: e-signature, document generation and translation management — PandaDoc (Mindstone's
// @mindstone/mcp-server-pandadoc), Lara Translate (Translated's own @translated/lara-mcp) and PDFCrowd (PDFCrowd's own
// pdfcrowd-mcp-pdf-export): each published MCP server behind a loopback stand-in that answers with the real service's
// bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r23-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r23-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  LARA_GLOSSARY,
  LARA_GLOSSARY_MISSING,
  LARA_KEY_ID,
  LARA_KEY_SECRET,
  LARA_MEMORY,
  LARA_MEMORY_MISSING,
  LARA_PORT,
  PANDADOC_KEY,
  PANDADOC_PROXY_PORT,
  PD_DOC_COMPLETED,
  PD_DOC_DRAFT,
  PD_DOC_MISSING,
  PD_DOC_NEW,
  PD_DOC_SENT,
  PD_DOC_SLOW,
  PD_TEMPLATE_MSA,
  PDFCROWD_KEY,
  PDFCROWD_PROXY_PORT,
  PDFCROWD_USER,
  clearTimers,
  ensureCertificate,
  laraStandin,
  pandadocStandin,
  pdfcrowdStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@mindstone/mcp-server-pandadoc": "0.3.0",
  "@translated/lara-mcp": "1.0.6",
  "pdfcrowd-mcp-pdf-export": "1.2.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const TMP = path.join(DATA, "tmp");
const WORKSPACE = path.join(DATA, "workspace");
const OUT = path.join(DATA, "out");

// ------------------------------------------------------------------------------------------- PandaDoc

const pandadoc: SessionSpec = {
  label: "r23-a-pandadoc",
  server: "@mindstone/mcp-server-pandadoc",
  transport: "stdio",
  start: stdioServer("r23-a-pandadoc", "@mindstone/mcp-server-pandadoc", {
    from: FROM,
    cwd: DATA,
    env: {
      PANDADOC_API_KEY: PANDADOC_KEY,
      MCP_WORKSPACE_PATH: WORKSPACE,
      TMPDIR: TMP,
      HTTPS_PROXY: `http://127.0.0.1:${PANDADOC_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("pnd-001", "list_templates", { q: "Master Services" }, "templates matching 'Master Services'"),
    step(
      "pnd-002",
      "list_documents",
      { status: 1, count: 20 },
      "documents out for signature (status 1 = sent)",
    ),
    step("pnd-003", "list_documents", { q: "Hooli renewal" }, "a search for a contract that does not exist"),
    step("pnd-004", "get_document_status", { document_id: PD_DOC_SENT }, "the status of the Globex MSA"),
    step(
      "pnd-005",
      "get_document_details",
      { document_id: PD_DOC_SENT },
      "the Globex MSA's recipients, tokens and total",
    ),
    step(
      "pnd-006",
      "get_document_status",
      { document_id: PD_DOC_MISSING },
      "a document id that does not exist (404)",
    ),
    step(
      "pnd-007",
      "get_document_status",
      { document_id: PD_DOC_MISSING },
      "the same missing document again, unchanged",
    ),
    step(
      "pnd-008",
      "create_document_from_template",
      {
        template_uuid: PD_TEMPLATE_MSA,
        name: "Master Services Agreement — Umbrella Health (FY27)",
        recipients: [
          {
            email: "m.cole@umbrella-health.example",
            first_name: "Miriam",
            last_name: "Cole",
            role: "Client",
          },
        ],
        tokens: [
          { name: "Client.Company", value: "Umbrella Health Inc." },
          { name: "Contract.Term", value: "12 months" },
        ],
        tags: ["msa", "fy27"],
      },
      "create an MSA from the template for a new customer",
    ),
    step(
      "pnd-009",
      "get_document_status",
      { document_id: PD_DOC_NEW },
      "poll the new document until it is a draft",
    ),
    step(
      "pnd-010",
      "send_document",
      {
        document_id: PD_DOC_NEW,
        subject: "Umbrella Health — MSA for signature",
        message: "Hi Miriam, please review and sign the attached agreement. Thanks, Dana",
      },
      "send the new draft for signature",
    ),
    step(
      "pnd-011",
      "create_document_session",
      { document_id: PD_DOC_SENT, recipient: "j.ortega@globex.example", lifetime: 86400 },
      "a signing link for the Globex signer",
    ),
    step(
      "pnd-012",
      "create_document_session",
      { document_id: PD_DOC_DRAFT, recipient: "m.cole@umbrella-health.example" },
      "a signing link for a document still in draft (400 validation_error)",
    ),
    step(
      "pnd-013",
      "download_document",
      { document_id: PD_DOC_COMPLETED },
      "download the signed Initech NDA",
    ),
    step(
      "pnd-014",
      "download_document",
      { document_id: PD_DOC_DRAFT, watermark_text: "DRAFT" },
      "download a document that is still a draft (409)",
    ),
    step(
      "pnd-015",
      "upload_document",
      { file_path: "/home/dana/Downloads/Initech_SOW_v3.pdf", name: "Initech SOW v3" },
      "upload a PDF from outside the server's workspace folder",
    ),
    step(
      "pnd-016",
      "create_document_from_template",
      {
        template_uuid: PD_TEMPLATE_MSA,
        name: "MSA — Globex renewal",
        recipients: [{ email: "j.ortega at globex", role: "Client" }],
      },
      "a recipient email that is not an address",
    ),
    step("pnd-017", "list_document_folders", {}, "the workspace's document folders"),
    step(
      "pnd-018",
      "list_contacts",
      { email: "j.ortega@globex.example" },
      "a contact lookup while the API throttles the key (429, Retry-After 30)",
      flag("pdRateLimited"),
    ),
    step(
      "pnd-019",
      "list_documents",
      { status: 2 },
      "completed documents after the API key was revoked (401)",
      flag("pdRevoked"),
    ),
    step(
      "pnd-020",
      "list_templates",
      {},
      "templates while a gateway answers an HTML 502",
      flag("pdBadGateway"),
    ),
    step(
      "pnd-021",
      "get_document_details",
      { document_id: PD_DOC_COMPLETED },
      "document details while the API answers 500",
      flag("pdServerError"),
    ),
    step(
      "pnd-022",
      "get_document_status",
      { document_id: PD_DOC_SLOW },
      "a status the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("pnd-023", "void_document", { document_id: PD_DOC_SENT }, "a tool the server does not have"),
    step(
      "pnd-024",
      "list_documents",
      { q: "Globex" },
      "documents while PandaDoc cannot be reached (proxy stopped)",
      down(pandadocStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Lara

const block = (text: string, translatable = true) => ({ text, translatable });

const lara: SessionSpec = {
  label: "r23-a-lara",
  server: "@translated/lara-mcp",
  transport: "stdio",
  start: stdioServer("r23-a-lara", "@translated/lara-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      LARA_ACCESS_KEY_ID: LARA_KEY_ID,
      LARA_ACCESS_KEY_SECRET: LARA_KEY_SECRET,
      LOGGING_LEVEL: "warn",
      LARA_STANDIN_PORT: String(LARA_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "lara-https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("lara-001", "list_languages", {}, "the languages the account supports"),
    step(
      "lara-002",
      "translate",
      {
        text: [
          block("Waterproof shell jacket"),
          block("Taped seams keep you dry in a downpour; the hood fits over a climbing helmet."),
          block("SKU: JKT-SHELL-0917", false),
        ],
        source: "en-US",
        target: "it-IT",
        context: "Product page of an outdoor clothing shop",
      },
      "translate product copy EN→IT, keeping the SKU as it is",
    ),
    step(
      "lara-003",
      "translate",
      {
        text: [block("Free returns within 30 days."), block("Add to cart")],
        source: "en-US",
        target: "it-IT",
        adapt_to: [LARA_MEMORY],
        glossaries: [LARA_GLOSSARY],
        style: "fluid",
      },
      "translate with the shop's translation memory and glossary",
    ),
    step(
      "lara-004",
      "detect_language",
      { text: "Guten Tag, ich habe eine Frage zu meiner Bestellung 10442." },
      "detect the language of a customer message",
    ),
    step("lara-005", "list_memories", {}, "the account's translation memories"),
    step("lara-006", "list_glossaries", {}, "the account's glossaries"),
    step("lara-007", "get_glossary", { id: LARA_GLOSSARY }, "one glossary by id"),
    step(
      "lara-008",
      "get_glossary",
      { id: LARA_GLOSSARY_MISSING },
      "a glossary id that does not exist (the server answers null)",
    ),
    step("lara-009", "get_glossary_counts", { id: LARA_GLOSSARY }, "the glossary's term counts"),
    step(
      "lara-010",
      "add_translation",
      {
        id: [LARA_MEMORY],
        source: "en-US",
        target: "it-IT",
        sentence: "Breathable membrane",
        translation: "Membrana traspirante",
      },
      "add a translation unit to the memory",
    ),
    step("lara-011", "check_import_status", { id: "imp_6Rk2Wm9TzQ4Lx7Nc" }, "the memory import job's status"),
    step(
      "lara-012",
      "add_glossary_entry",
      {
        id: LARA_GLOSSARY,
        terms: [
          { language: "en-US", value: "StormShell" },
          { language: "it-IT", value: "StormShell" },
        ],
      },
      "add a do-not-translate brand term to the glossary",
    ),
    step("lara-013", "create_memory", { name: "support_macros_de" }, "create a memory for support replies"),
    step(
      "lara-014",
      "delete_memory",
      { id: LARA_MEMORY_MISSING },
      "delete a memory id that does not exist (404)",
    ),
    step("lara-015", "delete_memory", { id: LARA_MEMORY_MISSING }, "the same delete again, unchanged"),
    step(
      "lara-016",
      "translate",
      { text: [block("Add to cart")], source: "en-US", target: "klingon" },
      "a target language the API does not know (400)",
    ),
    step(
      "lara-017",
      "translate",
      { text: [block("Add to cart")], target: "de-DE", glossaries: ["brand-terms"] },
      "a glossary given by name instead of its gls_ id",
    ),
    step(
      "lara-018",
      "translate",
      { text: [block("Free returns within 30 days.")], target: "de-DE" },
      "a translation while the key is throttled (429)",
      flag("laraRateLimited"),
    ),
    step(
      "lara-019",
      "translate",
      { text: [block("Free returns within 30 days.")], target: "es-ES" },
      "a translation after the plan's monthly characters ran out (402)",
      flag("laraQuota"),
    ),
    step(
      "lara-020",
      "list_memories",
      {},
      "memories after the access key was revoked (401, re-authentication refused)",
      flag("laraRevoked"),
    ),
    step("lara-021", "list_glossaries", {}, "glossaries while the API answers 500", flag("laraServerError")),
    step(
      "lara-022",
      "list_memories",
      {},
      "memories while a gateway answers an HTML 502",
      flag("laraBadGateway"),
    ),
    step(
      "lara-023",
      "translate",
      { text: [block("A slow sentence for the annual report.")], target: "fr-FR" },
      "a translation the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "lara-024",
      "translate_document",
      { file: "terms.docx", target: "it-IT" },
      "a tool the server does not have",
    ),
    step(
      "lara-025",
      "detect_language",
      { text: "Dove posso trovare la ricevuta?" },
      "language detection while Lara cannot be reached (stand-in stopped)",
      down(laraStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- PDFCrowd

const INVOICE_HTML =
  '<!DOCTYPE html><html><head><meta charset="UTF-8"><style>html,body{margin:0;padding:0;font:16px sans-serif}table{width:100%;border-collapse:collapse}thead{display:table-header-group}tr{break-inside:avoid}</style></head><body><h1>Invoice 1042</h1><p>Acme Outdoor GmbH → Globex Corporation</p><table><thead><tr><th>Item</th><th>Qty</th><th>Amount</th></tr></thead><tbody><tr><td>StormShell jacket</td><td>40</td><td>€9,960.00</td></tr><tr><td>Embroidery</td><td>40</td><td>€480.00</td></tr></tbody></table><p><strong>Total due: €10,440.00</strong> by 2027-01-05</p></body></html>';
const REPORT_FILE = path.join(WORKSPACE, "q4-report.html");
const pdf = (name: string) => path.join(OUT, name);

const pdfcrowd: SessionSpec = {
  label: "r23-a-pdfcrowd",
  server: "pdfcrowd-mcp-pdf-export",
  transport: "stdio",
  start: stdioServer("r23-a-pdfcrowd", "pdfcrowd-mcp-pdf-export", {
    from: FROM,
    cwd: WORKSPACE,
    env: {
      PDFCROWD_USERNAME: PDFCROWD_USER,
      PDFCROWD_API_KEY: PDFCROWD_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${PDFCROWD_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      TMPDIR: TMP,
      HOME,
    },
  }),
  steps: [
    step("pcw-001", "pdfcrowd_info", {}, "what the PDF export server offers"),
    step("pcw-002", "pdfcrowd_info", { topic: "html_layout" }, "the layout guidelines before writing HTML"),
    step(
      "pcw-003",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1042.pdf"), title: "Invoice 1042" },
      "an invoice from HTML",
    ),
    step(
      "pcw-004",
      "pdfcrowd_create_pdf",
      {
        url: "https://status.acme-outdoor.example/reports/2026-11",
        output_path: pdf("status-2026-11.pdf"),
        orientation: "landscape",
      },
      "a public status report page to PDF, landscape",
    ),
    step(
      "pcw-005",
      "pdfcrowd_create_pdf",
      { file: REPORT_FILE, output_path: pdf("q4-report.pdf"), page_size: "Letter", margins: "0.75in" },
      "a local HTML report file to PDF",
    ),
    step(
      "pcw-006",
      "pdfcrowd_create_pdf",
      { file: path.join(WORKSPACE, "q3-report.html"), output_path: pdf("q3-report.pdf") },
      "a local HTML file that does not exist",
    ),
    step(
      "pcw-007",
      "pdfcrowd_create_pdf",
      { url: "https://intranet.acme.internal/handbook/travel-policy", output_path: pdf("travel-policy.pdf") },
      "an intranet URL the service cannot reach (400, reason 320)",
    ),
    step(
      "pcw-008",
      "pdfcrowd_create_pdf",
      {
        html: "<h1>Packing list</h1>",
        url: "https://status.acme-outdoor.example/packing",
        output_path: pdf("packing.pdf"),
      },
      "both html and url given",
    ),
    step(
      "pcw-009",
      "pdfcrowd_create_pdf",
      {
        html: "<h1>Packing list</h1><ul><li>Tent</li></ul>",
        output_path: pdf("packing.pdf"),
        margins: "2 cm",
      },
      "margins written with a space ('2 cm')",
    ),
    step(
      "pcw-010",
      "pdfcrowd_create_pdf",
      {
        html: "<h1>Packing list</h1><ul><li>Tent</li></ul>",
        output_path: pdf("packing.pdf"),
        margins: "2cm",
      },
      "the packing list with the margins corrected",
    ),
    step(
      "pcw-011",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1042-copy.pdf") },
      "the invoice with credentials the service no longer accepts (401, reason 106)",
      flag("pcBadCredentials"),
    ),
    step(
      "pcw-012",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1042-copy.pdf") },
      "the same call again, credentials still refused",
      flag("pcBadCredentials"),
    ),
    step(
      "pcw-013",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1043.pdf") },
      "an invoice when the account has no credits left (403, reason 105)",
      flag("pcNoCredits"),
    ),
    step(
      "pcw-014",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1044.pdf") },
      "an invoice while the plan's rate limit is spent (429, reason 120)",
      flag("pcRateLimited"),
    ),
    step(
      "pcw-015",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1045.pdf") },
      "an invoice while too many conversions run at once (430, reason 121)",
      flag("pcConcurrency"),
    ),
    step(
      "pcw-016",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1046.pdf") },
      "an invoice while the front answers an HTML 503 (the server tries three times)",
      flag("pcUnavailable"),
    ),
    step(
      "pcw-017",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1047.pdf") },
      "an invoice while the API answers 500 (the server tries three times)",
      flag("pcServerError"),
    ),
    step(
      "pcw-018",
      "pdfcrowd_create_pdf",
      { url: "https://status.acme-outdoor.example/dashboards/live", output_path: pdf("live-dashboard.pdf") },
      "a page that never finishes loading (400, reason 323 conversion timeout)",
      flag("pcConversionTimeout"),
    ),
    step(
      "pcw-019",
      "pdfcrowd_create_pdf",
      { url: "https://status.acme-outdoor.example/slow-annual-report", output_path: pdf("annual.pdf") },
      "a conversion the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("pcw-020", "pdfcrowd_info", { topic: "pricing" }, "a help topic the server does not have"),
    step(
      "pcw-021",
      "pdfcrowd_convert_url",
      { url: "https://status.acme-outdoor.example/reports/2026-11" },
      "a tool the server does not have",
    ),
    step(
      "pcw-022",
      "pdfcrowd_create_pdf",
      { html: INVOICE_HTML, output_path: pdf("invoice-1048.pdf") },
      "an invoice while PDFCrowd cannot be reached (proxy stopped)",
      down(pdfcrowdStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [pandadoc, lara, pdfcrowd];

export async function prepare(): Promise<() => Promise<void>> {
  for (const dir of [HOME, TMP, OUT, WORKSPACE]) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.writeFileSync(
    REPORT_FILE,
    '<!DOCTYPE html><html><head><meta charset="UTF-8"><title>Q4 report</title></head><body><h1>Q4 2026 — EU wholesale</h1><p>Revenue €4.21M (+12% YoY). Returns 3.1%.</p></body></html>',
  );
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
