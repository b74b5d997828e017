// Group r43-b: synthetic checks — lab audits of web pages (Lighthouse performance, Core Web Vitals, SEO,
// accessibility, best practices, performance budgets) through two published Lighthouse MCP servers by different
// authors: lighthouse-mcp (priyankark) and @danielsogl/lighthouse-mcp (Daniel Sogl). Both launch Debian's Chromium
// headless through chrome-launcher and audit whatever URL the call names, so the stand-ins are the audited sites
// (standins.ts): a storefront on loopback HTTP, the same on HTTPS with an untrusted certificate, a port nobody listens on.
//
//   (cd scripts/server-corpus/groups/r43-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r43-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  DEAD_PORT,
  SITE_PORT,
  TLS_SITE_PORT,
  clearTimers,
  ensureCertificate,
  seen,
  siteStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "lighthouse-mcp": "0.1.17",
  "@danielsogl/lighthouse-mcp": "2.0.1",
};

const HOME = path.join(DATA, "home");
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const TLS_SITE = `https://127.0.0.1:${TLS_SITE_PORT}`;
const DEAD = `http://127.0.0.1:${DEAD_PORT}`;

/**
 * Chromium refuses to run as root without --no-sandbox. lighthouse-mcp passes its own fixed flags to chrome-launcher,
 * which takes the browser from CHROME_PATH, so CHROME_PATH names this wrapper, which adds the flag (as the web group's
 * does for its browser servers). @danielsogl/lighthouse-mcp passes --no-sandbox itself and is given the binary.
 */
const CHROMIUM_WRAPPER = path.join(DATA, "chromium-no-sandbox.sh");

/** Waits out an audit the client gave up on, so the next session starts with no Chromium left running. */
const settle = (ms: number) => ({
  after: async () => {
    await sleep(ms);
  },
});

const LH = "lighthouse-mcp";
const LHD = "@danielsogl/lighthouse-mcp";

const lighthouseMcp: SessionSpec = {
  label: "r43-b-lh",
  server: LH,
  transport: "stdio",
  start: stdioServer("r43-b-lh", LH, {
    from: FROM,
    cwd: DATA,
    env: { HOME, CHROME_PATH: CHROMIUM_WRAPPER, TMPDIR: path.join(DATA, "tmp") },
  }),
  steps: [
    step(
      "b-lh-001",
      "run_audit",
      { url: `${SITE}/`, device: "desktop", throttling: false },
      "the storefront's home page, every category, desktop, unthrottled",
    ),
    step(
      "b-lh-002",
      "get_performance_score",
      { url: `${SITE}/` },
      "the home page's performance score (mobile, throttled)",
    ),
    step(
      "b-lh-003",
      "run_audit",
      {
        url: `${SITE}/pricing`,
        categories: ["performance", "best-practices"],
        device: "desktop",
        throttling: false,
      },
      "a heavy page: a 400 KB bundle that barely runs, a late stylesheet, an unsized hero image",
    ),
    step(
      "b-lh-004",
      "run_audit",
      { url: `${SITE}/blog/spring-trail-report`, categories: ["seo", "accessibility"], throttling: false },
      "an article with no meta description and a 'here' link",
    ),
    step(
      "b-lh-005",
      "run_audit",
      { url: `${SITE}/summer-sale`, categories: ["performance"], device: "desktop", throttling: false },
      "a campaign URL that nginx redirects (301) to the home page",
    ),
    step(
      "b-lh-006",
      "run_audit",
      { url: `${SITE}/checkout`, categories: ["performance", "seo"], device: "desktop", throttling: false },
      "a page whose application crashed: nginx's 500 page",
    ),
    step(
      "b-lh-007",
      "run_audit",
      { url: `${SITE}/p/ridgeline-3p`, categories: ["seo"], throttling: false },
      "a product page that was removed: Express's 404",
    ),
    step(
      "b-lh-008",
      "run_audit",
      { url: `${SITE}/stores`, categories: ["performance"], device: "desktop", throttling: false },
      "a page whose origin is down behind Cloudflare: the 502 page",
    ),
    step(
      "b-lh-009",
      "get_performance_score",
      { url: `${SITE}/account` },
      "a page closed for a deploy: nginx's 503 with Retry-After",
    ),
    step(
      "b-lh-010",
      "run_audit",
      { url: `${SITE}/admin`, categories: ["accessibility"], throttling: false },
      "a page behind HTTP basic authentication: 401",
    ),
    step(
      "b-lh-011",
      "run_audit",
      { url: `${SITE}/search`, categories: ["seo"], throttling: false },
      "a page nginx rate-limits: 429",
    ),
    step(
      "b-lh-012",
      "run_audit",
      { url: `${TLS_SITE}/`, categories: ["best-practices"], device: "desktop", throttling: false },
      "the HTTPS site, whose self-signed certificate Chromium does not trust",
    ),
    step(
      "b-lh-013",
      "run_audit",
      { url: `${DEAD}/`, categories: ["performance"], device: "desktop", throttling: false },
      "a site whose server is gone: nothing listens on the port",
    ),
    step(
      "b-lh-014",
      "run_audit",
      { url: "https://shop.northwind.invalid/", categories: ["performance"] },
      "a host name that does not resolve",
    ),
    step(
      "b-lh-015",
      "run_audit",
      { url: "http://metadata.google.internal/computeMetadata/v1/instance/", categories: ["performance"] },
      "a cloud metadata address, which the server refuses to audit",
    ),
    step("b-lh-016", "run_audit", { url: "ftp://files.northwind.test/catalog.pdf" }, "an ftp URL"),
    step(
      "b-lh-017",
      "run_audit",
      { url: `${SITE}/`, categories: ["pwa"] },
      "a category Lighthouse 12 removed (pwa): the server's own argument check",
    ),
    step("b-lh-018", "run_audit", { url: `${SITE}/`, categories: ["pwa"] }, "the same call again"),
    step("b-lh-019", "get_lighthouse_report", { url: `${SITE}/` }, "a tool the server does not have"),
    step(
      "b-lh-020",
      "get_performance_score",
      { url: `${SITE}/blog/spring-trail-report`, device: "desktop" },
      "the article's performance score on desktop",
    ),
    step(
      "b-lh-021",
      "run_audit",
      { url: `${SITE}/lookbook`, categories: ["performance"], device: "desktop", throttling: false },
      "a page whose server sends its first byte after 40 s; the client waits 5 s",
      { timeoutMs: 5000 },
    ),
    step(
      "b-lh-022",
      "get_performance_score",
      { url: `${SITE}/` },
      "the next call, while the audit the client gave up on still runs",
      settle(50_000),
    ),
  ],
};

const danielsogl: SessionSpec = {
  label: "r43-b-lhd",
  server: LHD,
  transport: "stdio",
  start: stdioServer("r43-b-lhd", LHD, {
    from: FROM,
    cwd: DATA,
    env: { HOME, CHROME_PATH: "/usr/bin/chromium", TMPDIR: path.join(DATA, "tmp") },
  }),
  steps: [
    step(
      "b-lhd-001",
      "run_audit",
      { url: `${SITE}/` },
      "the home page, every category (desktop, unthrottled by default)",
    ),
    step(
      "b-lhd-002",
      "get_core_web_vitals",
      { url: `${SITE}/pricing`, includeDetails: true },
      "Core Web Vitals of the heavy page",
    ),
    step(
      "b-lhd-003",
      "check_performance_budget",
      {
        url: `${SITE}/`,
        budget: { performanceScore: 90, largestContentfulPaint: 2500, totalBlockingTime: 200 },
      },
      "the home page against a budget it meets",
    ),
    step(
      "b-lhd-004",
      "check_performance_budget",
      {
        url: `${SITE}/pricing`,
        budget: { performanceScore: 95, firstContentfulPaint: 800, cumulativeLayoutShift: 0.05 },
      },
      "the heavy page against a budget it breaks",
    ),
    step(
      "b-lhd-005",
      "find_unused_javascript",
      { url: `${SITE}/pricing` },
      "unused JavaScript on the heavy page",
    ),
    step(
      "b-lhd-006",
      "get_seo_analysis",
      { url: `${SITE}/blog/spring-trail-report`, includeDetails: true },
      "SEO findings on the article",
    ),
    step(
      "b-lhd-007",
      "get_accessibility_score",
      { url: `${SITE}/pricing`, device: "mobile" },
      "accessibility of the heavy page on mobile",
    ),
    step(
      "b-lhd-008",
      "get_security_audit",
      { url: `${SITE}/`, checks: ["https", "csp", "clickjacking"] },
      "security checks on a plain-HTTP site",
    ),
    step(
      "b-lhd-009",
      "compare_mobile_desktop",
      { url: `${SITE}/`, categories: ["performance"] },
      "the home page on mobile and desktop",
    ),
    step(
      "b-lhd-010",
      "get_lcp_opportunities",
      { url: `${SITE}/pricing`, threshold: 1, includeDetails: true },
      "what would make the heavy page's LCP faster",
    ),
    step(
      "b-lhd-011",
      "analyze_resources",
      { url: `${SITE}/blog/spring-trail-report`, resourceTypes: ["fonts"] },
      "the article's font files: it loads none",
    ),
    step(
      "b-lhd-012",
      "run_audit",
      { url: `${SITE}/checkout`, categories: ["performance"] },
      "a page whose application crashed: nginx's 500 page",
    ),
    step(
      "b-lhd-013",
      "get_performance_score",
      { url: `${SITE}/p/ridgeline-3p` },
      "a product page that was removed: Express's 404",
    ),
    step(
      "b-lhd-014",
      "get_core_web_vitals",
      { url: `${SITE}/stores` },
      "a page whose origin is down behind Cloudflare: the 502 page",
    ),
    step(
      "b-lhd-015",
      "run_audit",
      { url: `${SITE}/account`, categories: ["performance"] },
      "a page closed for a deploy: nginx's 503 with Retry-After",
    ),
    step("b-lhd-016", "get_seo_analysis", { url: `${SITE}/search` }, "a page nginx rate-limits: 429"),
    step(
      "b-lhd-017",
      "run_audit",
      { url: `${TLS_SITE}/`, categories: ["best-practices"] },
      "the HTTPS site, whose self-signed certificate Chromium does not trust",
    ),
    step(
      "b-lhd-018",
      "get_performance_score",
      { url: `${SITE}/` },
      "the site's server stopped (connection refused)",
      down(siteStandin),
    ),
    step(
      "b-lhd-019",
      "run_audit",
      { url: "https://shop.northwind.invalid/", categories: ["performance"] },
      "a host name that does not resolve",
    ),
    step(
      "b-lhd-020",
      "run_audit",
      { url: "shop.northwind.test/pricing" },
      "a URL without its scheme: the schema's refinement",
    ),
    step("b-lhd-021", "run_audit", { url: "shop.northwind.test/pricing" }, "the same call again"),
    step(
      "b-lhd-022",
      "check_performance_budget",
      { url: `${SITE}/`, budget: { performanceScore: 120 } },
      "a performance-score budget above 100",
    ),
    step("b-lhd-023", "get_pagespeed_insights", { url: `${SITE}/` }, "a tool the server does not have"),
    step(
      "b-lhd-024",
      "run_audit",
      { url: `${SITE}/lookbook`, categories: ["performance"] },
      "a page whose server sends its first byte after 40 s; the client waits 5 s",
      { timeoutMs: 5000, ...settle(50_000) },
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [lighthouseMcp, danielsogl];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  fs.mkdirSync(path.join(DATA, "tmp"), { recursive: true });
  fs.writeFileSync(CHROMIUM_WRAPPER, '#!/bin/sh\nexec /usr/bin/chromium --no-sandbox "$@"\n', {
    mode: 0o755,
  });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
  };
}
