// Group r29-a: customer support on a help desk — a Jira Service Management service desk (project HELP, "IT Help
// Desk") worked by a support agent through two published Jira Cloud MCP servers from different authors:
// Tezaswi Raj's `mcp-jira-cloud` and aaronsb's `@aaronsb/jira-cloud-mcp`. No help-desk-specific server (Zendesk,
// Intercom, Help Scout, Front, Crisp, Freshservice, …) installs from this machine's npm mirror (README.md lists the
// names tried), so the help desk here is JSM's, reached through the Jira platform API every JSM site serves.
// Each server talks to a loopback stand-in of the site (standins.ts) answering with Jira Cloud's bodies.
//
//   (cd scripts/server-corpus/groups/r29-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r29-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  API_TOKEN,
  DATA,
  EMAIL,
  JCM_PORT,
  JMC_PORT,
  SLOW_ISSUE,
  clearTimers,
  jcmStandin,
  jmcStandin,
  resetSite,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-jira-cloud": "4.4.0",
  "@aaronsb/jira-cloud-mcp": "0.11.3",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// -------------------------------------------------------------------------------- mcp-jira-cloud (stdio)

const jmc: SessionSpec = {
  label: "r29-a-jmc",
  server: "mcp-jira-cloud",
  transport: "stdio",
  start: stdioServer("r29-a-jmc", "mcp-jira-cloud", {
    from: FROM,
    cwd: DATA,
    env: {
      JIRA_BASE_URL: `http://127.0.0.1:${JMC_PORT}`,
      JIRA_EMAIL: EMAIL,
      JIRA_API_TOKEN: API_TOKEN,
      HOME,
    },
  }),
  steps: [
    step("jmc-001", "jira_whoami", {}, "which agent account the server acts as"),
    step("jmc-002", "jira_list_projects", {}, "the service desk projects the agent can see"),
    step(
      "jmc-003",
      "jira_search_issues",
      { jql: "project = HELP AND statusCategory != Done ORDER BY created DESC", maxResults: 20 },
      "the help desk's open requests, newest first",
    ),
    step(
      "jmc-004",
      "jira_search_issues",
      { jql: 'project = HELP AND text ~ "refund"', maxResults: 20 },
      "requests mentioning a refund (there are none)",
    ),
    step("jmc-005", "jira_get_issue", { issueIdOrKey: "HELP-101" }, "open a customer's sign-in request"),
    step(
      "jmc-006",
      "jira_get_issue_comments",
      { issueIdOrKey: "HELP-101" },
      "the request's conversation so far",
    ),
    step(
      "jmc-007",
      "jira_add_comment",
      {
        issueIdOrKey: "HELP-101",
        body: "Hi Priya, the SSO signing certificate rotated on 4 December. Please re-upload the new IdP metadata and try again.",
      },
      "reply to the customer",
    ),
    step(
      "jmc-008",
      "jira_get_transitions",
      { issueIdOrKey: "HELP-101" },
      "which workflow steps the request allows",
    ),
    step(
      "jmc-009",
      "jira_transition_issue",
      { issueIdOrKey: "HELP-101", transitionId: "851" },
      "move the request to 'Waiting for customer'",
    ),
    step(
      "jmc-010",
      "jira_create_issue",
      {
        projectKey: "HELP",
        issueType: "[System] Incident",
        summary: "EU customers see 504s on the reporting page",
        description: "Three customers reported 504s on /reports since 08:00 UTC.",
        priority: "High",
      },
      "open an incident for a pattern of customer reports",
    ),
    step("jmc-011", "jira_get_priorities", {}, "the priority scheme"),
    step("jmc-012", "jira_search_users", { query: "priya" }, "find the customer's account"),
    step(
      "jmc-013",
      "jira_validate_jql",
      {
        queries: ['project = HELP AND status = "Waiting for support"', "project = HELP AND requester priya"],
      },
      "check two saved queue queries, one of them malformed",
    ),
    step(
      "jmc-014",
      "jira_get_issue",
      { issueIdOrKey: "HELP-999" },
      "a request number the customer mistyped (404)",
    ),
    step("jmc-015", "jira_get_issue", { issueIdOrKey: "HELP-999" }, "the same lookup again, unchanged"),
    step(
      "jmc-016",
      "jira_search_issues",
      { jql: "project = SUPPORT AND statusCategory != Done" },
      "search a project key that does not exist on this site (400)",
    ),
    step(
      "jmc-017",
      "jira_create_issue",
      { projectKey: "HELP", issueType: "Bug", summary: "Export button greyed out" },
      "create a request with an issue type the service desk does not have (400)",
    ),
    step(
      "jmc-018",
      "jira_add_comment",
      { issueIdOrKey: "ITS-12", body: "Any update on this?" },
      "comment on the restricted security desk's ticket (403)",
    ),
    step(
      "jmc-019",
      "jira_get_my_open_issues",
      { maxResults: 20 },
      "the agent's open requests after the API token was revoked (401)",
      flag("keyRevoked"),
    ),
    step(
      "jmc-020",
      "jira_search_issues_summary",
      { jql: "project = HELP AND priority = Highest", maxResults: 10 },
      "urgent requests while the site rate-limits the account (429, Retry-After: 1)",
      flag("rateLimited"),
    ),
    step(
      "jmc-021",
      "jira_get_issue",
      { issueIdOrKey: "HELP-102" },
      "open a request while Jira answers 500",
      flag("serverError"),
    ),
    step(
      "jmc-022",
      "jira_get_issue_comments",
      { issueIdOrKey: "HELP-103" },
      "a request's comments while the edge answers an HTML 502 page",
      flag("badGateway"),
    ),
    step(
      "jmc-023",
      "jira_get_issue",
      { issueIdOrKey: SLOW_ISSUE },
      "a request the site takes 15 s to answer; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "jmc-024",
      "jira_list_projects",
      {},
      "the project list while the site cannot be reached",
      down(jmcStandin),
    ),
    step("jmc-025", "jira_get_queue", { queueId: "1" }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------------ @aaronsb/jira-cloud-mcp (stdio)

const jcm: SessionSpec = {
  label: "r29-a-jcm",
  server: "@aaronsb/jira-cloud-mcp",
  transport: "stdio",
  start: stdioServer("r29-a-jcm", "@aaronsb/jira-cloud-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      JIRA_HOST: `http://127.0.0.1:${JCM_PORT}`,
      JIRA_EMAIL: EMAIL,
      JIRA_API_TOKEN: API_TOKEN,
      HOME,
      XDG_DATA_HOME: path.join(DATA, "xdg"),
    },
  }),
  steps: [
    step("jcm-001", "manage_jira_project", { operation: "list" }, "the service desk projects"),
    step(
      "jcm-002",
      "manage_jira_project",
      { operation: "get", projectKey: "HELP" },
      "the help desk project's details",
    ),
    step(
      "jcm-003",
      "manage_jira_filter",
      { operation: "execute_jql", jql: 'project = HELP AND status = "Waiting for support"' },
      "the queue of requests waiting for an agent",
    ),
    step(
      "jcm-004",
      "manage_jira_filter",
      { operation: "execute_jql", jql: 'project = HELP AND labels = "gdpr"' },
      "data-protection requests (there are none)",
    ),
    step(
      "jcm-005",
      "manage_jira_issue",
      { operation: "get", issueKey: "HELP-102" },
      "open the invoice-export incident",
    ),
    step(
      "jcm-006",
      "manage_jira_issue",
      {
        operation: "comment",
        issueKey: "HELP-102",
        comment:
          "Reproduced with account 88213: the export job hits the 30 s gateway limit. Escalating to billing engineering.",
      },
      "note findings on the incident",
    ),
    step(
      "jcm-007",
      "manage_jira_issue",
      { operation: "transition", issueKey: "HELP-102", transitionId: "891" },
      "escalate the incident",
    ),
    step(
      "jcm-008",
      "manage_jira_issue",
      {
        operation: "create",
        projectKey: "HELP",
        issueType: "[System] Service request",
        summary: "Enable audit log export for Fabrikam",
        description: "Customer asked for the audit log export add-on on their Business plan.",
      },
      "log a customer's request",
    ),
    step(
      "jcm-009",
      "manage_jira_issue",
      { operation: "update", issueKey: "HELP-104", priority: "Highest" },
      "raise the webhook incident's priority",
    ),
    step(
      "jcm-010",
      "manage_jira_board",
      { operation: "list" },
      "boards (a service desk has queues, not boards)",
    ),
    step("jcm-024", "manage_jira_filter", { operation: "list" }, "the agent's saved queue filters"),
    step(
      "jcm-011",
      "analyze_jira_issues",
      { jql: "project = HELP", metrics: ["summary"] },
      "a summary of the help desk's workload",
    ),
    step(
      "jcm-012",
      "manage_jira_issue",
      { operation: "get", issueKey: "HELP-404" },
      "a request that does not exist (404)",
    ),
    step(
      "jcm-013",
      "manage_jira_issue",
      { operation: "get", issueKey: "HELP-404" },
      "the same lookup again, unchanged",
    ),
    step(
      "jcm-014",
      "manage_jira_filter",
      { operation: "execute_jql", jql: "project = HELP AND requester priya.raman" },
      "a malformed JQL query (400)",
    ),
    step(
      "jcm-015",
      "manage_jira_issue",
      { operation: "comment", issueKey: "ITS-12", comment: "Customer is asking about this." },
      "comment on the restricted security desk's ticket (403)",
    ),
    step(
      "jcm-016",
      "manage_jira_issue",
      { operation: "transition", issueKey: "HELP-105", transitionId: "999" },
      "a workflow step that does not exist (400)",
    ),
    step(
      "jcm-017",
      "manage_jira_project",
      { operation: "get", projectKey: "HELP" },
      "the project after the API token was revoked (401)",
      flag("keyRevoked"),
    ),
    step(
      "jcm-018",
      "manage_jira_filter",
      { operation: "execute_jql", jql: "project = HELP AND priority = Highest" },
      "urgent requests while the site rate-limits the account (429, Retry-After: 1)",
      flag("rateLimited"),
    ),
    step(
      "jcm-019",
      "manage_jira_issue",
      { operation: "get", issueKey: "HELP-103" },
      "open a request while Jira answers 500",
      flag("serverError"),
    ),
    step(
      "jcm-020",
      "manage_jira_issue",
      { operation: "get", issueKey: "HELP-101" },
      "open a request while the edge answers an HTML 502 page",
      flag("badGateway"),
    ),
    step(
      "jcm-021",
      "manage_jira_issue",
      { operation: "get", issueKey: SLOW_ISSUE },
      "a request the site takes 15 s to answer; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "jcm-022",
      "manage_jira_project",
      { operation: "list" },
      "the project list while the site cannot be reached",
      down(jcmStandin),
    ),
    step("jcm-023", "manage_jira_queue", { operation: "list" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [jmc, jcm];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(path.join(DATA, "xdg"), { recursive: true });
  resetSite();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
    if (process.env.R29A_SEEN) fs.writeFileSync(path.join(DATA, "seen.txt"), seen.join("\n") + "\n");
  };
}
