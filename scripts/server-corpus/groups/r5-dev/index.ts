// Round V, group r5-dev: code hosting, project tools and a package registry, each behind a
// loopback stand-in of its real API (standins.ts). Run with
//   (cd scripts/server-corpus/groups/r5-dev && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r5-dev

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { DATA, PORTS, STANDINS } from "./standins.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "terraform-mcp-server": "0.13.0",
  "@answerai/jira-mcp": "1.1.0",
  "mcp-atlassian": "2.1.0",
  "@nexus2520/bitbucket-mcp-server": "3.0.0",
  "kubernetes-mcp-server": "0.0.67",
};

export async function prepare() {
  fs.mkdirSync(DATA, { recursive: true });
  fs.writeFileSync(path.join(DATA, "standins.log"), "");
  fs.writeFileSync(KUBECONFIG, KUBECONFIG_TEXT);
  for (const s of Object.values(STANDINS)) await s.start();
  return async () => {
    for (const s of Object.values(STANDINS)) await s.stop();
  };
}

const { terraform, atlassian, bitbucket, kubernetes } = STANDINS;

const KUBECONFIG = path.join(DATA, "kubeconfig");
const KUBECONFIG_TEXT = `apiVersion: v1
kind: Config
clusters:
- name: r5-dev
  cluster:
    server: http://127.0.0.1:${PORTS.kubernetes}
contexts:
- name: r5-dev
  context:
    cluster: r5-dev
    user: r5-dev-agent
    namespace: default
current-context: r5-dev
users:
- name: r5-dev-agent
  user:
    token: r5-dev-token
`;

/** Stop a stand-in for one call (its backend unreachable), start it again afterwards. */
function unreachable(standIn: (typeof STANDINS)[keyof typeof STANDINS]): Pick<Step, "before" | "after"> {
  return { before: () => standIn.stop(), after: () => standIn.start() };
}

/** Kill the server process while the call waits on a slow upstream. */
const killMidCall: Pick<Step, "during"> = {
  during: async (live) => {
    await sleep(700);
    live.kill();
  },
};

// ------------------------------------------------------------ terraform-mcp-server (registry)

const tfSteps: Step[] = [
  {
    id: "tf-001",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpc", provider: "aws" },
    scenario: "details of a module that exists",
  },
  {
    id: "tf-002",
    tool: "listDataSources",
    args: { provider: "aws", namespace: "hashicorp" },
    scenario: "list a provider's data sources",
  },
  {
    id: "tf-003",
    tool: "resourceArgumentDetails",
    args: { provider: "aws", namespace: "hashicorp", resource: "aws_instance" },
    scenario: "arguments of a resource that exists",
  },
  {
    id: "tf-004",
    tool: "functionDetails",
    args: { provider: "aws", namespace: "hashicorp", function: "arn_parse" },
    scenario: "a provider function that exists",
  },
  {
    id: "tf-005",
    tool: "policyDetails",
    args: { namespace: "Great-Stone", name: "vault-aws-secret-type" },
    scenario: "a policy library that exists",
  },
  {
    id: "tf-006",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpcc", provider: "aws" },
    scenario: "a module name with a typo (registry 404)",
  },
  {
    id: "tf-007",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpcc", provider: "aws" },
    scenario: "the same call again right after it failed",
  },
  {
    id: "tf-008",
    tool: "listDataSources",
    args: { provider: "null", namespace: "hashicorp" },
    scenario: "a provider that has no data sources",
  },
  {
    id: "tf-009",
    tool: "functionDetails",
    args: { provider: "aws", namespace: "hashicorp", function: "arn_build" },
    scenario: "a function the provider does not have",
  },
  {
    id: "tf-011",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpc", provider: "aws" },
    scenario: "registry answers 429 with Retry-After",
    before: async () =>
      terraform.once(/^\/v1\/modules\//, {
        status: 429,
        body: { errors: ["API rate limit exceeded"] },
        headers: { "retry-after": "30" },
      }),
  },
  {
    id: "tf-012",
    tool: "listDataSources",
    args: { provider: "aws", namespace: "hashicorp" },
    scenario: "registry answers 503",
    before: async () =>
      terraform.once(/^\/v2\/providers\//, {
        status: 503,
        body: "<html><body><h1>503 Service Unavailable</h1>No server is available to handle this request.</body></html>",
        headers: { "content-type": "text/html" },
      }),
  },
  {
    id: "tf-013",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpc", provider: "aws" },
    scenario: "registry slower than the server's 1.5 s request timeout",
    before: async () => terraform.once(/^\/v1\/modules\//, { status: 200, body: {}, delayMs: 4000 }),
  },
  {
    id: "tf-014",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpc", provider: "aws" },
    scenario: "registry unreachable (stand-in stopped)",
    ...unreachable(terraform),
  },
  {
    id: "tf-015",
    tool: "providerLookup",
    args: { provider: "aws" },
    scenario: "a tool name this server does not have",
  },
  {
    id: "tf-016",
    tool: "resourceArgumentDetails",
    args: { provider: "aws", namespace: "hashicorp", resource: 42 },
    scenario: "a number where the resource name goes",
  },
  {
    id: "tf-017",
    tool: "moduleDetails",
    args: { namespace: "terraform-aws-modules", module: "vpc", provider: "aws" },
    scenario: "server process killed while the registry is slow",
    before: async () => terraform.once(/^\/v1\/modules\//, { status: 200, body: {}, delayMs: 1400 }),
    ...killMidCall,
  },
];

// ------------------------------------------------------------ @answerai/jira-mcp (Jira Cloud)

const ISSUE_AUTH = {
  status: 401,
  body: "Client must be authenticated to access this resource.",
  headers: { "content-type": "text/html;charset=UTF-8" },
};

const jiraSteps: Step[] = [
  {
    id: "jira-001",
    tool: "search_issues",
    args: { searchString: "project = DEV ORDER BY updated DESC" },
    scenario: "JQL search with results",
  },
  {
    id: "jira-002",
    tool: "get_issue",
    args: { issueId: "DEV-101" },
    scenario: "an issue that exists, with one comment",
  },
  {
    id: "jira-003",
    tool: "search_issues",
    args: { searchString: 'project = DEV AND text ~ "kubernetes"' },
    scenario: "JQL search that matches nothing",
  },
  {
    id: "jira-004",
    tool: "get_issue",
    args: { issueId: "DEV-999" },
    scenario: "an issue key that does not exist",
  },
  {
    id: "jira-005",
    tool: "get_issue",
    args: { issueId: "DEV-999" },
    scenario: "the same lookup again right after it failed",
  },
  {
    id: "jira-006",
    tool: "search_issues",
    args: { searchString: "project = DEV AND" },
    scenario: "JQL with a syntax error",
  },
  {
    id: "jira-007",
    tool: "create_issue",
    args: { projectKey: "DEV", issueType: "Task", summary: "Document the r5-dev stand-ins" },
    scenario: "create an issue",
  },
  {
    id: "jira-008",
    tool: "create_issue",
    args: { projectKey: "LEGAL", issueType: "Task", summary: "Review licence" },
    scenario: "create in a project the user may not create issues in",
  },
  {
    id: "jira-009",
    tool: "get_transitions",
    args: { issueKey: "DEV-102" },
    scenario: "list an issue's transitions",
  },
  {
    id: "jira-010",
    tool: "transition_issue",
    args: { issueKey: "DEV-102", transitionId: "99" },
    scenario: "a transition id that is not valid for the issue",
  },
  {
    id: "jira-011",
    tool: "search_issues",
    args: { searchString: "assignee = currentUser()" },
    scenario: "the API token was revoked (401)",
    before: async () => atlassian.once(/\/rest\/api\/3\/search/, ISSUE_AUTH),
  },
  {
    id: "jira-012",
    tool: "search_issues",
    args: { searchString: 'status = "In Progress"' },
    scenario: "Jira answers 429 with Retry-After",
    before: async () =>
      atlassian.once(/\/rest\/api\/3\/search/, {
        status: 429,
        body: { errorMessages: ["Rate limit exceeded."], errors: {} },
        headers: { "retry-after": "12", "x-ratelimit-reason": "jira-quota-tenant-based" },
      }),
  },
  {
    id: "jira-013",
    tool: "add_comment",
    args: { issueIdOrKey: "DEV-101", body: "Fixed in 1.4.2" },
    scenario: "Jira answers 500 on the comment",
    before: async () =>
      atlassian.once(/\/comment$/, {
        status: 500,
        body: { errorMessages: ["Internal server error"], errors: {} },
      }),
  },
  { id: "jira-014", tool: "search_issues", args: {}, scenario: "the required JQL argument left out" },
  {
    id: "jira-015",
    tool: "delete_issue",
    args: { issueKey: "DEV-101" },
    scenario: "a tool name this server does not have",
  },
  {
    id: "jira-016",
    tool: "get_issue",
    args: { issueId: "DEV-102" },
    scenario: "Jira unreachable (stand-in stopped)",
    ...unreachable(atlassian),
  },
];

// ------------------------------------------------------------ mcp-atlassian (Jira + Confluence)

const atlSteps: Step[] = [
  { id: "atl-001", tool: "read_jira_issue", args: { issueKey: "DEV-102" }, scenario: "an issue that exists" },
  { id: "atl-002", tool: "list_jira_projects", args: {}, scenario: "list projects" },
  {
    id: "atl-003",
    tool: "search_jira_issues",
    args: { jql: 'project = DEV AND text ~ "webhook"' },
    scenario: "JQL search with one result",
  },
  {
    id: "atl-004",
    tool: "get_confluence_space",
    args: { spaceKey: "OPS" },
    scenario: "a Confluence space that exists",
  },
  {
    id: "atl-005",
    tool: "search_confluence_pages",
    args: { cql: 'space = OPS AND text ~ "runbook"' },
    scenario: "CQL search with a result",
  },
  {
    id: "atl-006",
    tool: "search_confluence_pages",
    args: { cql: 'space = OPS AND text ~ "kubernetes"' },
    scenario: "CQL search that finds nothing",
  },
  { id: "atl-007", tool: "read_confluence_page", args: { pageId: "65601" }, scenario: "a page that exists" },
  {
    id: "atl-008",
    tool: "read_confluence_page",
    args: { pageId: "99999" },
    scenario: "a page id that does not exist",
  },
  {
    id: "atl-009",
    tool: "search_confluence_pages",
    args: { cql: "space = OPS AND" },
    scenario: "CQL with a syntax error",
  },
  {
    id: "atl-010",
    tool: "search_jira_issues",
    args: { jql: "priorityy = High" },
    scenario: "JQL naming a field that does not exist",
  },
  {
    id: "atl-011",
    tool: "create_jira_issue",
    args: { projectKey: "DEV", issueType: "Chore", summary: "Rotate the sink key" },
    scenario: "an issue type the project does not have",
  },
  {
    id: "atl-012",
    tool: "read_jira_issue",
    args: { issueKey: "DEV-101" },
    scenario: "Jira answers 403",
    before: async () =>
      atlassian.once(/\/rest\/api\/3\/issue\//, {
        status: 403,
        body: { errorMessages: ["You do not have the permission to see the specified issue."], errors: {} },
      }),
  },
  {
    id: "atl-013",
    tool: "list_jira_projects",
    args: {},
    scenario: "Jira answers 503",
    before: async () =>
      atlassian.once(/\/rest\/api\/3\/project/, {
        status: 503,
        body: { errorMessages: ["Service Unavailable"], errors: {} },
        headers: { "retry-after": "20" },
      }),
  },
  {
    id: "atl-014",
    tool: "get_jira_current_user",
    args: {},
    scenario: "site unreachable (stand-in stopped)",
    ...unreachable(atlassian),
  },
  {
    id: "atl-015",
    tool: "list_confluence_spaces",
    args: { type: "corporate" },
    scenario: "a value outside the enum of the space type",
  },
  {
    id: "atl-016",
    tool: "delete_jira_issue",
    args: { issueKey: "DEV-101" },
    scenario: "a tool name this server does not have",
  },
];

// ------------------------------------------------------------ @nexus2520/bitbucket-mcp-server (Bitbucket Server)

const repo = { workspace: "PLAT", repository: "sink" };
const bbSteps: Step[] = [
  { id: "bb-001", tool: "list_projects", args: {}, scenario: "list projects" },
  {
    id: "bb-002",
    tool: "list_repositories",
    args: { workspace: "PLAT" },
    scenario: "list a project's repositories",
  },
  {
    id: "bb-003",
    tool: "get_pull_request",
    args: { ...repo, pull_request_id: 42 },
    scenario: "a pull request that exists",
  },
  {
    id: "bb-004",
    tool: "get_file_content",
    args: { ...repo, file_path: "src/retry.ts" },
    scenario: "read a file",
  },
  {
    id: "bb-005",
    tool: "list_directory_content",
    args: { ...repo, path: "docs" },
    scenario: "an empty directory",
  },
  {
    id: "bb-006",
    tool: "list_branches",
    args: { ...repo, filter: "hotfix" },
    scenario: "branches filtered by a name nobody used",
  },
  {
    id: "bb-007",
    tool: "get_pull_request",
    args: { ...repo, pull_request_id: 7 },
    scenario: "a pull request id that does not exist",
  },
  {
    id: "bb-008",
    tool: "get_pull_request",
    args: { ...repo, pull_request_id: 7 },
    scenario: "the same lookup again right after it failed",
  },
  {
    id: "bb-010",
    tool: "get_file_content",
    args: { ...repo, file_path: "src/missing.ts" },
    scenario: "a file path that does not exist",
  },
  {
    id: "bb-011",
    tool: "merge_pull_request",
    args: { ...repo, pull_request_id: 42 },
    scenario: "merge vetoed by an open task (409)",
  },
  {
    id: "bb-012",
    tool: "list_branches",
    args: repo,
    scenario: "Bitbucket answers 429 with Retry-After",
    before: async () =>
      bitbucket.once(/\/branches/, {
        status: 429,
        body: {
          errors: [
            {
              context: null,
              message: "You have been rate limited. Please wait 15 seconds and try again.",
              exceptionName: "com.atlassian.bitbucket.throttle.ThrottledException",
            },
          ],
        },
        headers: { "retry-after": "15" },
      }),
  },
  {
    id: "bb-013",
    tool: "list_branches",
    args: { ...repo, filter: "main" },
    scenario: "the token was revoked (401)",
    before: async () =>
      bitbucket.once(/\/branches/, {
        status: 401,
        body: {
          errors: [
            {
              context: null,
              message: "Authentication failed. Please check your credentials and try again.",
              exceptionName: "com.atlassian.bitbucket.auth.IncorrectPasswordAuthenticationException",
            },
          ],
        },
      }),
  },
  {
    id: "bb-014",
    tool: "list_repositories",
    args: { workspace: "PLAT" },
    scenario: "Bitbucket answers 500",
    before: async () =>
      bitbucket.once(/\/repos/, {
        status: 500,
        body: {
          errors: [
            {
              context: null,
              message:
                "An error occurred while processing the request. Check the server logs for more information.",
              exceptionName: null,
            },
          ],
        },
      }),
  },
  {
    id: "bb-015",
    tool: "get_pull_request",
    args: { ...repo, pull_request_id: "forty-two" },
    scenario: "a string where the pull request id number goes",
  },
  {
    id: "bb-016",
    tool: "create_repository",
    args: { workspace: "PLAT", name: "new" },
    scenario: "a tool name this server does not have",
  },
  {
    id: "bb-017",
    tool: "list_projects",
    args: {},
    scenario: "server process killed while Bitbucket is slow",
    before: async () => bitbucket.once(/\/projects/, { status: 200, body: {}, delayMs: 3000 }),
    ...killMidCall,
  },
];

// ------------------------------------------------------------ kubernetes-mcp-server (Kubernetes API)

const K8S_401 = {
  status: 401,
  body: {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: "Unauthorized",
    reason: "Unauthorized",
    code: 401,
  },
};
const K8S_503 = {
  status: 503,
  body: {
    kind: "Status",
    apiVersion: "v1",
    metadata: {},
    status: "Failure",
    message: "the server is currently unable to handle the request",
    reason: "ServiceUnavailable",
    details: {
      causes: [
        { reason: "UnexpectedServerResponse", message: "etcd cluster is unavailable or misconfigured" },
      ],
    },
    code: 503,
  },
};

const k8sSteps: Step[] = [
  { id: "k8s-001", tool: "namespaces_list", args: {}, scenario: "list namespaces" },
  {
    id: "k8s-002",
    tool: "pods_list_in_namespace",
    args: { namespace: "default" },
    scenario: "list pods in a namespace",
  },
  {
    id: "k8s-003",
    tool: "pods_get",
    args: { name: "sink-7d9f8b6c5-x2kqp", namespace: "default" },
    scenario: "a pod that exists",
  },
  {
    id: "k8s-004",
    tool: "pods_log",
    args: { name: "sink-7d9f8b6c5-x2kqp", namespace: "default" },
    scenario: "a running pod's log",
  },
  {
    id: "k8s-005",
    tool: "pods_list_in_namespace",
    args: { namespace: "payments" },
    scenario: "a namespace with no pods",
  },
  {
    id: "k8s-006",
    tool: "events_list",
    args: { namespace: "payments" },
    scenario: "a namespace with no events",
  },
  {
    id: "k8s-007",
    tool: "pods_get",
    args: { name: "sink-7d9f8b6c5-zzzzz", namespace: "default" },
    scenario: "a pod name that does not exist",
  },
  {
    id: "k8s-008",
    tool: "pods_get",
    args: { name: "sink-7d9f8b6c5-zzzzz", namespace: "default" },
    scenario: "the same lookup again right after it failed",
  },
  {
    id: "k8s-009",
    tool: "pods_log",
    args: { name: "worker-6c8d7f-crash", namespace: "default" },
    scenario: "the log of a pod in CrashLoopBackOff (400)",
  },
  {
    id: "k8s-010",
    tool: "pods_list_in_namespace",
    args: { namespace: "kube-system" },
    scenario: "a namespace the service account may not list (403)",
  },
  {
    id: "k8s-011",
    tool: "resources_get",
    args: { apiVersion: "v1", kind: "Widget", name: "w1", namespace: "default" },
    scenario: "a kind the cluster does not know",
  },
  {
    id: "k8s-012",
    tool: "resources_create_or_update",
    args: { resource: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [broken" },
    scenario: "a manifest that is not valid YAML",
  },
  {
    id: "k8s-013",
    tool: "pods_list_in_namespace",
    args: { namespace: "default" },
    scenario: "the token was revoked (401)",
    before: async () => kubernetes.once(/\/pods/, K8S_401),
  },
  {
    id: "k8s-014",
    tool: "pods_get",
    args: { name: "dashboard-5b7c9d-8wzrt", namespace: "default" },
    scenario: "API server answers 503",
    before: async () => kubernetes.once(/\/pods\//, K8S_503),
  },
  {
    id: "k8s-015",
    tool: "namespaces_list",
    args: {},
    scenario: "API server unreachable (stand-in stopped)",
    ...unreachable(kubernetes),
  },
  { id: "k8s-016", tool: "helm_list", args: {}, scenario: "a tool name this server does not have" },
];

const ENV_TF = {
  TERRAFORM_REGISTRY_URL: `http://127.0.0.1:${PORTS.terraform}`,
  REQUEST_TIMEOUT_MS: "1500",
  LOG_LEVEL: "error",
};
const ENV_JIRA = {
  JIRA_BASE_URL: `http://127.0.0.1:${PORTS.atlassian}`,
  JIRA_USER_EMAIL: "dev@r5-dev.example",
  JIRA_API_TOKEN: "ATATT3xFfGF0-r5-dev",
};
const ENV_ATL = {
  ATLASSIAN_BASE_URL: `http://127.0.0.1:${PORTS.atlassian}`,
  ATLASSIAN_EMAIL: "dev@r5-dev.example",
  ATLASSIAN_API_TOKEN: "ATATT3xFfGF0-r5-dev",
};
const ENV_BB = {
  BITBUCKET_BASE_URL: `http://127.0.0.1:${PORTS.bitbucket}`,
  BITBUCKET_USERNAME: "dev",
  BITBUCKET_TOKEN: "BBDC-r5-dev-token",
  BITBUCKET_RETRY_MAX: "0",
};

export const SESSIONS: SessionSpec[] = [
  {
    label: "r5-dev-terraform",
    server: "terraform-mcp-server",
    transport: "stdio",
    start: stdioServer("r5-dev-terraform", "terraform-mcp-server", { env: ENV_TF, from: FROM }),
    steps: tfSteps,
  },
  {
    label: "r5-dev-jira",
    server: "@answerai/jira-mcp",
    transport: "stdio",
    start: stdioServer("r5-dev-jira", "@answerai/jira-mcp", { env: ENV_JIRA, from: FROM }),
    steps: jiraSteps,
  },
  {
    label: "r5-dev-atlassian",
    server: "mcp-atlassian",
    transport: "stdio",
    start: stdioServer("r5-dev-atlassian", "mcp-atlassian", { env: ENV_ATL, from: FROM }),
    steps: atlSteps,
  },
  {
    label: "r5-dev-kubernetes",
    server: "kubernetes-mcp-server",
    transport: "stdio",
    start: stdioServer("r5-dev-kubernetes", "kubernetes-mcp-server", {
      args: ["--kubeconfig", KUBECONFIG, "--list-output", "yaml"],
      from: FROM,
    }),
    steps: k8sSteps,
  },
  {
    label: "r5-dev-bitbucket",
    server: "@nexus2520/bitbucket-mcp-server",
    transport: "stdio",
    start: stdioServer("r5-dev-bitbucket", "@nexus2520/bitbucket-mcp-server", { env: ENV_BB, from: FROM }),
    steps: bbSteps,
  },
];
