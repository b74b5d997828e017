// Group r20-c: web scraping and browser clouds — Bright Data (its own published server: Web Unlocker, SERP,
// Web Scraper API datasets, Discover) and Hyperbrowser (its published server: scrape, crawl and extract jobs,
// profiles) — and geocoding and places — Google Maps Platform (the reference server from the MCP project) —
// each behind a loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r20-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r20-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  BRIGHTDATA_PROXY_PORT,
  BRIGHTDATA_TOKEN,
  CERT,
  DATA,
  GOOGLE_MAPS_KEY,
  GOOGLE_MAPS_PORT,
  HYPERBROWSER_KEY,
  HYPERBROWSER_PORT,
  PROFILE_IN_USE,
  brightdataStandin,
  clearTimers,
  ensureCertificate,
  googleMapsStandin,
  hyperbrowserStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@brightdata/mcp": "2.11.3",
  "hyperbrowser-mcp": "1.0.25",
  "@modelcontextprotocol/server-google-maps": "0.6.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const PRELOAD = `--import=${path.join(FROM, "https-preload.mjs")}`;

// -------------------------------------------------------------------------------------------- Bright Data

const BD_TOOLS = [
  "search_engine",
  "search_engine_batch",
  "scrape_as_markdown",
  "scrape_as_html",
  "scrape_batch",
  "discover",
  "web_data_amazon_product",
  "web_data_npm_package",
  "list_dataset_fields",
  "search_dataset",
].join(",");

const brightdata: SessionSpec = {
  label: "r20-c-brightdata",
  server: "@brightdata/mcp",
  transport: "stdio",
  start: stdioServer("r20-c-brightdata", "@brightdata/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      API_TOKEN: BRIGHTDATA_TOKEN,
      TOOLS: BD_TOOLS,
      HTTPS_PROXY: `http://127.0.0.1:${BRIGHTDATA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step(
      "bd-001",
      "search_engine",
      { query: "best low profile mechanical keyboard 2026" },
      "a Google search (parsed SERP JSON)",
    ),
    step(
      "bd-002",
      "search_engine",
      { query: "mechanical keyboard switch types", engine: "bing" },
      "a Bing search (markdown)",
    ),
    step(
      "bd-003",
      "search_engine",
      { query: '"zqxv-keycap-7731" site:keebtalk.com' },
      "a Google search with no organic results",
    ),
    step(
      "bd-004",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/guides/lubing-stabilizers" },
      "one article as markdown",
    ),
    step(
      "bd-005",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/blog/firmware-500-errors" },
      "an article whose subject is error messages (500, Exception, Permission denied)",
    ),
    step(
      "bd-006",
      "scrape_as_markdown",
      { url: "https://forum.keebtalk.example.org/members-only/group-buys" },
      "a page whose site answered its own 403 Forbidden page (the unlocker returns it as the page)",
    ),
    step(
      "bd-007",
      "scrape_as_html",
      {
        url: 'https://shop.keebworks.example.com/api/graphql?query={product(handle:"aurora-75-barebones"){title price}}',
      },
      "a storefront's GraphQL GET endpoint: errors and data null",
    ),
    step(
      "bd-008",
      "scrape_batch",
      {
        urls: [
          "https://keebworks.example.com/guides/lubing-stabilizers",
          "https://status.keebcdn.net/incidents/2026-12-06",
          "https://keebworks.example.com/blog/firmware-500-errors",
        ],
      },
      "three pages; the unlocker answers 502 for the second",
    ),
    step(
      "bd-009",
      "web_data_amazon_product",
      { url: "https://www.amazon.com/dp/B0CHX1W1XY" },
      "one Amazon product through the Web Scraper API (trigger, snapshot)",
    ),
    step(
      "bd-010",
      "web_data_amazon_product",
      { url: "https://www.amazon.com/dp/B000000000" },
      "a product page that no longer exists (the snapshot holds an error record)",
    ),
    step(
      "bd-011",
      "web_data_amazon_product",
      { url: "https://www.amazon.com/dp/B000000000" },
      "the same dead product again, unchanged",
    ),
    step("bd-012", "web_data_npm_package", { package_name: "left-pad" }, "one npm package's data"),
    step(
      "bd-013",
      "discover",
      { query: "quietest keyboard switches for an office", num_results: 2 },
      "Discover: ranked results (trigger, then the task's results)",
    ),
    step(
      "bd-014",
      "list_dataset_fields",
      { dataset_id: "gd_l1viktl72bvl7bjuj0" },
      "the LinkedIn people dataset's filterable fields",
    ),
    step(
      "bd-015",
      "search_dataset",
      {
        dataset_id: "gd_l1viktl72bvl7bjuj0",
        filter: {
          operator: "and",
          filters: [
            { name: "current_company_name", operator: "=", value: "Keebworks" },
            { name: "city", operator: "=", value: "Reykjavik" },
          ],
        },
        size: 5,
      },
      "a dataset search that matches no record",
    ),
    step(
      "bd-016",
      "search_engine",
      { query: "gasket mount keyboard", geo_location: "usa" },
      "a three-letter geo_location where the tool takes a two-letter code",
    ),
    step("bd-017", "scrape_as_markdown", { url: "keebworks guides page" }, "a url that is not a URL"),
    step(
      "bd-018",
      "scrape_as_pdf",
      { url: "https://keebworks.example.com/guides" },
      "a tool the server does not have",
    ),
    step(
      "bd-019",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/guides/switches" },
      "a page after the API token was deleted (401)",
      flag("bdRevoked"),
    ),
    step(
      "bd-020",
      "search_engine",
      { query: "hot swap keyboard kit" },
      "a search after the Web Unlocker zone was deleted (400 zone not found)",
      flag("bdZoneMissing"),
    ),
    step(
      "bd-021",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/guides/switches" },
      "a page while the API answers 429 (Retry-After: 30)",
      flag("bdRateLimited"),
    ),
    step(
      "bd-022",
      "search_engine",
      { query: "keyboard foam mod" },
      "a search after the free tier's monthly requests ran out (x-brd-err-code client_10100)",
      flag("bdUsageLimit"),
    ),
    step(
      "bd-023",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/guides/switches" },
      "a page while the API answers 500",
      flag("bdServerError"),
    ),
    step(
      "bd-024",
      "scrape_as_html",
      { url: "https://keebworks.example.com/guides/switches" },
      "raw HTML while the API's front answers an nginx 502 page",
      flag("bdBadGateway"),
    ),
    step(
      "bd-025",
      "scrape_as_markdown",
      { url: "https://keebworks.example.com/slow/archive" },
      "a page the unlocker takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "bd-026",
      "discover",
      { query: "keyboard switch lubricant" },
      "Discover while Bright Data cannot be reached",
      down(brightdataStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Hyperbrowser

const hyperbrowser: SessionSpec = {
  label: "r20-c-hyperbrowser",
  server: "hyperbrowser-mcp",
  transport: "stdio",
  start: stdioServer("r20-c-hyperbrowser", "hyperbrowser-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HYPERBROWSER_API_KEY: HYPERBROWSER_KEY,
      STANDIN_TLS_PORT: String(HYPERBROWSER_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step(
      "hb-001",
      "scrape_webpage",
      { url: "https://keebworks.example.com/", outputFormat: ["markdown"] },
      "one page as markdown",
    ),
    step(
      "hb-002",
      "scrape_webpage",
      { url: "https://keebworks.example.com/", outputFormat: ["markdown", "links"] },
      "one page as markdown with its links",
    ),
    step(
      "hb-003",
      "scrape_webpage",
      { url: "https://docs.nonexistent-keyboard-shop.example/", outputFormat: ["markdown"] },
      "a host that does not resolve (the scrape job fails)",
    ),
    step(
      "hb-004",
      "scrape_webpage",
      { url: "https://docs.nonexistent-keyboard-shop.example/", outputFormat: ["markdown"] },
      "the same unresolvable host again, unchanged",
    ),
    step(
      "hb-005",
      "scrape_webpage",
      { url: "https://www.bigbox-electronics.example.com/product/aurora-75", outputFormat: ["markdown"] },
      "a product page whose CDN answered its Access Denied page",
    ),
    step(
      "hb-006",
      "crawl_webpages",
      {
        url: "https://keebworks.example.com/guides",
        outputFormat: ["markdown"],
        followLinks: true,
        maxPages: 5,
      },
      "crawl a guides section (two pages)",
    ),
    step(
      "hb-007",
      "crawl_webpages",
      {
        url: "https://parked-domain.example.net/",
        outputFormat: ["markdown"],
        followLinks: true,
        maxPages: 5,
      },
      "crawl a parked domain: nothing crawled",
    ),
    step(
      "hb-008",
      "extract_structured_data",
      {
        urls: ["https://keebworks.example.com/shop"],
        prompt: "List every keyboard with its name, price and whether it is in stock",
      },
      "extract products as JSON",
    ),
    step(
      "hb-009",
      "extract_structured_data",
      {
        urls: ["https://keebworks.example.com/coming-soon"],
        prompt: "Extract the launch date and price of the Aurora 65",
      },
      "extract from a page that has no such data (the job answers data null)",
    ),
    step("hb-010", "search_with_bing", { query: "hall effect keyboard", numResults: 2 }, "a Bing search"),
    step(
      "hb-011",
      "search_with_bing",
      { query: '"zqxv-keycap-7731"', numResults: 5 },
      "a Bing search with no results",
    ),
    step("hb-012", "list_profiles", {}, "the team's browser profiles"),
    step("hb-013", "list_profiles", { page: 4, limit: 10 }, "a page past the last profile"),
    step("hb-014", "create_profile", {}, "create a profile"),
    step(
      "hb-015",
      "delete_profile",
      { profileId: "9f1c2d3e-4b5a-4678-9abc-def012345678" },
      "delete a profile that does not exist (the API answers 404)",
    ),
    step(
      "hb-016",
      "delete_profile",
      { profileId: PROFILE_IN_USE },
      "delete a profile an active session uses (the API answers 409)",
    ),
    step(
      "hb-017",
      "scrape_webpage",
      { url: "https://keebworks.example.com/shop", outputFormat: ["markdown"] },
      "a scrape after the team's credits ran out (402)",
      flag("hbNoCredits"),
    ),
    step(
      "hb-018",
      "scrape_webpage",
      { url: "https://keebworks.example.com/shop", outputFormat: ["markdown"] },
      "a scrape after the API key was revoked (401)",
      flag("hbRevoked"),
    ),
    step(
      "hb-019",
      "extract_structured_data",
      { urls: ["https://keebworks.example.com/shop"], prompt: "List every keyboard with its price" },
      "an extract with a key that may not use the extract endpoint (403)",
      flag("hbForbidden"),
    ),
    step(
      "hb-020",
      "scrape_webpage",
      { url: "https://keebworks.example.com/shop", outputFormat: ["markdown"] },
      "a scrape while the API answers 429 (Retry-After: 20)",
      flag("hbRateLimited"),
    ),
    step(
      "hb-021",
      "crawl_webpages",
      {
        url: "https://keebworks.example.com/guides",
        outputFormat: ["markdown"],
        followLinks: false,
        maxPages: 1,
      },
      "a crawl while the API answers 500",
      flag("hbServerError"),
    ),
    step(
      "hb-022",
      "crawl_webpages",
      {
        url: "https://keebworks.example.com/guides",
        outputFormat: ["markdown"],
        followLinks: false,
        maxPages: 1,
      },
      "a crawl while the host answers an HTML 503 page",
      flag("hbUnavailable"),
    ),
    step(
      "hb-023",
      "scrape_webpage",
      { url: "https://keebworks.example.com/slow/lookbook", outputFormat: ["markdown"] },
      "a scrape the API takes 15 s to start; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "hb-024",
      "search_with_bing",
      { query: "keyboard plate materials", numResults: 3 },
      "a search while Hyperbrowser cannot be reached",
      down(hyperbrowserStandin),
    ),
    step(
      "hb-025",
      "scrape_webpage",
      { url: "https://keebworks.example.com/", outputFormat: [] },
      "an empty outputFormat where the tool needs at least one format",
    ),
    step(
      "hb-026",
      "take_screenshot",
      { url: "https://keebworks.example.com/" },
      "a tool the server does not have",
    ),
  ],
};

// -------------------------------------------------------------------------------------------- Google Maps

const googleMaps: SessionSpec = {
  label: "r20-c-google-maps",
  server: "@modelcontextprotocol/server-google-maps",
  transport: "stdio",
  start: stdioServer("r20-c-google-maps", "@modelcontextprotocol/server-google-maps", {
    from: FROM,
    cwd: DATA,
    env: {
      GOOGLE_MAPS_API_KEY: GOOGLE_MAPS_KEY,
      STANDIN_TLS_PORT: String(GOOGLE_MAPS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: PRELOAD,
      HOME,
    },
  }),
  steps: [
    step(
      "gm-001",
      "maps_geocode",
      { address: "1600 Amphitheatre Parkway, Mountain View, CA" },
      "geocode an address",
    ),
    step(
      "gm-002",
      "maps_reverse_geocode",
      { latitude: 47.6097, longitude: -122.3422 },
      "reverse-geocode a point",
    ),
    step("gm-003", "maps_search_places", { query: "coffee near Pike Place Market" }, "a place text search"),
    step(
      "gm-004",
      "maps_search_places",
      { query: "vegan sushi in Longyearbyen" },
      "a place search that finds nothing (ZERO_RESULTS)",
    ),
    step(
      "gm-005",
      "maps_geocode",
      { address: "42 Qwxzv Lane, Nowhereville ZZ 00000" },
      "an address Google cannot find",
    ),
    step(
      "gm-006",
      "maps_geocode",
      { address: "42 Qwxzv Lane, Nowhereville ZZ 00000" },
      "the same address again, unchanged",
    ),
    step(
      "gm-007",
      "maps_place_details",
      { place_id: "ChIJ5cxl8rJqkFQRgMhV3Qq6n0E" },
      "one place's details (its reviews mention a 404 error)",
    ),
    step(
      "gm-008",
      "maps_place_details",
      { place_id: "ChIJAAAAAAAAAAAARAAAAAAAAAA" },
      "a place id that is gone (NOT_FOUND)",
    ),
    step(
      "gm-009",
      "maps_distance_matrix",
      {
        origins: ["Pike Place Market, Seattle"],
        destinations: ["Space Needle, Seattle", "Seattle-Tacoma Airport"],
      },
      "one origin to two destinations",
    ),
    step(
      "gm-010",
      "maps_distance_matrix",
      {
        origins: ["Pike Place Market, Seattle"],
        destinations: ["Space Needle, Seattle", "Atlantis Town Hall"],
      },
      "two destinations, one of which Google cannot geocode (element NOT_FOUND)",
    ),
    step(
      "gm-011",
      "maps_distance_matrix",
      { origins: ["Atlantis Town Hall"], destinations: ["Space Needle, Seattle"], mode: "walking" },
      "an origin Google cannot geocode: the only element is NOT_FOUND",
    ),
    step(
      "gm-012",
      "maps_elevation",
      {
        locations: [
          { latitude: 46.8523, longitude: -121.7603 },
          { latitude: 47.6097, longitude: -122.3422 },
        ],
      },
      "elevation of two points",
    ),
    step(
      "gm-013",
      "maps_directions",
      { origin: "Pike Place Market, Seattle", destination: "Seattle Art Museum", mode: "walking" },
      "walking directions",
    ),
    step(
      "gm-014",
      "maps_directions",
      { origin: "Pike Place Market, Seattle", destination: "Seattle Art Museum", mode: "teleport" },
      "directions with a travel mode Google does not have (INVALID_REQUEST)",
    ),
    step(
      "gm-015",
      "maps_reverse_geocode",
      { latitude: "north", longitude: -122.3422 },
      "a latitude given as a word (the server passes it on)",
    ),
    step("gm-016", "maps_static_map", { center: "Seattle", zoom: 12 }, "a tool the server does not have"),
    step(
      "gm-017",
      "maps_geocode",
      { address: "85 Pike St, Seattle" },
      "geocode after the API key was deleted (REQUEST_DENIED)",
      flag("gmKeyInvalid"),
    ),
    step(
      "gm-018",
      "maps_search_places",
      { query: "bakery near Pike Place Market" },
      "a place search with a key whose project may not use the Places API (REQUEST_DENIED)",
      flag("gmNotAuthorized"),
    ),
    step(
      "gm-019",
      "maps_directions",
      { origin: "Pike Place Market, Seattle", destination: "Space Needle, Seattle" },
      "directions after billing was disabled on the project (REQUEST_DENIED)",
      flag("gmBillingDisabled"),
    ),
    step(
      "gm-020",
      "maps_geocode",
      { address: "85 Pike St, Seattle" },
      "geocode while over the per-second limit (OVER_QUERY_LIMIT)",
      flag("gmOverQueryLimit"),
    ),
    step(
      "gm-021",
      "maps_geocode",
      { address: "85 Pike St, Seattle" },
      "geocode while Google answers 500 UNKNOWN_ERROR",
      flag("gmUnknownError"),
    ),
    step(
      "gm-022",
      "maps_reverse_geocode",
      { latitude: 47.6097, longitude: -122.3422 },
      "reverse geocode while Google's front end answers its HTML 502 page",
      flag("gmBadGateway"),
    ),
    step(
      "gm-023",
      "maps_geocode",
      { address: "slow lane 1, Seattle" },
      "a geocode Google takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "gm-024",
      "maps_elevation",
      { locations: [{ latitude: 46.8523, longitude: -121.7603 }] },
      "elevation while Google cannot be reached",
      down(googleMapsStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [brightdata, hyperbrowser, googleMaps];

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
