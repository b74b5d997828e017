// Group r15-a: cloud hosting and infrastructure — Hostinger's VPS API, the Hetzner Cloud API (through two
// servers by different authors) and Azure Cosmos DB — each published MCP server behind a loopback stand-in
// that answers with the real API's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r15-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r15-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  COSMOS_KEY,
  COSMOS_PORT,
  DATA,
  HCLOUD_PROXY_PORT,
  HETZNER_PROXY_PORT,
  HETZNER_TOKEN,
  HOSTINGER_API_PORT,
  HOSTINGER_MCP_PORT,
  HOSTINGER_TOKEN,
  clearTimers,
  cosmosStandin,
  ensureCertificate,
  hcloudStandin,
  hetznerStandin,
  hostingerStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "hostinger-api-mcp": "1.63.2",
  "@lazyants/hetzner-mcp-server": "2.3.1",
  "hcloud-mcp": "0.1.1",
  mcpcosmosdb: "2.0.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------- Hostinger

const VM = 1268054;
const LOCKED_VM = 1268071;

const hostinger: SessionSpec = {
  label: "r15-a-hostinger",
  server: "hostinger-api-mcp",
  transport: "http",
  start: httpServer("r15-a-hostinger", "hostinger-api-mcp", {
    from: FROM,
    bin: "hostinger-vps-mcp",
    port: HOSTINGER_MCP_PORT,
    path: "/",
    args: ["--http", "--host", "127.0.0.1", "--port", String(HOSTINGER_MCP_PORT)],
    env: {
      HOSTINGER_API_TOKEN: HOSTINGER_TOKEN,
      API_BASE_URL: `http://127.0.0.1:${HOSTINGER_API_PORT}`,
      HOME,
    },
  }),
  steps: [
    step("hst-001", "VPS_getVirtualMachinesV1", {}, "list the account's virtual machines"),
    step("hst-002", "VPS_getVirtualMachineDetailsV1", { virtualMachineId: VM }, "one virtual machine by id"),
    step("hst-003", "VPS_getDataCenterListV1", {}, "list the data centers"),
    step("hst-004", "VPS_getFirewallListV1", {}, "list the firewalls"),
    step("hst-005", "VPS_getPostInstallScriptsV1", {}, "list post-install scripts (the account has none)"),
    step("hst-006", "VPS_getBackupsV1", { virtualMachineId: VM }, "list a VM's backups (none taken yet)"),
    step(
      "hst-007",
      "VPS_getMetricsV1",
      { virtualMachineId: VM, date_from: "2026-12-05T00:00:00Z", date_to: "2026-12-06T00:00:00Z" },
      "a day of CPU, RAM, disk and traffic metrics",
    ),
    step(
      "hst-008",
      "VPS_getVirtualMachineDetailsV1",
      { virtualMachineId: 9999999 },
      "a virtual machine id that does not exist",
    ),
    step(
      "hst-009",
      "VPS_getVirtualMachineDetailsV1",
      { virtualMachineId: 9999999 },
      "the same missing virtual machine again, unchanged",
    ),
    step(
      "hst-010",
      "VPS_getVirtualMachineDetailsV1",
      { virtualMachineId: 1190042 },
      "a virtual machine that belongs to another account",
    ),
    step(
      "hst-011",
      "VPS_setHostnameV1",
      { virtualMachineId: VM, hostname: "web_01!.example" },
      "set a hostname with characters a hostname cannot have",
    ),
    step(
      "hst-012",
      "VPS_setHostnameV1",
      { virtualMachineId: VM, hostname: "web01.example.com" },
      "set a valid hostname",
    ),
    step(
      "hst-013",
      "VPS_getMetricsV1",
      { virtualMachineId: VM, date_from: "2026-12-06T00:00:00Z", date_to: "2026-12-01T00:00:00Z" },
      "metrics for a range whose end is before its start",
    ),
    step("hst-014", "VPS_restartVirtualMachineV1", { virtualMachineId: VM }, "restart a running VM"),
    step(
      "hst-015",
      "VPS_restartVirtualMachineV1",
      { virtualMachineId: LOCKED_VM },
      "restart a VM while another action holds its lock",
    ),
    step(
      "hst-016",
      "VPS_startRecoveryModeV1",
      { virtualMachineId: VM, root_password: "hunter2" },
      "start recovery mode with a too-short root password",
    ),
    step(
      "hst-017",
      "VPS_purchaseNewVirtualMachineV1",
      { item_id: "hostingercom-vps-kvm2-usd-1m", setup: { template_id: 1077, data_center_id: 17 } },
      "buy a new VPS with a card that is declined",
    ),
    step(
      "hst-018",
      "VPS_createFirewallRuleV1",
      { firewallId: 3817, protocol: "HTTPS", port: "443", source: "any", source_detail: "any" },
      "add a firewall rule that already exists",
    ),
    step(
      "hst-019",
      "VPS_getVirtualMachineDetailsV1",
      { virtualMachineId: "srv1268054" },
      "a virtual machine id given as its hostname",
    ),
    step(
      "hst-020",
      "VPS_getVirtualMachinesV1",
      {},
      "list VMs after the API token was revoked",
      flag("hstTokenRevoked"),
    ),
    step(
      "hst-021",
      "VPS_getVirtualMachineDetailsV1",
      { virtualMachineId: VM },
      "a VM while the API answers 429 Too Many Attempts (Retry-After: 58)",
      flag("hstRateLimited"),
    ),
    step(
      "hst-022",
      "VPS_getDataCenterListV1",
      {},
      "data centers while the API answers 500",
      flag("hstServerError"),
    ),
    step(
      "hst-023",
      "VPS_getVirtualMachinesV1",
      {},
      "list VMs while Cloudflare answers 530 (error 1016, origin DNS error)",
      flag("hstOriginDns"),
    ),
    step(
      "hst-024",
      "VPS_getMetricsV1",
      { virtualMachineId: VM, date_from: "2026-12-06T14:00:00Z", date_to: "2026-12-06T15:00:00Z" },
      "metrics the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("hst-025", "VPS_getVpsInvoicesV1", { virtualMachineId: VM }, "a tool the server does not have"),
    step(
      "hst-026",
      "VPS_getVirtualMachinesV1",
      {},
      "list VMs while the Hostinger API cannot be reached (stand-in stopped)",
      down(hostingerStandin),
    ),
  ],
};

// ---------------------------------------------------------------- Hetzner Cloud (@lazyants/hetzner-mcp-server)

const WEB1 = 58912044;
const WEB2 = 58912045;
const DB1 = 58912101;
const PUBKEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBnm0Jq4v0qN1pTz3Vv0uJ6rQeO2Xw7kL9sD1fGhJkLm deploy@ci";

const hetzner: SessionSpec = {
  label: "r15-a-hetzner",
  server: "@lazyants/hetzner-mcp-server",
  transport: "stdio",
  start: stdioServer("r15-a-hetzner", "@lazyants/hetzner-mcp-server", {
    from: FROM,
    bin: "hetzner-mcp-server",
    cwd: DATA,
    env: {
      HETZNER_API_TOKEN: HETZNER_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${HETZNER_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("hz-001", "hetzner_list_servers", {}, "list the project's servers"),
    step("hz-002", "hetzner_get_server", { id: WEB1 }, "one server by id"),
    step(
      "hz-003",
      "hetzner_list_servers",
      { label_selector: "env=staging" },
      "servers with a label nothing carries",
    ),
    step("hz-004", "hetzner_list_volumes", {}, "list volumes (the project has none)"),
    step("hz-005", "hetzner_get_server", { id: 41 }, "a server id that does not exist"),
    step("hz-006", "hetzner_get_server", { id: 41 }, "the same missing server again, unchanged"),
    step(
      "hz-007",
      "hetzner_create_server",
      { name: "web_3", server_type: "cx22", image: "ubuntu-24.04", location: "fsn1" },
      "create a server whose name is not a valid hostname",
    ),
    step(
      "hz-008",
      "hetzner_create_server",
      { name: "web-1", server_type: "cx22", image: "ubuntu-24.04", location: "fsn1" },
      "create a server whose name is already used",
    ),
    step(
      "hz-009",
      "hetzner_create_server",
      { name: "build-1", server_type: "ccx63", image: "ubuntu-24.04", location: "fsn1" },
      "create a dedicated-core server over the account's core limit",
    ),
    step(
      "hz-010",
      "hetzner_create_server",
      {
        name: "web-3",
        server_type: "cx22",
        image: "ubuntu-24.04",
        location: "fsn1",
        ssh_keys: ["deploy@ci"],
      },
      "create a server",
    ),
    step("hz-011", "hetzner_delete_server", { id: DB1 }, "delete a server with delete protection on"),
    step(
      "hz-012",
      "hetzner_resize_server",
      { id: WEB1, server_type: "cx32", upgrade_disk: false },
      "change the type of a running server",
    ),
    step("hz-013", "hetzner_reboot", { id: WEB2 }, "reboot a server while another action is running on it"),
    step("hz-014", "hetzner_reboot", { id: WEB1 }, "reboot a server"),
    step(
      "hz-015",
      "hetzner_get_server_metrics",
      { id: WEB1, type: "cpu", start: "2026-12-06T15:00:00Z", end: "2026-12-06T14:00:00Z" },
      "metrics for a period that ends before it starts",
    ),
    step(
      "hz-016",
      "hetzner_create_ssh_key",
      { name: "deploy-2", public_key: PUBKEY },
      "upload an SSH key whose fingerprint is already in the project",
    ),
    step("hz-017", "hetzner_get_server", { id: "web-1" }, "a server id given as its name"),
    step("hz-018", "hetzner_reboot", { id: WEB1 }, "reboot with a read-only token", flag("hzTokenReadonly")),
    step(
      "hz-019",
      "hetzner_list_servers",
      {},
      "list servers with a token that was deleted",
      flag("hzTokenInvalid"),
    ),
    step(
      "hz-020",
      "hetzner_get_server",
      { id: WEB1 },
      "a server while the API answers 429 rate_limit_exceeded (Retry-After: 1, every retry too)",
      flag("hzRateLimited"),
    ),
    step(
      "hz-021",
      "hetzner_list_servers",
      {},
      "list servers while the API answers 500 server_error",
      flag("hzServerError"),
    ),
    step(
      "hz-022",
      "hetzner_get_server",
      { id: WEB1 },
      "a server while the API's front answers an nginx HTML 502",
      flag("hzBadGateway"),
    ),
    step(
      "hz-023",
      "hetzner_shutdown",
      { id: WEB1 },
      "shut down a server while operations are blocked for maintenance",
      flag("hzMaintenance"),
    ),
    step(
      "hz-024",
      "hetzner_list_servers",
      { name: "slow-1" },
      "a listing the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("hz-025", "hetzner_list_buckets", {}, "a tool the server does not have"),
    step(
      "hz-026",
      "hetzner_list_servers",
      {},
      "list servers while api.hetzner.cloud cannot be reached (stand-in stopped)",
      down(hetznerStandin),
    ),
  ],
};

// ------------------------------------------------------------------------- Hetzner Cloud (hcloud-mcp)

const hcloud: SessionSpec = {
  label: "r15-a-hcloud",
  server: "hcloud-mcp",
  transport: "stdio",
  start: stdioServer("r15-a-hcloud", "hcloud-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HCLOUD_TOKEN: HETZNER_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${HCLOUD_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("hc-001", "list_servers", {}, "list the project's servers"),
    step("hc-002", "get_server", { id: WEB2 }, "one server by id"),
    step("hc-003", "list_ssh_keys", {}, "list SSH keys"),
    step("hc-004", "list_volumes", {}, "list volumes (the project has none)"),
    step("hc-005", "list_locations", {}, "list locations"),
    step("hc-006", "get_server", { id: 41 }, "a server id that does not exist"),
    step("hc-007", "get_server", { id: 41 }, "the same missing server again, unchanged"),
    step(
      "hc-008",
      "create_server",
      { name: "web_3", server_type: "cx22", image: "ubuntu-24.04", location: "fsn1" },
      "create a server whose name is not a valid hostname",
    ),
    step(
      "hc-009",
      "create_server",
      { name: "web-2", server_type: "cx22", image: "ubuntu-24.04", location: "fsn1" },
      "create a server whose name is already used",
    ),
    step(
      "hc-010",
      "create_server",
      { name: "legacy-1", server_type: "cx11", image: "ubuntu-24.04", location: "fsn1" },
      "create a server of a retired type (cx11) the API no longer knows",
    ),
    step(
      "hc-011",
      "create_server",
      { name: "edge-1", server_type: "cx22", image: "ubuntu-24.04", location: "sin" },
      "create a server in a location where its type is unavailable",
    ),
    step(
      "hc-012",
      "create_server",
      { name: "web-4", server_type: "cx22", image: "ubuntu-24.04", location: "fsn1", ssh_keys: [21804417] },
      "create a server with an SSH key",
    ),
    step("hc-013", "delete_server", { id: DB1 }, "delete a server with delete protection on"),
    step(
      "hc-014",
      "change_server_type",
      { id: WEB2, server_type: "cx32", upgrade_disk: false },
      "change the type of a running server",
    ),
    step("hc-015", "power_off_server", { id: DB1 }, "power off a server that is already off"),
    step(
      "hc-016",
      "create_ssh_key",
      { name: "deploy-2", public_key: PUBKEY },
      "upload an SSH key whose fingerprint is already in the project",
    ),
    step(
      "hc-017",
      "create_ssh_key",
      { name: "deploy-2", public_key: PUBKEY },
      "the same duplicate SSH key again, unchanged",
    ),
    step("hc-018", "get_server", { id: "58912044" }, "a server id given as a string"),
    step("hc-019", "list_servers", {}, "list servers with a token that was deleted", flag("hzTokenInvalid")),
    step("hc-020", "reboot_server", { id: WEB1 }, "reboot with a read-only token", flag("hzTokenReadonly")),
    step(
      "hc-021",
      "get_server",
      { id: WEB1 },
      "a server while the API answers 429 rate_limit_exceeded",
      flag("hzRateLimited"),
    ),
    step(
      "hc-022",
      "list_servers",
      {},
      "list servers while the API answers 500 server_error",
      flag("hzServerError"),
    ),
    step(
      "hc-023",
      "get_server",
      { id: WEB1 },
      "a server while the API's front answers an nginx HTML 502",
      flag("hzBadGateway"),
    ),
    step(
      "hc-024",
      "list_servers",
      {},
      "list servers while api.hetzner.cloud cannot be reached (stand-in stopped)",
      down(hcloudStandin),
    ),
    step(
      "hc-025",
      "list_servers",
      {},
      "list servers; the MCP server is killed mid-call (the API takes 15 s)",
      flag("hzSlow", killMidCall),
    ),
  ],
};

// ---------------------------------------------------------------------------------- Azure Cosmos DB

const ENDPOINT = `http://127.0.0.1:${COSMOS_PORT}/`;
const CONNECTIONS = [
  {
    id: "shop",
    connectionString: `AccountEndpoint=${ENDPOINT};AccountKey=${COSMOS_KEY};`,
    databaseId: "shop",
    allowModifications: true,
    description: "Orders and customers (read/write)",
  },
  {
    id: "shop-readonly",
    connectionString: `AccountEndpoint=${ENDPOINT};AccountKey=${COSMOS_KEY};`,
    databaseId: "shop",
    allowModifications: false,
    description: "Reporting connection (read-only)",
  },
];

const ORDER = {
  id: "ord-10044",
  customerId: "cust-42",
  status: "pending",
  total: 59.0,
  items: 2,
  createdAt: "2026-12-06T14:20:00Z",
};

const cosmos: SessionSpec = {
  label: "r15-a-cosmos",
  server: "mcpcosmosdb",
  transport: "stdio",
  start: stdioServer("r15-a-cosmos", "mcpcosmosdb", {
    from: FROM,
    cwd: DATA,
    env: { COSMOS_CONNECTIONS: JSON.stringify(CONNECTIONS), HOME },
  }),
  steps: [
    step("cdb-001", "mcp_list_connections", {}, "list the configured connections"),
    step("cdb-002", "mcp_list_databases", {}, "list the account's databases"),
    step("cdb-003", "mcp_list_containers", {}, "list the containers of the shop database"),
    step(
      "cdb-004",
      "mcp_get_container_definition",
      { container_id: "orders" },
      "the orders container's definition and throughput",
    ),
    step(
      "cdb-005",
      "mcp_cosmos_query",
      {
        container_id: "orders",
        query: "SELECT TOP 10 c.id, c.status, c.total FROM c WHERE c.customerId = @customer",
        parameters: { customer: "cust-17" },
      },
      "a customer's orders by SQL query",
    ),
    step(
      "cdb-006",
      "mcp_cosmos_query",
      {
        container_id: "orders",
        query: "SELECT TOP 10 c.id FROM c WHERE c.status = @status",
        parameters: { status: "refunded" },
      },
      "a query no order matches",
    ),
    step(
      "cdb-007",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-10042", partition_key: "cust-17" },
      "one order by id and partition key",
    ),
    step(
      "cdb-008",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-99999", partition_key: "cust-17" },
      "an order id that does not exist",
    ),
    step(
      "cdb-009",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-99999", partition_key: "cust-17" },
      "the same missing order again, unchanged",
    ),
    step(
      "cdb-010",
      "mcp_get_container_definition",
      { container_id: "invoices" },
      "a container that does not exist",
    ),
    step(
      "cdb-011",
      "mcp_cosmos_query",
      { container_id: "orders", query: "SELECT c.id, c.total FORM c WHERE c.total > 100" },
      "a query with a syntax error (FORM for FROM)",
    ),
    step(
      "cdb-012",
      "mcp_create_document",
      { container_id: "orders", document: ORDER, partition_key: "cust-42" },
      "create an order",
    ),
    step(
      "cdb-013",
      "mcp_create_document",
      { container_id: "orders", document: { ...ORDER, id: "ord-10043" }, partition_key: "cust-42" },
      "create an order whose id already exists",
    ),
    step(
      "cdb-014",
      "mcp_update_document",
      {
        container_id: "orders",
        document_id: "ord-10042",
        document: { id: "ord-10042", customerId: "cust-99", status: "shipped", total: 19.99, items: 1 },
        partition_key: "cust-17",
      },
      "replace an order with a document whose partition key differs",
    ),
    step(
      "cdb-015",
      "mcp_delete_document",
      {
        container_id: "orders",
        document_id: "ord-10041",
        partition_key: "cust-17",
        connection_id: "shop-readonly",
      },
      "delete an order through the read-only connection",
    ),
    step(
      "cdb-016",
      "mcp_list_containers",
      { connection_id: "analytics" },
      "a connection id that is not configured",
    ),
    step(
      "cdb-017",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: 10042, partition_key: "cust-17" },
      "a document id given as a number",
    ),
    step(
      "cdb-018",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-10042", partition_key: "cust-17" },
      "an order after the account key was rotated",
      flag("cosmosKeyRotated"),
    ),
    step(
      "cdb-019",
      "mcp_list_containers",
      {},
      "containers while the account firewall blocks this address",
      flag("cosmosFirewall"),
    ),
    step(
      "cdb-020",
      "mcp_cosmos_query",
      { container_id: "orders", query: "SELECT TOP 5 c.id FROM c" },
      "a query while the container is throttled (429, x-ms-retry-after-ms: 100, every retry too)",
      flag("cosmosThrottled"),
    ),
    step(
      "cdb-021",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-10042", partition_key: "cust-17" },
      "an order while the service answers 500",
      flag("cosmosServerError"),
    ),
    step(
      "cdb-022",
      "mcp_cosmos_query",
      { container_id: "orders", query: "SELECT TOP 5 c.id FROM c WHERE c.status = 'slow'" },
      "a query the service takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cdb-023",
      "mcp_execute_stored_procedure",
      { container_id: "orders" },
      "a tool the server does not have",
    ),
    step(
      "cdb-024",
      "mcp_get_document_by_id",
      { container_id: "orders", document_id: "ord-10041", partition_key: "cust-17" },
      "an order while the account endpoint cannot be reached (stand-in stopped)",
      down(cosmosStandin, { timeoutMs: 8000 }),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [hostinger, hetzner, hcloud, cosmos];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
