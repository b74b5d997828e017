// Group "web" of the server corpus: two browsers (Playwright MCP, the Puppeteer reference server)
// driving the machine's /usr/bin/chromium, two HTTP clients (a REST API tester, a fetch/GraphQL
// tool) and an e-mail sender (Resend). Everything they reach is a loopback stand-in
// (upstream.ts) on the group's ports 38350–38399; data lives under /tmp/faultline-corpus-web/.
//
//   (cd scripts/server-corpus/groups/web && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts web

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { GRAPHQL, KEYS, PORTS, RESEND, SERVICES, SITE, startAll, state, STRIPE } from "./upstream.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-web";
const PW_DIR = path.join(DATA, "playwright");
const PWH_DIR = path.join(DATA, "playwright-http");
/** Chromium refuses to run as root without --no-sandbox; the wrapper adds it, so that the
 *  Puppeteer server's own launch options stay free of "dangerous" arguments. */
const CHROMIUM_WRAPPER = path.join(DATA, "chromium-no-sandbox.sh");

export const PACKAGES: Record<string, string> = {
  "@playwright/mcp": "0.0.83",
  "@modelcontextprotocol/server-puppeteer": "2025.5.12",
  "dkmaker-mcp-rest-api": "0.4.0",
  "mcp-fetch": "0.1.6",
  "@skanda-yutori/mcp-send-email": "1.0.0",
};

export async function prepare(): Promise<() => Promise<void>> {
  for (const dir of [PW_DIR, PWH_DIR, path.join(DATA, "home")]) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
  }
  fs.writeFileSync(CHROMIUM_WRAPPER, '#!/bin/sh\nexec /usr/bin/chromium --no-sandbox "$@"\n', {
    mode: 0o755,
  });
  fs.writeFileSync(path.join(DATA, "secret.html"), "<h1>local file</h1>\n");
  state.stripeKeyExpired = false;
  state.resendQueue = [];
  return startAll();
}

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({
  id,
  tool,
  args,
  scenario,
  ...more,
});

const BROWSER_ENV = {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  PUPPETEER_SKIP_DOWNLOAD: "1",
  HOME: path.join(DATA, "home"),
};
const CLOSED = `http://127.0.0.1:${PORTS.closed}`;

// ---------------------------------------------------------------------------------------------
// @playwright/mcp over stdio.

const playwrightArgs = (outputDir: string) => [
  "--headless",
  "--isolated",
  "--no-sandbox",
  "--executable-path",
  "/usr/bin/chromium",
  "--output-dir",
  outputDir,
  "--timeout-navigation",
  "4000",
  "--timeout-action",
  "2000",
];

const playwright: SessionSpec = {
  label: "web-playwright",
  server: "@playwright/mcp",
  transport: "stdio",
  start: stdioServer("web-playwright", "@playwright/mcp", {
    from: HERE,
    cwd: PW_DIR,
    args: playwrightArgs(path.join(PW_DIR, "out")),
    env: BROWSER_ENV,
  }),
  steps: [
    step("pw-001", "browser_navigate", { url: `${SITE}/` }, "open the shop's home page"),
    step("pw-002", "browser_snapshot", {}, "take an accessibility snapshot of the page"),
    step(
      "pw-003",
      "browser_type",
      { element: "Search parts box", target: "#q", text: "bolt", submit: true },
      "type a search into the search box and submit",
    ),
    step(
      "pw-004",
      "browser_evaluate",
      { function: "() => [...document.querySelectorAll('li.result')].map((li) => li.textContent)" },
      "read the search results with a script",
    ),
    step("pw-005", "browser_find", { text: "titanium" }, "look for text that is not on the page"),
    step(
      "pw-006",
      "browser_click",
      { element: "Checkout button", target: "#checkout" },
      "click an element that does not exist on the page",
    ),
    step(
      "pw-007",
      "browser_click",
      { element: "Checkout button", target: "#checkout" },
      "the same click again, same arguments",
    ),
    step(
      "pw-008",
      "browser_evaluate",
      { function: "() => { return window.cart.items.length; }" },
      "a script that throws (the page has no cart object)",
    ),
    step("pw-009", "browser_navigate", { url: `${SITE}/status/404` }, "open a page that answers 404"),
    step("pw-010", "browser_navigate", { url: `${CLOSED}/` }, "open a page on a port where nothing listens"),
    step(
      "pw-011",
      "browser_navigate",
      { url: `${SITE}/slow` },
      "open a page that takes 15 s (navigation timeout 4 s)",
    ),
    step("pw-012", "browser_navigate", { url: `file://${DATA}/secret.html` }, "open a local file:// URL"),
    step("pw-013", "browser_navigate", { url: "acme parts home" }, "navigate to something that is not a URL"),
    step("pw-014", "browser_tabs", { action: "select", index: 7 }, "select a tab that does not exist"),
    step(
      "pw-015",
      "browser_resize",
      { width: "wide", height: 800 },
      "resize with a string width (wrong type)",
    ),
    step(
      "pw-016",
      "browser_console_messages",
      { level: "fatal" },
      "console messages with a level outside the enum",
    ),
  ],
};

// @playwright/mcp over Streamable HTTP (its --port mode): console errors, a kill mid-call.
const playwrightHttp: SessionSpec = {
  label: "web-playwright-http",
  server: "@playwright/mcp",
  transport: "http",
  start: httpServer("web-playwright-http", "@playwright/mcp", {
    from: HERE,
    port: PORTS.playwrightHttp,
    path: "/mcp",
    args: [
      ...playwrightArgs(PWH_DIR),
      "--port",
      String(PORTS.playwrightHttp),
      "--host",
      "127.0.0.1",
      "--allowed-hosts",
      `127.0.0.1:${PORTS.playwrightHttp}`,
    ],
    env: BROWSER_ENV,
  }),
  steps: [
    step("pwh-001", "browser_navigate", { url: `${SITE}/catalog` }, "open the catalog page"),
    step(
      "pwh-002",
      "browser_evaluate",
      {
        function:
          "() => [...document.querySelectorAll('#parts tr')].slice(1).map((tr) => tr.cells[0].textContent)",
      },
      "read the SKUs from the catalog table",
    ),
    step("pwh-003", "browser_navigate", { url: `${SITE}/broken` }, "open a page whose scripts fail"),
    step("pwh-004", "browser_console_messages", { level: "error" }, "read the page's console errors"),
    step("pwh-005", "browser_navigate", { url: `${SITE}/contact` }, "open the contact form"),
    step(
      "pwh-006",
      "browser_select_option",
      { element: "Message box", target: "#msg", values: ["urgent"] },
      "select an option in a textarea (not a select element)",
    ),
    step("pwh-007", "browser_click", { element: "Send button", target: "#send" }, "click Send"),
    step("pwh-008", "browser_wait_for", { text: "Thanks!" }, "wait for the confirmation text"),
    step("pwh-009", "browser_teleport", { url: `${SITE}/` }, "call a tool the server does not have"),
    step("pwh-010", "browser_wait_for", { time: 8 }, "server process killed 1 s into an 8 s wait", {
      timeoutMs: 6000,
      during: async (live) => {
        await sleep(1000);
        live.kill();
      },
    }),
    step("pwh-011", "browser_snapshot", {}, "a snapshot after the server process died"),
  ],
};

// ---------------------------------------------------------------------------------------------
// @modelcontextprotocol/server-puppeteer over stdio (its own SDK 1.0.1 on the server side).

const puppeteer: SessionSpec = {
  label: "web-puppeteer",
  server: "@modelcontextprotocol/server-puppeteer",
  transport: "stdio",
  start: stdioServer("web-puppeteer", "@modelcontextprotocol/server-puppeteer", {
    from: HERE,
    cwd: DATA,
    env: {
      ...BROWSER_ENV,
      PUPPETEER_LAUNCH_OPTIONS: JSON.stringify({ headless: true, executablePath: CHROMIUM_WRAPPER }),
    },
  }),
  steps: [
    step("pup-001", "puppeteer_navigate", { url: `${SITE}/` }, "open the shop's home page"),
    step("pup-002", "puppeteer_screenshot", { name: "home", width: 800, height: 600 }, "screenshot the page"),
    step("pup-003", "puppeteer_fill", { selector: "#q", value: "washer" }, "fill the search box"),
    step("pup-004", "puppeteer_select", { selector: "#sort", value: "price" }, "choose a sort order"),
    step(
      "pup-005",
      "puppeteer_evaluate",
      { script: "document.querySelectorAll('.result').length" },
      "count search results on the home page (there are none)",
    ),
    step("pup-006", "puppeteer_click", { selector: "#checkout" }, "click an element that does not exist"),
    step("pup-007", "puppeteer_click", { selector: "#checkout" }, "the same click again, same arguments"),
    step(
      "pup-008",
      "puppeteer_evaluate",
      { script: "window.cart.items.length" },
      "a script that throws a TypeError",
    ),
    step("pup-009", "puppeteer_evaluate", { script: "return [1, 2" }, "a script with a syntax error"),
    step(
      "pup-010",
      "puppeteer_navigate",
      { url: `${CLOSED}/` },
      "open a page on a port where nothing listens",
    ),
    step("pup-011", "puppeteer_navigate", { url: `${SITE}/catalog` }, "open the catalog after the failure"),
    step(
      "pup-012",
      "puppeteer_navigate",
      { url: `${SITE}/`, launchOptions: { headless: true, args: ["--disable-web-security"] } },
      "relaunch with a 'dangerous' browser argument, not allowed by the server",
    ),
    step("pup-013", "puppeteer_navigate", { url: 42 }, "navigate with a number as the URL (wrong type)"),
    step("pup-014", "puppeteer_scroll", { y: 400 }, "call a tool the server does not have"),
    step(
      "pup-015",
      "puppeteer_evaluate",
      { script: "new Promise((resolve) => setTimeout(() => resolve('done'), 8000))" },
      "server process killed 1 s into an 8 s script",
      {
        timeoutMs: 6000,
        during: async (live) => {
          await sleep(1000);
          live.kill();
        },
      },
    ),
    step("pup-016", "puppeteer_navigate", { url: `${SITE}/catalog` }, "a call after the server process died"),
  ],
};

// ---------------------------------------------------------------------------------------------
// dkmaker-mcp-rest-api against the Stripe-style API.

const rest: SessionSpec = {
  label: "web-rest",
  server: "dkmaker-mcp-rest-api",
  transport: "stdio",
  start: stdioServer("web-rest", "dkmaker-mcp-rest-api", {
    from: HERE,
    env: { REST_BASE_URL: `${STRIPE}/v1`, AUTH_BEARER: KEYS.stripe },
  }),
  steps: [
    step("rest-001", "test_request", { method: "GET", endpoint: "/customers" }, "list customers"),
    step("rest-002", "test_request", { method: "GET", endpoint: "/customers/cus_QaB2" }, "get one customer"),
    step(
      "rest-003",
      "test_request",
      { method: "GET", endpoint: "/invoices" },
      "list invoices (there are none)",
    ),
    step(
      "rest-004",
      "test_request",
      { method: "GET", endpoint: "/customers/cus_Zz99" },
      "get a customer that does not exist",
    ),
    step(
      "rest-005",
      "test_request",
      { method: "GET", endpoint: "/customers/cus_Zz99" },
      "the same missing customer again, same arguments",
    ),
    step(
      "rest-006",
      "test_request",
      { method: "POST", endpoint: "/customers", body: { email: "grace(at)acme", name: "Grace Hopper" } },
      "create a customer with an invalid email",
    ),
    step(
      "rest-007",
      "test_request",
      {
        method: "POST",
        endpoint: "/payment_intents",
        body: { amount: 12000, currency: "usd", customer: "cus_QaB1", confirm: true },
      },
      "charge a card that is declined (insufficient funds)",
    ),
    step(
      "rest-008",
      "test_request",
      { method: "GET", endpoint: "/balance" },
      "read the balance with a key that lacks the permission",
    ),
    step(
      "rest-009",
      "test_request",
      { method: "GET", endpoint: "/charges" },
      "list charges: rate limited (429, Retry-After)",
    ),
    step(
      "rest-010",
      "test_request",
      { method: "GET", endpoint: "/events" },
      "list events: the API answers 500",
    ),
    step(
      "rest-011",
      "test_request",
      { method: "PATCH", endpoint: "/customers/cus_QaB1" },
      "a method the tool does not support",
    ),
    step(
      "rest-012",
      "test_request",
      { method: "GET", endpoint: `${STRIPE}/v1/customers` },
      "a full URL instead of a path",
    ),
    step(
      "rest-013",
      "test_request",
      { method: "GET", endpoint: "/files/slow" },
      "an endpoint that takes 15 s (client timeout 3 s)",
      {
        timeoutMs: 3000,
      },
    ),
    step(
      "rest-014",
      "test_request",
      { method: "GET", endpoint: "/customers" },
      "list customers after the API key was rolled",
      {
        before: async () => {
          state.stripeKeyExpired = true;
        },
      },
    ),
    step(
      "rest-015",
      "test_request",
      { method: "GET", endpoint: "/customers" },
      "the API is unreachable (stand-in stopped)",
      {
        before: async () => {
          await SERVICES.stripe.stop();
          await sleep(300); // let pooled keep-alive sockets see the close: a clean "connection refused"
        },
        after: async () => {
          state.stripeKeyExpired = false;
          await SERVICES.stripe.start();
        },
      },
    ),
    step(
      "rest-016",
      "send_request",
      { method: "GET", endpoint: "/customers" },
      "call a tool the server does not have",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// mcp-fetch: its fetch and graphql tools.

const mcpFetch: SessionSpec = {
  label: "web-mcp-fetch",
  server: "mcp-fetch",
  transport: "stdio",
  start: stdioServer("web-mcp-fetch", "mcp-fetch", { from: HERE, env: BROWSER_ENV }),
  steps: [
    step("mf-001", "fetch", { url: `${SITE}/api/parts?q=nut` }, "fetch a JSON list of parts"),
    step(
      "mf-002",
      "fetch",
      { url: `${SITE}/api/parts?q=titanium` },
      "search parts that do not exist (empty list)",
    ),
    step(
      "mf-003",
      "fetch",
      { url: `${SITE}/api/parts/ZZZ-999` },
      "fetch a part that does not exist (404 with a code)",
    ),
    step(
      "mf-004",
      "fetch",
      { url: `${SITE}/api/orders` },
      "fetch orders with an expired token (401 invalid_token)",
    ),
    step(
      "mf-005",
      "fetch",
      { url: `${SITE}/api/export` },
      "an export that is rate limited (429, Retry-After)",
    ),
    step("mf-006", "fetch", { url: `${SITE}/api/health` }, "a health endpoint in maintenance (503)"),
    step("mf-007", "fetch", { url: `${CLOSED}/api/parts` }, "fetch from a port where nothing listens"),
    step(
      "mf-008",
      "fetch",
      { url: `${SITE}/slow`, timeout: 1500 },
      "a 15 s page with the tool's own 1.5 s timeout",
    ),
    step("mf-009", "fetch", { url: "ftp//acme.test/parts.csv" }, "a malformed URL"),
    step(
      "mf-010",
      "fetch",
      { url: "ftp//acme.test/parts.csv" },
      "the same malformed URL again, same arguments",
    ),
    step("mf-011", "fetch", { url: `${SITE}/api/parts`, method: "FETCH" }, "an HTTP method outside the enum"),
    step(
      "mf-012",
      "graphql",
      {
        action: {
          type: "execute",
          endpoint: GRAPHQL,
          query: '{ part(sku: "BLT-001") { sku name price stock } }',
        },
      },
      "a GraphQL query for one part",
    ),
    step(
      "mf-013",
      "graphql",
      { action: { type: "execute", endpoint: GRAPHQL, query: '{ part(sku: "BLT-001") { sku weight } }' } },
      "a GraphQL query for a field the schema does not have",
    ),
    step(
      "mf-014",
      "graphql",
      {
        action: {
          type: "execute",
          endpoint: GRAPHQL,
          query: 'mutation { restock(sku: "WSH-003", quantity: 500) { sku stock } }',
        },
      },
      "a mutation the API refuses (restocking disabled, SERVICE_UNAVAILABLE)",
    ),
    step(
      "mf-015",
      "graphql",
      { action: { type: "execute", endpoint: GRAPHQL, query: '{ part(sku: "ZZZ-999") { sku name } }' } },
      "a GraphQL query for a part that does not exist (data.part null)",
    ),
    step("mf-016", "http_get", { url: `${SITE}/` }, "call a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------
// @skanda-yutori/mcp-send-email against Resend's API (RESEND_BASE_URL).

const email = (more: Record<string, unknown> = {}) => ({
  from: "orders@acme.test",
  to: "ada@example.org",
  subject: "Your order 1042 has shipped",
  text: "Hello Ada, your order 1042 left our warehouse today.",
  ...more,
});
const queue =
  (...answers: (typeof state.resendQueue)[number][]) =>
  async () => {
    state.resendQueue = answers;
  };

const mail: SessionSpec = {
  label: "web-send-email",
  server: "@skanda-yutori/mcp-send-email",
  transport: "stdio",
  start: stdioServer("web-send-email", "@skanda-yutori/mcp-send-email", {
    from: HERE,
    env: { RESEND_API_KEY: KEYS.resend, RESEND_BASE_URL: RESEND },
  }),
  steps: [
    step("mail-001", "send-email", email(), "send a shipping notice"),
    step(
      "mail-002",
      "send-email",
      email({ cc: ["alan@example.org"], html: "<p>Hello Ada</p>" }),
      "send with cc and html",
    ),
    step(
      "mail-003",
      "send-email",
      email({ to: "ada at example.org" }),
      "a recipient that is not an email address",
    ),
    step(
      "mail-004",
      "send-email",
      email({ from: "orders@acme-mail.test" }),
      "send from a domain that is not verified",
    ),
    step(
      "mail-005",
      "send-email",
      email({ from: "orders@acme-mail.test" }),
      "the same unverified sender again, same arguments",
    ),
    step(
      "mail-006",
      "send-email",
      email({ scheduledAt: "whenever suits" }),
      "schedule with a time Resend cannot read",
    ),
    step("mail-007", "send-email", email({ subject: 1042 }), "a number as the subject (wrong type)"),
    step("mail-008", "send-email", email({ to: "alan@example.org" }), "send while rate limited (429)", {
      before: queue("rate_limit"),
    }),
    step(
      "mail-009",
      "send-email",
      email({ to: "grace@example.org" }),
      "send after the daily quota is used up",
      {
        before: queue("daily_quota"),
      },
    ),
    step("mail-010", "send-email", email({ to: "edsger@example.org" }), "Resend answers 500", {
      before: queue("server_error"),
    }),
    step(
      "mail-011",
      "send-email",
      email({ to: "barbara@example.org" }),
      "a 502 HTML page from the CDN in front of the API",
      {
        before: queue("bad_gateway"),
      },
    ),
    step(
      "mail-012",
      "send-email",
      email({ to: "ken@example.org" }),
      "the API key was revoked (403 invalid_api_key)",
      {
        before: queue("invalid_key"),
      },
    ),
    step(
      "mail-013",
      "send-email",
      email({ to: "dennis@example.org" }),
      "the API is unreachable (stand-in stopped)",
      {
        before: async () => {
          await SERVICES.resend.stop();
          await sleep(300);
        },
        after: async () => {
          await SERVICES.resend.start();
        },
      },
    ),
    step(
      "mail-014",
      "send-email",
      email({ to: "linus@example.org", subject: "Invoice 88" }),
      "send after the API is back",
    ),
    step("mail-015", "send-batch", { emails: [email()] }, "call a tool the server does not have"),
    step(
      "mail-016",
      "send-email",
      email({ to: "grace@example.org", scheduledAt: "in 1 hour" }),
      "schedule a send for later, in words Resend accepts",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [playwright, playwrightHttp, puppeteer, rest, mcpFetch, mail];
