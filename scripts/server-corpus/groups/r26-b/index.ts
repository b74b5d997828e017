// Group r26-b: science, health and research data — a PubMed / NCBI E-utilities server with Europe PMC
// (@cyanheads/pubmed-mcp-server), a scientific-paper harvester over arXiv, OpenAlex and Europe PMC
// (@futurelab-studio/latest-science-mcp) and FHIRfly's healthcare reference-data bridge (@fhirfly-io/mcp-server):
// each published MCP server behind a loopback stand-in that answers with the real service's bodies and error
// bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r26-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r26-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  ARXIV_PAPER,
  CERT,
  DATA,
  FFY_SLOW_CODE,
  FHIRFLY_KEY,
  FHIRFLY_PORT,
  NCBI_API_KEY,
  NCBI_SLOW_TERM,
  OPENALEX_MISSING,
  OPENALEX_SLOW_QUERY,
  OPENALEX_WORK,
  PMID_MISSING,
  PMID_SELECT,
  PMID_STEP1,
  PUBMED_PROXY_PORT,
  SCIENCE_PROXY_PORT,
  clearTimers,
  ensureCertificate,
  fhirflyStandin,
  pubmedStandin,
  resetFhirfly,
  scienceStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@cyanheads/pubmed-mcp-server": "2.7.4",
  "@futurelab-studio/latest-science-mcp": "0.1.40",
  "@fhirfly-io/mcp-server": "0.9.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------------------ PubMed

const pubmed: SessionSpec = {
  label: "r26-b-pubmed",
  server: "@cyanheads/pubmed-mcp-server",
  transport: "stdio",
  start: stdioServer("r26-b-pubmed", "@cyanheads/pubmed-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      MCP_TRANSPORT_TYPE: "stdio",
      MCP_LOG_LEVEL: "info",
      NCBI_API_KEY,
      NCBI_ADMIN_EMAIL: "lit-review@cardio-lab.example.org",
      NCBI_MAX_RETRIES: "2",
      NCBI_TOTAL_DEADLINE_MS: "8000",
      EUROPEPMC_MAX_RETRIES: "1",
      HTTPS_PROXY: `http://127.0.0.1:${PUBMED_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "pmd-001",
      "pubmed_search_articles",
      { query: "semaglutide cardiovascular outcomes", maxResults: 3, summaryCount: 3 },
      "semaglutide cardiovascular outcome papers, with summaries",
    ),
    step(
      "pmd-002",
      "pubmed_search_articles",
      {
        query: "semaglutide",
        maxResults: 5,
        publicationTypes: ["Randomized Controlled Trial"],
        dateRange: { minDate: "2020/01/01", maxDate: "2024/12/31", dateType: "pdat" },
      },
      "randomized trials of semaglutide, 2020–2024",
    ),
    step(
      "pmd-003",
      "pubmed_search_articles",
      { query: "semaglutide xenotransplant zebrafish", maxResults: 5 },
      "a search PubMed finds nothing for",
    ),
    step(
      "pmd-004",
      "pubmed_fetch_articles",
      { pmids: [PMID_STEP1, PMID_SELECT] },
      "STEP 1 and SELECT in full",
    ),
    step(
      "pmd-005",
      "pubmed_fetch_articles",
      { pmids: [PMID_STEP1, PMID_MISSING] },
      "one real PMID and one PubMed does not have",
    ),
    step("pmd-006", "pubmed_fetch_articles", { pmids: [PMID_MISSING] }, "only a PMID PubMed does not have"),
    step(
      "pmd-007",
      "pubmed_fetch_articles",
      { pmids: ["PMID:33567185"] },
      "a PMID with its prefix (the tool wants digits)",
    ),
    step(
      "pmd-008",
      "pubmed_format_citations",
      { pmids: [PMID_STEP1], format: ["apa", "bibtex"] },
      "STEP 1 as APA and BibTeX",
    ),
    step(
      "pmd-009",
      "pubmed_find_related",
      { pmid: PMID_STEP1, relationship: "similar", maxResults: 5 },
      "articles similar to STEP 1",
    ),
    step(
      "pmd-010",
      "pubmed_find_related",
      { pmid: PMID_SELECT, relationship: "cited_by", maxResults: 5 },
      "articles citing SELECT (none linked yet)",
    ),
    step("pmd-011", "pubmed_spell_check", { query: "semaglutid obesty" }, "spell-check a misspelled query"),
    step(
      "pmd-012",
      "pubmed_lookup_citation",
      {
        citations: [
          {
            journal: "n engl j med",
            year: "2021",
            volume: "384",
            firstPage: "989",
            authorName: "wilding jp",
            key: "step1",
          },
          {
            journal: "j obes metab",
            year: "2022",
            volume: "12",
            firstPage: "77",
            authorName: "novak t",
            key: "conf",
          },
        ],
      },
      "two references from a bibliography, one of them unmatched",
    ),
    step(
      "pmd-013",
      "pubmed_convert_ids",
      { ids: ["10.1056/NEJMoa2032183"], idType: "doi" },
      "STEP 1's DOI to its PMID and PMCID",
    ),
    step(
      "pmd-014",
      "pubmed_convert_ids",
      { ids: ["PMC-8123abc"], idType: "pmcid" },
      "a malformed PMCID (the ID Converter answers 400)",
    ),
    step(
      "pmd-015",
      "pubmed_convert_ids",
      { ids: ["PMC-8123abc"], idType: "pmcid" },
      "the same conversion again, unchanged",
    ),
    step(
      "pmd-016",
      "pubmed_europepmc_search",
      { query: 'TITLE:"semaglutide" AND PUB_YEAR:[2021 TO 2024]', pageSize: 5 },
      "Europe PMC: semaglutide titles 2021–2024",
    ),
    step(
      "pmd-017",
      "pubmed_europepmc_search",
      { query: 'TITLE:"ostrich semaglutide"', pageSize: 5 },
      "Europe PMC: a search with no hits",
    ),
    step(
      "pmd-018",
      "pubmed_search_articles",
      { query: "GLP-1 receptor agonist pancreatitis", maxResults: 5 },
      "a search while E-utilities rate-limits the key (429 on every attempt)",
      flag("ncbiRateLimited"),
    ),
    step(
      "pmd-019",
      "pubmed_fetch_articles",
      { pmids: [PMID_SELECT] },
      "a fetch after the NCBI API key was deleted (400 API key invalid)",
      flag("ncbiKeyInvalid"),
    ),
    step(
      "pmd-020",
      "pubmed_spell_check",
      { query: "tirzepatide obesty" },
      "spell-check while NCBI's front end answers 502 pages",
      flag("ncbiBadGateway"),
    ),
    step(
      "pmd-021",
      "pubmed_search_articles",
      { query: NCBI_SLOW_TERM, maxResults: 5 },
      "a search NCBI takes 20 s for; the server's own deadline is 8 s",
    ),
    step(
      "pmd-022",
      "pubmed_format_citations",
      { pmids: [PMID_SELECT], format: "ris" },
      "a citation while NCBI cannot be reached",
      down(pubmedStandin),
    ),
    step("pmd-023", "pubmed_get_author_profile", { author: "Lincoff AM" }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------- SciHarvester

const science: SessionSpec = {
  label: "r26-b-science",
  server: "@futurelab-studio/latest-science-mcp",
  transport: "stdio",
  start: stdioServer("r26-b-science", "@futurelab-studio/latest-science-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${SCIENCE_PROXY_PORT}`,
      HTTP_PROXY: `http://127.0.0.1:${SCIENCE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("sci-001", "list_categories", { source: "arxiv" }, "arXiv's categories"),
    step("sci-002", "list_categories", { source: "openalex" }, "OpenAlex's top-level concepts"),
    step(
      "sci-003",
      "fetch_latest",
      { source: "arxiv", category: "q-bio.QM", count: 3 },
      "the latest quantitative-biology preprints",
    ),
    step(
      "sci-004",
      "search_papers",
      { source: "arxiv", query: "protein language model", field: "title", count: 3 },
      "arXiv titles about protein language models",
    ),
    step(
      "sci-005",
      "search_papers",
      { source: "arxiv", query: "xenobot morphogenesis", field: "all", count: 3 },
      "an arXiv search with no hits",
    ),
    step(
      "sci-006",
      "search_papers",
      { source: "arxiv", query: "cryo-EM heterogeneity", field: "abstract", count: 3 },
      "an arXiv search while arXiv answers 503 Rate exceeded",
      flag("arxivUnavailable"),
    ),
    step(
      "sci-007",
      "fetch_content",
      { source: "arxiv", paper_id: ARXIV_PAPER },
      "one preprint's full text (the server's own arXiv budget is nearly spent)",
    ),
    step(
      "sci-008",
      "fetch_latest",
      { source: "arxiv", category: "q-bio.BM", count: 3 },
      "the latest biomolecules preprints, past the server's own arXiv rate limit",
    ),
    step(
      "sci-009",
      "search_papers",
      { source: "openalex", query: "CRISPR base editing", field: "all", count: 2, sortBy: "citations" },
      "OpenAlex: most-cited base editing papers",
    ),
    step(
      "sci-010",
      "search_papers",
      { source: "openalex", query: "ostrich CRISPR", field: "title", count: 3 },
      "OpenAlex: a title search with no hits",
    ),
    step(
      "sci-011",
      "fetch_top_cited",
      { concept: "genetics", since: "2024-01-01", count: 2 },
      "the most cited genetics papers since January 2024",
    ),
    step(
      "sci-012",
      "fetch_content",
      { source: "openalex", paper_id: OPENALEX_WORK },
      "one OpenAlex work in full",
    ),
    step(
      "sci-013",
      "fetch_content",
      { source: "openalex", paper_id: OPENALEX_MISSING },
      "an OpenAlex work id that does not exist (404)",
    ),
    step(
      "sci-014",
      "fetch_latest",
      { source: "openalex", category: "https://openalex.org/Cgenetics", count: 3 },
      "latest works for a concept URL with a name in place of its id (OpenAlex answers 403)",
    ),
    step(
      "sci-015",
      "search_papers",
      { source: "europepmc", query: "long covid fatigue", field: "all", count: 3 },
      "Europe PMC: long COVID fatigue",
    ),
    step(
      "sci-016",
      "search_papers",
      { source: "openalex", query: "gut microbiome depression", field: "abstract", count: 3 },
      "OpenAlex while it rate-limits (429)",
      flag("openalexRateLimited"),
    ),
    step(
      "sci-017",
      "fetch_top_cited",
      { concept: "immunology", since: "2025-01-01", count: 3 },
      "top cited immunology while OpenAlex answers 500",
      flag("openalexServerError"),
    ),
    step(
      "sci-018",
      "search_papers",
      { source: "openalex", query: OPENALEX_SLOW_QUERY, field: "all", count: 3 },
      "an OpenAlex search that takes 20 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "sci-019",
      "search_papers",
      { source: "europepmc", query: "sepsis biomarkers procalcitonin", field: "all", count: 3 },
      "Europe PMC while nothing answers at the proxy",
      down(scienceStandin),
    ),
    step(
      "sci-020",
      "fetch_top_cited",
      { concept: "oncology", since: "last year", count: 5 },
      "a since date in words (the tool wants YYYY-MM-DD)",
    ),
    step("sci-021", "get_citation_graph", { paper_id: OPENALEX_WORK }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------------------------------------- FHIRfly

const fhirfly: SessionSpec = {
  label: "r26-b-fhirfly",
  server: "@fhirfly-io/mcp-server",
  transport: "stdio",
  start: stdioServer("r26-b-fhirfly", "@fhirfly-io/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      FHIRFLY_API_KEY: FHIRFLY_KEY,
      FHIRFLY_API_URL: `http://127.0.0.1:${FHIRFLY_PORT}`,
      FHIRFLY_TIMEOUT: "5000",
      HOME,
    },
  }),
  steps: [
    step("ffy-001", "ndc_get", { code: "0069-0151-01" }, "the drug behind NDC 0069-0151-01"),
    step("ffy-002", "ndc_search", { q: "atorvastatin", limit: 3 }, "atorvastatin products"),
    step("ffy-003", "npi_get", { npi: "1234567893" }, "one provider by NPI"),
    step(
      "ffy-004",
      "npi_search",
      { name: "Okafor", specialty: "Dermatology", state: "WY" },
      "a provider search with no match",
    ),
    step("ffy-005", "rxnorm_search", { q: "metformin", limit: 3 }, "metformin in RxNorm"),
    step("ffy-006", "icd10_get", { code: "J06.9" }, "ICD-10-CM J06.9"),
    step("ffy-007", "icd10_get", { code: "J06.99" }, "an ICD-10 code that does not exist"),
    step("ffy-008", "loinc_search", { q: "hemoglobin A1c" }, "LOINC codes for HbA1c"),
    step(
      "ffy-009",
      "fda_label_safety",
      { name: "metformin" },
      "metformin's boxed warning and contraindications",
    ),
    step(
      "ffy-010",
      "ncci_validate",
      { code1: "99214", code2: "99213" },
      "can 99214 and 99213 be billed together (an NCCI edit exists)",
    ),
    step("ffy-011", "mue_lookup", { code: "99213" }, "the MUE limit for 99213"),
    step("ffy-012", "cvx_search", { q: "covid" }, "COVID-19 vaccine codes"),
    step("ffy-013", "ndc_get", { code: "Lipitor 10mg" }, "an NDC lookup by drug name (the API wants a code)"),
    step("ffy-014", "ndc_get", { code: "Lipitor 10mg" }, "the same lookup again, unchanged"),
    step(
      "ffy-015",
      "rxnorm_search",
      { q: "atorvastatin", limit: 3 },
      "RxNorm after the API key was revoked (401)",
      flag("ffyKeyRevoked"),
    ),
    step(
      "ffy-016",
      "loinc_search",
      { q: "troponin" },
      "LOINC while the API rate-limits every attempt (429, Retry-After 2)",
      flag("ffyRateLimited"),
    ),
    step(
      "ffy-017",
      "cvx_search",
      { q: "influenza" },
      "CVX when the API rate-limits once and the server's one retry succeeds",
      {
        before: async () => {
          resetFhirfly();
          state.ffyRateLimitedOnce = true;
        },
        after: async () => {
          state.ffyRateLimitedOnce = false;
        },
      },
    ),
    step(
      "ffy-018",
      "pfs_lookup",
      { code: "99213" },
      "a fee-schedule lookup the free plan does not include (403)",
      flag("ffyForbidden"),
    ),
    step(
      "ffy-019",
      "mue_lookup",
      { code: "27447" },
      "an MUE lookup while the API answers 500",
      flag("ffyServerError"),
    ),
    step(
      "ffy-020",
      "icd10_get",
      { code: "E11.9" },
      "an ICD-10 lookup while the load balancer answers a 502 page",
      flag("ffyBadGateway"),
    ),
    step(
      "ffy-021",
      "ndc_get",
      { code: FFY_SLOW_CODE },
      "an NDC lookup the API takes 20 s for; the server gives up at FHIRFLY_TIMEOUT 5 s",
    ),
    step(
      "ffy-022",
      "npi_get",
      { npi: "1467560003" },
      "an NPI lookup while FHIRfly cannot be reached",
      down(fhirflyStandin),
    ),
    step(
      "ffy-023",
      "drug_interactions_check",
      { drugs: ["warfarin", "aspirin"] },
      "a tool FHIRfly does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [pubmed, science, fhirfly];

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
