// Verdicts for group r7-cloud, keyed by step id, written from the captured exchanges
// (test/fixtures/server-corpus/groups/r7-cloud.jsonl) by the contract in
// test/fixtures/server-corpus/README.md — never by running Faultline's classifier.

import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";
import type { Verdict } from "../../verdicts.js";

const WASTED = "An identical repeat of a call that failed non-retryably: a wasted retry.";

export const VERDICTS: Record<string, Verdict> = {
  // --- @masonator/coolify-mcp (Coolify API stand-in) --------------------------------------
  // Every Coolify API failure comes back as an ordinary result whose text starts "Error: …"
  // (no isError), so each is judged a silent failure.
  "cf-001": ok('The version: {"version": "4.0.0-beta.420.6"}.'),
  "cf-002": ok("data: the three applications (shop-api, shop-web, reports-worker)."),
  "cf-003": ok("data: the application shop-api with suggested _actions."),
  "cf-004": silent(
    "validation",
    null,
    false,
    "Ordinary result 'Error: Application not found. (The uuid may belong to a different resource type …)': the named application does not exist; no isError, no code.",
  ),
  "cf-005": silent(
    "validation",
    null,
    false,
    `The same 'Error: Application not found.' text. ${WASTED}`,
    true,
  ),
  "cf-006": ok("'[]': no databases on the instance.", true),
  "cf-007": ok("The application's log lines inside the server's UNTRUSTED LOG OUTPUT boundary."),
  "cf-008": silent(
    "validation",
    null,
    false,
    "Ordinary result 'Error: Application is not running.': the named application's container has exited, so there are no logs to read; a failure worded as plain text.",
  ),
  "cf-009": silent(
    "validation",
    null,
    false,
    "Ordinary result 'Error: Environment variable already exists. Use PATCH request to update it.': the create was refused (a conflict), returned as success.",
  ),
  "cf-010": silent(
    "validation",
    null,
    false,
    "Ordinary result 'Error: No resources found.': nothing was deployed, the uuid names no resource.",
  ),
  "cf-011": ok("'Application shop-api deployment queued.' with a deployment_uuid."),
  "cf-012": silent(
    "validation",
    null,
    false,
    "A diagnosis of one named application answered with application null and errors ['No application found matching \"billing-api\"'] in an ordinary result: the named thing was not found.",
  ),
  "cf-013": tool(
    "validation",
    null,
    false,
    'isError \'Input validation error: Invalid arguments for tool control: action: Invalid option: expected one of "start"|"stop"|"restart"\'; the text carries no code.',
  ),
  "cf-014": tool(
    "validation",
    null,
    false,
    "isError 'Input validation error: … uuid: Invalid input: expected string, received undefined': the required uuid is missing.",
  ),
  "cf-015": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 'Tool delete_all_resources not found'.",
  ),
  "cf-016": silent(
    "rate_limited",
    null,
    true,
    "Ordinary result 'Error: Too Many Attempts.' (the API's 429; the Retry-After is not passed on).",
  ),
  "cf-017": silent(
    "rate_limited",
    null,
    true,
    "The same 'Error: Too Many Attempts.' right away; a rate limit is retryable, so not a wasted retry.",
  ),
  "cf-018": silent(
    "auth",
    null,
    false,
    "Ordinary result 'Error: Unauthenticated. (Check that COOLIFY_ACCESS_TOKEN is valid …)': the token was refused.",
  ),
  "cf-019": silent(
    "auth",
    null,
    false,
    "data is an HTML page titled 'Sign in ・ Cloudflare Access' ('Sign in to coolify.acme.example'), returned as the application list: the request never reached Coolify, it was stopped at a login wall.",
  ),
  "cf-020": silent(
    "internal",
    "http_500",
    true,
    "Ordinary result 'Error: HTTP 500: Internal Server Error' (Laravel's error page); the status is quoted.",
  ),
  "cf-021": silent(
    "transient",
    null,
    true,
    "Ordinary result 'Error: Failed to connect to Coolify server at http://127.0.0.1:38850. Please check if the server is running and accessible.': the backend is down; no code in the text.",
  ),
  "cf-022": wire(
    "transient",
    "timeout",
    true,
    "No answer; the client gave up at 3 s (-32001 'Request timed out').",
  ),

  // --- @digitalocean/mcp (DigitalOcean API stand-in) --------------------------------------
  "do-001": ok("The account (email, droplet_limit 25, status active)."),
  "do-002": ok("The three droplets."),
  "do-003": ok("The droplet web-fra1-01."),
  "do-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'GET …/v2/droplets/999: 404 (request …) The resource you were accessing could not be found.'",
  ),
  "do-005": tool("validation", "http_404", false, `The same 404 for droplet 999. ${WASTED}`, true),
  "do-006": ok("'[]': the account has no firewalls.", true),
  "do-007": tool(
    "validation",
    "http_422",
    false,
    "isError 'droplet create: POST …/v2/droplets: 422 (request …) You specified an invalid size for Droplet creation.'",
  ),
  "do-008": tool(
    "validation",
    null,
    false,
    "isError 'Droplet ID is required': the ID was given as a name (a string), so the server read no number.",
  ),
  "do-009": tool(
    "validation",
    null,
    false,
    "isError 'Domain name is required': the required Name is missing.",
  ),
  "do-010": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 \"tool 'droplet-destroy-all' not found: tool not found\".",
  ),
  "do-011": tool(
    "permission",
    "http_403",
    false,
    "isError 'POST …/droplets/512340871/actions: 403 (request …) You do not have access for the attempted action.'",
  ),
  "do-012": tool(
    "rate_limited",
    "http_429",
    true,
    "isError '… 429 (request …) API Rate limit exceeded.; giving up after 5 attempt(s)' after about 8 s of the client library's own retries.",
  ),
  "do-013": tool(
    "rate_limited",
    "http_429",
    true,
    "The same 429 'giving up after 5 attempt(s)' right away; rate limiting is retryable, so not a wasted retry.",
  ),
  "do-014": tool(
    "auth",
    "http_401",
    false,
    "isError 'GET …/v2/customers/my/balance: 401 (request …) Unable to authenticate you'.",
  ),
  "do-015": tool(
    "internal",
    "http_500",
    true,
    "isError '… 500 (request …) Server was unable to give you a response.; giving up after 5 attempt(s)'.",
  ),
  "do-016": tool(
    "transient",
    "http_503",
    true,
    "isError 'GET …/v2/sizes…: 503 <!DOCTYPE html> … 503: Service temporarily unavailable' (Cloudflare's error page quoted whole), after the library's retries.",
  ),
  "do-017": wire(
    "transient",
    "timeout",
    true,
    "No answer; the client gave up at 3 s (-32001 'Request timed out').",
  ),
  "do-018": ok(
    "The action record (a snapshot whose status is 'errored'): the lookup succeeded; the failed snapshot is the data asked for, not a failure of this call.",
  ),
  "do-019": tool(
    "transient",
    null,
    true,
    "isError 'api error: Get \"…/v2/account/keys…\": dial tcp 127.0.0.1:38851: connect: connection refused': the API is unreachable; Go's wording carries no error name.",
  ),

  // --- @kocierik/mcp-nomad-linux-x64 (Nomad agent stand-in) -------------------------------
  "nm-001": ok("The three raft servers, fra1-server-01 the leader."),
  "nm-002": ok("The three jobs with their summaries."),
  "nm-003": ok("The job web."),
  "nm-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to get job: nomad API error GET job/payments-v2: HTTP 404 (job not found)'.",
  ),
  "nm-005": tool("validation", "http_404", false, `The same 'HTTP 404 (job not found)'. ${WASTED}`, true),
  "nm-006": ok(
    "'null' for the job list of a namespace with no jobs: a list that found nothing (the server marshals an empty list as null).",
    true,
  ),
  "nm-007": tool(
    "validation",
    "http_400",
    false,
    'isError \'… POST jobs/parse: HTTP 400 (Failed to parse job: input.hcl:5,7-12: Unsupported argument; An argument named "drivr" is not expected here. Did you mean "driver"?)\'.',
  ),
  "nm-008": ok("The job was registered: EvalID d092fdc0-…, JobModifyIndex 4512."),
  "nm-009": tool(
    "validation",
    "http_400",
    false,
    "isError '… POST job/web/scale: HTTP 400 (group count was greater than scaling policy maximum: 12 > 5)'.",
  ),
  "nm-010": tool(
    "validation",
    null,
    false,
    "isError 'count is required': the count was given as a word, which the server does not read as a number.",
  ),
  "nm-011": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to get variable: … GET var/nomad/jobs/web/tls: HTTP 404 (variable not found)'.",
  ),
  "nm-012": tool(
    "transient",
    "http_500",
    true,
    "isError '… GET client/fs/logs/…: HTTP 500 (No path to node)': the allocation's client node cannot be reached.",
  ),
  "nm-013": silent(
    "permission",
    null,
    false,
    "'null' as the job list, two calls after the same list returned three jobs: with a token that may list but not read jobs every per-job read was refused (403) and the server dropped each job silently, answering an empty list as success.",
  ),
  "nm-014": tool(
    "permission",
    "http_403",
    false,
    "isError 'Failed to stop job: nomad API error DELETE job/web: HTTP 403 (Permission denied)'.",
  ),
  "nm-015": tool(
    "transient",
    "http_500",
    true,
    "isError 'Failed to list nodes: nomad API error GET nodes: HTTP 500 (No cluster leader)': a leader election in progress.",
  ),
  "nm-016": tool(
    "validation",
    null,
    false,
    "isError 'job_id is required': the required argument is missing.",
  ),
  "nm-017": rpc(
    "unknown_tool",
    "-32602",
    false,
    "JSON-RPC error -32602 \"tool 'purge_cluster' not found: tool not found\".",
  ),
  "nm-018": tool(
    "transient",
    null,
    true,
    "isError '… error making request: Get \"…/v1/job/redis/summary\": dial tcp 127.0.0.1:38852: connect: connection refused': the agent is down; no error name in Go's wording.",
  ),
  "nm-019": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: no response, transportError connection_closed, -32000 'Connection closed'.",
  ),

  // --- docker-mcp (Docker Engine API stand-in) --------------------------------------------
  "dk-001": ok("The daemon's version (27.4.1, API 1.47)."),
  "dk-002": ok("count 5 with the containers."),
  "dk-003": ok("The container web's inspect document."),
  "dk-004": tool(
    "validation",
    "http_404",
    false,
    "isError 'Failed to inspect container web-9: (HTTP code 404) no such container - No such container: web-9'.",
  ),
  "dk-005": tool("validation", "http_404", false, `The same 'No such container: web-9'. ${WASTED}`, true),
  "dk-006": ok("count 0, containers []: no container carries the label.", true),
  "dk-007": tool(
    "validation",
    "http_400",
    false,
    "isError 'Failed to list containers: (HTTP code 400) bad parameter - invalid filter 'colour''.",
  ),
  "dk-008": tool(
    "internal",
    "http_500",
    true,
    "isError '(HTTP code 500) server error - driver failed programming external connectivity on endpoint api …: Bind for 0.0.0.0:3000 failed: port is already allocated'. Internal by the 500 the daemon answers, retryable by the contract's default for internal (it fails again until the port is freed).",
  ),
  "dk-009": tool(
    "validation",
    "http_304",
    false,
    "isError 'Failed to stop container worker: (HTTP code 304) container already stopped': the server reports Docker's 'not modified' for an already stopped container as an error.",
  ),
  "dk-010": ok("logCount 4 with the container's log lines."),
  "dk-011": silent(
    "internal",
    null,
    true,
    "logCount 0, logs '' for a running container that has printed output: its TTY log stream has no multiplexing headers and the server's parser discards it. A success whose data was lost by the server; nothing in the payload says so.",
  ),
  "dk-012": tool(
    "validation",
    "http_501",
    false,
    "isError with error 'Failed to get container logs', message '(HTTP code 501) unexpected - configured logging driver does not support reading': logs cannot be read for this container.",
  ),
  "dk-013": tool(
    "permission",
    "http_403",
    false,
    "isError '(HTTP code 403) unexpected - <html><body><h1>403 Forbidden</h1> Request forbidden by administrative rules.': the socket proxy refuses write calls.",
  ),
  "dk-014": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: Invalid arguments for tool docker_container_logs: Expected number, received string at tail'.",
  ),
  "dk-015": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool docker_container_remove not found'.",
  ),
  "dk-016": ok(
    "The daemon's system info; its Warnings entry about the unencrypted API is data, not a failure.",
  ),
  "dk-017": tool(
    "transient",
    null,
    true,
    "isError 'Failed to inspect container db: socket hang up' after the Docker client's own 10 s timeout: the daemon did not answer; no code in the text.",
  ),
  "dk-018": tool(
    "transient",
    "econnrefused",
    true,
    "isError 'Failed to list containers: connect ECONNREFUSED 127.0.0.1:38853': the daemon is down.",
  ),
  "dk-019": wire(
    "transient",
    "connection_closed",
    true,
    "The server process was killed mid-call: no response, transportError connection_closed, -32000 'Connection closed'.",
  ),
};
