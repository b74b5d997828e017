#!/usr/bin/env node
// What `npx @paypal/mcp --tools=all` runs, for a machine whose registry does not serve @paypal/mcp: PayPal's own MCP
// server class (PayPalAgentToolkit from @paypal/agent-toolkit/mcp, an McpServer) with every tool switched on, the access
// token from PAYPAL_ACCESS_TOKEN and the sandbox unless PAYPAL_ENVIRONMENT is PRODUCTION, on stdio — the steps of the
// @paypal/mcp launcher in PayPal's agent-toolkit repository (modelcontextprotocol/src/index.ts). The toolkit is not
// touched; this file only builds its configuration and connects its transport.
import { PayPalAgentToolkit } from "@paypal/agent-toolkit/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

// The launcher's ACCEPTED_TOOLS, as `--tools=all` switches them on.
const TOOLS = [
  "invoices.create",
  "invoices.list",
  "invoices.get",
  "invoices.send",
  "invoices.sendReminder",
  "invoices.cancel",
  "invoices.generateQRC",
  "orders.create",
  "orders.get",
  "orders.capture",
  "disputes.list",
  "disputes.get",
  "disputes.create",
  "shipment.create",
  "shipment.get",
  "products.create",
  "products.list",
  "products.update",
  "products.show",
  "subscriptionPlans.create",
  "subscriptionPlans.list",
  "subscriptionPlans.show",
  "subscriptions.create",
  "subscriptions.show",
  "subscriptions.cancel",
  "transactions.list",
  "payments.createRefund",
  "payments.getRefunds",
  "paymentLinks.create",
  "paymentLinks.list",
  "paymentLinks.get",
  "paymentLinks.update",
  "paymentLinks.delete",
];

async function main() {
  const accessToken = process.env.PAYPAL_ACCESS_TOKEN;
  if (!accessToken) throw new Error("PayPal Access Token not provided.");
  const environment = process.env.PAYPAL_ENVIRONMENT;
  const sandbox = environment ? environment.toLowerCase() !== "production" : true;
  const actions = {};
  for (const tool of TOOLS) {
    const [product, action] = tool.split(".");
    actions[product] = { ...actions[product], [action]: true };
  }
  const server = new PayPalAgentToolkit({
    accessToken,
    configuration: { actions, context: { accessToken, sandbox } },
  });
  await server.connect(new StdioServerTransport());
  console.error(`PayPal MCP Server running on stdio (${sandbox ? "Sandbox" : "Production"})`);
}

main().catch((error) => {
  console.error(`Error initializing PayPal MCP server: ${error.message}`);
  process.exit(1);
});
