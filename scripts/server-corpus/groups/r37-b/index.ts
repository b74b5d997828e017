// Group r37-b: citation and reference look-ups — works by title, by author and by DOI on the Crossref REST API
// (@botanicastudios/crossref-mcp), a kind the fixture README's server table lacks. The published MCP server is behind a
// loopback stand-in of its service (standins.ts).
//
//   (cd scripts/server-corpus/groups/r37-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r37-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CROSSREF_PROXY_PORT,
  DATA,
  clearTimers,
  crossrefProxy,
  ensureCertificate,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@botanicastudios/crossref-mcp": "0.0.5",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ── @botanicastudios/crossref-mcp (stdio) ────────────────────────────────────────────────────────────────────────────

const crossref: SessionSpec = {
  label: "r37-b-crossref",
  server: "@botanicastudios/crossref-mcp",
  transport: "stdio",
  start: stdioServer("r37-b-crossref", "@botanicastudios/crossref-mcp", {
    from: FROM,
    cwd: DATA,
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${CROSSREF_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step(
      "cr-001",
      "searchByTitle",
      { title: "Attention is all you need", rows: 3 },
      "works by title, three rows",
    ),
    step(
      "cr-002",
      "searchByTitle",
      { title: "citation manager" },
      "works by title, the server's default of five rows",
    ),
    step("cr-003", "searchByAuthor", { author: "Hinton", rows: 2 }, "works by author"),
    step("cr-004", "getWorkByDOI", { doi: "10.1038/nature14539" }, "one work by its DOI"),
    step(
      "cr-005",
      "getWorkByDOI",
      { doi: "https://doi.org/10.1103/PhysRevLett.116.061102" },
      "a DOI given as a doi.org URL (the server strips the prefix)",
    ),
    step(
      "cr-006",
      "searchByTitle",
      { title: "qzxv florp wibble transmogrification" },
      "a title search that matches nothing (items [])",
    ),
    step(
      "cr-007",
      "searchByAuthor",
      { author: "Zzqx Vantablack-Hemingway" },
      "an author search that matches nothing (items [])",
    ),
    step(
      "cr-008",
      "getWorkByDOI",
      { doi: "10.9999/not-a-registered-doi" },
      "a DOI Crossref does not know: 404 'Resource not found.'",
    ),
    step("cr-009", "getWorkByDOI", { doi: "10.9999/not-a-registered-doi" }, "the same call again, unchanged"),
    step(
      "cr-010",
      "getWorkByDOI",
      { doi: "doi:10.1038/nature14539" },
      "a DOI with a 'doi:' prefix the server does not strip: 404",
    ),
    step(
      "cr-011",
      "getWorkByDOI",
      { doi: "" },
      "an empty DOI: the server asks for /works/, which Crossref answers with its work list",
    ),
    step(
      "cr-012",
      "searchByTitle",
      { title: "reference manager comparison", rows: 5000 },
      "rows above Crossref's limit of 1000: 400 validation-failure",
    ),
    step(
      "cr-013",
      "searchByAuthor",
      { author: "Curie", rows: 2.5 },
      "a fractional row count: 400 validation-failure",
    ),
    step(
      "cr-014",
      "searchByTitle",
      { title: "reference manager comparison", rows: "five" },
      "a string where the row count belongs (the server's zod schema)",
    ),
    step("cr-015", "getWorkByDOI", {}, "no DOI at all (the server's zod schema)"),
    step(
      "cr-016",
      "searchByAuthor",
      { author: "Hinton", rows: 2 },
      "Crossref answers 429 Too Many Requests with its rate-limit headers",
      flag("crRateLimited"),
    ),
    step(
      "cr-017",
      "getWorkByDOI",
      { doi: "10.1126/science.1127647" },
      "Crossref answers 500 with an exception body",
      flag("crServerError"),
    ),
    step(
      "cr-018",
      "searchByTitle",
      { title: "citation manager", rows: 2 },
      "a 502 Bad Gateway page",
      flag("crBadGateway"),
    ),
    step(
      "cr-019",
      "searchByAuthor",
      { author: "Curie" },
      "a 503 page with Retry-After",
      flag("crUnavailable"),
    ),
    step(
      "cr-020",
      "getWorkByDOI",
      { doi: "10.1103/PhysRevLett.116.061102" },
      "a 504 Gateway Time-out page",
      flag("crGatewayTimeout"),
    ),
    step(
      "cr-021",
      "searchByTitle",
      { title: "Attention is all you need", rows: 1 },
      "a maintenance page answered with 200 text/html where JSON belongs",
      flag("crMaintenance"),
    ),
    step(
      "cr-022",
      "searchByAuthor",
      { author: "Hinton" },
      "an answer 15 s late; the client waits 4 s",
      flag("crSlow", { timeoutMs: 4000 }),
    ),
    step(
      "cr-023",
      "getWorkByDOI",
      { doi: "10.1038/nature14539" },
      "a call while Crossref is unreachable (the proxy refuses connections)",
      down(crossrefProxy),
    ),
    step("cr-024", "getWorkByDOI", { doi: "10.1038/nature14539" }, "cr-023's call once Crossref is back"),
    step(
      "cr-025",
      "formatCitation",
      { doi: "10.1038/nature14539", style: "apa" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [crossref];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
