// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - NCBI for @cyanheads/pubmed-mcp-server: E-utilities (`eutils.ncbi.nlm.nih.gov/entrez/eutils/…`: esearch,
//   esummary, efetch, elink, espell, ecitmatch), the PMC ID Converter (`pmc.ncbi.nlm.nih.gov/tools/idconv/api/v1/
//   articles/`) and Europe PMC's REST search (`www.ebi.ac.uk/europepmc/webservices/rest/search`). Every host is
//   written into the server, which calls them with Node's own `fetch`: proxy-preload.mjs routes it through
//   standin-kit's `forwardProxy`.
// - arXiv (`export.arxiv.org/api/query`, `arxiv.org/html/<id>`), OpenAlex (`api.openalex.org`) and Europe PMC for
//   @futurelab-studio/latest-science-mcp, which calls them with axios (it follows HTTPS_PROXY): its own proxy.
// - FHIRfly's MCP endpoint (`POST /mcp`, JSON-RPC) for @fhirfly-io/mcp-server, a stdio bridge that forwards every
//   tools/list and tools/call to it; its base URL is the documented `FHIRFLY_API_URL`, so a plain HTTP stand-in.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r26-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const PUBMED_PROXY_PORT = 41850;
export const SCIENCE_PROXY_PORT = 41851;
export const FHIRFLY_PORT = 41852;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "eutils.ncbi.nlm.nih.gov",
    "pmc.ncbi.nlm.nih.gov",
    "www.ebi.ac.uk",
    "export.arxiv.org",
    "arxiv.org",
    "ar5iv.labs.arxiv.org",
    "api.openalex.org",
    "api.unpaywall.org",
    "api.crossref.org",
  ]);

export const state = {
  ncbiRateLimited: false,
  ncbiKeyInvalid: false,
  ncbiBadGateway: false,
  arxivUnavailable: false,
  openalexRateLimited: false,
  openalexServerError: false,
  ffyKeyRevoked: false,
  ffyRateLimited: false,
  ffyRateLimitedOnce: false,
  ffyForbidden: false,
  ffyServerError: false,
  ffyBadGateway: false,
};

// ------------------------------------------------------------------------------------------------ shared pages

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

// arXiv's API answers an overloaded or throttled client with a bare 503 and this body (arXiv API user manual,
// "Rate limits"; the text is what export.arxiv.org sends).
const ARXIV_503 = "Rate exceeded.";

// ------------------------------------------------------------------------------------------------------- NCBI

export const NCBI_API_KEY = "6f2c0e91a4b8d7c35e1f09a2b4c6d8e0f1a3";
export const PMID_STEP1 = "33567185";
export const PMID_SELECT = "37952131";
export const PMID_SUSTAIN6 = "27633186";
export const PMID_MISSING = "39999991";
export const NCBI_SLOW_TERM = "tirzepatide sleep apnea";

interface PubmedRecord {
  pmid: string;
  title: string;
  journal: string;
  iso: string;
  issn: string;
  volume: string;
  issue: string;
  year: string;
  month: string;
  pages: string;
  doi: string;
  pmc?: string;
  authors: [last: string, fore: string, initials: string][];
  abstract: [label: string, text: string][];
  mesh: string[];
}

const RECORDS: Record<string, PubmedRecord> = {
  [PMID_STEP1]: {
    pmid: PMID_STEP1,
    title: "Once-Weekly Semaglutide in Adults with Overweight or Obesity.",
    journal: "The New England journal of medicine",
    iso: "N Engl J Med",
    issn: "1533-4406",
    volume: "384",
    issue: "11",
    year: "2021",
    month: "Mar",
    pages: "989-1002",
    doi: "10.1056/NEJMoa2032183",
    authors: [
      ["Wilding", "John P H", "JPH"],
      ["Batterham", "Rachel L", "RL"],
      ["Calanna", "Salvatore", "S"],
      ["Davies", "Melanie", "M"],
      ["Van Gaal", "Luc F", "LF"],
    ],
    abstract: [
      [
        "BACKGROUND",
        "Obesity is a global health challenge with few pharmacologic options. Whether adults with obesity can achieve weight reduction with once-weekly semaglutide at a dose of 2.4 mg as an adjunct to lifestyle intervention has not been confirmed.",
      ],
      [
        "METHODS",
        "In this double-blind trial, we enrolled 1961 adults with a body-mass index of 30 or greater (≥27 in persons with ≥1 weight-related coexisting condition), who did not have diabetes, and randomly assigned them, in a 2:1 ratio, to 68 weeks of treatment with once-weekly subcutaneous semaglutide (at a dose of 2.4 mg) or placebo, plus lifestyle intervention.",
      ],
      [
        "RESULTS",
        "The mean change in body weight from baseline to week 68 was -14.9% in the semaglutide group as compared with -2.4% with placebo, for an estimated treatment difference of -12.4 percentage points (95% confidence interval [CI], -13.4 to -11.5; P<0.001).",
      ],
      [
        "CONCLUSIONS",
        "In participants with overweight or obesity, 2.4 mg of semaglutide once weekly plus lifestyle intervention was associated with sustained, clinically relevant reduction in body weight. (Funded by Novo Nordisk; STEP 1 ClinicalTrials.gov number, NCT03548935).",
      ],
    ],
    mesh: ["Anti-Obesity Agents", "Glucagon-Like Peptides", "Obesity", "Weight Loss"],
  },
  [PMID_SELECT]: {
    pmid: PMID_SELECT,
    title: "Semaglutide and Cardiovascular Outcomes in Obesity without Diabetes.",
    journal: "The New England journal of medicine",
    iso: "N Engl J Med",
    issn: "1533-4406",
    volume: "389",
    issue: "24",
    year: "2023",
    month: "Dec",
    pages: "2221-2232",
    doi: "10.1056/NEJMoa2307563",
    authors: [
      ["Lincoff", "A Michael", "AM"],
      ["Brown-Frandsen", "Kirstine", "K"],
      ["Colhoun", "Helen M", "HM"],
      ["Deanfield", "John", "J"],
    ],
    abstract: [
      [
        "BACKGROUND",
        "Semaglutide, a glucagon-like peptide-1 receptor agonist, has been shown to reduce the risk of adverse cardiovascular events in patients with diabetes. Whether semaglutide can reduce cardiovascular risk associated with overweight and obesity in the absence of diabetes is unknown.",
      ],
      [
        "CONCLUSIONS",
        "In patients with preexisting cardiovascular disease and overweight or obesity but without diabetes, weekly subcutaneous semaglutide at a dose of 2.4 mg was superior to placebo in reducing the incidence of death from cardiovascular causes, nonfatal myocardial infarction, or nonfatal stroke at a mean follow-up of 39.8 months. (Funded by Novo Nordisk; SELECT ClinicalTrials.gov number, NCT03574597.).",
      ],
    ],
    mesh: ["Cardiovascular Diseases", "Glucagon-Like Peptides", "Obesity", "Overweight"],
  },
  [PMID_SUSTAIN6]: {
    pmid: PMID_SUSTAIN6,
    title: "Semaglutide and Cardiovascular Outcomes in Patients with Type 2 Diabetes.",
    journal: "The New England journal of medicine",
    iso: "N Engl J Med",
    issn: "1533-4406",
    volume: "375",
    issue: "19",
    year: "2016",
    month: "Nov",
    pages: "1834-1844",
    doi: "10.1056/NEJMoa1607141",
    authors: [
      ["Marso", "Steven P", "SP"],
      ["Bain", "Stephen C", "SC"],
      ["Consoli", "Agostino", "A"],
    ],
    abstract: [
      [
        "CONCLUSIONS",
        "In patients with type 2 diabetes who were at high cardiovascular risk, the rate of cardiovascular death, nonfatal myocardial infarction, or nonfatal stroke was significantly lower among patients receiving semaglutide than among those receiving placebo. (Funded by Novo Nordisk; SUSTAIN-6 ClinicalTrials.gov number, NCT01720446.).",
      ],
    ],
    mesh: ["Cardiovascular Diseases", "Diabetes Mellitus, Type 2", "Glucagon-Like Peptides"],
  },
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" ?>\n';
const esc = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function esearch(ids: string[], count: number, translation: string, extra = ""): string {
  const list = ids.length
    ? `<IdList>\n${ids.map((id) => `<Id>${id}</Id>`).join("\n")}\n</IdList>`
    : "<IdList/>";
  return (
    XML_HEAD +
    '<!DOCTYPE eSearchResult PUBLIC "-//NLM//DTD esearch 20060628//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20060628/esearch.dtd">\n' +
    `<eSearchResult><Count>${count}</Count><RetMax>${ids.length}</RetMax><RetStart>0</RetStart>` +
    (ids.length ? "<QueryKey>1</QueryKey><WebEnv>MCID_6754f2a91c0e8b3d1a0f4e2c</WebEnv>" : "") +
    `${list}<TranslationSet/><QueryTranslation>${esc(translation)}</QueryTranslation>${extra}</eSearchResult>\n`
  );
}

function docSummary(record: PubmedRecord): string {
  const authors = record.authors
    .map(
      ([last, , initials]) =>
        `<Author><Name>${esc(`${last} ${initials}`)}</Name><AuthType>Author</AuthType><ClusterID/></Author>`,
    )
    .join("");
  const ids = [
    `<ArticleId><IdType>pubmed</IdType><IdTypeN>1</IdTypeN><Value>${record.pmid}</Value></ArticleId>`,
    `<ArticleId><IdType>doi</IdType><IdTypeN>3</IdTypeN><Value>${record.doi}</Value></ArticleId>`,
    ...(record.pmc
      ? [`<ArticleId><IdType>pmc</IdType><IdTypeN>8</IdTypeN><Value>${record.pmc}</Value></ArticleId>`]
      : []),
  ].join("");
  return (
    `<DocumentSummary uid="${record.pmid}"><PubDate>${record.year} ${record.month}</PubDate><EPubDate/>` +
    `<Source>${esc(record.iso)}</Source><Authors>${authors}</Authors><LastAuthor>${esc(record.authors.at(-1)![0])}</LastAuthor>` +
    `<Title>${esc(record.title)}</Title><Volume>${record.volume}</Volume><Issue>${record.issue}</Issue><Pages>${record.pages}</Pages>` +
    `<Lang><string>eng</string></Lang><ISSN/><ESSN>${record.issn}</ESSN><PubType><flag>Journal Article</flag></PubType>` +
    `<ArticleIds>${ids}</ArticleIds><FullJournalName>${esc(record.journal)}</FullJournalName><SortPubDate>${record.year}/01/01 00:00</SortPubDate></DocumentSummary>`
  );
}

function esummary(ids: string[]): string {
  const docs = ids.map((id) => {
    const record = RECORDS[id];
    return record
      ? docSummary(record)
      : `<DocumentSummary uid="${id}"><error>cannot get document summary</error></DocumentSummary>`;
  });
  return (
    XML_HEAD +
    '<!DOCTYPE eSummaryResult PUBLIC "-//NLM//DTD esummary v1 20041029//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20041029/esummary-v1.dtd">\n' +
    `<eSummaryResult><DocumentSummarySet status="OK"><DbBuild>Build-2026.12.06.06.21</DbBuild>${docs.join("")}</DocumentSummarySet></eSummaryResult>\n`
  );
}

function pubmedArticle(record: PubmedRecord): string {
  const authors = record.authors
    .map(
      ([last, fore, initials]) =>
        `<Author ValidYN="Y"><LastName>${esc(last)}</LastName><ForeName>${esc(fore)}</ForeName><Initials>${initials}</Initials></Author>`,
    )
    .join("");
  const abstract = record.abstract
    .map(
      ([label, body]) => `<AbstractText Label="${label}" NlmCategory="${label}">${esc(body)}</AbstractText>`,
    )
    .join("");
  const mesh = record.mesh
    .map(
      (name, index) =>
        `<MeshHeading><DescriptorName UI="D0${String(57000 + index * 37)}" MajorTopicYN="${index === 0 ? "Y" : "N"}">${esc(name)}</DescriptorName></MeshHeading>`,
    )
    .join("");
  return (
    `<PubmedArticle><MedlineCitation Status="MEDLINE" Owner="NLM" IndexingMethod="Automated"><PMID Version="1">${record.pmid}</PMID>` +
    `<DateCompleted><Year>${record.year}</Year><Month>12</Month><Day>01</Day></DateCompleted>` +
    `<Article PubModel="Print-Electronic"><Journal><ISSN IssnType="Electronic">${record.issn}</ISSN><JournalIssue CitedMedium="Internet">` +
    `<Volume>${record.volume}</Volume><Issue>${record.issue}</Issue><PubDate><Year>${record.year}</Year><Month>${record.month}</Month></PubDate></JournalIssue>` +
    `<Title>${esc(record.journal)}</Title><ISOAbbreviation>${esc(record.iso)}</ISOAbbreviation></Journal>` +
    `<ArticleTitle>${esc(record.title)}</ArticleTitle><Pagination><StartPage>${record.pages.split("-")[0]}</StartPage><MedlinePgn>${record.pages}</MedlinePgn></Pagination>` +
    `<ELocationID EIdType="doi" ValidYN="Y">${record.doi}</ELocationID><Abstract>${abstract}<CopyrightInformation>Copyright © ${record.year} Massachusetts Medical Society.</CopyrightInformation></Abstract>` +
    `<AuthorList CompleteYN="Y">${authors}</AuthorList><Language>eng</Language>` +
    `<PublicationTypeList><PublicationType UI="D016449">Randomized Controlled Trial</PublicationType><PublicationType UI="D016428">Journal Article</PublicationType></PublicationTypeList>` +
    `</Article><MedlineJournalInfo><Country>United States</Country><MedlineTA>${esc(record.iso)}</MedlineTA><NlmUniqueID>0255562</NlmUniqueID><ISSNLinking>0028-4793</ISSNLinking></MedlineJournalInfo>` +
    `<CitationSubset>IM</CitationSubset><MeshHeadingList>${mesh}</MeshHeadingList></MedlineCitation>` +
    `<PubmedData><History><PubMedPubDate PubStatus="pubmed"><Year>${record.year}</Year><Month>1</Month><Day>1</Day></PubMedPubDate></History>` +
    `<PublicationStatus>ppublish</PublicationStatus><ArticleIdList><ArticleId IdType="pubmed">${record.pmid}</ArticleId><ArticleId IdType="doi">${record.doi}</ArticleId></ArticleIdList></PubmedData></PubmedArticle>`
  );
}

function efetch(ids: string[]): string {
  const found = ids.map((id) => RECORDS[id]).filter((record): record is PubmedRecord => Boolean(record));
  return (
    XML_HEAD +
    '<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n' +
    `<PubmedArticleSet>\n${found.map(pubmedArticle).join("\n")}\n</PubmedArticleSet>\n`
  );
}

function elink(pmid: string, linkname: string, ids: string[]): string {
  const db = ids.length
    ? `<LinkSetDb><DbTo>pubmed</DbTo><LinkName>${linkname}</LinkName>${ids
        .map(
          (id, index) =>
            `<Link><Id>${id}</Id>${linkname === "pubmed_pubmed" ? `<Score>${48211000 - index * 913000}</Score>` : ""}</Link>`,
        )
        .join("")}</LinkSetDb>`
    : "";
  return (
    XML_HEAD +
    '<!DOCTYPE eLinkResult PUBLIC "-//NLM//DTD elink 20101123//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20101123/elink.dtd">\n' +
    `<eLinkResult><LinkSet><DbFrom>pubmed</DbFrom><IdList><Id>${pmid}</Id></IdList>${db}</LinkSet></eLinkResult>\n`
  );
}

function ncbi(url: URL, body: string, res: http.ServerResponse) {
  const params = new URLSearchParams(url.search);
  if (body) for (const [key, value] of new URLSearchParams(body)) params.set(key, value);
  const endpoint = url.pathname.replace("/entrez/eutils/", "");
  const term = params.get("term") ?? "";
  const xml = (payload: string) => text(res, 200, payload, "text/xml; charset=UTF-8");
  if (state.ncbiKeyInvalid && params.get("api_key"))
    // What E-utilities answers for a key it does not know: HTTP 400 (kblin/ncbi-acc-download#17) and "API key
    // invalid" (ropensci/taxize#670) in the same JSON shape as its rate-limit answer.
    return json(res, 400, {
      error: "API key invalid",
      "api-key": params.get("api_key"),
      type: "invalid",
      status: "unknown",
    });
  if (state.ncbiRateLimited)
    // E-utilities' 429, body as biocommons/bioutils#16 and ropensci/rentrez#132 quote it (no Retry-After; the
    // X-RateLimit headers as mtisza1/Cenote-Taker2#18 shows them).
    return json(
      res,
      429,
      { error: "API rate limit exceeded", "api-key": NCBI_API_KEY, count: "11", limit: "10" },
      { "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0" },
    );
  if (state.ncbiBadGateway) return text(res, 502, NGINX_502, "text/html");
  switch (endpoint) {
    case "esearch.fcgi": {
      if (term.startsWith(NCBI_SLOW_TERM)) return later(20_000, () => xml(esearch([PMID_SELECT], 1, term)));
      if (/zebrafish/i.test(term))
        return xml(
          esearch(
            [],
            0,
            "",
            "<ErrorList><PhraseNotFound>xenotransplant</PhraseNotFound></ErrorList><WarningList><OutputMessage>No items found.</OutputMessage></WarningList>",
          ),
        );
      if (/Randomized Controlled Trial/.test(term))
        return xml(
          esearch(
            [PMID_SELECT, PMID_STEP1],
            214,
            `"semaglutide"[Supplementary Concept] OR "semaglutide"[All Fields]`,
          ),
        );
      return xml(
        esearch(
          [PMID_SELECT, PMID_STEP1, PMID_SUSTAIN6],
          1342,
          `("semaglutide"[Supplementary Concept] OR "semaglutide"[All Fields]) AND ("cardiovascular"[All Fields]) AND ("outcomes"[All Fields])`,
        ),
      );
    }
    case "esummary.fcgi": {
      const ids =
        params.get("id")?.split(",") ??
        [PMID_SELECT, PMID_STEP1, PMID_SUSTAIN6].slice(0, Number(params.get("retmax") ?? 3));
      return xml(esummary(ids));
    }
    case "efetch.fcgi":
      return xml(efetch((params.get("id") ?? "").split(",")));
    case "elink.fcgi": {
      const pmid = params.get("id") ?? "";
      const linkname =
        params.get("linkname") ??
        (params.get("cmd") === "neighbor_score" ? "pubmed_pubmed" : "pubmed_pubmed");
      if (linkname === "pubmed_pubmed_citedin" && pmid === PMID_SELECT) return xml(elink(pmid, linkname, []));
      if (linkname === "pubmed_pubmed_citedin") return xml(elink(pmid, linkname, [PMID_SELECT]));
      return xml(elink(pmid, "pubmed_pubmed", [PMID_SUSTAIN6, PMID_SELECT]));
    }
    case "espell.fcgi":
      return xml(
        XML_HEAD +
          '<!DOCTYPE eSpellResult PUBLIC "-//NLM//DTD eSpellResult, 23 November 2004//EN" "https://eutils.ncbi.nlm.nih.gov/eutils/dtd/20041123/espell.dtd">\n' +
          `<eSpellResult><Database>pubmed</Database><Query>${esc(term)}</Query><CorrectedQuery>semaglutide obesity</CorrectedQuery>` +
          "<SpelledQuery><Replaced>semaglutide</Replaced> <Replaced>obesity</Replaced></SpelledQuery><ERROR/></eSpellResult>\n",
      );
    case "ecitmatch.cgi": {
      // One line per citation: the request's fields, then the PMID or NOT_FOUND (E-utilities help, "ECitMatch").
      const lines = (params.get("bdata") ?? "")
        .split("\r")
        .filter(Boolean)
        .map((line) => {
          const fields = line.split("|");
          const found = fields[2] === "384" && fields[3] === "989";
          return `${fields.slice(0, 6).join("|")}|${found ? PMID_STEP1 : "NOT_FOUND;INVALID_JOURNAL"}`;
        });
      return text(res, 200, lines.join("\n") + "\n", "text/plain; charset=UTF-8");
    }
    default:
      return text(res, 404, "<html><body><h1>Not Found</h1></body></html>", "text/html");
  }
}

function idconv(url: URL, res: http.ServerResponse) {
  const ids = (url.searchParams.get("ids") ?? "").split(",");
  const idtype = url.searchParams.get("idtype");
  if (idtype === "pmcid" && ids.some((id) => !/^PMC\d+$/i.test(id)))
    // The ID Converter rejects a malformed id with 400 and this body (its v1 API answers).
    return json(res, 400, {
      status: "error",
      responseDate: "2026-12-07 02:10:11",
      request: url.search.slice(1),
      message: "invalid article id",
    });
  return json(res, 200, {
    status: "ok",
    responseDate: "2026-12-07 02:10:11",
    request: url.search.slice(1),
    records: ids.map((id) =>
      id === "10.1056/NEJMoa2032183"
        ? { "requested-id": id, pmid: PMID_STEP1, doi: id }
        : { "requested-id": id, status: "error", errmsg: "Identifier not found in PMC" },
    ),
  });
}

// ------------------------------------------------------------------------------------------------- Europe PMC

function epmcHit(record: PubmedRecord, extra: Record<string, unknown> = {}) {
  return {
    id: record.pmid,
    source: "MED",
    pmid: record.pmid,
    doi: record.doi,
    title: record.title,
    authorString: `${record.authors.map(([last, , initials]) => `${last} ${initials}`).join(", ")}.`,
    journalTitle: record.iso,
    journalVolume: record.volume,
    issue: record.issue,
    pageInfo: record.pages,
    pubYear: record.year,
    journalIssn: `0028-4793; ${record.issn}`,
    pubType: "randomized controlled trial; research-article; journal article",
    isOpenAccess: "N",
    inEPMC: "N",
    inPMC: "N",
    hasPDF: "N",
    hasBook: "N",
    citedByCount: record.pmid === PMID_STEP1 ? 3874 : 1402,
    hasReferences: "Y",
    hasTextMinedTerms: "Y",
    firstIndexDate: `${record.year}-02-11`,
    firstPublicationDate: `${record.year}-03-18`,
    abstractText: record.abstract.map(([label, body]) => `<h4>${label}</h4>${body}`).join(""),
    ...extra,
  };
}

function europepmc(url: URL, res: http.ServerResponse) {
  const query = url.searchParams.get("query") ?? "";
  const base = { version: "6.9" };
  if (/ostrich|xenotransplant/i.test(query))
    return json(res, 200, {
      ...base,
      hitCount: 0,
      nextCursorMark: "*",
      request: { queryString: query, resultType: "core", cursorMark: "*", pageSize: 25, sort: "" },
      resultList: { result: [] },
    });
  const hits = /long covid/i.test(query)
    ? [
        {
          id: "PMC11029834",
          source: "PMC",
          pmcid: "PMC11029834",
          fullTextIdList: { fullTextId: ["PMC11029834"] },
          doi: "10.1038/s41467-024-47231-6",
          title: "Post-exertional malaise and skeletal muscle abnormalities in long COVID.",
          authorString: "Appelman B, Charlton BT, Goulding RP, Kerkhoff TJ, Breedveld EA.",
          journalTitle: "Nat Commun",
          pubYear: "2024",
          isOpenAccess: "Y",
          inEPMC: "Y",
          inPMC: "Y",
          hasPDF: "Y",
          citedByCount: 212,
          firstPublicationDate: "2024-01-04",
          abstractText:
            "Infection with SARS-CoV-2 can result in long COVID, with symptoms that include fatigue and post-exertional malaise.",
          license: "cc by",
        },
      ]
    : [epmcHit(RECORDS[PMID_SELECT]!), epmcHit(RECORDS[PMID_STEP1]!)];
  return json(res, 200, {
    ...base,
    hitCount: hits.length === 1 ? 1 : 486,
    nextCursorMark: "AoIIQBv7qig0MjE2NDQ2Nw==",
    request: { queryString: query, resultType: "core", cursorMark: "*", pageSize: 25, sort: "" },
    resultList: { result: hits },
  });
}

function pubmedHandler(_req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname === "eutils.ncbi.nlm.nih.gov") return ncbi(url, body, res);
  if (url.hostname === "pmc.ncbi.nlm.nih.gov" && url.pathname.startsWith("/tools/idconv/"))
    return idconv(url, res);
  if (url.hostname === "www.ebi.ac.uk" && url.pathname.endsWith("/search")) return europepmc(url, res);
  return text(res, 404, "Not Found");
}

export const pubmedStandin = forwardProxy(PUBMED_PROXY_PORT, ensureCertificate, pubmedHandler);

// ------------------------------------------------------------------------------------------------------ arXiv

export const ARXIV_PAPER = "2406.07496";
export const OPENALEX_SLOW_QUERY = "single-cell foundation model";
export const OPENALEX_WORK = "W4392811745";
export const OPENALEX_MISSING = "W9999999999";

interface ArxivEntry {
  id: string;
  title: string;
  authors: string[];
  published: string;
  summary: string;
  category: string;
}

const ARXIV_ENTRIES: ArxivEntry[] = [
  {
    id: "2406.07496",
    title: "Protein language models learn evolutionary statistics of interacting sequence motifs",
    authors: ["Zhidian Zhang", "Hannah K. Wayment-Steele", "Garyk Brixi", "Sergey Ovchinnikov"],
    published: "2024-06-11T17:21:06Z",
    summary:
      "Protein language models (pLMs) have emerged as potent tools for predicting and designing protein structure and function.",
    category: "q-bio.BM",
  },
  {
    id: "2411.02380",
    title: "Scaling laws for protein language models across evolutionary depth",
    authors: ["Amelia Ortiz", "Kenji Watanabe"],
    published: "2024-11-04T09:12:44Z",
    summary:
      "We measure how perplexity of protein language models scales with parameters and with the depth of the multiple sequence alignment.",
    category: "q-bio.QM",
  },
  {
    id: "2412.08811",
    title: "Uncertainty-aware dose finding with Bayesian optimal interval designs",
    authors: ["Lucia Ferrante", "Tomasz Nowak", "Priya Raman"],
    published: "2024-12-11T15:40:02Z",
    summary: "We extend Bayesian optimal interval designs to settings with delayed toxicity outcomes.",
    category: "q-bio.QM",
  },
];

function atom(entries: ArxivEntry[], query: string): string {
  const body = entries
    .map(
      (entry) => `  <entry>
    <id>http://arxiv.org/abs/${entry.id}v1</id>
    <updated>${entry.published}</updated>
    <published>${entry.published}</published>
    <title>${esc(entry.title)}</title>
    <summary>${esc(entry.summary)}</summary>
${entry.authors.map((name) => `    <author>\n      <name>${esc(name)}</name>\n    </author>`).join("\n")}
    <link href="http://arxiv.org/abs/${entry.id}v1" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/${entry.id}v1" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="${entry.category}" scheme="http://arxiv.org/schemas/atom"/>
    <category term="${entry.category}" scheme="http://arxiv.org/schemas/atom"/>
  </entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?${esc(query)}" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: ${esc(query)}</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2026-12-07T00:00:00-05:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${entries.length}</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">${entries.length}</opensearch:itemsPerPage>
${body}
</feed>
`;
}

function arxiv(url: URL, res: http.ServerResponse) {
  if (state.arxivUnavailable) return text(res, 503, ARXIV_503, "text/plain", { "retry-after": "5" });
  if (url.hostname === "arxiv.org" && url.pathname.startsWith("/html/"))
    return text(
      res,
      200,
      `<!DOCTYPE html><html lang="en"><head><title>${esc(ARXIV_ENTRIES[0]!.title)}</title></head><body><article class="ltx_document">` +
        `<h1 class="ltx_title ltx_title_document">${esc(ARXIV_ENTRIES[0]!.title)}</h1>` +
        `<div class="ltx_abstract"><h6 class="ltx_title">Abstract</h6><p class="ltx_p">${esc(ARXIV_ENTRIES[0]!.summary)} We show that the attention maps of pLMs recover coevolutionary couplings.</p></div>` +
        `<section class="ltx_section"><h2 class="ltx_title">1 Introduction</h2><p class="ltx_p">Protein language models are trained on millions of natural sequences with a masked-token objective. ` +
        `How much of their predictive power comes from memorized pairwise statistics rather than from general principles of protein physics remains unclear.</p></section>` +
        `<section class="ltx_section"><h2 class="ltx_title">2 Results</h2><p class="ltx_p">Categorical Jacobians computed from ESM-2 reproduce the contact maps predicted by Potts models fitted on the same families.</p></section>` +
        `</article></body></html>`,
      "text/html; charset=utf-8",
    );
  const query = url.search.slice(1);
  const search = url.searchParams.get("search_query") ?? "";
  const idList = url.searchParams.get("id_list");
  if (idList)
    return text(
      res,
      200,
      atom(
        ARXIV_ENTRIES.filter((entry) => entry.id === idList),
        query,
      ),
      "application/atom+xml; charset=utf-8",
    );
  if (/xenobot/i.test(search)) return text(res, 200, atom([], query), "application/atom+xml; charset=utf-8");
  if (search.startsWith("cat:"))
    return text(res, 200, atom(ARXIV_ENTRIES.slice(1), query), "application/atom+xml; charset=utf-8");
  return text(res, 200, atom(ARXIV_ENTRIES.slice(0, 2), query), "application/atom+xml; charset=utf-8");
}

// --------------------------------------------------------------------------------------------------- OpenAlex

function work(
  id: string,
  title: string,
  date: string,
  cited: number,
  authors: string[],
  doi: string,
  pdf: string | null,
) {
  return {
    id: `https://openalex.org/${id}`,
    doi: `https://doi.org/${doi}`,
    title,
    display_name: title,
    publication_year: Number(date.slice(0, 4)),
    publication_date: date,
    type: "article",
    cited_by_count: cited,
    authorships: authors.map((name, index) => ({
      author_position: index === 0 ? "first" : index === authors.length - 1 ? "last" : "middle",
      author: {
        id: `https://openalex.org/A50${String(31000000 + index * 7919)}`,
        display_name: name,
        orcid: null,
      },
      institutions: [],
    })),
    open_access: { is_oa: Boolean(pdf), oa_status: pdf ? "gold" : "closed", oa_url: pdf },
    primary_location: {
      is_oa: Boolean(pdf),
      landing_page_url: `https://doi.org/${doi}`,
      pdf_url: pdf,
      source: { id: "https://openalex.org/S137773608", display_name: "Nature", type: "journal" },
    },
    best_oa_location: pdf
      ? { is_oa: true, landing_page_url: `https://doi.org/${doi}`, pdf_url: pdf, source_type: "journal" }
      : null,
    locations: [],
    concepts: [
      { id: "https://openalex.org/C119857082", display_name: "Machine learning", level: 1, score: 0.61 },
    ],
  };
}

const WORKS = [
  work(
    OPENALEX_WORK,
    "Base editing of haematopoietic stem cells rescues sickle cell disease in mice",
    "2024-03-13",
    412,
    ["Gregory A. Newby", "Jonathan S. Yen", "David R. Liu"],
    "10.1038/s41586-024-07129-x",
    "https://www.nature.com/articles/s41586-024-07129-x.pdf",
  ),
  work(
    "W4391150923",
    "Prime editing for precise and highly versatile genome manipulation",
    "2024-01-22",
    288,
    ["Peter J. Chen", "David R. Liu"],
    "10.1038/s41576-023-00679-x",
    "https://www.nature.com/articles/s41576-023-00679-x.pdf",
  ),
];

function meta(count: number) {
  return { count, db_response_time_ms: 38, page: 1, per_page: 25, groups_count: null };
}

function openalex(url: URL, res: http.ServerResponse) {
  if (state.openalexRateLimited)
    // OpenAlex's 429 (docs.openalex.org, "Rate limits and authentication": 100,000 calls a day, 10 a second).
    return json(
      res,
      429,
      {
        error: "Rate limit exceeded",
        message: "You have exceeded the rate limit of 10 requests per second. Please slow down.",
      },
      { "retry-after": "1" },
    );
  if (state.openalexServerError)
    return json(res, 500, { error: "Internal Server Error", message: "There was an internal server error." });
  const filter = url.searchParams.get("filter") ?? "";
  const search = url.searchParams.get("search") ?? "";
  if (url.pathname === "/concepts")
    return json(res, 200, {
      meta: meta(19),
      results: [
        {
          id: "https://openalex.org/C71924100",
          display_name: "Medicine",
          level: 0,
          works_count: 61840092,
          description: "field of study for diagnosing, treating and preventing disease",
        },
        {
          id: "https://openalex.org/C86803240",
          display_name: "Biology",
          level: 0,
          works_count: 44891305,
          description: "natural science that involves the study of life and living organisms",
        },
        {
          id: "https://openalex.org/C41008148",
          display_name: "Computer science",
          level: 0,
          works_count: 39120418,
          description:
            "theoretical study of the formal foundation enabling the automated processing or computation of information",
        },
      ],
      group_by: [],
    });
  if (url.pathname.startsWith("/works/")) {
    const id = url.pathname.split("/").pop();
    if (id === OPENALEX_WORK) return json(res, 200, WORKS[0]);
    // OpenAlex answers an unknown work id with a 404 and this body.
    return json(res, 404, {
      error: "Not Found",
      message: `The requested URL was not found on the server. (${id})`,
    });
  }
  if (search.includes(OPENALEX_SLOW_QUERY) || filter.includes(OPENALEX_SLOW_QUERY))
    return later(20_000, () => json(res, 200, { meta: meta(0), results: [], group_by: [] }));
  const badId = /concepts\.id:(https:\/\/openalex\.org\/C\w*[^\d,\w]*\w*)/.exec(filter);
  if (badId && !/^https:\/\/openalex\.org\/C\d+$/.test(badId[1]!))
    // OpenAlex answers a filter value it cannot parse with 403 and this body (the server's own driver maps 403 to
    // "invalid category format"; the envelope is OpenAlex's `{"error": "Invalid query parameters error.", "message"}`).
    return json(res, 403, {
      error: "Invalid query parameters error.",
      message: `${badId[1]} is not a valid OpenAlex ID.`,
    });
  if (/xenobot|ostrich/i.test(search + filter))
    return json(res, 200, { meta: meta(0), results: [], group_by: [] });
  return json(res, 200, { meta: meta(1288), results: WORKS, group_by: [] });
}

function scienceHandler(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (
    url.hostname === "export.arxiv.org" ||
    url.hostname === "arxiv.org" ||
    url.hostname === "ar5iv.labs.arxiv.org"
  )
    return arxiv(url, res);
  if (url.hostname === "api.openalex.org") return openalex(url, res);
  if (url.hostname === "www.ebi.ac.uk" && url.pathname.endsWith("/search")) return europepmc(url, res);
  if (url.hostname === "api.unpaywall.org")
    return json(res, 404, {
      HTTP_status_code: 404,
      error: true,
      message: `'${url.pathname.slice(4)}' is not a valid doi.`,
    });
  return text(res, 404, "Not Found");
}

export const scienceStandin = forwardProxy(SCIENCE_PROXY_PORT, ensureCertificate, scienceHandler);

// ---------------------------------------------------------------------------------------------------- FHIRfly

export const FHIRFLY_KEY = "ffly_live_8Kq2vT5mR1xZ7pW3nB9cL4dH6fJ0sY";
export const FFY_SLOW_CODE = "0002-1433-80";

// `meta.legal` as FHIRfly's SDK types it (`{license, attribution, source_url}`), per data source.
const LEGAL: Record<string, { license: string; attribution: string; source_url: string }> = {
  ndc: {
    license: "Public Domain (U.S. Government Work)",
    attribution: "U.S. Food and Drug Administration, National Drug Code Directory",
    source_url: "https://www.fda.gov/drugs/drug-approvals-and-databases/national-drug-code-directory",
  },
  fda: {
    license: "Public Domain (U.S. Government Work)",
    attribution: "U.S. Food and Drug Administration, Structured Product Labeling",
    source_url: "https://open.fda.gov/apis/drug/label/",
  },
  npi: {
    license: "Public Domain (U.S. Government Work)",
    attribution: "Centers for Medicare & Medicaid Services, NPPES",
    source_url: "https://npiregistry.cms.hhs.gov/",
  },
  rxnorm: {
    license: "UMLS Metathesaurus License (RxNorm SAB=RXNORM is free of restrictions)",
    attribution: "National Library of Medicine, RxNorm",
    source_url: "https://www.nlm.nih.gov/research/umls/rxnorm/",
  },
  loinc: {
    license: "LOINC License",
    attribution:
      "This material contains content from LOINC (http://loinc.org), copyright Regenstrief Institute, Inc.",
    source_url: "https://loinc.org/license/",
  },
  icd10: {
    license: "Public Domain (U.S. Government Work)",
    attribution: "Centers for Medicare & Medicaid Services / NCHS, ICD-10-CM",
    source_url: "https://www.cms.gov/medicare/coding-billing/icd-10-codes",
  },
  cvx: {
    license: "Public Domain (U.S. Government Work)",
    attribution: "Centers for Disease Control and Prevention, IIS code sets",
    source_url: "https://www2a.cdc.gov/vaccines/iis/iisstandards/vaccines.asp?rpt=cvx",
  },
  cms: {
    license: "Public Domain (U.S. Government Work); CPT codes © American Medical Association",
    attribution: "Centers for Medicare & Medicaid Services, NCCI / MUE / PFS",
    source_url: "https://www.cms.gov/medicare/coding-billing/national-correct-coding-initiative-ncci-edits",
  },
};

let source = "ndc";

const ok = (data: unknown, metaExtra: Record<string, unknown> = {}) => ({
  content: [
    {
      type: "text",
      text: JSON.stringify(
        { data, meta: { legal: LEGAL[source], shape: "standard", api_version: "v1", ...metaExtra } },
        null,
        2,
      ),
    },
  ],
});

const notFound = (kind: string, code: string) => ({
  content: [
    { type: "text", text: JSON.stringify({ error: "NOT_FOUND", message: `${kind} ${code} not found` }) },
  ],
  isError: true,
});

function fhirflyTool(
  name: string,
  args: Record<string, unknown>,
): { result?: unknown; error?: { code: number; message: string } } {
  const prefix = name.split("_")[0]!;
  source = prefix in LEGAL ? prefix : ["ncci", "mue", "pfs"].includes(prefix) ? "cms" : "ndc";
  switch (name) {
    case "ndc_get": {
      const code = String(args.code ?? "");
      if (!/^[\d-]{10,13}$/.test(code))
        return {
          error: {
            code: -32602,
            message: `Invalid params: code must be an NDC in 4-4-2, 5-3-2, 5-4-1 or 11-digit form (got "${code}")`,
          },
        };
      if (code === "0069-0151-01")
        return {
          result: ok({
            ndc: "0069-0151-01",
            ndc11: "00069015101",
            product_name: "Lipitor",
            labeler_name: "Pfizer Laboratories Div Pfizer Inc",
            generic_name: "atorvastatin calcium trihydrate",
            dosage_form: "TABLET, FILM COATED",
            route: "ORAL",
            active_ingredients: [{ name: "ATORVASTATIN CALCIUM TRIHYDRATE", strength: "10", unit: "mg/1" }],
            marketing_status: "NDA",
          }),
        };
      return { result: notFound("NDC", code) };
    }
    case "ndc_search":
      return {
        result: ok(
          [
            {
              ndc: "0069-0151-01",
              product_name: "Lipitor",
              labeler_name: "Pfizer Laboratories Div Pfizer Inc",
              generic_name: "atorvastatin calcium trihydrate",
              dosage_form: "TABLET, FILM COATED",
            },
            {
              ndc: "0378-3950-77",
              product_name: "Atorvastatin Calcium",
              labeler_name: "Mylan Pharmaceuticals Inc.",
              generic_name: "atorvastatin calcium",
              dosage_form: "TABLET, FILM COATED",
            },
            {
              ndc: "60505-2579-9",
              product_name: "Atorvastatin Calcium",
              labeler_name: "Apotex Corp.",
              generic_name: "atorvastatin calcium",
              dosage_form: "TABLET, FILM COATED",
            },
          ],
          { total: 412, limit: Number(args.limit ?? 3), offset: 0 },
        ),
      };
    case "npi_get":
      return {
        result: ok({
          npi: String(args.npi),
          entity_type: "individual",
          name: "SARAH J OKAFOR MD",
          credential: "M.D.",
          primary_taxonomy: {
            code: "207RC0000X",
            description: "Internal Medicine, Cardiovascular Disease",
            license: "A139204",
            state: "MA",
          },
          practice_address: { line1: "55 FRUIT ST", city: "BOSTON", state: "MA", postal_code: "021142696" },
          enumeration_date: "2009-04-21",
          status: "A",
        }),
      };
    case "npi_search":
      return { result: ok([], { total: 0, limit: 10, offset: 0 }) };
    case "rxnorm_search":
      return {
        result: ok(
          [
            { rxcui: "6809", name: "metformin", tty: "IN" },
            { rxcui: "861007", name: "metformin hydrochloride 500 MG Oral Tablet", tty: "SCD" },
            {
              rxcui: "860975",
              name: "24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet",
              tty: "SCD",
            },
          ],
          { total: 58, limit: 3, offset: 0 },
        ),
      };
    case "icd10_get": {
      const code = String(args.code ?? "");
      if (code === "J06.9")
        return {
          result: ok({
            code: "J06.9",
            display: "Acute upper respiratory infection, unspecified",
            code_system: "ICD-10-CM",
            billable: true,
            chapter: "Diseases of the respiratory system (J00-J99)",
            effective_fy: "2027",
          }),
        };
      return { result: notFound("ICD-10 code", code) };
    }
    case "loinc_search":
      return {
        result: ok(
          [
            {
              loinc_num: "4548-4",
              long_common_name: "Hemoglobin A1c/Hemoglobin.total in Blood",
              component: "Hemoglobin A1c/Hemoglobin.total",
              property: "MFr",
              system: "Bld",
              scale: "Qn",
              class: "CHEM",
            },
            {
              loinc_num: "17856-6",
              long_common_name: "Hemoglobin A1c/Hemoglobin.total in Blood by HPLC",
              component: "Hemoglobin A1c/Hemoglobin.total",
              property: "MFr",
              system: "Bld",
              scale: "Qn",
              class: "CHEM",
            },
          ],
          { total: 2, limit: 10, offset: 0 },
        ),
      };
    case "fda_label_safety":
      return {
        result: ok({
          set_id: "a1ef7c6c-0f0b-4c1e-8f3a-1f7d1d0f4e42",
          product_name: "Metformin Hydrochloride",
          boxed_warning:
            "WARNING: LACTIC ACIDOSIS. Postmarketing cases of metformin-associated lactic acidosis have resulted in death, hypothermia, hypotension, and resistant bradyarrhythmias.",
          contraindications: [
            "Severe renal impairment (eGFR below 30 mL/min/1.73 m2)",
            "Acute or chronic metabolic acidosis, including diabetic ketoacidosis",
          ],
          warnings_and_precautions: [
            "Lactic Acidosis",
            "Vitamin B12 Deficiency",
            "Hypoglycemia with Concomitant Use with Insulin and Insulin Secretagogues",
          ],
        }),
      };
    case "ncci_validate":
      return {
        result: ok({
          column1_code: String(args.code1 ?? args.column1 ?? "99214"),
          column2_code: String(args.code2 ?? args.column2 ?? "99213"),
          edit_exists: true,
          modifier_indicator: "0",
          modifier_allowed: false,
          effective_date: "2026-10-01",
          rationale: "Mutually exclusive procedures",
          edit_type: "practitioner",
        }),
      };
    case "mue_lookup":
      return {
        result: ok({
          hcpcs: String(args.code ?? "99213"),
          practitioner_mue: 1,
          mai: "3",
          mai_description: "Date of Service Edit: Clinical",
          effective_date: "2026-10-01",
        }),
      };
    case "cvx_search":
      if (/influenza|flu/i.test(String(args.q ?? "")))
        return {
          result: ok(
            [
              {
                cvx: "150",
                short_description: "Influenza, injectable, quadrivalent, preservative free",
                status: "Active",
              },
              {
                cvx: "171",
                short_description: "Influenza, injectable, MDCK, preservative free, quadrivalent",
                status: "Active",
              },
              {
                cvx: "205",
                short_description: "Influenza vaccine, quadrivalent, adjuvanted",
                status: "Active",
              },
            ],
            { total: 24, limit: 3, offset: 0 },
          ),
        };
      return {
        result: ok(
          [
            {
              cvx: "309",
              short_description: "COVID-19, mRNA, LNP-S, bivalent, PF, 50 mcg/0.5 mL",
              status: "Inactive",
            },
            {
              cvx: "312",
              short_description: "COVID-19, mRNA, LNP-S, PF, 50 mcg/0.5 mL dose",
              status: "Active",
            },
            {
              cvx: "313",
              short_description: "COVID-19, mRNA, LNP-S, PF, 30 mcg/0.3 mL dose",
              status: "Active",
            },
          ],
          { total: 3, limit: 10, offset: 0 },
        ),
      };
    case "pfs_lookup":
      return {
        result: ok({
          hcpcs: String(args.code ?? "99213"),
          work_rvu: 1.3,
          facility_pe_rvu: 0.55,
          mp_rvu: 0.1,
          conversion_factor: 32.3465,
          year: 2027,
        }),
      };
    default:
      return { error: { code: -32601, message: `Unknown tool: ${name}` } };
  }
}

const FFY_TOOLS = [
  "ndc_get",
  "ndc_search",
  "npi_get",
  "npi_search",
  "rxnorm_search",
  "icd10_get",
  "loinc_search",
  "fda_label_safety",
  "ncci_validate",
  "mue_lookup",
  "cvx_search",
  "pfs_lookup",
].map((name) => ({ name, description: `FHIRfly ${name}`, inputSchema: { type: "object" } }));

let ffyRateLimitSeen = false;

function fhirfly(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.pathname !== "/mcp" || req.method !== "POST")
    return json(res, 404, { error: "Not Found", message: "Route not found" });
  const request = parse(body) as {
    id?: number;
    method?: string;
    params?: { name?: string; arguments?: Record<string, unknown> };
  };
  if (state.ffyKeyRevoked || req.headers["x-api-key"] !== FHIRFLY_KEY)
    return json(res, 401, {
      error: "Unauthorized",
      code: "INVALID_API_KEY",
      message: "Invalid or revoked API key",
    });
  if (state.ffyRateLimited)
    return json(
      res,
      429,
      {
        error: "Too Many Requests",
        code: "RATE_LIMITED",
        message: "Rate limit exceeded. Retry after 2 seconds.",
      },
      {
        "retry-after": "2",
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "1796610000",
      },
    );
  if (state.ffyRateLimitedOnce && !ffyRateLimitSeen) {
    ffyRateLimitSeen = true;
    return json(
      res,
      429,
      {
        error: "Too Many Requests",
        code: "RATE_LIMITED",
        message: "Rate limit exceeded. Retry after 1 seconds.",
      },
      { "retry-after": "1", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" },
    );
  }
  if (state.ffyForbidden)
    return json(res, 403, {
      error: "Forbidden",
      code: "PLAN_UPGRADE_REQUIRED",
      message:
        "Claims Intelligence tools (pfs_lookup) are not included in the Free plan. Upgrade at https://fhirfly.io/pricing.",
    });
  if (state.ffyServerError)
    return json(res, 500, { error: "Internal Server Error", message: "An unexpected error occurred" });
  if (state.ffyBadGateway) return text(res, 502, NGINX_502, "text/html");
  const answer = (payload: Record<string, unknown>) =>
    json(res, 200, { jsonrpc: "2.0", id: request.id ?? null, ...payload });
  if (request.method === "tools/list") return answer({ result: { tools: FFY_TOOLS } });
  if (request.method !== "tools/call")
    return answer({ error: { code: -32601, message: `Method not found: ${request.method}` } });
  const name = request.params?.name ?? "";
  const args = request.params?.arguments ?? {};
  if (name === "ndc_get" && args.code === FFY_SLOW_CODE)
    return later(20_000, () => answer(fhirflyTool("ndc_get", { code: "0069-0151-01" })));
  return answer(fhirflyTool(name, args));
}

export function resetFhirfly() {
  ffyRateLimitSeen = false;
}

export const fhirflyStandin = httpStandin(FHIRFLY_PORT, fhirfly);

export const ALL_STANDINS = [pubmedStandin, scienceStandin, fhirflyStandin];
