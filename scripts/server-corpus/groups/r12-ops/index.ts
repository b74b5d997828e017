// Group r12-ops: CI/CD pipelines (GitLab, Alibaba Cloud DevOps "Yunxiao" Flow), a self-hosted deployment
// platform (Dokploy), a code-quality gate (SonarQube) and an infrastructure platform (Railway) — each behind
// a loopback stand-in that answers with the real API's bodies and error bodies (standins.ts). GitLab,
// Dokploy, SonarQube and Yunxiao are reached at their configured URLs; Railway, whose host is written into
// its server, through a loopback TLS forward proxy (proxy-preload.mjs).
//
//   (cd scripts/server-corpus/groups/r12-ops && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r12-ops

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  DOKPLOY_KEY,
  DOKPLOY_PORT,
  GITLAB_MCP_PORT,
  GITLAB_PORT,
  GITLAB_REPORTER_TOKEN,
  GITLAB_TOKEN,
  RAILWAY_PROXY_PORT,
  RAILWAY_TOKEN,
  SONAR_PORT,
  SONAR_TOKEN,
  YUNXIAO_ORG,
  YUNXIAO_PORT,
  YUNXIAO_TOKEN,
  clearTimers,
  dokployStandin,
  ensureCertificate,
  gitlabStandin,
  railwayStandin,
  sonarStandin,
  state,
  yunxiaoStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@zereight/mcp-gitlab": "2.1.64",
  "@ahdev/dokploy-mcp": "1.6.0",
  "sonarqube-mcp-server": "1.10.21",
  "@jasontanswe/railway-mcp": "1.3.0",
  "alibabacloud-devops-mcp-server": "0.3.64",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

// ------------------------------------------------------------------------------------------ GitLab

/** The GitLab token the MCP client sends (REMOTE_AUTHORIZATION: each caller brings its own). */
let gitlabCallerToken = GITLAB_TOKEN;
const asCaller = (token: string) => ({
  before: async () => {
    gitlabCallerToken = token;
  },
  after: async () => {
    gitlabCallerToken = GITLAB_TOKEN;
  },
});

const PROJECT = "acme-platform/checkout-service";

const gitlab: SessionSpec = {
  label: "r12-ops-gitlab",
  server: "@zereight/mcp-gitlab",
  transport: "http",
  start: httpServer("r12-ops-gitlab", "@zereight/mcp-gitlab", {
    from: FROM,
    bin: "mcp-gitlab",
    port: GITLAB_MCP_PORT,
    path: "/mcp",
    env: {
      STREAMABLE_HTTP: "true",
      REMOTE_AUTHORIZATION: "true",
      HOST: "127.0.0.1",
      PORT: String(GITLAB_MCP_PORT),
      GITLAB_API_URL: `http://127.0.0.1:${GITLAB_PORT}/api/v4`,
      GITLAB_TOOLSETS: "pipelines,projects",
      GITLAB_DISABLE_VERSION_CHECK: "true",
      HOME: path.join(DATA, "home"),
    },
    headers: () => ({ "Private-Token": gitlabCallerToken }),
  }),
  steps: [
    step("gl-001", "get_project", { project_id: PROJECT }, "the checkout service project"),
    step("gl-002", "list_pipelines", { project_id: PROJECT }, "the project's recent pipelines"),
    step(
      "gl-003",
      "list_pipelines",
      { project_id: PROJECT, status: "canceled" },
      "canceled pipelines: there are none",
    ),
    step(
      "gl-004",
      "get_pipeline",
      { project_id: PROJECT, pipeline_id: "91877" },
      "one failed pipeline's details",
    ),
    step(
      "gl-005",
      "get_pipeline",
      { project_id: PROJECT, pipeline_id: "99999" },
      "a pipeline id that does not exist",
    ),
    step(
      "gl-006",
      "get_pipeline",
      { project_id: PROJECT, pipeline_id: "99999" },
      "the same missing pipeline again, unchanged",
    ),
    step(
      "gl-007",
      "list_pipeline_jobs",
      { project_id: PROJECT, pipeline_id: "91877" },
      "the failed pipeline's jobs",
    ),
    step(
      "gl-008",
      "get_pipeline_job_output",
      { project_id: PROJECT, job_id: "552102" },
      "the log of the job that failed its tests",
    ),
    step(
      "gl-009",
      "get_pipeline_job_output",
      { project_id: PROJECT, job_id: "552103" },
      "the log of a skipped job (empty)",
    ),
    step(
      "gl-010",
      "get_project",
      { project_id: "acme-platform/checkout-svc" },
      "a project path that does not exist",
    ),
    step(
      "gl-011",
      "create_pipeline",
      { project_id: PROJECT, ref: "feature/does-not-exist" },
      "run a pipeline on a branch that does not exist",
    ),
    step(
      "gl-012",
      "create_pipeline",
      { project_id: PROJECT, ref: "release/2026.12" },
      "run a pipeline whose .gitlab-ci.yml is invalid",
    ),
    step("gl-013", "create_pipeline", { project_id: PROJECT, ref: "main" }, "run a pipeline on main"),
    step("gl-014", "list_pipelines", { project_id: PROJECT, per_page: "lots" }, "per_page given as a word"),
    step(
      "gl-015",
      "retry_pipeline",
      { project_id: PROJECT, pipeline_id: "91877" },
      "retry a pipeline with a Reporter's token (no permission)",
      asCaller(GITLAB_REPORTER_TOKEN),
    ),
    step(
      "gl-016",
      "list_pipelines",
      { project_id: PROJECT, ref: "release/2026.12" },
      "the release branch's pipelines, back on the Maintainer's token (the server checks it again)",
    ),
    step(
      "gl-017",
      "list_pipelines",
      { project_id: PROJECT },
      "list pipelines over the API rate limit (429)",
      flag("gitlabRateLimited"),
    ),
    step(
      "gl-018",
      "get_pipeline",
      { project_id: PROJECT, pipeline_id: "91877" },
      "a pipeline while GitLab answers 500",
      flag("gitlabServerError"),
    ),
    step(
      "gl-019",
      "list_pipelines",
      { project_id: PROJECT },
      "list pipelines while GitLab answers its HTML 502 page",
      flag("gitlabBadGateway"),
    ),
    step(
      "gl-020",
      "list_pipelines",
      { project_id: PROJECT },
      "list pipelines after the token was revoked",
      flag("gitlabTokenRevoked"),
    ),
    step(
      "gl-021",
      "list_pipelines",
      { project_id: PROJECT, status: "failed" },
      "failed pipelines, over the API rate limit again (429)",
      flag("gitlabRateLimited"),
    ),
    step(
      "gl-022",
      "create_pipeline",
      { project_id: PROJECT, ref: "slow-release" },
      "a pipeline creation that takes GitLab 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("gl-023", "delete_project", { project_id: PROJECT }, "a tool the server does not have"),
    step(
      "gl-024",
      "list_pipelines",
      { project_id: PROJECT },
      "list pipelines while GitLab cannot be reached (stopped); the client waits 10 s",
      down(gitlabStandin, { timeoutMs: 10_000 }),
    ),
    step(
      "gl-025",
      "create_pipeline",
      { project_id: PROJECT, ref: "slow-release" },
      "a slow pipeline creation; the MCP server is killed mid-call; the client waits 8 s",
      { ...killMidCall, timeoutMs: 8000 },
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Dokploy

const APP = "aP3xQ9rT2vW8yZ1bC4dE6";
const WORKER = "wK4jH7gF0dS3aP6oI9uY2";

const dokploy: SessionSpec = {
  label: "r12-ops-dokploy",
  server: "@ahdev/dokploy-mcp",
  transport: "stdio",
  start: stdioServer("r12-ops-dokploy", "@ahdev/dokploy-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      DOKPLOY_URL: `http://127.0.0.1:${DOKPLOY_PORT}/api`,
      DOKPLOY_API_KEY: DOKPLOY_KEY,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("dk-001", "project-all", {}, "list the projects"),
    step("dk-002", "project-one", { projectId: "pR1oJ4eC7tA0bC3dE6fG9" }, "one project"),
    step("dk-003", "project-one", { projectId: "pNoSuchProject0000000" }, "a project id that does not exist"),
    step(
      "dk-004",
      "project-one",
      { projectId: "pNoSuchProject0000000" },
      "the same missing project again, unchanged",
    ),
    step(
      "dk-005",
      "application-one",
      { applicationId: APP },
      "one application with its domains and deployments",
    ),
    step(
      "dk-006",
      "application-one",
      { applicationId: "aNoSuchApp00000000000" },
      "an application id that does not exist",
    ),
    step(
      "dk-007",
      "application-deploy",
      { applicationId: APP, title: "Deploy from corpus" },
      "deploy the storefront",
    ),
    step(
      "dk-008",
      "application-stop",
      { applicationId: WORKER },
      "stop an application the key's member may not manage",
    ),
    step(
      "dk-009",
      "domain-byApplicationId",
      { applicationId: WORKER },
      "the domains of an application that has none",
    ),
    step(
      "dk-010",
      "domain-create",
      {
        host: "not a host!",
        https: false,
        applicationId: APP,
        port: 3000,
        certificateType: "none",
        stripPath: false,
        domainType: "application",
      },
      "a domain whose host is not a hostname",
    ),
    step(
      "dk-011",
      "domain-create",
      {
        host: "shop.acme.test",
        https: true,
        applicationId: APP,
        port: 3000,
        certificateType: "letsencrypt",
        stripPath: false,
        domainType: "application",
      },
      "a domain that is already in use",
    ),
    step("dk-012", "project-create", { name: " " }, "create a project with a blank name"),
    step("dk-013", "application-one", { applicationId: 12345 }, "an application id given as a number"),
    step(
      "dk-014",
      "project-all",
      {},
      "list projects after the API key was revoked",
      flag("dokployKeyRevoked"),
    ),
    step(
      "dk-015",
      "project-all",
      {},
      "list projects over the API key's rate limit (429)",
      flag("dokployRateLimited"),
    ),
    step(
      "dk-016",
      "project-all",
      {},
      "list projects while Dokploy cannot reach its database (500)",
      flag("dokployServerError"),
    ),
    step(
      "dk-017",
      "project-all",
      {},
      "list projects while Traefik answers 502 Bad Gateway",
      flag("dokployBadGateway"),
    ),
    step(
      "dk-018",
      "application-one",
      { applicationId: APP },
      "an application while an access proxy answers its login page with HTTP 200",
      flag("dokployAccessPage"),
    ),
    step(
      "dk-019",
      "project-all",
      {},
      "list projects while the access proxy answers its login page with HTTP 200",
      flag("dokployAccessPage"),
    ),
    step(
      "dk-020",
      "application-deploy",
      { applicationId: "slowBuildQueue0000001" },
      "a deploy that takes Dokploy 15 s to accept; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("dk-021", "application-rollback", { applicationId: APP }, "a tool the server does not have"),
    step(
      "dk-022",
      "project-all",
      {},
      "list projects while Dokploy cannot be reached (stopped)",
      down(dokployStandin),
    ),
    step(
      "dk-023",
      "application-deploy",
      { applicationId: "slowBuildQueue0000001" },
      "a slow deploy; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------------- SonarQube

const CHECKOUT = "acme_checkout-service";

const sonar: SessionSpec = {
  label: "r12-ops-sonarqube",
  server: "sonarqube-mcp-server",
  transport: "stdio",
  start: stdioServer("r12-ops-sonarqube", "sonarqube-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      SONARQUBE_URL: `http://127.0.0.1:${SONAR_PORT}`,
      SONARQUBE_TOKEN: SONAR_TOKEN,
      LOG_FILE: path.join(DATA, "sonarqube-mcp.log"),
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("sq-001", "projects", {}, "list the projects"),
    step("sq-002", "projects", { page: "5", page_size: "50" }, "a page past the last project"),
    step("sq-003", "issues", { project_key: CHECKOUT }, "open issues of the checkout service"),
    step("sq-004", "issues", { project_key: "acme_legacy-billing" }, "issues of a project that has none"),
    step("sq-005", "issues", { project_key: "acme_checkout" }, "issues of a project key that does not exist"),
    step("sq-006", "issues", { project_key: "acme_checkout" }, "the same missing project again, unchanged"),
    step(
      "sq-007",
      "measures_component",
      { component: CHECKOUT, metric_keys: ["coverage", "bugs", "code_smells", "ncloc"] },
      "coverage, bugs and size of the checkout service",
    ),
    step(
      "sq-008",
      "measures_component",
      { component: CHECKOUT, metric_keys: ["coverage", "test_coverage_pct"] },
      "a metric key that does not exist",
    ),
    step(
      "sq-009",
      "quality_gate_status",
      { project_key: CHECKOUT },
      "the quality gate of the checkout service (failing)",
    ),
    step(
      "sq-010",
      "quality_gate_status",
      { project_key: "acme_checkout" },
      "the quality gate of a project that does not exist",
    ),
    step("sq-011", "hotspots", { project_key: CHECKOUT }, "security hotspots: there are none"),
    step("sq-012", "system_health", {}, "system health with a token that is not an administrator's"),
    step(
      "sq-013",
      "markIssueFalsePositive",
      { issue_key: "AZOq3f1x9Kc2mB7dE4gJ", comment: "intent is checked upstream" },
      "mark an issue false positive without the Administer Issues permission",
    ),
    step(
      "sq-014",
      "issues",
      { project_key: CHECKOUT, page_size: "1000" },
      "a page size above SonarQube's maximum of 500",
    ),
    step(
      "sq-015",
      "measures_component",
      { component: CHECKOUT },
      "measures without the required metric_keys",
    ),
    step("sq-016", "projects", {}, "list projects after the token was revoked", flag("sonarTokenRevoked")),
    step("sq-017", "projects", {}, "list projects over the rate limit (429)", flag("sonarRateLimited")),
    step("sq-018", "projects", {}, "list projects while SonarQube answers 500", flag("sonarServerError")),
    step(
      "sq-019",
      "quality_gates",
      {},
      "quality gates while SonarQube shows its maintenance page (HTTP 200 HTML)",
      flag("sonarMaintenancePage"),
    ),
    step(
      "sq-020",
      "measures_history",
      { component: CHECKOUT, metrics: ["coverage"] },
      "a measures history that takes SonarQube 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("sq-021", "delete_project", { project_key: CHECKOUT }, "a tool the server does not have"),
    step(
      "sq-022",
      "projects",
      {},
      "list projects while SonarQube cannot be reached (stopped)",
      down(sonarStandin),
    ),
    step(
      "sq-023",
      "measures_history",
      { component: CHECKOUT, metrics: ["coverage"] },
      "a slow measures history; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Railway

const RW_PROJECT = "7d1c2b9e-4f3a-4e8b-9c1d-2a3b4c5d6e7f";
const RW_PROD = "e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b";
const RW_STAGING = "f9e8d7c6-b5a4-4321-9876-543210fedcba";
const RW_API = "s0a1b2c3-d4e5-4f60-8172-8394a5b6c7d8";
const RW_WORKER = "s9f8e7d6-c5b4-4a39-8271-605f4e3d2c1b";
const RW_OK_DEPLOY = "d4e5f6a7-b8c9-4d0e-9f1a-2b3c4d5e6f70";
const RW_FAILED_DEPLOY = "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f";
const RW_SLOW_DEPLOY = "slow0000-0000-4000-8000-000000000000";

const railway: SessionSpec = {
  label: "r12-ops-railway",
  server: "@jasontanswe/railway-mcp",
  transport: "stdio",
  start: stdioServer("r12-ops-railway", "@jasontanswe/railway-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      RAILWAY_API_TOKEN: RAILWAY_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${RAILWAY_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("rw-001", "project_list", {}, "list the projects"),
    step(
      "rw-002",
      "project_info",
      { projectId: RW_PROJECT },
      "one project with its environments and services",
    ),
    step(
      "rw-003",
      "project_info",
      { projectId: "00000000-0000-4000-8000-000000000000" },
      "a project id that does not exist",
    ),
    step(
      "rw-004",
      "project_info",
      { projectId: "00000000-0000-4000-8000-000000000000" },
      "the same missing project again, unchanged",
    ),
    step(
      "rw-005",
      "deployment_list",
      { projectId: RW_PROJECT, serviceId: RW_API, environmentId: RW_PROD },
      "the api service's deployments",
    ),
    step(
      "rw-006",
      "deployment_list",
      { projectId: RW_PROJECT, serviceId: RW_WORKER, environmentId: RW_PROD },
      "a service that was never deployed",
    ),
    step("rw-007", "deployment_logs", { deploymentId: RW_OK_DEPLOY }, "the logs of a successful deployment"),
    step(
      "rw-008",
      "deployment_logs",
      { deploymentId: RW_FAILED_DEPLOY },
      "the logs of a deployment whose build failed",
    ),
    step(
      "rw-009",
      "deployment_status",
      { deploymentId: "11111111-2222-4333-8444-555555555555" },
      "a deployment id that does not exist",
    ),
    step(
      "rw-010",
      "list_service_variables",
      { projectId: RW_PROJECT, environmentId: RW_PROD, serviceId: RW_API },
      "the api service's variables",
    ),
    step(
      "rw-011",
      "list_service_variables",
      { projectId: RW_PROJECT, environmentId: RW_STAGING, serviceId: RW_API },
      "variables in an environment the token may not read",
    ),
    step(
      "rw-012",
      "variable_set",
      { projectId: RW_PROJECT, environmentId: RW_PROD, serviceId: RW_API, name: "1BAD-NAME", value: "x" },
      "a variable name Railway rejects",
    ),
    step(
      "rw-013",
      "deployment_trigger",
      {
        projectId: RW_PROJECT,
        serviceId: RW_API,
        environmentId: RW_PROD,
        commitSha: "a91f3c2e5b7d4f60b1c9e8d7a6f5e4d3c2b1a098",
      },
      "trigger a deployment while Railway fails to process it",
    ),
    step(
      "rw-014",
      "service_info",
      { projectId: RW_PROJECT, serviceId: RW_API },
      "service_info without the required environmentId",
    ),
    step(
      "rw-015",
      "project_list",
      {},
      "list projects after the token was revoked",
      flag("railwayTokenRevoked"),
    ),
    step(
      "rw-016",
      "project_list",
      {},
      "list projects over the API rate limit (429)",
      flag("railwayRateLimited"),
    ),
    step(
      "rw-017",
      "project_list",
      {},
      "list projects while the API answers an HTML 502",
      flag("railwayBadGateway"),
    ),
    step(
      "rw-018",
      "deployment_logs",
      { deploymentId: RW_SLOW_DEPLOY },
      "logs that take Railway 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("rw-019", "service_scale", { serviceId: RW_API, replicas: 3 }, "a tool the server does not have"),
    step(
      "rw-020",
      "project_list",
      {},
      "list projects while Railway cannot be reached (proxy stopped)",
      down(railwayStandin),
    ),
    step(
      "rw-021",
      "deployment_logs",
      { deploymentId: RW_SLOW_DEPLOY },
      "slow logs; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ----------------------------------------------------------------------------------------- Yunxiao

const ORG = YUNXIAO_ORG;

const yunxiao: SessionSpec = {
  label: "r12-ops-yunxiao",
  server: "alibabacloud-devops-mcp-server",
  transport: "stdio",
  start: stdioServer("r12-ops-yunxiao", "alibabacloud-devops-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      YUNXIAO_ACCESS_TOKEN: YUNXIAO_TOKEN,
      YUNXIAO_API_BASE_URL: `http://127.0.0.1:${YUNXIAO_PORT}`,
      YUNXIAO_EDITION: "central",
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("yx-001", "list_pipelines", { organizationId: ORG }, "list the organization's pipelines"),
    step(
      "yx-002",
      "list_pipelines",
      { organizationId: ORG, pipelineName: "mobile-app" },
      "pipelines whose name matches nothing",
    ),
    step(
      "yx-003",
      "get_pipeline",
      { organizationId: ORG, pipelineId: "3120871" },
      "one pipeline's definition",
    ),
    step(
      "yx-004",
      "get_pipeline",
      { organizationId: ORG, pipelineId: "3999999" },
      "a pipeline id that does not exist",
    ),
    step(
      "yx-005",
      "get_pipeline",
      { organizationId: ORG, pipelineId: "3999999" },
      "the same missing pipeline again, unchanged",
    ),
    step(
      "yx-006",
      "get_latest_pipeline_run",
      { organizationId: ORG, pipelineId: "3120871" },
      "the latest run of a pipeline (failed)",
    ),
    step(
      "yx-007",
      "get_latest_pipeline_run",
      { organizationId: ORG, pipelineId: "3120902" },
      "the latest run of a pipeline that never ran",
    ),
    step("yx-008", "list_pipeline_runs", { organizationId: ORG, pipelineId: "3120871" }, "a pipeline's runs"),
    step(
      "yx-009",
      "list_pipeline_runs",
      { organizationId: ORG, pipelineId: "3120902" },
      "the runs of a pipeline that never ran",
    ),
    step(
      "yx-010",
      "get_pipeline_run",
      { organizationId: ORG, pipelineId: "3120871", pipelineRunId: "9999" },
      "a run id that does not exist",
    ),
    step(
      "yx-011",
      "create_pipeline_run",
      { organizationId: ORG, pipelineId: "3120871", branch: "master" },
      "run the CI pipeline on master",
    ),
    step(
      "yx-012",
      "create_pipeline_run",
      { organizationId: ORG, pipelineId: "3120875", branch: "master" },
      "run the deploy pipeline while it is at its running-instance limit",
    ),
    step(
      "yx-013",
      "list_pipelines",
      { organizationId: "5e0000000000000000000000" },
      "pipelines of an organization the token is not in",
    ),
    step(
      "yx-014",
      "list_pipelines",
      { organizationId: ORG, perPage: 100 },
      "perPage above the tool's maximum of 30",
    ),
    step(
      "yx-015",
      "list_pipelines",
      { organizationId: ORG },
      "list pipelines after the token expired",
      flag("yunxiaoTokenExpired"),
    ),
    step(
      "yx-016",
      "list_pipelines",
      { organizationId: ORG },
      "list pipelines under flow control (429)",
      flag("yunxiaoRateLimited"),
    ),
    step(
      "yx-017",
      "get_pipeline",
      { organizationId: ORG, pipelineId: "3120871" },
      "a pipeline while the API answers 500",
      flag("yunxiaoServerError"),
    ),
    step(
      "yx-018",
      "list_pipelines",
      { organizationId: ORG },
      "list pipelines while the gateway answers an HTML 502",
      flag("yunxiaoBadGateway"),
    ),
    step(
      "yx-019",
      "create_pipeline_run",
      { organizationId: ORG, pipelineId: "3120871", params: '{"envs":{"MODE":"slow"}}' },
      "a run request that takes the API 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "yx-020",
      "delete_pipeline",
      { organizationId: ORG, pipelineId: "3120871" },
      "a tool the server does not have",
    ),
    step(
      "yx-021",
      "list_pipelines",
      { organizationId: ORG },
      "list pipelines while the API cannot be reached (stopped)",
      down(yunxiaoStandin),
    ),
    step(
      "yx-022",
      "create_pipeline_run",
      { organizationId: ORG, pipelineId: "3120871", params: '{"envs":{"MODE":"slow"}}' },
      "a slow run request; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [gitlab, dokploy, sonar, railway, yunxiao];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
