// Loopback stand-in for the service behind this group's server, answering with the real service's bodies and error
// bodies (README.md cites where each comes from and which wordings could not be sourced): Adzuna's jobs API
// (`api.adzuna.com/v1/api/jobs/{country}/search/{page}`, app_id/app_key in the query string) for adzuna-mcp, whose
// host is written into it and which calls Node's own fetch: a forward proxy reached through a preload that sets
// undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import { certificate, forwardProxy, json, later, text, type Certificate } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r31-b";

export const ADZUNA_PROXY_PORT = 42600;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.adzuna.com"]);

export const state = {
  adzKeyRevoked: false,
  adzRateLimited: false,
  adzDailyQuota: false,
  adzServerError: false,
  adzBadGateway: false,
  adzMaintenance: false,
};

export const unknownRequests: string[] = [];

const nginxPage = (status: string) =>
  `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

// ----------------------------------------------------------------------------------------------------- Adzuna

export const ADZUNA_APP_ID = "4f1c9e27";
export const ADZUNA_APP_KEY = "b7e2d04c9a1f63e85d2c7b90a4e16f38";
export const ADZUNA_SLOW_QUERY = "lighthouse keeper";

// Adzuna's exception envelope (the AUTH_FAIL body is quoted verbatim in the README's sources).
const adzunaException = (exception: string, display: string) => ({
  doc: "https://api.adzuna.com/v1/doc",
  display,
  exception,
  __CLASS__: "Adzuna::API::Response::Exception",
});

const adzJob = (
  id: string,
  title: string,
  company: string,
  area: string[],
  display: string,
  salary: [number | null, number | null, string],
  contract: [string | null, string | null],
  category: [string, string],
  created: string,
  description: string,
) => ({
  __CLASS__: "Adzuna::API::Response::Job",
  id,
  adref: "eyJhbGciOiJIUzI1NiJ9.eyJzIjoiUjNtcmZ0d0tRdS1CS0R3TjJ5T1hOUSIsImkiOiI" + id + "In0.x",
  title,
  description,
  created,
  redirect_url: `https://www.adzuna.co.uk/jobs/land/ad/${id}?se=R3mrftwKQu-BKDwN2yOXNQ&utm_medium=api&utm_source=4f1c9e27&v=1B7D2A0C`,
  company: { __CLASS__: "Adzuna::API::Response::Company", display_name: company },
  location: { __CLASS__: "Adzuna::API::Response::Location", area, display_name: display },
  category: { __CLASS__: "Adzuna::API::Response::Category", tag: category[0], label: category[1] },
  salary_min: salary[0],
  salary_max: salary[1],
  salary_is_predicted: salary[2],
  contract_type: contract[0],
  contract_time: contract[1],
  latitude: 51.5074,
  longitude: -0.1278,
});

const LONDON_DATA = [
  adzJob(
    "5102847731",
    "Senior Data Engineer",
    "Monzo",
    ["UK", "London", "Central London"],
    "Central London, London",
    [85000, 105000, "0"],
    ["permanent", "full_time"],
    ["it-jobs", "IT Jobs"],
    "2026-12-03T09:14:22Z",
    "We are looking for a Senior Data Engineer to build and own batch and streaming pipelines on BigQuery and dbt, working with analysts across the business…",
  ),
  adzJob(
    "5103119054",
    "Data Engineer - Python, Airflow",
    "Harnham",
    ["UK", "London", "Shoreditch"],
    "Shoreditch, East London",
    [65000, 75000, "0"],
    ["permanent", "full_time"],
    ["it-jobs", "IT Jobs"],
    "2026-12-04T16:02:10Z",
    "A fast-growing fintech is hiring a Data Engineer to migrate legacy ETL onto Airflow and Snowflake. Hybrid, two days a week in the office…",
  ),
  adzJob(
    "5099375120",
    "Data Engineer (Contract, Outside IR35)",
    "Hays",
    ["UK", "London", "City of London"],
    "City Of London, London",
    [60450.23, 60450.23, "1"],
    ["contract", null],
    ["it-jobs", "IT Jobs"],
    "2026-11-28T11:41:57Z",
    "Six-month contract for a Data Engineer with Spark and Azure Data Factory experience to support a regulatory reporting programme…",
  ),
];

const MANCHESTER_IT = [
  adzJob(
    "5104002318",
    "Platform Engineer",
    "Auto Trader UK",
    ["UK", "North West England", "Manchester"],
    "Manchester, Greater Manchester",
    [70000, 85000, "0"],
    ["permanent", "full_time"],
    ["it-jobs", "IT Jobs"],
    "2026-12-05T08:30:00Z",
    "Join the platform team running Kubernetes on Google Cloud for one of the UK's largest digital marketplaces…",
  ),
  adzJob(
    "5103998472",
    "Junior Software Developer",
    "The Hut Group",
    ["UK", "North West England", "Manchester", "Trafford"],
    "Trafford, Manchester",
    [32000, 36000, "0"],
    ["permanent", "full_time"],
    ["it-jobs", "IT Jobs"],
    "2026-12-05T07:12:44Z",
    "An entry-level role writing Java and TypeScript services for a global e-commerce platform, with a structured graduate programme…",
  ),
];

const MONZO_JOBS = [
  LONDON_DATA[0],
  adzJob(
    "5101760903",
    "Backend Engineer, Payments",
    "Monzo",
    ["UK", "London", "Central London"],
    "Central London, London",
    [75000, 95000, "0"],
    ["permanent", "full_time"],
    ["it-jobs", "IT Jobs"],
    "2026-12-01T10:05:31Z",
    "Build the Go microservices that move money for more than nine million customers…",
  ),
];

const NURSE_JOBS = [
  adzJob(
    "5102211876",
    "Staff Nurse - Intensive Care",
    "Leeds Teaching Hospitals NHS Trust",
    ["UK", "Yorkshire And The Humber", "West Yorkshire", "Leeds"],
    "Leeds, West Yorkshire",
    [37338, 44962, "0"],
    ["permanent", "full_time"],
    ["healthcare-nursing-jobs", "Healthcare & Nursing Jobs"],
    "2026-12-02T13:20:05Z",
    "Band 5 Staff Nurse for the adult critical care unit at St James's University Hospital…",
  ),
];

const searchResults = (results: unknown[], count: number, mean?: number) => ({
  __CLASS__: "Adzuna::API::Response::JobSearchResults",
  count,
  ...(mean === undefined ? {} : { mean }),
  results,
});

const KNOWN_CATEGORIES = new Set([
  "it-jobs",
  "healthcare-nursing-jobs",
  "engineering-jobs",
  "accounting-finance-jobs",
]);

function adzunaHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const m = /^\/v1\/api\/jobs\/([a-z]{2})\/search\/(\d+)$/.exec(url.pathname);
  if (!m || req.method !== "GET") {
    unknownRequests.push(`Adzuna ${req.method} ${url.host}${url.pathname}${url.search}`);
    return json(res, 404, adzunaException("NOT_FOUND", "Not found"));
  }
  if (state.adzBadGateway)
    return text(res, 502, nginxPage("502 Bad Gateway"), "text/html", { server: "nginx" });
  if (state.adzMaintenance)
    return text(
      res,
      200,
      "<!DOCTYPE html>\n<html><head><title>Adzuna - down for maintenance</title></head><body><h1>We'll be back soon</h1><p>Adzuna is undergoing scheduled maintenance. Please try again shortly.</p></body></html>\n",
      "text/html; charset=utf-8",
    );
  const q = url.searchParams;
  if (q.get("app_id") !== ADZUNA_APP_ID || q.get("app_key") !== ADZUNA_APP_KEY || state.adzKeyRevoked)
    return json(res, 401, adzunaException("AUTH_FAIL", "Authorisation failed"));
  if (state.adzRateLimited)
    return json(res, 429, adzunaException("RATE_LIMIT", "Rate limit exceeded"), { "retry-after": "60" });
  if (state.adzDailyQuota) return json(res, 429, adzunaException("RATE_LIMIT", "Daily call limit exceeded"));
  if (state.adzServerError) return json(res, 500, adzunaException("INTERNAL_ERROR", "Internal error"));

  const page = Number(m[2]);
  const what = (
    q.get("what") ??
    q.get("what_phrase") ??
    q.get("what_and") ??
    q.get("what_or") ??
    q.get("title_only") ??
    ""
  ).toLowerCase();
  const where = (q.get("where") ?? "").toLowerCase();
  const category = q.get("category");
  const company = q.get("company");

  if (category && !KNOWN_CATEGORIES.has(category))
    return json(res, 400, adzunaException("BAD_PARAM", `Unknown category: ${category}`));
  if (what === ADZUNA_SLOW_QUERY) return later(15_000, () => json(res, 200, searchResults([], 0)));

  if (company?.toLowerCase() === "monzo") return json(res, 200, searchResults(MONZO_JOBS, 14, 88412.5));
  if (what.includes("data engineer") && where.includes("london")) {
    // 1,863 matches at ten a page is 187 pages; past that Adzuna keeps the count and sends no results.
    if (page > 187) return json(res, 200, searchResults([], 1863, 71239.47));
    if (page === 2) return json(res, 200, searchResults(LONDON_DATA.slice(1), 1863, 71239.47));
    return json(res, 200, searchResults(LONDON_DATA, 1863, 71239.47));
  }
  if (category === "it-jobs" && where.includes("manchester"))
    return json(res, 200, searchResults(MANCHESTER_IT, 4127, 52880.12));
  if (what.includes("airflow") && where.includes("london"))
    return json(res, 200, searchResults([LONDON_DATA[1]], 212, 68750.0));
  if (what.includes("sre") && where.includes("manchester"))
    return json(res, 200, searchResults([MANCHESTER_IT[0]], 389, 74120.33));
  if (what.includes("nurse")) return json(res, 200, searchResults(NURSE_JOBS, 2204, 39411.08));
  return json(res, 200, searchResults([], 0));
}

export const adzunaStandin = forwardProxy(ADZUNA_PROXY_PORT, ensureCertificate, adzunaHandler);

export const ALL_STANDINS = [adzunaStandin];

export function resetCounters() {
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
}
