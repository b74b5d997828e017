// Verdicts for group r43-b, written from the captured exchanges (test/fixtures/server-corpus/groups/r43-b.jsonl),
// each read in full, by the outcome model and its verdict conventions. Never from running Faultline.
import type { Verdict } from "../../verdicts.js";
import { ok, rpc, silent, tool, wire } from "../../verdict-helpers.js";

/** lighthouse-mcp's answer for a page that did not load: an ordinary result whose every score is null. */
const NULL_SCORES =
  "no isError: Lighthouse's runtimeError is dropped, so the result is an ordinary audit whose every category score " +
  "(and every metric) is null — the audit measured nothing, and nothing says why";

export const VERDICTS: Record<string, Verdict> = {
  // lighthouse-mcp (priyankark): a low-level SDK Server. An audit that throws answers isError with one line,
  // "Error running Lighthouse audit: <message>" (get_performance_score: "Error getting performance score: …"). A page
  // that loads with an error status, or does not load at all, does not throw: Lighthouse resolves with a runtimeError
  // and null scores, and this server formats the null scores as a success. Its argument check and an unknown tool are
  // McpErrors thrown from the handler: JSON-RPC errors -32602 and -32601.
  "b-lh-001": ok(
    "home page audited on desktop: performance 1, accessibility 1, best practices 0.96, SEO 0.92, agentic browsing 1, six metrics",
  ),
  "b-lh-002": ok("performance score 1 for the home page with FCP 0.6 s, LCP 0.8 s and the other metrics"),
  "b-lh-003": ok(
    "the heavy page audited: performance 0.95, best practices 0.96, FCP 1.0 s (score 0.88) and the other metrics",
  ),
  "b-lh-004": ok(
    "article audited for SEO (0.75) and accessibility (0.83); metrics {} because performance was not asked for",
  ),
  "b-lh-005": ok("the redirecting URL audited; the final URL is the home page, performance 1"),
  "b-lh-006": silent("unknown", null, false, `nginx's 500 page: ${NULL_SCORES}`),
  "b-lh-007": silent("unknown", null, false, `a removed page (404): ${NULL_SCORES}`),
  "b-lh-008": silent("unknown", null, false, `Cloudflare's 502 page: ${NULL_SCORES}`),
  "b-lh-009": silent(
    "unknown",
    null,
    false,
    "a 503 page: get_performance_score answers performanceScore null and every metric's score null, no isError, no reason",
  ),
  "b-lh-010": silent(
    "unknown",
    null,
    false,
    `a page behind basic authentication (401): url chrome-error://chromewebdata/ and the accessibility score null; ${NULL_SCORES}`,
  ),
  "b-lh-011": silent("unknown", null, false, `nginx's 429 page: the SEO score null; ${NULL_SCORES}`),
  "b-lh-012": silent(
    "unknown",
    null,
    false,
    `an untrusted certificate: url chrome-error://chromewebdata/, best-practices score null; ${NULL_SCORES}`,
  ),
  "b-lh-013": silent(
    "unknown",
    null,
    false,
    `nothing listening on the port: url chrome-error://chromewebdata/, every performance score null; ${NULL_SCORES}`,
  ),
  "b-lh-014": tool(
    "validation",
    "enotfound",
    false,
    "isError 'Error running Lighthouse audit: getaddrinfo ENOTFOUND shop.northwind.invalid': the host name does not exist (NXDOMAIN, not a resolver timeout); the system error name is the code",
  ),
  "b-lh-015": tool(
    "permission",
    null,
    false,
    "isError 'Error running Lighthouse audit: Cloud metadata endpoints are blocked': the server's address policy refuses the URL",
  ),
  "b-lh-016": tool(
    "validation",
    null,
    false,
    "isError 'Error running Lighthouse audit: Only HTTP(S) URLs without embedded credentials are allowed': an ftp URL is input the tool does not take",
  ),
  "b-lh-017": rpc(
    "validation",
    "-32602",
    false,
    "JSON-RPC error -32602 'Invalid audit arguments': pwa is not one of the categories the server accepts",
  ),
  "b-lh-018": rpc(
    "validation",
    "-32602",
    false,
    "the same -32602 'Invalid audit arguments' again, same tool and arguments as b-lh-017, which failed non-retryably",
    true,
  ),
  "b-lh-019": rpc(
    "unknown_tool",
    "-32601",
    false,
    "JSON-RPC error -32601 'Unknown tool: get_lighthouse_report'",
  ),
  "b-lh-020": ok("the article's desktop performance score 0.98 with its metrics"),
  "b-lh-021": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 5 s: the SDK's -32001 Request timed out",
  ),
  "b-lh-022": tool(
    "transient",
    "-32600",
    true,
    "isError 'Error getting performance score: MCP error -32600: An audit is already running': the server is busy with the audit the client gave up on; the same call succeeds once it ends. The quoted JSON-RPC code is the code",
  ),

  // @danielsogl/lighthouse-mcp: an McpServer with zod schemas. Every tool catches its own failure and answers isError
  // with a JSON object {error: "<what> failed", url, device, message, troubleshooting?}; a page that did not load is
  // Lighthouse's runtimeError turned into a message ending in its code (ERRORED_DOCUMENT_REQUEST with the status,
  // INSECURE_DOCUMENT_REQUEST, CHROME_INTERSTITIAL_ERROR). Schema failures and an unknown tool are the SDK's isError
  // "MCP error -32602 …".
  "b-lhd-001": ok(
    "home page audited: five category scores (100/100/96/92/100) and five metrics, with recommendations",
  ),
  "b-lhd-002": ok(
    "Core Web Vitals of the heavy page: LCP 1.0 s (95), FCP 1.0 s (88), CLS 0, TBT 0 ms, INP N/A in a lab run",
  ),
  "b-lhd-003": ok(
    "budget check on the home page: overallPassed true, each metric with actual, budget and difference",
  ),
  "b-lhd-004": ok(
    "budget check on the heavy page: overallPassed false, FCP 983 ms over its 800 ms budget — a budget the page breaks is the check's answer about the page, not a failed call",
  ),
  "b-lhd-005": ok("one file with unused JavaScript: vendor.bundle.js, 459.52 KB of 461.89 KB unused"),
  "b-lhd-006": ok("SEO score 75 for the article with each audit: no meta description, link text, image alt"),
  "b-lhd-007": ok("accessibility score 85 for the heavy page on mobile"),
  "b-lhd-008": ok("three security checks, all passed (loopback counts as a secure origin)"),
  "b-lhd-009": ok("mobile and desktop performance compared: 100 and 100"),
  "b-lhd-010": ok(
    "LCP 0.97 s against a 1 s threshold and four opportunities (render-blocking, dependency tree, cache lifetimes, unused JS)",
  ),
  "b-lhd-011": ok("font analysis of the article: 0 resources, resources [] — the page loads no fonts", true),
  "b-lhd-012": tool(
    "internal",
    "ERRORED_DOCUMENT_REQUEST",
    true,
    "isError {error: 'Lighthouse audit failed', message: '… unable to reliably load the page … (Status code: 500) (ERRORED_DOCUMENT_REQUEST)'}: the audited page answered 500; Lighthouse's runtime-error code is the code",
  ),
  "b-lhd-013": tool(
    "validation",
    "ERRORED_DOCUMENT_REQUEST",
    false,
    "isError {error: 'Performance analysis failed', message: '… (Status code: 404) (ERRORED_DOCUMENT_REQUEST)'}: the page does not exist",
  ),
  "b-lhd-014": tool(
    "transient",
    "ERRORED_DOCUMENT_REQUEST",
    true,
    "isError {error: 'Core Web Vitals analysis failed', message: '… (Status code: 502) (ERRORED_DOCUMENT_REQUEST)'}: a bad gateway in front of the page",
  ),
  "b-lhd-015": tool(
    "transient",
    "ERRORED_DOCUMENT_REQUEST",
    true,
    "isError {error: 'Lighthouse audit failed', message: '… (Status code: 503) (ERRORED_DOCUMENT_REQUEST)'}: the page is unavailable for now",
  ),
  "b-lhd-016": tool(
    "rate_limited",
    "ERRORED_DOCUMENT_REQUEST",
    true,
    "isError {error: 'SEO analysis failed', message: '… (Status code: 429) (ERRORED_DOCUMENT_REQUEST)'}: the site rate-limited the audit's request",
  ),
  "b-lhd-017": tool(
    "permission",
    "INSECURE_DOCUMENT_REQUEST",
    false,
    "isError {message: '… does not have a valid security certificate. net::ERR_CERT_AUTHORITY_INVALID (INSECURE_DOCUMENT_REQUEST)'}: Chromium refused the page on its certificate policy; it will refuse it again until the certificate changes",
  ),
  "b-lhd-018": tool(
    "unknown",
    "CHROME_INTERSTITIAL_ERROR",
    false,
    "isError {message: '… Chrome prevented page load with an interstitial … (CHROME_INTERSTITIAL_ERROR)'}: the page did not load and the words do not say why (the truth: connection refused)",
  ),
  "b-lhd-019": tool(
    "unknown",
    "CHROME_INTERSTITIAL_ERROR",
    false,
    "isError with the same 'Chrome prevented page load with an interstitial (CHROME_INTERSTITIAL_ERROR)' message: no reason shown (the truth: the host name does not resolve)",
  ),
  "b-lhd-020": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Must be a valid HTTP or HTTPS URL at url': the URL has no scheme",
  ),
  "b-lhd-021": tool(
    "validation",
    "-32602",
    false,
    "the same -32602 input validation error again, same tool and arguments as b-lhd-020, which failed non-retryably",
    true,
  ),
  "b-lhd-022": tool(
    "validation",
    "-32602",
    false,
    "isError 'MCP error -32602: Input validation error: … Too big: expected number to be <=100 at budget.performanceScore'",
  ),
  "b-lhd-023": tool(
    "unknown_tool",
    "-32602",
    false,
    "isError 'MCP error -32602: Tool get_pagespeed_insights not found': the words name an unknown tool over the generic code",
  ),
  "b-lhd-024": wire(
    "transient",
    "timeout",
    true,
    "no answer within the client's 5 s: the SDK's -32001 Request timed out",
  ),
};
