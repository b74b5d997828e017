// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - the Companies House Public Data API (`api.company-information.service.gov.uk`) for companies-house-mcp, whose
//   host is written into it (companies-house-cli's APIClient) and called with Node's own `fetch`;
// - the European Parliament Open Data Portal API v2 (`data.europarl.europa.eu/api/v2/`) for
//   european-parliament-mcp-server, which calls it with undici's `fetch` and refuses a loopback `EP_API_URL`.
// Both go through standin-kit's `forwardProxy` (one per service, so one can be stopped alone): proxy-preload.mjs
// makes undici's ProxyAgent the global dispatcher of both fetches.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r28-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const CH_PROXY_PORT = 42200;
export const EP_PROXY_PORT = 42201;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.company-information.service.gov.uk", "data.europarl.europa.eu"]);

export const state = {
  chKeyRevoked: false,
  chRateLimited: false,
  chBadGateway: false,
  chChargesError: false,
  epRateLimited: false,
  epBadGateway: false,
  epServerError: false,
};

export const unknownRequests: string[] = [];

// ------------------------------------------------------------------------------------------- Companies House

export const CH_KEY = "3f9c1d52-7a4e-4b8f-9e21-6c0d8a5b4f17";

export const CO_TESCO = "00445790";
export const CO_NORTHWIND = "11482736";
export const CO_MISSING = "99999999";
export const CO_SLOW = "SC999001";
export const OFFICER_MURPHY = "Gq2yG6yc2QK6Ul2JnbqkDjr0n7U";
export const OFFICER_CLEAN = "mVx3Fh8nK2pQ9rT4sW7yZ1bC5dE";

const ETAG = (seed: string) => `"${Buffer.from(seed).toString("hex").slice(0, 40)}"`;

const TESCO_PROFILE = {
  accounts: {
    accounting_reference_date: { day: "24", month: "02" },
    last_accounts: {
      made_up_to: "2026-02-24",
      period_end_on: "2026-02-24",
      period_start_on: "2025-02-23",
      type: "group",
    },
    next_accounts: {
      due_on: "2027-08-24",
      overdue: false,
      period_end_on: "2027-02-24",
      period_start_on: "2026-02-25",
    },
    next_due: "2027-08-24",
    next_made_up_to: "2027-02-24",
    overdue: false,
  },
  can_file: true,
  company_name: "TESCO PLC",
  company_number: CO_TESCO,
  company_status: "active",
  confirmation_statement: {
    last_made_up_to: "2026-06-14",
    next_due: "2027-06-28",
    next_made_up_to: "2027-06-14",
    overdue: false,
  },
  date_of_creation: "1947-11-27",
  etag: ETAG("tesco-profile"),
  has_charges: true,
  has_insolvency_history: false,
  jurisdiction: "england-wales",
  last_full_members_list_date: "2015-06-14",
  links: {
    persons_with_significant_control_statements: `/company/${CO_TESCO}/persons-with-significant-control-statements`,
    self: `/company/${CO_TESCO}`,
    filing_history: `/company/${CO_TESCO}/filing-history`,
    officers: `/company/${CO_TESCO}/officers`,
    charges: `/company/${CO_TESCO}/charges`,
    exemptions: `/company/${CO_TESCO}/exemptions`,
  },
  previous_company_names: [
    {
      ceased_on: "1983-07-12",
      effective_from: "1947-11-27",
      name: "TESCO STORES (HOLDINGS) PUBLIC LIMITED COMPANY",
    },
  ],
  registered_office_address: {
    address_line_1: "Tesco House, Shire Park",
    address_line_2: "Kestrel Way",
    locality: "Welwyn Garden City",
    postal_code: "AL7 1GA",
  },
  registered_office_is_in_dispute: false,
  sic_codes: ["47110"],
  type: "plc",
  undeliverable_registered_office_address: false,
  has_super_secure_pscs: false,
};

const NORTHWIND_PROFILE = {
  accounts: {
    accounting_reference_date: { day: "31", month: "03" },
    last_accounts: {
      made_up_to: "2025-03-31",
      period_end_on: "2025-03-31",
      period_start_on: "2024-04-01",
      type: "micro-entity",
    },
    next_accounts: {
      due_on: "2026-12-31",
      overdue: true,
      period_end_on: "2026-03-31",
      period_start_on: "2025-04-01",
    },
    next_due: "2026-12-31",
    next_made_up_to: "2026-03-31",
    overdue: true,
  },
  can_file: false,
  company_name: "NORTHWIND LEGAL SERVICES LTD",
  company_number: CO_NORTHWIND,
  company_status: "liquidation",
  confirmation_statement: {
    last_made_up_to: "2025-07-08",
    next_due: "2026-07-22",
    next_made_up_to: "2026-07-08",
    overdue: true,
  },
  date_of_creation: "2018-07-09",
  etag: ETAG("northwind-profile"),
  has_charges: true,
  has_insolvency_history: true,
  jurisdiction: "england-wales",
  links: {
    persons_with_significant_control: `/company/${CO_NORTHWIND}/persons-with-significant-control`,
    self: `/company/${CO_NORTHWIND}`,
    filing_history: `/company/${CO_NORTHWIND}/filing-history`,
    officers: `/company/${CO_NORTHWIND}/officers`,
    charges: `/company/${CO_NORTHWIND}/charges`,
    insolvency: `/company/${CO_NORTHWIND}/insolvency`,
  },
  registered_office_address: {
    address_line_1: "C/O Begbies Traynor (Central) LLP",
    address_line_2: "31st Floor 40 Bank Street",
    locality: "London",
    postal_code: "E14 5NR",
  },
  sic_codes: ["69102"],
  type: "ltd",
  undeliverable_registered_office_address: false,
};

const officer = (
  name: string,
  role: string,
  appointedOn: string,
  id: string,
  extra: Record<string, unknown> = {},
) => ({
  address: {
    address_line_1: "Tesco House, Shire Park",
    address_line_2: "Kestrel Way",
    locality: "Welwyn Garden City",
    postal_code: "AL7 1GA",
  },
  appointed_on: appointedOn,
  links: {
    self: `/company/${CO_TESCO}/appointments/${id}x`,
    officer: { appointments: `/officers/${id}/appointments` },
  },
  name,
  officer_role: role,
  ...extra,
});

const TESCO_OFFICERS = {
  active_count: 3,
  etag: ETAG("tesco-officers"),
  inactive_count: 0,
  items: [
    officer("MURPHY, Kenneth Thomas", "director", "2020-10-01", OFFICER_MURPHY, {
      country_of_residence: "United Kingdom",
      date_of_birth: { month: 6, year: 1966 },
      nationality: "Irish",
      occupation: "Chief Executive",
    }),
    officer("TAYLOR, Imran Nawaz", "director", "2021-03-01", "Pj5cT7nR2wQ8kL3mV6bX9zA1sD4", {
      country_of_residence: "England",
      date_of_birth: { month: 3, year: 1976 },
      nationality: "British",
      occupation: "Chief Financial Officer",
    }),
    officer("ALLAN, John Murray", "director", "2015-03-01", "Aa1Bb2Cc3Dd4Ee5Ff6Gg7Hh8Ii9", {
      country_of_residence: "England",
      date_of_birth: { month: 12, year: 1948 },
      nationality: "British",
      occupation: "Company Director",
      resigned_on: "2024-06-13",
    }),
    officer("WELCH, Christopher Mark", "secretary", "2021-06-01", "Sx8Ty7Uz6Va5Wb4Xc3Yd2Ze1Af0"),
  ],
  items_per_page: 35,
  kind: "officer-list",
  links: { self: `/company/${CO_TESCO}/officers` },
  resigned_count: 1,
  start_index: 0,
  total_results: 4,
};

const NORTHWIND_OFFICERS = {
  active_count: 1,
  etag: ETAG("nw-officers"),
  inactive_count: 0,
  items: [
    {
      address: { address_line_1: "31st Floor 40 Bank Street", locality: "London", postal_code: "E14 5NR" },
      appointed_on: "2018-07-09",
      country_of_residence: "England",
      date_of_birth: { month: 2, year: 1981 },
      links: { officer: { appointments: "/officers/Nw1Ld2Sv3Cs4Lt5Dx6Ab7Cd8Ef9/appointments" } },
      name: "OKAFOR, Adaeze Chioma",
      nationality: "British",
      occupation: "Solicitor",
      officer_role: "director",
    },
  ],
  items_per_page: 50,
  kind: "officer-list",
  links: { self: `/company/${CO_NORTHWIND}/officers` },
  resigned_count: 0,
  start_index: 0,
  total_results: 1,
};

const NORTHWIND_PSC = {
  active_count: 1,
  ceased_count: 0,
  etag: ETAG("nw-psc"),
  items: [
    {
      address: { address_line_1: "31st Floor 40 Bank Street", locality: "London", postal_code: "E14 5NR" },
      country_of_residence: "England",
      date_of_birth: { month: 2, year: 1981 },
      etag: ETAG("nw-psc-1"),
      kind: "individual-person-with-significant-control",
      links: {
        self: `/company/${CO_NORTHWIND}/persons-with-significant-control/individual/kP2x9Qm4Rt7Yv1Zw3`,
      },
      name: "Mrs Adaeze Chioma Okafor",
      name_elements: { forename: "Adaeze", middle_name: "Chioma", surname: "Okafor", title: "Mrs" },
      nationality: "British",
      natures_of_control: [
        "ownership-of-shares-75-to-100-percent",
        "voting-rights-75-to-100-percent",
        "right-to-appoint-and-remove-directors",
      ],
      notified_on: "2018-07-09",
    },
  ],
  items_per_page: 50,
  links: { self: `/company/${CO_NORTHWIND}/persons-with-significant-control` },
  start_index: 0,
  total_results: 1,
};

const NORTHWIND_CHARGES = {
  etag: ETAG("nw-charges"),
  items: [
    {
      charge_code: "114827360001",
      charge_number: 1,
      classification: { description: "A registered charge", type: "charge-description" },
      created_on: "2021-02-11",
      delivered_on: "2021-02-17",
      etag: ETAG("nw-charge-1"),
      links: { self: `/company/${CO_NORTHWIND}/charges/Zp4k3S0mWn1b8Qx7` },
      particulars: {
        contains_fixed_charge: true,
        contains_floating_charge: true,
        floating_charge_covers_all: true,
        contains_negative_pledge: true,
      },
      persons_entitled: [{ name: "Barclays Bank UK PLC" }],
      status: "outstanding",
      transactions: [
        {
          delivered_on: "2021-02-17",
          filing_type: "create-charge-with-deed",
          links: { filing: `/company/${CO_NORTHWIND}/filing-history/MzI5MDQ1NTg3NmFkaXF6a2N4` },
        },
      ],
    },
  ],
  part_satisfied_count: 0,
  satisfied_count: 0,
  total_count: 1,
  unfiltered_count: 1,
};

const NORTHWIND_INSOLVENCY = {
  cases: [
    {
      dates: [
        { date: "2026-09-03", type: "wound-up-on" },
        { date: "2026-09-03", type: "instrumented-on" },
      ],
      number: "1",
      practitioners: [
        {
          address: {
            address_line_1: "31st Floor",
            address_line_2: "40 Bank Street",
            locality: "London",
            postal_code: "E14 5NR",
          },
          appointed_on: "2026-09-03",
          name: "Julie Anne Palmer",
          role: "proposed-liquidator",
        },
      ],
      type: "creditors-voluntary-liquidation",
    },
  ],
  etag: ETAG("nw-insolvency"),
  status: ["liquidation"],
};

const filing = (
  date: string,
  type: string,
  category: string,
  description: string,
  id: string,
  values?: Record<string, unknown>,
) => ({
  action_date: date,
  barcode: `X${id.slice(0, 7).toUpperCase()}`,
  category,
  date,
  description,
  ...(values ? { description_values: values } : {}),
  links: {
    self: `/company/${CO_TESCO}/filing-history/${id}`,
    document_metadata: `https://document-api.company-information.service.gov.uk/document/${id}Dm`,
  },
  pages: 3,
  paper_filed: false,
  transaction_id: id,
  type,
});

const TESCO_FILINGS = {
  filing_history_status: "filing-history-available",
  items: [
    filing("2026-11-02", "SH06", "capital", "capital-cancellation-shares", "MzQ1OTc4MjA4OGFkaXF6a2N4", {
      date: "2026-10-14",
    }),
    filing("2026-07-21", "AA", "accounts", "accounts-with-accounts-type-group", "MzQ0MTI5OTY1NWFkaXF6a2N4", {
      made_up_date: "2026-02-24",
    }),
    filing(
      "2026-06-26",
      "CS01",
      "confirmation-statement",
      "confirmation-statement-with-no-updates",
      "MzQzODg1NzQxMWFkaXF6a2N4",
      { made_up_date: "2026-06-14" },
    ),
    filing("2026-06-19", "RES13", "resolution", "resolution", "MzQzNzk4MTEyMmFkaXF6a2N4"),
    filing(
      "2026-06-12",
      "TM01",
      "officers",
      "termination-director-company-with-name-termination-date",
      "MzQzNzAzMzAwOGFkaXF6a2N4",
      {
        officer_name: "John Murray Allan",
        termination_date: "2024-06-13",
      },
    ),
  ],
  items_per_page: 5,
  start_index: 0,
  total_count: 2817,
};

const searchItem = (
  title: string,
  number: string,
  status: string,
  created: string,
  address: string,
  type = "ltd",
) => ({
  address: {},
  address_snippet: address,
  company_number: number,
  company_status: status,
  company_type: type,
  date_of_creation: created,
  description: `${number} - Incorporated on ${created}`,
  description_identifier: ["incorporated-on"],
  kind: "searchresults#company",
  links: { self: `/company/${number}` },
  matches: { snippet: [], title: [1, 5] },
  snippet: "",
  title,
});

const SEARCH_TESCO = {
  etag: ETAG("search-tesco"),
  items: [
    searchItem(
      "TESCO PLC",
      CO_TESCO,
      "active",
      "1947-11-27",
      "Tesco House, Shire Park, Kestrel Way, Welwyn Garden City, AL7 1GA",
      "plc",
    ),
    searchItem(
      "TESCO STORES LIMITED",
      "00519500",
      "active",
      "1953-06-04",
      "Tesco House, Shire Park, Kestrel Way, Welwyn Garden City, AL7 1GA",
    ),
    searchItem(
      "TESCO BANK LIMITED",
      "SC173199",
      "dissolved",
      "1997-03-05",
      "2 South Gyle Crescent, Edinburgh, EH12 9FQ",
    ),
  ],
  items_per_page: 3,
  kind: "search#companies",
  page_number: 1,
  start_index: 0,
  total_results: 612,
};

const ADVANCED_SEARCH = {
  etag: ETAG("adv-search"),
  hits: 2,
  items: [
    {
      company_name: "NORTHWIND LEGAL SERVICES LTD",
      company_number: CO_NORTHWIND,
      company_status: "liquidation",
      company_type: "ltd",
      date_of_creation: "2018-07-09",
      kind: "search-results#company",
      links: { company_profile: `/company/${CO_NORTHWIND}` },
      registered_office_address: {
        address_line_1: "31st Floor 40 Bank Street",
        locality: "London",
        postal_code: "E14 5NR",
      },
      sic_codes: ["69102"],
    },
    {
      company_name: "NORTHWIND CONVEYANCING LIMITED",
      company_number: "10937254",
      company_status: "liquidation",
      company_type: "ltd",
      date_of_creation: "2017-08-24",
      kind: "search-results#company",
      links: { company_profile: "/company/10937254" },
      registered_office_address: {
        address_line_1: "1 Kings Avenue",
        locality: "London",
        postal_code: "N21 3NA",
      },
      sic_codes: ["69102"],
    },
  ],
  kind: "search#advanced-search",
  top_hit: { company_name: "NORTHWIND LEGAL SERVICES LTD", company_number: CO_NORTHWIND },
};

const SEARCH_OFFICERS = {
  etag: ETAG("search-officers"),
  items: [
    {
      address: {
        address_line_1: "Tesco House, Shire Park",
        locality: "Welwyn Garden City",
        postal_code: "AL7 1GA",
      },
      address_snippet: "Tesco House, Shire Park, Kestrel Way, Welwyn Garden City, AL7 1GA",
      appointment_count: 3,
      date_of_birth: { month: 6, year: 1966 },
      description: "Total number of appointments 3 - Born June 1966",
      description_identifiers: ["appointment-count", "born-on"],
      kind: "searchresults#officer",
      links: { self: `/officers/${OFFICER_MURPHY}/appointments` },
      matches: { snippet: [], title: [1, 6, 8, 14] },
      snippet: "",
      title: "Kenneth Thomas MURPHY",
    },
  ],
  items_per_page: 20,
  kind: "search#officers",
  start_index: 0,
  total_results: 1,
};

const MURPHY_APPOINTMENTS = {
  date_of_birth: { month: 6, year: 1966 },
  etag: ETAG("murphy-appts"),
  is_corporate_officer: false,
  items: [
    {
      address: {
        address_line_1: "Tesco House, Shire Park",
        locality: "Welwyn Garden City",
        postal_code: "AL7 1GA",
      },
      appointed_on: "2020-10-01",
      appointed_to: { company_name: "TESCO PLC", company_number: CO_TESCO, company_status: "active" },
      country_of_residence: "United Kingdom",
      links: { company: `/company/${CO_TESCO}` },
      name: "Kenneth Thomas MURPHY",
      name_elements: { forename: "Kenneth", middle_name: "Thomas", surname: "MURPHY" },
      nationality: "Irish",
      occupation: "Chief Executive",
      officer_role: "director",
    },
    {
      address: {
        address_line_1: "Tesco House, Shire Park",
        locality: "Welwyn Garden City",
        postal_code: "AL7 1GA",
      },
      appointed_on: "2020-10-01",
      appointed_to: {
        company_name: "TESCO STORES LIMITED",
        company_number: "00519500",
        company_status: "active",
      },
      links: { company: "/company/00519500" },
      name: "Kenneth Thomas MURPHY",
      officer_role: "director",
    },
    {
      address: { address_line_1: "1 Thane Road", locality: "Nottingham", postal_code: "NG90 1BS" },
      appointed_on: "2014-09-01",
      appointed_to: {
        company_name: "BOOTS UK LIMITED",
        company_number: "00928555",
        company_status: "active",
      },
      links: { company: "/company/00928555" },
      name: "Kenneth Thomas MURPHY",
      officer_role: "director",
      resigned_on: "2019-06-30",
    },
  ],
  items_per_page: 50,
  kind: "personal-appointment",
  links: { self: `/officers/${OFFICER_MURPHY}/appointments` },
  name: "Kenneth Thomas MURPHY",
  start_index: 0,
  total_results: 3,
};

// Companies House answers a missing resource with its `errors` array (ch:service); the error id names what is missing.
const chNotFound = (error: string) => ({ errors: [{ type: "ch:service", error }] });

// The ELB-style gateway page in front of the API when the back end is down.
const CH_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

function rateHeaders(remaining: number): Record<string, string> {
  const reset = Math.floor(Date.now() / 1000) + (remaining === 0 ? 212 : 281);
  return {
    "x-ratelimit-limit": "600",
    "x-ratelimit-remain": String(remaining),
    "x-ratelimit-reset": String(reset),
    "x-ratelimit-window": "5m",
  };
}

let chRemaining = 600;

function chJson(res: http.ServerResponse, status: number, body: unknown) {
  chRemaining = Math.max(1, chRemaining - 1);
  json(res, status, body, rateHeaders(chRemaining));
}

function companiesHouse(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  const auth = req.headers.authorization ?? "";
  const expected = `Basic ${Buffer.from(`${CH_KEY}:`).toString("base64")}`;
  if (state.chKeyRevoked || auth !== expected) {
    return json(
      res,
      401,
      { error: "Invalid Authorization", type: "ch:service" },
      { "www-authenticate": 'Basic realm="CH API"' },
    );
  }
  if (state.chRateLimited) {
    return text(res, 429, "", "text/plain", rateHeaders(0));
  }
  if (state.chBadGateway) return text(res, 502, CH_502, "text/html");
  if (p === `/company/${CO_SLOW}`)
    return later(15_000, () => chJson(res, 200, { ...NORTHWIND_PROFILE, company_number: CO_SLOW }));
  if (p === "/search/companies") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (q.includes("tesco")) return chJson(res, 200, SEARCH_TESCO);
    return chJson(res, 200, {
      items: [],
      items_per_page: 20,
      kind: "search#companies",
      page_number: 1,
      start_index: 0,
      total_results: 0,
    });
  }
  if (p === "/advanced-search/companies") return chJson(res, 200, ADVANCED_SEARCH);
  if (p === "/search/officers") return chJson(res, 200, SEARCH_OFFICERS);
  if (p === `/officers/${OFFICER_MURPHY}/appointments`) return chJson(res, 200, MURPHY_APPOINTMENTS);
  if (p.startsWith("/disqualified-officers/natural/"))
    return chJson(res, 404, chNotFound("disqualified-officer-not-found"));
  const m = /^\/company\/([A-Z0-9]+)(\/.*)?$/.exec(p);
  if (m) {
    const [, number, rest = ""] = m;
    const known = number === CO_TESCO || number === CO_NORTHWIND;
    if (!known) return chJson(res, 404, chNotFound("company-profile-not-found"));
    const tesco = number === CO_TESCO;
    switch (rest) {
      case "":
        return chJson(res, 200, tesco ? TESCO_PROFILE : NORTHWIND_PROFILE);
      case "/officers":
        return chJson(res, 200, tesco ? TESCO_OFFICERS : NORTHWIND_OFFICERS);
      case "/persons-with-significant-control":
        return tesco
          ? chJson(res, 404, chNotFound("company-psc-not-found"))
          : chJson(res, 200, NORTHWIND_PSC);
      case "/charges":
        if (state.chChargesError) {
          return chJson(res, 500, { errors: [{ error: "Internal server error", type: "ch:service" }] });
        }
        return chJson(
          res,
          200,
          tesco
            ? { ...NORTHWIND_CHARGES, items: [], total_count: 0, unfiltered_count: 0 }
            : NORTHWIND_CHARGES,
        );
      case "/filing-history":
        return chJson(
          res,
          200,
          tesco
            ? TESCO_FILINGS
            : {
                ...TESCO_FILINGS,
                items: TESCO_FILINGS.items.slice(2, 3),
                items_per_page: 10,
                total_count: 1,
              },
        );
      case "/insolvency":
        return tesco
          ? chJson(res, 404, chNotFound("company-insolvencies-not-found"))
          : chJson(res, 200, NORTHWIND_INSOLVENCY);
    }
  }
  unknownRequests.push(`CH ${req.method} ${url.pathname}${url.search}`);
  chJson(res, 404, chNotFound("not-found"));
}

// ------------------------------------------------------------------------------------- European Parliament

const EP_CONTEXT = [
  "https://data.europarl.europa.eu/api/v2/context.jsonld",
  { data: { "@id": "_:data", "@container": "@set" }, "@base": "https://data.europarl.europa.eu/" },
];

export const MEP_METSOLA = "124786";
export const MEP_MISSING = "MEP-999999";
export const PROC_AI_ACT = "2021-0106(COD)";
export const PROC_SLOW = "2026-0999(COD)";

const mep = (id: string, given: string, family: string, country: string, group: string) => ({
  id: `person/${id}`,
  type: "Person",
  identifier: id,
  label: `${given} ${family.toUpperCase()}`,
  familyName: family,
  givenName: given,
  sortLabel: family.toUpperCase(),
  "api:country-of-representation": country,
  "api:political-group": group,
  officialFamilyName: family,
  officialGivenName: given,
});

const MEPS_SE = [
  mep("197400", "Abir", "Al-Sahlani", "SE", "RENEW"),
  mep("256810", "Alice", "Bah Kuhnke", "SE", "GREEN_EFA"),
  mep("124990", "Jytte", "Guteland", "SE", "S&D"),
  mep("197404", "Jessica", "Polfjärd", "SE", "EPP"),
  mep("257030", "Dick", "Erixon", "SE", "ECR"),
];

const MEPS_CURRENT = [
  mep("124786", "Roberta", "Metsola", "MT", "EPP"),
  mep("197490", "Manfred", "Weber", "DE", "EPP"),
  mep("96934", "Iratxe", "García Pérez", "ES", "S&D"),
];

const METSOLA_DETAIL = {
  ...mep("124786", "Roberta", "Metsola", "MT", "EPP"),
  bday: "1979-01-18",
  citizenship: "http://publications.europa.eu/resource/authority/country/MLT",
  hasEmail: "mailto:roberta.metsola@europarl.europa.eu",
  hasMembership: [
    {
      id: "membership/124786-f-273553",
      type: "Membership",
      organization: "org/1537",
      role: "def/ep-roles/PRESIDENT",
      membershipClassification: "def/ep-entities/EU_INSTITUTION",
      memberDuring: { type: "PeriodOfTime", startDate: "2024-07-16" },
    },
    {
      id: "membership/124786-f-273410",
      type: "Membership",
      organization: "org/5153",
      role: "def/ep-roles/MEMBER",
      membershipClassification: "def/ep-entities/EU_POLITICAL_GROUP",
      memberDuring: { type: "PeriodOfTime", startDate: "2024-07-16" },
    },
  ],
  placeOfBirth: "St Julian's",
};

const procedure = (id: string, title: string, start: string, type: string) => ({
  id: `procedure/${id.replace(/[()]/g, "").replace("COD", "")}`,
  type: "Process",
  process_id: id,
  label: id,
  process_type: `def/ep-procedure-types/${type}`,
  process_title: { en: title },
  title_dcterms: { en: title },
  process_date_start: start,
  process_date_update: "2026-11-27",
  process_stage: "def/ep-procedure-stages/PROCEDURE_COMPLETED",
  subject_matter: ["def/ep-subject-matters/3.30.25", "def/ep-subject-matters/4.60.06"],
});

const PROCEDURES_2024 = [
  procedure("2024-0035(COD)", "European Health Data Space", "2024-02-01", "COD"),
  procedure("2024-0049(COD)", "Combating late payment in commercial transactions", "2024-03-12", "COD"),
  procedure("2024-0258(COD)", "Detergents and surfactants", "2024-05-06", "COD"),
];

const AI_ACT = {
  ...procedure(PROC_AI_ACT, "Artificial Intelligence Act", "2021-04-21", "COD"),
  rapporteur: ["person/124867", "person/197400"],
  had_document: ["eli/dl/doc/TA-9-2024-0138", "eli/dl/doc/A-9-2023-0188"],
};

const PROC_EVENTS = [
  {
    id: "eli/dl/event/2021-0106-COD-1",
    type: "EventActivity",
    activity_id: "2021-0106(COD)-PROPOSAL",
    activity_date: "2021-04-21",
    had_activity_type: "def/ep-activities/PROPOSAL_PUBLICATION",
    activity_label: { en: "Legislative proposal published" },
    based_on_a_realization_of: "eli/dl/doc/COM-2021-0206",
  },
  {
    id: "eli/dl/event/2021-0106-COD-2",
    type: "EventActivity",
    activity_id: "2021-0106(COD)-PLENARY-VOTE",
    activity_date: "2024-03-13",
    had_activity_type: "def/ep-activities/PLENARY_VOTE",
    activity_label: { en: "Decision by Parliament, 1st reading" },
    based_on_a_realization_of: "eli/dl/doc/TA-9-2024-0138",
  },
];

const ADOPTED_TEXTS = [
  {
    id: "eli/dl/doc/TA-10-2024-0012",
    type: "Work",
    work_type: "def/ep-document-types/TEXT_ADOPTED",
    label: "TA-10-2024-0012",
    title_dcterms: { en: "Situation in Venezuela" },
    document_date: "2024-09-19",
    identifier: "TA-10-2024-0012",
  },
  {
    id: "eli/dl/doc/TA-10-2024-0019",
    type: "Work",
    work_type: "def/ep-document-types/TEXT_ADOPTED",
    label: "TA-10-2024-0019",
    title_dcterms: { en: "Reconstruction of Ukraine: Ukraine Facility" },
    document_date: "2024-10-09",
    identifier: "TA-10-2024-0019",
  },
];

const DOCUMENTS_AI = [
  {
    id: "eli/dl/doc/A-9-2023-0188",
    type: "Work",
    work_type: "def/ep-document-types/REPORT_PLENARY",
    label: "A9-0188/2023",
    title_dcterms: {
      en: "REPORT on the proposal for a regulation laying down harmonised rules on artificial intelligence (Artificial Intelligence Act)",
    },
    document_date: "2023-05-22",
    identifier: "A-9-2023-0188",
  },
  {
    id: "eli/dl/doc/TA-9-2024-0138",
    type: "Work",
    work_type: "def/ep-document-types/TEXT_ADOPTED",
    label: "TA-9-2024-0138",
    title_dcterms: { en: "Artificial Intelligence Act" },
    document_date: "2024-03-13",
    identifier: "TA-9-2024-0138",
  },
];

const QUESTIONS = [
  {
    id: "eli/dl/doc/E-10-2026-004512",
    type: "Work",
    work_type: "def/ep-document-types/QUESTION_WRITTEN",
    label: "E-004512/2026",
    title_dcterms: { en: "Enforcement of the Digital Services Act against very large online platforms" },
    document_date: "2026-11-04",
    was_created_by: "person/257030",
    identifier: "E-10-2026-004512",
  },
];

const LIBE = {
  id: "org/1244",
  type: "org:Organization",
  identifier: "1244",
  label: "LIBE",
  prefLabel: { en: "Committee on Civil Liberties, Justice and Home Affairs" },
  altLabel: { en: "LIBE" },
  classification: "def/ep-entities/COMMITTEE_PARLIAMENTARY_STANDING",
  temporal: { startDate: "2024-07-16" },
  hasMembership: [{ id: "membership/197400-m-LIBE", organization: "org/1244", role: "def/ep-roles/MEMBER" }],
};

const SPEECHES = [
  {
    id: "eli/dl/event/MTG-PL-2026-11-26-DEB-3",
    type: "Activity",
    activity_id: "MTG-PL-2026-11-26-OTH-2026-004",
    activity_date: "2026-11-26",
    had_activity_type: "def/ep-activities/PLENARY_DEBATE_SPEECH",
    activity_label: { en: "Situation in the Middle East" },
    had_participant_person: ["person/124786"],
    is_part_of: "eli/dl/event/MTG-PL-2026-11-26",
  },
];

const EVENTS: unknown[] = [];

const FEED_MEPS = [
  {
    id: "person/258710",
    type: "Person",
    identifier: "258710",
    label: "Ana VASILE",
    "api:country-of-representation": "RO",
  },
  {
    id: "person/124786",
    type: "Person",
    identifier: "124786",
    label: "Roberta METSOLA",
    "api:country-of-representation": "MT",
  },
];

// The EP portal's gateway in front of the API answers a maintenance/overload with an HTML page.
const EP_502 = `<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">
<html><head>
<title>502 Proxy Error</title>
</head><body>
<h1>Proxy Error</h1>
<p>The proxy server received an invalid
response from an upstream server.<br />
The proxy server could not handle the request<em><a href="/api/v2/meps/show-current">GET&nbsp;/api/v2/meps/show-current</a></em>.<p>
Reason: <strong>Error reading from remote server</strong></p></p>
</body></html>
`;

// The API answers a page with nothing on it with a 200 and an empty body (`content-length: 0`), as the server's
// own client notes for out-of-range offsets and queries with no data.
const epList = (res: http.ServerResponse, data: unknown[]) =>
  data.length === 0
    ? text(res, 200, "", "application/ld+json", { "content-length": "0" })
    : json(res, 200, { data, "@context": EP_CONTEXT }, { "content-type": "application/ld+json" });

function europeanParliament(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v2\//, "");
  if (state.epRateLimited) {
    return json(
      res,
      429,
      {
        type: "about:blank",
        title: "Too Many Requests",
        status: 429,
        detail: "Rate limit exceeded, retry later",
      },
      { "content-type": "application/problem+json", "retry-after": "30" },
    );
  }
  if (state.epBadGateway) return text(res, 502, EP_502, "text/html; charset=iso-8859-1");
  if (state.epServerError) {
    return json(
      res,
      500,
      {
        type: "about:blank",
        title: "Internal Server Error",
        status: 500,
        detail: "An unexpected error occurred",
        instance: `/api/v2/${p}`,
      },
      { "content-type": "application/problem+json" },
    );
  }
  const q = url.searchParams;
  switch (p) {
    case "meps":
      return epList(res, q.get("country-code") === "SE" ? MEPS_SE : MEPS_CURRENT);
    case "meps/show-current":
      return epList(res, MEPS_CURRENT.slice(0, Number(q.get("limit") ?? 50)));
    case "meps/feed":
      return epList(res, FEED_MEPS);
    case "procedures":
      return epList(res, PROCEDURES_2024);
    case `procedures/${PROC_AI_ACT}`:
    case "procedures/2021-0106":
      return epList(res, [AI_ACT]);
    case `procedures/${PROC_SLOW}`:
    case "procedures/2026-0999":
      return later(15_000, () => epList(res, [procedure(PROC_SLOW, "Slow", "2026-11-01", "COD")]));
    case `procedures/${PROC_AI_ACT}/events`:
    case "procedures/2021-0106/events":
      return epList(res, PROC_EVENTS);
    case "adopted-texts":
      return epList(res, ADOPTED_TEXTS);
    case "documents":
      // the API has no keyword search: the server filters the page it gets by the keyword itself
      return epList(res, DOCUMENTS_AI);
    case "parliamentary-questions":
      return epList(res, QUESTIONS);
    case "corporate-bodies":
    case "corporate-bodies/show-current":
      return epList(res, [LIBE]);
    case "speeches":
      return epList(res, SPEECHES);
    case "events":
      return epList(res, EVENTS);
    case "corporate-bodies/LIBE":
      // an abbreviation is not a body id: the server tries it as one first, then searches the list
      return text(res, 404, "", "application/ld+json");
  }
  if (p === `meps/${MEP_METSOLA}`) return epList(res, [METSOLA_DETAIL]);
  if (/^meps\/\d+$/.test(p)) return text(res, 404, "", "application/ld+json");
  unknownRequests.push(`EP ${req.method} ${url.pathname}${url.search}`);
  text(res, 404, "", "application/ld+json");
}

// ------------------------------------------------------------------------------------------------ listeners

function route(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).split(":")[0];
  if (host === "api.company-information.service.gov.uk") return companiesHouse(req, url, res);
  if (host === "data.europarl.europa.eu") return europeanParliament(req, url, res);
  unknownRequests.push(`${host} ${req.method} ${url.pathname}`);
  text(res, 404, "Not Found");
}

export const chProxy = forwardProxy(CH_PROXY_PORT, ensureCertificate, route);
export const epProxy = forwardProxy(EP_PROXY_PORT, ensureCertificate, route);
export const ALL_STANDINS = [chProxy, epProxy];

export function resetCounters() {
  chRemaining = 600;
}
