// Group r7-cloud: cloud and infrastructure servers — a self-hosted PaaS (Coolify), a VPS provider
// (DigitalOcean), HashiCorp Nomad and the Docker Engine API — each behind a loopback stand-in that
// answers like the real API, with its real error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r7-cloud && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r7-cloud

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Reporter } from "../../deps.js";
import {
  LOGS,
  serverEnv,
  sleep,
  stdioServer,
  type Live,
  type SessionSpec,
  type Step,
} from "../../harness.js";
import { step } from "../../steps.js";
import {
  COOLIFY_APPS,
  COOLIFY_PORT,
  COOLIFY_TOKEN,
  DOCKER_PORT,
  DO_PORT,
  DO_TOKEN,
  NOMAD_PORT,
  NOMAD_TOKEN,
  coolifyStandin,
  doStandin,
  dockerStandin,
  nomadStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r7-cloud";
const HOME = path.join(DATA, "home");

export const PACKAGES: Record<string, string> = {
  "@masonator/coolify-mcp": "3.5.0",
  "@digitalocean/mcp": "1.0.70",
  "@kocierik/mcp-nomad-linux-x64": "0.3.1",
  "docker-mcp": "1.0.0",
};

/** Sets some of `state` for one step and clears it afterwards. */
function flag(...keys: (keyof typeof state)[]): Partial<Step> {
  return {
    before: async () => {
      for (const key of keys) state[key] = true;
    },
    after: async () => {
      for (const key of keys) state[key] = false;
    },
  };
}

/** Stops a stand-in for one step (a backend that is down) and starts it again afterwards. */
function down(standin: { start(): Promise<void>; stop(): Promise<void> }): Partial<Step> {
  return {
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

/**
 * A server shipped as a native binary inside its npm package (no JS bin to run with node): the
 * same as the harness's stdioServer, but the binary itself is the command.
 */
function binaryServer(label: string, binary: string, env: Record<string, string>) {
  return async (reporter: Reporter): Promise<Live> => {
    const transport = new StdioClientTransport({
      command: path.join(FROM, "node_modules", binary),
      args: [],
      env: serverEnv(env),
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

// ---------------------------------------------------------------- Coolify

const coolify: SessionSpec = {
  label: "r7-cloud-coolify",
  server: "@masonator/coolify-mcp",
  transport: "stdio",
  start: stdioServer("r7-cloud-coolify", "@masonator/coolify-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      COOLIFY_BASE_URL: `http://127.0.0.1:${COOLIFY_PORT}`,
      COOLIFY_ACCESS_TOKEN: COOLIFY_TOKEN,
    },
  }),
  steps: [
    step("cf-001", "get_version", {}, "the Coolify version"),
    step("cf-002", "list_applications", {}, "list the applications"),
    step("cf-003", "get_application", { uuid: COOLIFY_APPS.shopApi }, "get one application by uuid"),
    step(
      "cf-004",
      "get_application",
      { uuid: COOLIFY_APPS.missing },
      "get an application uuid that does not exist",
    ),
    step(
      "cf-005",
      "get_application",
      { uuid: COOLIFY_APPS.missing },
      "the same missing application again, unchanged",
    ),
    step("cf-006", "list_databases", {}, "list databases on an instance that has none"),
    step(
      "cf-007",
      "application_logs",
      { uuid: COOLIFY_APPS.shopApi, lines: 50 },
      "logs of a running application",
    ),
    step(
      "cf-008",
      "application_logs",
      { uuid: COOLIFY_APPS.worker },
      "logs of an application whose container has exited",
    ),
    step(
      "cf-009",
      "env_vars",
      {
        resource: "application",
        action: "create",
        uuid: COOLIFY_APPS.shopApi,
        key: "DATABASE_URL",
        value: "postgres://shop:s3cret@db.internal:5432/shop",
      },
      "create an environment variable that already exists (409)",
    ),
    step(
      "cf-010",
      "deploy",
      { tag_or_uuid: COOLIFY_APPS.missing },
      "deploy a resource uuid that does not exist",
    ),
    step("cf-011", "deploy", { tag_or_uuid: COOLIFY_APPS.shopApi }, "deploy an application"),
    step("cf-012", "diagnose_app", { query: "billing-api" }, "diagnose an application by a name none has"),
    step(
      "cf-013",
      "control",
      { resource: "application", action: "pause", uuid: COOLIFY_APPS.shopWeb },
      "an action outside the enum (start/stop/restart)",
    ),
    step("cf-014", "get_application", {}, "get_application without its required uuid"),
    step("cf-015", "delete_all_resources", { confirm: true }, "a tool the server does not have"),
    step(
      "cf-016",
      "list_servers",
      {},
      "list servers while the API rate-limits (429, Retry-After: 42)",
      flag("coolifyRateLimited"),
    ),
    step(
      "cf-017",
      "list_servers",
      {},
      "the same list again right away, still rate-limited",
      flag("coolifyRateLimited"),
    ),
    step(
      "cf-018",
      "list_applications",
      {},
      "list applications after the API token was revoked (401)",
      flag("coolifyTokenRevoked"),
    ),
    step(
      "cf-019",
      "list_applications",
      {},
      "list applications when Cloudflare Access in front of Coolify redirects to its login page",
      flag("coolifyBehindAccess"),
    ),
    step(
      "cf-020",
      "get_server",
      { uuid: "hq3b5d7f9h1j3l5n7p9r1t3v" },
      "get a server while Laravel answers its 500 error page",
      flag("coolifyServerError"),
    ),
    step(
      "cf-021",
      "list_applications",
      {},
      "list applications while Coolify is down (stand-in stopped)",
      down(coolifyStandin),
    ),
    step(
      "cf-022",
      "get_application",
      { uuid: COOLIFY_APPS.shopWeb },
      "get an application from an instance that answers after 20 s; the client waits 3 s",
      { timeoutMs: 3000, ...flag("coolifySlow") },
    ),
  ],
};

// ---------------------------------------------------------------- DigitalOcean

const digitalocean: SessionSpec = {
  label: "r7-cloud-digitalocean",
  server: "@digitalocean/mcp",
  transport: "stdio",
  start: stdioServer("r7-cloud-digitalocean", "@digitalocean/mcp", {
    from: FROM,
    cwd: DATA,
    args: ["--services", "droplets,networking,accounts"],
    env: {
      HOME,
      DIGITALOCEAN_API_TOKEN: DO_TOKEN,
      DIGITALOCEAN_API_ENDPOINT: `http://127.0.0.1:${DO_PORT}`,
    },
  }),
  steps: [
    step("do-001", "account-get-information", {}, "the account"),
    step("do-002", "droplet-list", {}, "list droplets"),
    step("do-003", "droplet-get", { ID: 512340871 }, "get one droplet by id"),
    step("do-004", "droplet-get", { ID: 999 }, "get a droplet id that does not exist"),
    step("do-005", "droplet-get", { ID: 999 }, "the same missing droplet again, unchanged"),
    step("do-006", "firewall-list", {}, "list firewalls on an account that has none"),
    step(
      "do-007",
      "droplet-create",
      { Name: "web-fra1-03", Size: "s-2vcpu-2gb-turbo", ImageSlug: "ubuntu-24-04-x64", Region: "fra1" },
      "create a droplet with a size slug that does not exist (422)",
    ),
    step("do-008", "droplet-get", { ID: "web-fra1-01" }, "a droplet id given as its name"),
    step("do-009", "domain-get", {}, "domain-get without its required Name"),
    step("do-010", "droplet-destroy-all", {}, "a tool the server does not have"),
    step(
      "do-011",
      "reboot-droplet",
      { ID: 512340871 },
      "reboot a droplet with a read-only token (403)",
      flag("doReadOnlyToken"),
    ),
    step(
      "do-012",
      "droplet-list",
      {},
      "list droplets while the API rate-limits (429, Retry-After: 2, for the whole call)",
      flag("doRateLimited"),
    ),
    step(
      "do-013",
      "droplet-list",
      {},
      "the same list again right away, still rate-limited",
      flag("doRateLimited"),
    ),
    step(
      "do-014",
      "balance-get",
      {},
      "the balance after the token was revoked (401)",
      flag("doTokenRevoked"),
    ),
    step("do-015", "region-list", {}, "list regions while the API answers 500 server_error"),
    step("do-016", "size-list", {}, "list sizes while Cloudflare in front of the API answers a 503 page"),
    step("do-017", "vpc-list", {}, "list VPCs from an API that answers after 20 s; the client waits 3 s", {
      timeoutMs: 3000,
    }),
    step("do-018", "action-get", { ID: 2488209911 }, "get an action (a snapshot that errored)"),
    step(
      "do-019",
      "key-list",
      {},
      "list SSH keys while the API is unreachable (stand-in stopped)",
      down(doStandin),
    ),
  ],
};

// ---------------------------------------------------------------- HashiCorp Nomad

const HCL_TYPO = `job "search" {
  datacenters = ["fra1"]
  group "search" {
    task "search" {
      drivr = "docker"
      config {
        image = "getmeili/meilisearch:v1.12"
      }
    }
  }
}
`;

const HCL_OK = `job "search" {
  datacenters = ["fra1"]
  group "search" {
    task "search" {
      driver = "docker"
      config {
        image = "getmeili/meilisearch:v1.12"
      }
      resources {
        cpu    = 500
        memory = 512
      }
    }
  }
}
`;

const nomad: SessionSpec = {
  label: "r7-cloud-nomad",
  server: "@kocierik/mcp-nomad-linux-x64",
  transport: "stdio",
  start: binaryServer("r7-cloud-nomad", "@kocierik/mcp-nomad-linux-x64/bin/mcp-nomad", {
    HOME,
    NOMAD_ADDR: `http://127.0.0.1:${NOMAD_PORT}`,
    NOMAD_TOKEN,
  }),
  steps: [
    step("nm-001", "get_cluster_leader", {}, "the cluster's servers and which one leads"),
    step("nm-002", "list_jobs", {}, "list jobs"),
    step("nm-003", "get_job", { job_id: "web" }, "get one job"),
    step("nm-004", "get_job", { job_id: "payments-v2" }, "get a job that does not exist"),
    step("nm-005", "get_job", { job_id: "payments-v2" }, "the same missing job again, unchanged"),
    step("nm-006", "list_jobs", { namespace: "staging" }, "list jobs in a namespace that has none"),
    step("nm-007", "run_job", { job_spec: HCL_TYPO }, "run an HCL job with a misspelt argument (drivr)"),
    step("nm-008", "run_job", { job_spec: HCL_OK, detach: true }, "run a valid HCL job"),
    step(
      "nm-009",
      "scale_job",
      { job_id: "web", group: "frontend", count: 12 },
      "scale a group beyond its scaling policy maximum (5)",
    ),
    step(
      "nm-010",
      "scale_job",
      { job_id: "web", group: "frontend", count: "three" },
      "count given as a word",
    ),
    step("nm-011", "get_variable", { path: "nomad/jobs/web/tls" }, "get a variable path that does not exist"),
    step(
      "nm-012",
      "get_allocation_logs",
      { allocation_id: "a1b2c3d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d", task: "web", tail: 50 },
      "logs of an allocation whose client node is down",
    ),
    step(
      "nm-013",
      "list_jobs",
      {},
      "list jobs with a token whose policy grants list-jobs but not read-job (every job read is 403)",
      flag("nomadListOnlyPolicy"),
    ),
    step(
      "nm-014",
      "stop_job",
      { job_id: "web" },
      "stop a job with a read-only token (403)",
      flag("nomadReadOnlyPolicy"),
    ),
    step(
      "nm-015",
      "list_nodes",
      {},
      "list nodes while the servers have no leader (election)",
      flag("nomadNoLeader"),
    ),
    step("nm-016", "get_job", {}, "get_job without its required job_id"),
    step("nm-017", "purge_cluster", {}, "a tool the server does not have"),
    step(
      "nm-018",
      "get_job_summary",
      { job_id: "redis" },
      "a job summary while the Nomad agent is down (stand-in stopped)",
      down(nomadStandin),
    ),
    step(
      "nm-019",
      "get_job_allocations",
      { job_id: "web" },
      "a job's allocations from a slow agent; the server is killed mid-call",
      {
        during: async (live) => {
          await sleep(700);
          live.kill();
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------- Docker Engine API

const docker: SessionSpec = {
  label: "r7-cloud-docker",
  server: "docker-mcp",
  transport: "stdio",
  start: stdioServer("r7-cloud-docker", "docker-mcp", {
    from: FROM,
    cwd: DATA,
    env: { HOME, DOCKER_MCP_HOST: `tcp://127.0.0.1:${DOCKER_PORT}` },
  }),
  steps: [
    step("dk-001", "docker_system_version", {}, "the daemon's version"),
    step("dk-002", "docker_container_list", { all: true }, "list all containers"),
    step("dk-003", "docker_container_inspect", { containerId: "web" }, "inspect a container by name"),
    step(
      "dk-004",
      "docker_container_inspect",
      { containerId: "web-9" },
      "inspect a container that does not exist",
    ),
    step(
      "dk-005",
      "docker_container_inspect",
      { containerId: "web-9" },
      "the same missing container again, unchanged",
    ),
    step(
      "dk-006",
      "docker_container_list",
      { all: true, filters: { label: "com.docker.compose.project=billing" } },
      "list containers by a compose project label none has",
    ),
    step(
      "dk-007",
      "docker_container_list",
      { filters: { colour: "red" } },
      "list containers with a filter key Docker does not know",
    ),
    step(
      "dk-008",
      "docker_container_start",
      { containerId: "api" },
      "start a container whose host port is taken by another process",
    ),
    step(
      "dk-009",
      "docker_container_stop",
      { containerId: "worker" },
      "stop a container that is already stopped",
    ),
    step("dk-010", "docker_container_logs", { containerId: "web", tail: 50 }, "logs of a running container"),
    step(
      "dk-011",
      "docker_container_logs",
      { containerId: "console", tail: 20 },
      "logs of a running container started with a TTY (raw stream, no multiplexing headers)",
    ),
    step(
      "dk-012",
      "docker_container_logs",
      { containerId: "metrics-sidecar" },
      "logs of a container whose logging driver is none (501)",
    ),
    step(
      "dk-013",
      "docker_container_restart",
      { containerId: "web" },
      "restart through a docker-socket-proxy that refuses POST (403)",
      flag("dockerSocketProxy"),
    ),
    step("dk-014", "docker_container_logs", { containerId: "web", tail: "fifty" }, "tail given as a word"),
    step("dk-015", "docker_container_remove", { containerId: "web" }, "a tool the server does not have"),
    step("dk-016", "docker_system_info", {}, "the daemon's system info"),
    step(
      "dk-017",
      "docker_container_inspect",
      { containerId: "db" },
      "inspect a container while the daemon hangs on it (dockerode's 10 s timeout)",
      { timeoutMs: 20_000 },
    ),
    step(
      "dk-018",
      "docker_container_list",
      {},
      "list containers while the daemon is down (stand-in stopped)",
      down(dockerStandin),
    ),
    step(
      "dk-019",
      "docker_container_inspect",
      { containerId: "db" },
      "inspect a container the daemon hangs on; the server is killed mid-call",
      {
        during: async (live) => {
          await sleep(700);
          live.kill();
        },
      },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [coolify, digitalocean, nomad, docker];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
  await Promise.all([coolifyStandin.start(), doStandin.start(), nomadStandin.start(), dockerStandin.start()]);
  return async () => {
    await Promise.allSettled([
      coolifyStandin.stop(),
      doStandin.stop(),
      nomadStandin.stop(),
      dockerStandin.stop(),
    ]);
  };
}
