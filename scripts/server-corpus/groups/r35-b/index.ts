// Group r35-b: real estate data — French property listings and market indicators (Stream.estate) and German property
// valuation (AfAMax depreciation and purchase-price allocation), a kind the fixture README's server table lacks.
//
//   (cd scripts/server-corpus/groups/r35-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r35-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  AFAMAX_PORT,
  ALL_STANDINS,
  API_KEY,
  DATA,
  REVOKED_KEY,
  STREAM_PORT,
  afamaxApi,
  clearTimers,
  resetCounters,
  seen,
  state,
  streamEstate,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-stream-estate": "1.0.3",
  "@rundum-immo/real-estate-appraisal-mcp": "0.1.1",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ── Stream.estate ────────────────────────────────────────────────────────────────────────────────────────────────────

const startStream = (label: string, key: string) =>
  stdioServer(label, "mcp-stream-estate", {
    from: FROM,
    cwd: DATA,
    env: { HOME, STREAM_ESTATE_API_KEY: key, STREAM_ESTATE_BASE_URL: `http://127.0.0.1:${STREAM_PORT}` },
  });

const PROPERTY = "4b6f0a3e-2c1d-4e8f-9a7b-5d3c2e1f0a9b";
const LYON_3 = "/cities/27860";

const se: SessionSpec = {
  label: "r35-b-stream-estate",
  server: "mcp-stream-estate",
  transport: "stdio",
  start: startStream("r35-b-stream-estate", API_KEY),
  steps: [
    step("sen-001", "location-autocomplete", { query: "Lyon 3" }, "resolve a city's IRI"),
    step(
      "sen-002",
      "search-properties",
      {
        includedCities: [LYON_3],
        propertyTypes: [0],
        transactionType: 0,
        budgetMax: 450000,
        itemsPerPage: 2,
      },
      "flats for sale in Lyon 3e under 450k",
    ),
    step("sen-003", "get-property", { id: PROPERTY }, "one property's full record"),
    step("sen-004", "find-similar-properties", { id: PROPERTY }, "properties similar to it"),
    step(
      "sen-005",
      "get-price-per-meter",
      { includedCities: [LYON_3], propertyTypes: [0], dateHistogramGranularity: "month" },
      "price per m² in Lyon 3e",
    ),
    step(
      "sen-006",
      "get-points-of-interest",
      { lat: 45.7589, lon: 4.8414, radius: 0.5, facilities: ["school"] },
      "schools near the property",
    ),
    step(
      "sen-007",
      "search-properties",
      { includedCities: ["/cities/31245"], propertyTypes: [1], budgetMax: 90000 },
      "houses under 90k in a small village: no results",
    ),
    step(
      "sen-008",
      "get-property",
      { id: "00000000-0000-4000-8000-000000000000" },
      "a property UUID that does not exist",
    ),
    step("sen-009", "list-searches", {}, "the saved searches"),
    step("sen-010", "get-search", { id: "9999" }, "a saved search that does not exist"),
    step(
      "sen-011",
      "create-search",
      {
        title: "Maisons Rhône",
        propertyTypes: [1],
        includedDepartments: ["/departments/69"],
        notificationEnabled: true,
        endpointRecipient: "hooks.example-agency.fr/match",
      },
      "a saved search whose webhook URL is not a URL (422)",
    ),
    step(
      "sen-012",
      "create-search",
      {
        title: "Maisons Rhône",
        propertyTypes: [1],
        includedDepartments: ["/departments/69"],
        notificationEnabled: true,
        endpointRecipient: "https://hooks.example-agency.fr/match",
      },
      "the saved search with the URL fixed",
    ),
    step("sen-013", "delete-search", { id: "342" }, "delete it (204)"),
    step("sen-014", "delete-search", { id: "342" }, "delete it again (404)"),
    step(
      "sen-015",
      "test-webhook",
      { endpoint: "https://hooks.example-agency.fr/match", type: "property.ad.create" },
      "a simulated webhook delivery",
    ),
    step(
      "sen-016",
      "search-properties",
      { includedCities: [LYON_3], propertyTypes: [0], itemsPerPage: 10 },
      "a search while the API answers 429 with Retry-After",
      flag("seRateLimited"),
    ),
    step(
      "sen-017",
      "get-price-per-meter",
      { includedDepartments: ["/departments/69"], propertyTypes: [1] },
      "a call after the month's advert quota ran out (402)",
      flag("seQuotaExceeded"),
    ),
    step(
      "sen-018",
      "get-price-per-meter",
      { includedDepartments: ["/departments/69"], propertyTypes: [1] },
      "the same call again, quota still exhausted",
      flag("seQuotaExceeded"),
    ),
    step(
      "sen-019",
      "find-similar-properties",
      { id: PROPERTY, itemsPerPage: 5 },
      "a call while the API answers 500",
      flag("seServerError"),
    ),
    step(
      "sen-020",
      "get-cities",
      { name: "Villeurbanne" },
      "a call while Cloudflare answers a 502 page",
      flag("seBadGateway"),
    ),
    step(
      "sen-021",
      "search-properties",
      { includedCities: [LYON_3], propertyTypes: [0], orderByPrice: "asc" },
      "an answer 15 s late; the client waits 3 s",
      flag("seSlow", { timeoutMs: 3000 }),
    ),
    step(
      "sen-022",
      "list-searches",
      {},
      "the saved searches while the API is unreachable",
      down(streamEstate),
    ),
    step("sen-023", "get-market-report", { city: "Lyon" }, "a tool the server does not have"),
  ],
};

const seRevoked: SessionSpec = {
  label: "r35-b-stream-estate-revoked-key",
  server: "mcp-stream-estate",
  transport: "stdio",
  start: startStream("r35-b-stream-estate-revoked-key", REVOKED_KEY),
  steps: [
    step("sen-024", "location-autocomplete", { query: "Nantes" }, "a call with a revoked API key"),
    step("sen-025", "location-autocomplete", { query: "Nantes" }, "the same call again, key unchanged"),
  ],
};

// ── AfAMax ───────────────────────────────────────────────────────────────────────────────────────────────────────────

const afa: SessionSpec = {
  label: "r35-b-afamax",
  server: "@rundum-immo/real-estate-appraisal-mcp",
  transport: "stdio",
  start: stdioServer("r35-b-afamax", "@rundum-immo/real-estate-appraisal-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      AFAMAX_API_URL: `http://127.0.0.1:${AFAMAX_PORT}/api/v1/afa-calculation`,
      AFAMAX_KPA_API_URL: `http://127.0.0.1:${AFAMAX_PORT}/api/v1/purchase-price-allocation`,
      AFAMAX_TIMEOUT_MS: "2500",
      LOG_LEVEL: "info",
    },
  }),
  steps: [
    step(
      "afa-001",
      "calculate_property_depreciation",
      {
        propertyType: "CONDOMINIUM",
        constructionYear: 1970,
        floorArea: 85,
        purchasePrice: 350000,
        taxRate: 0.42,
        locale: "en",
      },
      "a 1970 condominium's depreciation",
    ),
    step(
      "afa-002",
      "calculate_property_depreciation",
      {
        propertyType: "SINGLE_FAMILY_HOUSE",
        constructionYear: 1994,
        floorArea: 140,
        purchasePrice: 520000,
        landArea: 610,
        standardLandValue: 380,
        locale: "en",
        modernization: {
          roof: "FULLY_MODERNIZED",
          facadeInsulation: "FULLY_MODERNIZED",
          windowsDoors: "FULLY_MODERNIZED",
          heating: "FULLY_MODERNIZED",
          utilities: "FULLY_MODERNIZED",
          bathrooms: "FULLY_MODERNIZED",
          interiorFitout: "FULLY_MODERNIZED",
          floorplanImprovement: "FULLY_MODERNIZED",
        },
      },
      "a fully modernized house: an appraisal is not worth it",
    ),
    step(
      "afa-003",
      "calculate_property_depreciation",
      { propertyType: "ROW_HOUSE", constructionYear: 1962, floorArea: 110 },
      "a row house with no price and no tax rate (assumed values)",
    ),
    step(
      "afa-004",
      "calculate_purchase_price_allocation",
      {
        propertyType: "CONDOMINIUM",
        totalPurchasePrice: 500000,
        purchaseRelatedCosts: 40000,
        purchaseDate: "2024-06-15",
        constructionYear: 1975,
        floorArea: 75,
        landArea: 1200,
        standardLandValue: 2500,
        coOwnershipNumerator: 75,
        coOwnershipDenominator: 1000,
        undergroundParkingSpaces: 1,
        monthlyNetColdRent: 1400,
        locale: "en",
      },
      "a rented condominium's purchase-price allocation",
    ),
    step(
      "afa-005",
      "calculate_purchase_price_allocation",
      {
        propertyType: "SINGLE_FAMILY_HOUSE",
        totalPurchasePrice: 640000,
        purchaseDate: "2025-03-01",
        constructionYear: 2001,
        floorArea: 160,
        landArea: 700,
        standardLandValue: 420,
        garages: 1,
        locale: "en",
      },
      "a house's allocation without a rent (income method skipped)",
    ),
    step(
      "afa-006",
      "calculate_property_depreciation",
      { propertyType: "CONDOMINIUM", constructionYear: 1700, floorArea: 85 },
      "a construction year before 1800 (the tool's schema)",
    ),
    step(
      "afa-007",
      "calculate_purchase_price_allocation",
      {
        propertyType: "TWO_FAMILY_HOUSE",
        totalPurchasePrice: 450000,
        purchaseDate: "2031-01-01",
        constructionYear: 1988,
        floorArea: 180,
        landArea: 500,
        standardLandValue: 300,
      },
      "a purchase date in the future (the server's own check)",
    ),
    step(
      "afa-008",
      "calculate_purchase_price_allocation",
      {
        propertyType: "CONDOMINIUM",
        totalPurchasePrice: 310000,
        purchaseDate: "2023-09-01",
        constructionYear: 1981,
        floorArea: 64,
        landArea: 900,
        standardLandValue: 1800,
        locale: "en",
      },
      "a condominium without its co-ownership share (AfAMax 422)",
    ),
    step(
      "afa-009",
      "calculate_purchase_price_allocation",
      {
        propertyType: "CONDOMINIUM",
        totalPurchasePrice: 310000,
        purchaseDate: "2023-09-01",
        constructionYear: 1981,
        floorArea: 64,
        landArea: 900,
        standardLandValue: 1800,
        locale: "en",
      },
      "the same call again, unchanged",
    ),
    step(
      "afa-010",
      "calculate_property_depreciation",
      {
        propertyType: "SEMI_DETACHED",
        constructionYear: 1978,
        floorArea: 125,
        purchasePrice: 410000,
        locale: "en",
      },
      "a call while AfAMax answers 429 with Retry-After",
      flag("afaRateLimited"),
    ),
    step(
      "afa-011",
      "calculate_property_depreciation",
      {
        propertyType: "SEMI_DETACHED",
        constructionYear: 1978,
        floorArea: 125,
        purchasePrice: 410000,
        locale: "en",
      },
      "a call while AfAMax's public API is switched off (503)",
      flag("afaDisabled"),
    ),
    step(
      "afa-012",
      "calculate_purchase_price_allocation",
      {
        propertyType: "SINGLE_FAMILY_HOUSE",
        totalPurchasePrice: 395000,
        purchaseDate: "2022-11-20",
        constructionYear: 1969,
        floorArea: 128,
        landArea: 640,
        standardLandValue: 250,
      },
      "a call while AfAMax answers 500",
      flag("afaServerError"),
    ),
    step(
      "afa-013",
      "calculate_property_depreciation",
      { propertyType: "APARTMENT_BUILDING", constructionYear: 1958, floorArea: 620, purchasePrice: 1450000 },
      "a call while Cloudflare answers a 502 page",
      flag("afaBadGateway"),
    ),
    step(
      "afa-014",
      "calculate_property_depreciation",
      { propertyType: "APARTMENT_BUILDING", constructionYear: 1958, floorArea: 620, purchasePrice: 1450000 },
      "an answer 15 s late; the server gives up after 2.5 s",
      flag("afaSlow"),
    ),
    step(
      "afa-015",
      "calculate_property_depreciation",
      { propertyType: "CONDOMINIUM", constructionYear: 1999, floorArea: 58, purchasePrice: 229000 },
      "a call while AfAMax is unreachable (connection refused)",
      down(afamaxApi),
    ),
    step(
      "afa-016",
      "calculate_property_depreciation",
      { propertyType: "CONDOMINIUM", constructionYear: 1999, floorArea: 58, purchasePrice: 229000 },
      "AfAMax answers 200 in a shape the server does not expect",
      flag("afaContractChanged"),
    ),
    step(
      "afa-017",
      "calculate_property_depreciation",
      { propertyType: "CONDOMINIUM", constructionYear: 1999, floorArea: 58, purchasePrice: 229000 },
      "the same call once AfAMax is back to normal",
    ),
    step(
      "afa-018",
      "calculate_property_depreciation",
      { propertyType: "CONDOMINIUM", constructionYear: 2027, floorArea: 58, coreRenovationYear: null },
      "a construction year next year, which only AfAMax rejects (422)",
    ),
    step(
      "afa-019",
      "estimate_market_value",
      { address: "Kastanienallee 12, 10435 Berlin" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [se, seRevoked, afa];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetCounters();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
