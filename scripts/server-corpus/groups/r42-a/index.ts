// Group r42-a: payments — PayPal through PayPal's own MCP server (PayPalAgentToolkit in @paypal/agent-toolkit): the
// catalog, orders and captures, refunds, invoices, disputes, transaction search and subscriptions, a kind the fixture
// README's server table has as Stripe, Square, Paddle, Razorpay and Lemon Squeezy. The published server is behind a
// loopback stand-in of PayPal's sandbox REST API (standins.ts).
//
//   (cd scripts/server-corpus/groups/r42-a && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r42-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Reporter } from "../../deps.js";
import { HERE, LOGS, serverEnv, sleep, type Live, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCESS_TOKEN,
  ALL_STANDINS,
  APPROVED_ORDER_ID,
  CAPTURE_ID,
  DATA,
  EXPIRED_TOKEN,
  FOREIGN_DISPUTE_ID,
  MISSING_INVOICE_ID,
  MISSING_PRODUCT_ID,
  MISSING_TRANSACTION_ID,
  NEW_ORDER_ID,
  PAYPAL_PORT,
  PRODUCT_ID,
  REFUNDED_CAPTURE_ID,
  SUBSCRIPTION_ID,
  certificateFile,
  clearTimers,
  paypalServer,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@paypal/agent-toolkit": "1.8.0",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

type SdkClient = Live["client"];
type SdkTransport = Parameters<SdkClient["connect"]>[0];
interface StdioTransport extends SdkTransport {
  readonly stderr: NodeJS.ReadableStream | null;
  readonly pid: number | null;
}

/**
 * The harness's SDK client (scripts/server-corpus/node_modules), loaded at run time, so its types stay the harness's
 * own (`Live`) whichever SDK copy this group's install holds.
 */
async function harnessSdk() {
  const dir = path.join(HERE, "node_modules", "@modelcontextprotocol", "sdk", "dist", "esm", "client");
  const load = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const { Client } = (await load("index.js")) as {
    Client: new (info: { name: string; version: string }) => SdkClient;
  };
  const { StdioClientTransport } = (await load("stdio.js")) as {
    StdioClientTransport: new (params: {
      command: string;
      args: string[];
      env: Record<string, string>;
      cwd: string;
      stderr: "pipe";
    }) => StdioTransport;
  };
  return { Client, StdioClientTransport };
}

/**
 * PayPal's MCP server as `npx @paypal/mcp --tools=all` starts it. The npm mirror here does not serve @paypal/mcp (its
 * launcher), so `paypal-mcp.mjs` takes the launcher's steps: the toolkit's PayPalAgentToolkit with every tool, the
 * token from PAYPAL_ACCESS_TOKEN, the sandbox, on stdio. The toolkit itself is not touched.
 */
function paypalMcp(label: string, token: string) {
  return async (reporter: Reporter): Promise<Live> => {
    const { Client, StdioClientTransport } = await harnessSdk();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(FROM, "paypal-mcp.mjs")],
      env: serverEnv({
        HOME,
        PAYPAL_ACCESS_TOKEN: token,
        PAYPAL_ENVIRONMENT: "SANDBOX",
        HTTPS_PROXY: `http://127.0.0.1:${PAYPAL_PORT}`,
        NODE_EXTRA_CA_CERTS: certificateFile(),
      }),
      cwd: DATA,
      stderr: "pipe",
    });
    fs.mkdirSync(LOGS, { recursive: true });
    const log = fs.createWriteStream(path.join(LOGS, `${label}.log`), { flags: "a" });
    transport.stderr?.pipe(log);
    const client = reporter.instrument(new Client({ name: "faultline-corpus", version: "1.0.0" }));
    await client.connect(transport);
    return {
      client,
      child: () => undefined,
      kill: () => {
        const pid = transport.pid;
        if (pid) process.kill(pid, "SIGKILL");
      },
      close: async () => {
        await client.close().catch(() => {});
        log.end();
      },
    };
  };
}

const BEANS_ORDER = {
  currencyCode: "USD",
  items: [
    {
      name: "Ethiopia Guji 250 g",
      quantity: 2,
      itemCost: 18,
      taxPercent: 7.05,
      itemTotal: 36,
      description: "Light roast, whole bean",
    },
  ],
  shippingCost: 2.5,
};

// ── PayPal's MCP server (stdio), with a valid sandbox access token ──────────────────────────────────────────────────

const paypal: SessionSpec = {
  label: "r42-a-paypal",
  server: "@paypal/agent-toolkit",
  transport: "stdio",
  start: paypalMcp("r42-a-paypal", ACCESS_TOKEN),
  steps: [
    step(
      "a-pp-001",
      "list_products",
      {},
      "the catalog's first page (the tool asks for two per page; three in all)",
    ),
    step("a-pp-002", "show_product_details", { product_id: PRODUCT_ID }, "one catalog product"),
    step(
      "a-pp-003",
      "show_product_details",
      { product_id: MISSING_PRODUCT_ID },
      "a product id the catalog does not have (404 RESOURCE_NOT_FOUND)",
    ),
    step(
      "a-pp-004",
      "create_order",
      BEANS_ORDER,
      "an order for two bags of coffee (201, PAYER_ACTION_REQUIRED)",
    ),
    step(
      "a-pp-005",
      "pay_order",
      { id: NEW_ORDER_ID },
      "a capture of the order the payer has not approved (422 ORDER_NOT_APPROVED)",
    ),
    step(
      "a-pp-006",
      "pay_order",
      { id: APPROVED_ORDER_ID },
      "a capture of an approved order (201 COMPLETED)",
    ),
    step(
      "a-pp-007",
      "create_refund",
      {
        capture_id: CAPTURE_ID,
        amount: { currency_code: "USD", value: "4.50" },
        note_to_payer: "One bag arrived damaged — sorry about that!",
      },
      "a partial refund of the capture just made (201 COMPLETED)",
    ),
    step(
      "a-pp-008",
      "create_refund",
      { capture_id: REFUNDED_CAPTURE_ID },
      "a full refund of a capture that was refunded in full last week (422 CAPTURE_FULLY_REFUNDED)",
    ),
    step(
      "a-pp-009",
      "create_refund",
      { capture_id: REFUNDED_CAPTURE_ID },
      "the same refund again, unchanged",
    ),
    step(
      "a-pp-010",
      "list_invoices",
      { page: 1, page_size: 10, total_required: true },
      "the merchant's invoices: three",
    ),
    step(
      "a-pp-011",
      "get_invoice",
      { invoice_id: MISSING_INVOICE_ID },
      "an invoice id that does not exist (404 RESOURCE_NOT_FOUND)",
    ),
    step(
      "a-pp-012",
      "list_disputes",
      { dispute_state: "REQUIRED_ACTION" },
      "disputes waiting for the merchant: none",
    ),
    step(
      "a-pp-013",
      "get_dispute",
      { dispute_id: FOREIGN_DISPUTE_ID },
      "a dispute of another merchant's transaction (403 NOT_AUTHORIZED, PERMISSION_DENIED)",
    ),
    step("a-pp-014", "list_transactions", {}, "the last 31 days' completed transactions: two"),
    step(
      "a-pp-015",
      "list_transactions",
      { transaction_id: MISSING_TRANSACTION_ID },
      "one transaction id searched month by month over a year (the tool's own loop); no month has it",
    ),
    step(
      "a-pp-016",
      "cancel_subscription",
      { subscription_id: SUBSCRIPTION_ID, payload: { reason: "Customer is moving abroad" } },
      "the subscription cancelled (204 No Content)",
    ),
    step(
      "a-pp-017",
      "list_subscription_plans",
      {},
      "a call while the API answers 429 RATE_LIMIT_REACHED with Retry-After: 30",
      flag("rateLimited"),
    ),
    step(
      "a-pp-018",
      "list_invoices",
      {},
      "a call while the API answers 500 INTERNAL_SERVER_ERROR",
      flag("serverError"),
    ),
    step(
      "a-pp-019",
      "get_order",
      { id: APPROVED_ORDER_ID },
      "a call while the edge in front of the API answers its 502 HTML page",
      flag("badGateway"),
    ),
    step(
      "a-pp-020",
      "list_disputes",
      {},
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "a-pp-021",
      "list_products",
      { page_size: 2 },
      "a call while the API is unreachable (connection refused)",
      {
        ...down(paypalServer),
        before: async () => {
          await sleep(12_000); // the late answer of a-pp-020 arrives first
          await paypalServer.stop();
          await sleep(300);
        },
      },
    ),
    step(
      "a-pp-022",
      "get_order",
      { id: "HL-2026-0412" },
      "an order id that is an invoice number (the tool's own pattern refuses it)",
    ),
    step(
      "a-pp-023",
      "get_merchant_insights",
      { start_date: "2026-11-01", end_date: "2026-11-30", insight_type: "SALES", time_interval: "WEEKLY" },
      "a tool the toolkit has but does not register on its MCP server",
    ),
  ],
};

// ── the same server started with an expired access token ────────────────────────────────────────────────────────────

const paypalExpired: SessionSpec = {
  label: "r42-a-paypal-expired",
  server: "@paypal/agent-toolkit",
  transport: "stdio",
  start: paypalMcp("r42-a-paypal-expired", EXPIRED_TOKEN),
  steps: [
    step(
      "a-ppx-001",
      "list_invoices",
      { page: 1, page_size: 10 },
      "a call with an access token past its 9 hours (401 invalid_token)",
    ),
    step("a-ppx-002", "create_order", BEANS_ORDER, "an order with the same expired token"),
  ],
};

export const SESSIONS: SessionSpec[] = [paypal, paypalExpired];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
