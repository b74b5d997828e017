// Loopback stand-ins for group r35-b: the Stream.estate API (api.stream.estate, an API Platform / Hydra JSON-LD API
// keyed by X-API-KEY), for mcp-stream-estate, which reads its base URL from STREAM_ESTATE_BASE_URL; and the AfAMax
// calculation API (afamax.de/api/v1/…), for @rundum-immo/real-estate-appraisal-mcp, which reads its two endpoint URLs
// from AFAMAX_API_URL and AFAMAX_KPA_API_URL. README.md says where each body comes from and which wordings are not
// sourced. `state` is switched by the sessions' hooks.

import { clearTimers, cloudflare502, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r35-b";
export const STREAM_PORT = 43200;
export const AFAMAX_PORT = 43201;

/** The Stream.estate API key the stand-in accepts (made up), and a revoked one. */
export const API_KEY = "5e7c1a9b3d2f48e6a0c9b7d5e3f1a2c4";
export const REVOKED_KEY = "0b1e2d3c4f5a69788796a5b4c3d2e1f0";

export const state = {
  // Stream.estate
  seRateLimited: false,
  seQuotaExceeded: false,
  seServerError: false,
  seBadGateway: false,
  seSlow: false,
  // AfAMax
  afaRateLimited: false,
  afaDisabled: false,
  afaServerError: false,
  afaBadGateway: false,
  afaSlow: false,
  afaContractChanged: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Stream.estate ────────────────────────────────────────────────────────────────────────────────────────────────────

const hydraError = (status: number, description: string) => ({
  "@context": "/contexts/Error",
  "@type": "hydra:Error",
  "hydra:title": "An error occurred",
  "hydra:description": description,
  title: "An error occurred",
  detail: description,
  status,
});

const collection = (
  id: string,
  members: unknown[],
  total = members.length,
  extra: Record<string, unknown> = {},
) => ({
  "@context": `/contexts/${id.split("/")[1] === "documents" ? "Property" : "Collection"}`,
  "@id": id,
  "@type": "hydra:Collection",
  "hydra:member": members,
  "hydra:totalItems": total,
  "hydra:view": { "@id": `${id}?page=1`, "@type": "hydra:PartialCollectionView" },
  ...extra,
});

const LYON_3 = {
  "@id": "/cities/27860",
  "@type": "City",
  id: 27860,
  name: "Lyon 3e Arrondissement",
  zipcode: "69003",
  insee: "69383",
  department: "/departments/69",
  slug: "lyon-3e-arrondissement-69003",
};

const PROPERTY_ID = "4b6f0a3e-2c1d-4e8f-9a7b-5d3c2e1f0a9b";
const SIMILAR_ID = "9c8d7e6f-5a4b-4c3d-8e2f-1a0b9c8d7e6f";

const property = (id: string, price: number, surface: number, room: number, street: string) => ({
  "@id": `/documents/properties/${id}`,
  "@type": "Property",
  uuid: id,
  propertyType: 0,
  transactionType: 0,
  title: `Appartement ${room} pièces ${surface} m²`,
  description: `Appartement traversant de ${surface} m² au 3e étage avec ascenseur, ${street}, proche métro.`,
  price,
  pricePerMeter: Math.round(price / surface),
  surface,
  room,
  bedroom: room - 1,
  floor: 3,
  elevator: true,
  energy: { category: "D", value: 212 },
  greenhouseGas: { category: "E", value: 41 },
  city: LYON_3,
  locations: { lat: 45.7589, lon: 4.8414 },
  adverts: [
    {
      uuid: `a-${id.slice(0, 8)}`,
      title: `Vente appartement ${room} pièces`,
      price,
      surface,
      url: `https://www.example-annonces.fr/annonce/${id.slice(0, 8)}`,
      publisher: { name: "Agence Part-Dieu Immobilier", type: 1 },
      createdAt: "2026-11-28T08:12:04+00:00",
    },
  ],
  events: [
    {
      fieldName: "price",
      fieldOldValue: price + 15000,
      fieldNewValue: price,
      createdAt: "2026-12-02T06:40:11+00:00",
    },
  ],
  stations: [{ name: "Part-Dieu", lines: ["B"], distance: 420 }],
  createdAt: "2026-11-28T08:12:04+00:00",
  updatedAt: "2026-12-02T06:40:11+00:00",
  expired: false,
});

const SEARCH = {
  "@id": "/searches/318",
  "@type": "Search",
  id: 318,
  title: "T3 Lyon 3e < 450k",
  transactionType: 0,
  propertyTypes: [0],
  budgetMax: 450000,
  includedCities: ["/cities/27860"],
  notificationEnabled: true,
  endpointRecipient: "https://hooks.example-agency.fr/stream-estate/match",
  createdAt: "2026-10-14T09:00:00+00:00",
};

function stream(
  req: import("node:http").IncomingMessage,
  url: URL,
  body: string,
  res: import("node:http").ServerResponse,
) {
  const key = req.headers["x-api-key"];
  seen.push(`stream ${req.method} ${url.pathname}${url.search} ${body}`);
  if (key !== API_KEY) return json(res, 401, { code: 401, message: "Invalid API key." });
  if (state.seRateLimited)
    return json(res, 429, hydraError(429, "Rate limit exceeded, please retry in 30 seconds."), {
      "Retry-After": "30",
    });
  if (state.seQuotaExceeded)
    return json(
      res,
      402,
      hydraError(402, "Your monthly advert quota is exhausted. Upgrade your plan to continue."),
    );
  if (state.seServerError) return json(res, 500, hydraError(500, "Internal Server Error"));
  if (state.seBadGateway)
    return text(res, 502, cloudflare502("api.stream.estate", "8e1f2a7c5b3d9e04"), "text/html; charset=UTF-8");
  if (state.seSlow) return later(15_000, () => json(res, 200, collection("/documents/properties", [])));
  const p = url.pathname;
  const q = url.searchParams;
  if (req.method === "GET" && p === "/public/location-autocomplete")
    return json(
      res,
      200,
      collection("/public/location-autocomplete", [
        {
          "@id": "/cities/27860",
          "@type": "City",
          name: "Lyon 3e Arrondissement",
          zipcode: "69003",
          type: "city",
        },
        { "@id": "/cities/27857", "@type": "City", name: "Lyon", zipcode: "69000", type: "city" },
        { "@id": "/departments/69", "@type": "Department", name: "Rhône", code: "69", type: "department" },
      ]),
    );
  if (req.method === "GET" && p === "/cities") return json(res, 200, collection("/cities", [LYON_3]));
  if (req.method === "GET" && p === "/documents/properties") {
    if (q.getAll("includedCities[]").includes("/cities/31245"))
      return json(res, 200, collection("/documents/properties", [], 0));
    return json(
      res,
      200,
      collection(
        "/documents/properties",
        [
          property(PROPERTY_ID, 389000, 71, 3, "rue Paul Bert"),
          property(SIMILAR_ID, 412000, 76, 3, "cours Lafayette"),
        ],
        214,
      ),
    );
  }
  if (req.method === "GET" && p === `/documents/properties/${PROPERTY_ID}`)
    return json(res, 200, {
      "@context": "/contexts/Property",
      ...property(PROPERTY_ID, 389000, 71, 3, "rue Paul Bert"),
    });
  if (req.method === "GET" && p === `/documents/properties/${PROPERTY_ID}/similar-properties`)
    return json(res, 200, collection(p, [property(SIMILAR_ID, 412000, 76, 3, "cours Lafayette")], 1));
  if (req.method === "GET" && p.startsWith("/documents/properties/"))
    return json(res, 404, hydraError(404, "Not Found"));
  if (req.method === "GET" && p === "/indicators/price_per_meter")
    return json(res, 200, {
      "@context": "/contexts/PricePerMeter",
      "@type": "PricePerMeter",
      average: 5412.37,
      median: 5298,
      count: 1873,
      dateHistogram: [
        { date: "2026-09", average: 5388.1, count: 611 },
        { date: "2026-10", average: 5420.6, count: 640 },
        { date: "2026-11", average: 5427.9, count: 622 },
      ],
    });
  if (req.method === "GET" && p === "/indicators/points_of_interest")
    return json(
      res,
      200,
      collection(p, [
        {
          "@type": "PointOfInterest",
          category: "school",
          name: "École élémentaire Jean Rostand",
          lat: 45.7601,
          lon: 4.8442,
          distance: 0.31,
        },
        {
          "@type": "PointOfInterest",
          category: "school",
          name: "Collège Raoul Dufy",
          lat: 45.7562,
          lon: 4.8467,
          distance: 0.48,
        },
      ]),
    );
  if (req.method === "GET" && p === "/searches") return json(res, 200, collection("/searches", [SEARCH]));
  if (req.method === "GET" && p === "/searches/318")
    return json(res, 200, { "@context": "/contexts/Search", ...SEARCH });
  if (req.method === "POST" && p === "/searches") {
    const input = parse(body);
    if (typeof input.endpointRecipient === "string" && !input.endpointRecipient.startsWith("https://"))
      return json(res, 422, {
        "@context": "/contexts/ConstraintViolationList",
        "@type": "ConstraintViolationList",
        "hydra:title": "An error occurred",
        "hydra:description": "endpointRecipient: This value is not a valid URL.",
        violations: [
          {
            propertyPath: "endpointRecipient",
            message: "This value is not a valid URL.",
            code: "57c2f299-1154-4870-89bb-ef3b1f5ad229",
          },
        ],
      });
    return json(res, 201, {
      "@context": "/contexts/Search",
      ...SEARCH,
      ...input,
      "@id": "/searches/342",
      id: 342,
    });
  }
  if (req.method === "PUT" && p === "/searches/342")
    return json(res, 200, {
      "@context": "/contexts/Search",
      ...SEARCH,
      ...parse(body),
      "@id": "/searches/342",
      id: 342,
    });
  if (req.method === "DELETE" && p === "/searches/342") {
    if (deleted.has(p)) return json(res, 404, hydraError(404, "Not Found"));
    deleted.add(p);
    res.writeHead(204);
    return res.end();
  }
  if (req.method === "GET" && p.startsWith("/searches/")) return json(res, 404, hydraError(404, "Not Found"));
  if (req.method === "GET" && p === "/webhook-tester")
    return json(res, 200, {
      success: true,
      endpoint: q.get("endpoint"),
      type: q.get("type"),
      statusCode: 200,
    });
  unknownRequests.push(`stream ${req.method} ${p}`);
  return json(res, 404, hydraError(404, `No route found for "${req.method} ${p}"`));
}

const deleted = new Set<string>();

export const streamEstate = httpStandin(STREAM_PORT, stream);

// ── AfAMax ───────────────────────────────────────────────────────────────────────────────────────────────────────────

const ATTRIBUTION = { provider: "AfaMax", url: "https://afamax.de", label: "AfaMax AfA-Rechner" };

const MODERNIZATION_NONE = {
  roof: "NOT_MODERNIZED",
  facadeInsulation: "NOT_MODERNIZED",
  windowsDoors: "NOT_MODERNIZED",
  heating: "NOT_MODERNIZED",
  utilities: "NOT_MODERNIZED",
  bathrooms: "NOT_MODERNIZED",
  interiorFitout: "NOT_MODERNIZED",
  floorplanImprovement: "NOT_MODERNIZED",
};

let calc = 0;

function depreciation(input: Record<string, unknown>) {
  const modernized = input.modernization && typeof input.modernization === "object";
  const full =
    modernized && Object.values(input.modernization as object).every((v) => v === "FULLY_MODERNIZED");
  const price = typeof input.purchasePrice === "number" ? input.purchasePrice : null;
  const buildingValue = price ? Math.round(price * 0.8) : 240_000;
  const rate = full ? 0.0125 : 0.0333;
  const annual = Math.round(buildingValue * rate);
  const taxRate = typeof input.taxRate === "number" ? input.taxRate : 0.42;
  calc += 1;
  return {
    calculationId: `calc_9f2e${String(calc).padStart(4, "0")}`,
    input: {
      propertyType: input.propertyType,
      constructionYear: input.constructionYear,
      floorArea: input.floorArea,
      purchasePrice: price,
      landArea: input.landArea ?? null,
      standardLandValue: input.standardLandValue ?? null,
      includedInventory: input.includedInventory ?? null,
      purchaseRelatedCosts: input.purchaseRelatedCosts ?? null,
      coreRenovationYear: input.coreRenovationYear ?? null,
      taxRate,
      locale: input.locale ?? "de",
      modernization: modernized ? input.modernization : MODERNIZATION_NONE,
    },
    results: {
      afaRatePerYear: rate,
      defaultAfaRatePerYear: 0.02,
      annualAfaAmount: annual,
      defaultAfaAmount: Math.round(buildingValue * 0.02),
      monthlyAfaAmount: Math.round(annual / 12),
      annualTaxSavings: Math.round(annual * taxRate),
      appraisalWorthwhile: rate > 0.02,
      monthlyTaxSavings: Math.round((annual * taxRate) / 12),
      buildingValue,
      buildingValueSource: price ? "actual" : "assumed",
      taxRate,
      remainingUsefulLifeYears: full ? 80 : 30,
      modernizationPointsUsed: full ? 20 : 0,
      currency: "EUR",
    },
    assumptions: {
      modernizationAssumedNone: !modernized,
      buildingValueAssumed: !price,
      taxRateAssumed: typeof input.taxRate !== "number",
    },
    attribution: ATTRIBUTION,
    disclaimer:
      input.locale === "en"
        ? "Indicative, non-binding estimate. This does not replace tax or legal advice."
        : "Unverbindliche Schätzung. Ersetzt keine Steuer- oder Rechtsberatung.",
    meta: { apiVersion: "1", calculationMethod: "ImmoWertV", calculatedAt: "2026-12-07T09:00:00.000Z" },
  };
}

function allocation(input: Record<string, unknown>) {
  const price = Number(input.totalPurchasePrice);
  const costs = Number(input.purchaseRelatedCosts ?? 0);
  const total = price + costs;
  const landValue = Math.round(
    Number(input.landArea) *
      Number(input.standardLandValue) *
      (input.coOwnershipNumerator
        ? Number(input.coOwnershipNumerator) / Number(input.coOwnershipDenominator)
        : 1),
  );
  const method = (name: string, buildingValue: number) => {
    const share = Number((buildingValue / (landValue + buildingValue)).toFixed(4));
    return {
      method: name,
      landValue,
      buildingValue,
      totalValue: landValue + buildingValue,
      buildingShare: share,
      totalAcquisitionCost: total,
      depreciationBase: Math.round(total * share),
      landAllocation: total - Math.round(total * share),
      currency: "EUR",
    };
  };
  const asset = method("asset", 184_320);
  const withRent = typeof input.monthlyNetColdRent === "number";
  const income = method("income", 211_870);
  calc += 1;
  return {
    calculationId: `kpa_pub_7c1d${String(calc).padStart(4, "0")}`,
    input: {
      propertyType: input.propertyType,
      totalPurchasePrice: price,
      purchasePrice: price,
      purchaseRelatedCosts: costs,
      includedInventory: input.includedInventory ?? 0,
      purchaseDate: input.purchaseDate,
      constructionYear: input.constructionYear,
      floorArea: input.floorArea,
      landArea: input.landArea,
      standardLandValue: input.standardLandValue,
      commercialShare: input.commercialShare ?? null,
      coOwnershipNumerator: input.coOwnershipNumerator ?? null,
      coOwnershipDenominator: input.coOwnershipDenominator ?? null,
      garages: input.garages ?? 0,
      undergroundParkingSpaces: input.undergroundParkingSpaces ?? 0,
      monthlyNetColdRent: input.monthlyNetColdRent ?? null,
      locale: input.locale ?? "de",
    },
    applied: withRent ? income : asset,
    methods: withRent ? [income, asset] : [asset],
    skipped: withRent
      ? [{ method: "comparative", missing: ["comparativeFactorPerSqm"] }]
      : [
          { method: "income", missing: ["monthlyNetColdRent"] },
          { method: "comparative", missing: ["comparativeFactorPerSqm"] },
        ],
    degenerate: [],
    assetMethodDefaults: { standardLevel: 2, regionalFactor: 1, marketAdjustmentFactor: 1 },
    attribution: {
      provider: "AfaMax",
      url: "https://afamax.de/en/purchase-price-allocation",
      label: "AfaMax purchase price allocation calculator",
    },
    disclaimer:
      "This purchase price allocation is a non-binding estimate based on the BMF method and does not constitute tax advice.",
    meta: {
      apiVersion: "v1",
      calculationMethod: "bmf-kaufpreisaufteilung-2026",
      calculatedAt: "2026-12-07T09:00:00.000Z",
    },
  };
}

function afamax(
  req: import("node:http").IncomingMessage,
  url: URL,
  body: string,
  res: import("node:http").ServerResponse,
) {
  seen.push(`afamax ${req.method} ${url.pathname} ${body}`);
  if (state.afaRateLimited)
    return json(
      res,
      429,
      { errorCode: "RATE_LIMITED", errorMessage: "Too many requests from this client." },
      { "Retry-After": "42" },
    );
  if (state.afaDisabled)
    return json(res, 503, {
      errorCode: "SERVICE_DISABLED",
      errorMessage: "The public calculation API is disabled.",
    });
  if (state.afaServerError)
    return json(res, 500, { errorCode: "INTERNAL_ERROR", errorMessage: "Unexpected error." });
  if (state.afaBadGateway)
    return text(res, 502, cloudflare502("afamax.de", "8e1f2b91c4a7d6e2"), "text/html; charset=UTF-8");
  if (state.afaSlow) return later(15_000, () => json(res, 200, {}));
  if (state.afaContractChanged)
    return json(res, 200, { calculationId: "calc_9f2e9999", result: { afa: 9324, rate: "3.33%" } });
  const input = parse(body);
  if (req.method === "POST" && url.pathname === "/api/v1/afa-calculation") {
    if (Number(input.constructionYear) > 2026 || Number(input.coreRenovationYear) > 2026)
      return json(res, 422, {
        errorCode: "VALIDATION_FAILED",
        errorMessage: "constructionYear must not be in the future.",
        fields: { constructionYear: "max 2026" },
      });
    return json(res, 200, depreciation(input));
  }
  if (req.method === "POST" && url.pathname === "/api/v1/purchase-price-allocation") {
    if (input.propertyType === "CONDOMINIUM" && !input.coOwnershipNumerator)
      return json(res, 422, {
        errorCode: "VALIDATION_FAILED",
        errorMessage: "coOwnershipNumerator and coOwnershipDenominator are required for CONDOMINIUM.",
      });
    return json(res, 200, allocation(input));
  }
  unknownRequests.push(`afamax ${req.method} ${url.pathname}`);
  return json(res, 404, { errorCode: "NOT_FOUND", errorMessage: "Not found." });
}

export const afamaxApi = httpStandin(AFAMAX_PORT, afamax);

export const ALL_STANDINS = [streamEstate, afamaxApi];

export function resetCounters() {
  seen.length = 0;
  unknownRequests.length = 0;
  deleted.clear();
  calc = 0;
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
}
