// Loopback stand-ins for group r37-b, answering with the real service's bodies (README.md says where each comes from
// and which wordings were written for the capture):
// - The Crossref REST API (`api.crossref.org`: `/works?query.title=…`, `/works?query.author=…`, `/works/{doi}`;
//   `{"status": "ok", "message-type": "work-list" | "work", "message": …}`) for @botanicastudios/crossref-mcp, whose
//   host is written into it and which calls Node's own fetch: a forward proxy reached through a preload that sets
//   undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by NODE_EXTRA_CA_CERTS.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, forwardProxy, json, later, text, type Certificate } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r37-b";

export const CROSSREF_PROXY_PORT = 43500;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.crossref.org"]);

export const state = {
  crRateLimited: false,
  crServerError: false,
  crBadGateway: false,
  crUnavailable: false,
  crGatewayTimeout: false,
  crMaintenance: false,
  crSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// Crossref's answers as its issue tracker quotes them (CrossRef/rest-api-doc #159, #237, #564, #194).
const TOO_MANY = `<html><body><h1>429 Too Many Requests</h1>\nYou have sent too many requests in a given amount of time.\n</body></html>\n`;
const RATE_HEADERS = { "X-Rate-Limit-Limit": "50", "X-Rate-Limit-Interval": "1s" };

// Written for the capture in the shape of a load balancer's standard pages (which front end Crossref runs is not
// sourced).
const lbPage = (status: number, reason: string) =>
  `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n</body>\r\n</html>\r\n`;

// Written for the capture: a maintenance page answered with 200, as a status page in front of an API does.
const MAINTENANCE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Crossref REST API - Scheduled maintenance</title></head>
<body>
<h1>We'll be back soon</h1>
<p>The Crossref REST API is undergoing scheduled maintenance. Please try again in a few minutes.</p>
</body>
</html>
`;

// ── works ────────────────────────────────────────────────────────────────────────────────────────────────────────────

type Author = { given?: string; family?: string; sequence: "first" | "additional"; affiliation: unknown[] };
type Work = {
  DOI: string;
  URL: string;
  title: string[];
  author?: Author[];
  "container-title": string[];
  published: { "date-parts": number[][] };
  publisher: string;
  type: string;
  volume?: string;
  issue?: string;
  abstract?: string;
};

const person = (given: string, family: string, first = false): Author => ({
  given,
  family,
  sequence: first ? "first" : "additional",
  affiliation: [],
});

const work = (
  doi: string,
  title: string,
  authors: Author[],
  container: string,
  date: number[],
  publisher: string,
  extra: Partial<Work> = {},
): Work => ({
  DOI: doi,
  URL: `https://doi.org/${doi}`,
  title: [title],
  author: authors,
  "container-title": container ? [container] : [],
  published: { "date-parts": [date] },
  publisher,
  type: "journal-article",
  ...extra,
});

const DEEP_LEARNING = work(
  "10.1038/nature14539",
  "Deep learning",
  [person("Yann", "LeCun", true), person("Yoshua", "Bengio"), person("Geoffrey", "Hinton")],
  "Nature",
  [2015, 5, 27],
  "Springer Science and Business Media LLC",
  { volume: "521", issue: "7553" },
);

const GW150914 = work(
  "10.1103/PhysRevLett.116.061102",
  "Observation of Gravitational Waves from a Binary Black Hole Merger",
  [person("B. P.", "Abbott", true), person("R.", "Abbott"), person("T. D.", "Abbott")],
  "Physical Review Letters",
  [2016, 2, 11],
  "American Physical Society (APS)",
  { volume: "116", issue: "6" },
);

const ATTENTION_TITLE = [
  work(
    "10.65215/2q58a426",
    "Attention Is All You Need",
    [person("Ashish", "Vaswani", true), person("Noam", "Shazeer"), person("Niki", "Parmar")],
    "",
    [2025, 8, 23],
    "Sciencedata.tech",
    { type: "posted-content" },
  ),
  work(
    "10.1016/j.neucom.2021.03.091",
    "A review on the attention mechanism of deep learning",
    [person("Zhaoyang", "Niu", true), person("Guoqiang", "Zhong"), person("Hui", "Yu")],
    "Neurocomputing",
    [2021, 9],
    "Elsevier BV",
    { volume: "452" },
  ),
  work(
    "10.1109/cvpr.2018.00745",
    "Squeeze-and-Excitation Networks",
    [person("Jie", "Hu", true), person("Li", "Shen"), person("Gang", "Sun")],
    "2018 IEEE/CVF Conference on Computer Vision and Pattern Recognition",
    [2018, 6],
    "IEEE",
    { type: "proceedings-article" },
  ),
];

const CITATION_MANAGERS = [
  work(
    "10.1371/journal.pone.0138735",
    "Reference Management Software: a Comparative Analysis of Four Products",
    [person("Martin", "Fenner", true)],
    "PLOS ONE",
    [2015, 9, 23],
    "Public Library of Science (PLoS)",
    {
      volume: "10",
      issue: "9",
      abstract:
        "<jats:p>We compare four reference managers on import, deduplication and citation style support.</jats:p>",
    },
  ),
  work(
    "10.5195/jmla.2018.421",
    "Comparing reference managers for systematic reviews",
    [person("Jennifer", "Lee", true), person("Ana", "Ortiz")],
    "Journal of the Medical Library Association",
    [2018, 7, 1],
    "University Library System, University of Pittsburgh",
    { volume: "106", issue: "3" },
  ),
  work(
    "10.1002/asi.23732",
    "The citation manager as research infrastructure",
    [person("Stefanie", "Haustein", true)],
    "Journal of the Association for Information Science and Technology",
    [2016, 11, 2],
    "Wiley",
    { volume: "68", issue: "1" },
  ),
  work(
    "10.1108/lht-06-2014-0052",
    "Zotero, Mendeley and EndNote: a user study",
    [person("Kelly", "Marsh", true), person("Roy", "Tennant")],
    "Library Hi Tech",
    [2014, 9, 8],
    "Emerald",
    { volume: "32", issue: "4" },
  ),
  work(
    "10.31274/b8136f97.ccc3dde4",
    "Teaching BibTeX and reference managers to graduate students",
    [person("Priya", "Raman", true)],
    "Iowa State University Digital Press",
    [2020, 4],
    "Iowa State University",
    { type: "book-chapter" },
  ),
];

const HINTON = [
  DEEP_LEARNING,
  work(
    "10.1126/science.1127647",
    "Reducing the Dimensionality of Data with Neural Networks",
    [person("G. E.", "Hinton", true), person("R. R.", "Salakhutdinov")],
    "Science",
    [2006, 7, 28],
    "American Association for the Advancement of Science (AAAS)",
    { volume: "313", issue: "5786" },
  ),
];

const CURIE = [
  work(
    "10.1021/cr00001a001",
    "Radioactive substances",
    [person("Marie", "Curie", true)],
    "Chemical Reviews",
    [1904, 1],
    "American Chemical Society (ACS)",
    { volume: "1" },
  ),
];

const BY_TITLE: Record<string, Work[]> = {
  "attention is all you need": ATTENTION_TITLE,
  "citation manager": CITATION_MANAGERS,
  "qzxv florp wibble transmogrification": [],
  "reference manager comparison": CITATION_MANAGERS,
};
const BY_AUTHOR: Record<string, Work[]> = {
  hinton: HINTON,
  curie: CURIE,
  "zzqx vantablack-hemingway": [],
};
const BY_DOI: Record<string, Work> = {
  "10.1038/nature14539": DEEP_LEARNING,
  "10.1103/physrevlett.116.061102": GW150914,
  "10.1126/science.1127647": HINTON[1]!,
};

const ALL = [...ATTENTION_TITLE, ...CITATION_MANAGERS, ...HINTON, ...CURIE, GW150914];

// Crossref's `select=` keeps only the listed fields of each item.
function select(item: Work, fields: string | null): Record<string, unknown> {
  if (!fields) return item;
  const keep = fields.split(",");
  return Object.fromEntries(Object.entries(item).filter(([key]) => keep.includes(key)));
}

function workList(items: Work[], rows: number, fields: string | null, total = items.length) {
  return {
    status: "ok",
    "message-type": "work-list",
    "message-version": "1.0.0",
    message: {
      facets: {},
      "total-results": total,
      items: items.slice(0, rows).map((item) => select(item, fields)),
      "items-per-page": rows,
      query: { "start-index": 0, "search-terms": null },
    },
  };
}

// A `rows` value Crossref refuses (not a whole number, negative, above 1000): its validation-failure body, in the shape
// its API answers parameter errors (the wording of `message` was written for the capture).
function badRows(value: string) {
  return {
    status: "failed",
    "message-type": "validation-failure",
    message: [
      {
        type: "integer-not-valid",
        value,
        message: `Integer specified as ${value} but must be a positive integer less than or equal to 1000.`,
      },
    ],
  };
}

function crossref(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`crossref ${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host !== "api.crossref.org") {
    unknownRequests.push(`crossref host ${url.host}`);
    return text(res, 502, lbPage(502, "Bad Gateway"), "text/html");
  }
  if (state.crRateLimited) return text(res, 429, TOO_MANY, "text/html", RATE_HEADERS);
  if (state.crServerError)
    return json(res, 500, {
      status: "error",
      "message-type": "exception",
      "message-version": "1.0.0",
      message: {
        name: "class java.lang.IllegalArgumentException",
        description: "java.lang.IllegalArgumentException: Vector arg to map conj must be a pair",
        message: "Vector arg to map conj must be a pair",
        cause: null,
      },
    });
  if (state.crBadGateway) return text(res, 502, lbPage(502, "Bad Gateway"), "text/html");
  if (state.crUnavailable)
    return text(res, 503, lbPage(503, "Service Temporarily Unavailable"), "text/html", {
      "Retry-After": "60",
    });
  if (state.crGatewayTimeout) return text(res, 504, lbPage(504, "Gateway Time-out"), "text/html");
  if (state.crMaintenance) return text(res, 200, MAINTENANCE, "text/html; charset=utf-8");
  if (state.crSlow) return later(15_000, () => json(res, 200, workList([], 5, null)));

  const q = url.searchParams;
  const path = decodeURIComponent(url.pathname);
  if (path === "/works" || path === "/works/") {
    const rowsText = q.get("rows") ?? "20";
    const rows = Number(rowsText);
    if (!Number.isInteger(rows) || rows < 0 || rows > 1000) return json(res, 400, badRows(rowsText));
    const fields = q.get("select");
    const title = q.get("query.title");
    const author = q.get("query.author");
    if (title !== null) {
      const found = BY_TITLE[title.toLowerCase()];
      if (!found) unknownRequests.push(`crossref title ${title}`);
      return json(res, 200, workList(found ?? [], rows, fields));
    }
    if (author !== null) {
      const found = BY_AUTHOR[author.toLowerCase()];
      if (!found) unknownRequests.push(`crossref author ${author}`);
      return json(res, 200, workList(found ?? [], rows, fields));
    }
    // No query at all: every work, newest first (Crossref lists its whole index here).
    return json(res, 200, workList(ALL, rows, fields, 165_326_815));
  }
  if (path.startsWith("/works/")) {
    const doi = path.slice("/works/".length).toLowerCase();
    const found = BY_DOI[doi];
    if (!found) return text(res, 404, "Resource not found.", "text/plain");
    return json(res, 200, {
      status: "ok",
      "message-type": "work",
      "message-version": "1.0.0",
      message: found,
    });
  }
  unknownRequests.push(`crossref ${req.method} ${url.pathname}`);
  return text(res, 404, "Resource not found.", "text/plain");
}

export const crossrefProxy = forwardProxy(CROSSREF_PROXY_PORT, ensureCertificate, crossref);

export const ALL_STANDINS = [crossrefProxy];
