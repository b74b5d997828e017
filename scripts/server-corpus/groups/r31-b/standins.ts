// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from and which wordings could not be sourced):
// - Adzuna's jobs API (`api.adzuna.com/v1/api/jobs/{country}/search/{page}`, app_id/app_key in the query string) for
//   adzuna-mcp, whose host is written into it and which calls Node's own fetch: a forward proxy reached through a
//   preload that sets undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by
//   NODE_EXTRA_CA_CERTS.
// - Ashby's RPC-over-POST API (`api.ashbyhq.com/{endpoint}`, Basic auth with the API key as user name) for ashby-mcp,
//   whose host is also written into it and which also calls Node's fetch: a second forward proxy, reached the same
//   way, so one can be stopped alone.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, forwardProxy, json, later, parse, text, type Certificate } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r31-b";

export const ADZUNA_PROXY_PORT = 42600;
export const ASHBY_PROXY_PORT = 42601;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.adzuna.com", "api.ashbyhq.com"]);

export const state = {
  adzKeyRevoked: false,
  adzRateLimited: false,
  adzDailyQuota: false,
  adzServerError: false,
  adzBadGateway: false,
  adzMaintenance: false,
  ashKeyRevoked: false,
  ashRateLimited: false,
  ashServerError: false,
  ashBadGateway: false,
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

// ------------------------------------------------------------------------------------------------------ Ashby

export const ASHBY_API_KEY = "ashby_live_7c3f0e92b14d48a6a5e1d9c2f07b83e4d6a1c5f9";

export const JOB_BACKEND = "3c5a9e1f-2b7d-4c80-9e6a-1d4f7b2c8a05";
export const JOB_DESIGNER = "8e2d4b6a-9c1f-4a37-b5e0-6f3c2d1a9b48";
export const JOB_MISSING = "00000000-0000-4000-8000-00000000dead";
export const JOB_SLOW = "5f0b7c3e-1a9d-4e62-8b4f-2c7e9a0d6b13";
export const CAND_PRIYA = "a71c4e93-5d2b-4f08-9c6e-3b1a8d7f2e50";
export const APP_PRIYA = "c4e8a2f6-7b1d-4930-8e5c-0a9f3d6b2e71";
export const APP_TOMAS = "d9b3f1a7-2e6c-4d85-a0f4-7c1e5b8d3a26";
export const APP_MISSING = "e0000000-0000-4000-8000-0000000beef0";

const PLAN_BACKEND = "f3a1c7e5-8d2b-4b96-9e0a-5c4d1f7b3a82";
const now = "2026-12-06T15:00:00.000Z";

const stage = (id: string, title: string, type: string, order: number) => ({
  id,
  title,
  type,
  orderInInterviewPlan: order,
  interviewStageGroupId: null,
  interviewPlanId: PLAN_BACKEND,
});

const STAGES = [
  stage("1a2b3c4d-0001-4000-8000-000000000001", "Application Review", "PreInterviewScreen", 0),
  stage("1a2b3c4d-0002-4000-8000-000000000002", "Recruiter Screen", "PreInterviewScreen", 1),
  stage("1a2b3c4d-0003-4000-8000-000000000003", "Technical Interview", "Active", 2),
  stage("1a2b3c4d-0004-4000-8000-000000000004", "Onsite", "Active", 3),
  stage("1a2b3c4d-0005-4000-8000-000000000005", "Offer", "Offer", 4),
  stage("1a2b3c4d-0006-4000-8000-000000000006", "Hired", "Hired", 5),
  stage("1a2b3c4d-0007-4000-8000-000000000007", "Archived", "Archived", 6),
];

const hiringTeam = [
  {
    email: "maya.okafor@northwind.example",
    firstName: "Maya",
    lastName: "Okafor",
    role: "Hiring Manager",
    userId: "7d1e3f5a-0b9c-4e28-8a6d-2f4c1b3e5d70",
  },
  {
    email: "leo.martin@northwind.example",
    firstName: "Leo",
    lastName: "Martin",
    role: "Recruiter",
    userId: "2b4d6f8a-1c3e-4a50-9b7d-8e0f2a4c6e91",
  },
];

const job = (id: string, title: string, status: string, postingId: string | null, created: string) => ({
  id,
  title,
  confidential: false,
  status,
  employmentType: "FullTime",
  locationId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  departmentId: "4c3b2a19-8f7e-4d6c-9b5a-3e2d1c0b9a87",
  defaultInterviewPlanId: PLAN_BACKEND,
  interviewPlanIds: [PLAN_BACKEND],
  customFields: [],
  jobPostingIds: postingId ? [postingId] : [],
  customRequisitionId: null,
  hiringTeam,
  updatedAt: "2026-12-04T10:22:31.118Z",
  createdAt: created,
});

const JOBS = [
  job(
    JOB_BACKEND,
    "Senior Backend Engineer",
    "Open",
    "6b5a4c3d-2e1f-4a09-8b7c-6d5e4f3a2b1c",
    "2026-10-14T09:00:00.000Z",
  ),
  job(JOB_DESIGNER, "Product Designer", "Open", null, "2026-11-02T13:30:00.000Z"),
  job(JOB_SLOW, "Staff Data Scientist", "Open", null, "2026-11-20T08:15:00.000Z"),
];

const candidateRef = (id: string, name: string, email: string) => ({
  id,
  name,
  primaryEmailAddress: { value: email, type: "Personal", isPrimary: true },
  primaryPhoneNumber: null,
});

const application = (
  id: string,
  candidate: ReturnType<typeof candidateRef>,
  status: string,
  stageIndex: number,
  source: string,
  created: string,
) => ({
  id,
  createdAt: created,
  updatedAt: now,
  status,
  customFields: [],
  candidate,
  currentInterviewStage: STAGES[stageIndex],
  source: {
    id: "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0",
    title: source,
    isArchived: false,
    sourceType: { id: "x", title: "Inbound", isArchived: false },
  },
  archiveReason: null,
  archivedAt: null,
  job: {
    id: JOB_BACKEND,
    title: "Senior Backend Engineer",
    locationId: JOBS[0]!.locationId,
    departmentId: JOBS[0]!.departmentId,
  },
  creditedToUser: null,
  hiringTeam,
  appliedViaJobPostingId: "6b5a4c3d-2e1f-4a09-8b7c-6d5e4f3a2b1c",
});

const PRIYA = candidateRef(CAND_PRIYA, "Priya Raman", "priya.raman@example.com");
const TOMAS = candidateRef(
  "b2c4d6e8-0a1b-4c3d-8e5f-7a9b1c3d5e7f",
  "Tomás Herrera",
  "tomas.herrera@example.com",
);
const AMARA = candidateRef("c3d5e7f9-1b2c-4d4e-9f60-8b0c2d4e6f80", "Amara Nwosu", "amara.nwosu@example.com");

const APPLICATIONS = [
  application(APP_PRIYA, PRIYA, "Active", 3, "Applied", "2026-11-03T11:20:14.552Z"),
  application(APP_TOMAS, TOMAS, "Active", 1, "Ashby Chrome Extension", "2026-11-18T17:45:02.019Z"),
  application(
    "f1a3c5e7-9b0d-4f24-8a6c-3e5f7a9b1d35",
    AMARA,
    "Active",
    0,
    "Applied",
    "2026-12-01T08:02:47.730Z",
  ),
];

const ok = (
  res: http.ServerResponse,
  results: unknown,
  more?: { moreDataAvailable: boolean; nextCursor?: string | null },
) => json(res, 200, { success: true, results, ...(more ?? {}) });

// Ashby's application-level failure: HTTP 200, `success: false`, `errors` and `errorInfo` (code, message, requestId).
let requestSeq = 0;
const ashbyFail = (res: http.ServerResponse, code: string, message: string, status = 200) =>
  json(res, status, {
    success: false,
    errors: [code],
    errorInfo: {
      code,
      message,
      requestId: `01JEZ${(++requestSeq).toString().padStart(5, "0")}K7R2M4Q8T1V6X9B3`,
    },
  });

const WRITE_ENDPOINTS = new Set(["candidate.createNote", "candidate.addTag", "candidate.create"]);

function ashbyHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const endpoint = url.pathname.replace(/^\//, "");
  if (req.method !== "POST") {
    unknownRequests.push(`Ashby ${req.method} ${url.host}${url.pathname}`);
    return ashbyFail(res, "not_found", "Not found", 404);
  }
  if (state.ashBadGateway)
    return text(res, 502, nginxPage("502 Bad Gateway"), "text/html", { server: "nginx" });
  const expected = `Basic ${Buffer.from(`${ASHBY_API_KEY}:`).toString("base64")}`;
  if (req.headers.authorization !== expected || state.ashKeyRevoked)
    return json(res, 401, {
      success: false,
      errors: ["invalid_api_key"],
      errorInfo: {
        code: "invalid_api_key",
        message: "The API key provided is invalid or has been revoked",
        requestId: "01JEZ00000A1B2C3D4E5F6G7H8",
      },
    });
  if (state.ashRateLimited)
    return json(
      res,
      429,
      {
        success: false,
        errors: ["rate_limit_exceeded"],
        errorInfo: {
          code: "rate_limit_exceeded",
          message: "Rate limit exceeded",
          requestId: "01JEZ00000R8T9L2M3N4P5Q6S7",
        },
      },
      { "retry-after": "1", "ratelimit-limit": "1000", "ratelimit-remaining": "0", "ratelimit-reset": "1" },
    );
  if (state.ashServerError)
    return ashbyFail(
      res,
      "internal_server_error",
      "An unexpected error occurred. Please try again later.",
      500,
    );

  const params = parse(body);
  switch (endpoint) {
    case "job.list": {
      if (Array.isArray(params.status) && params.status.includes("All"))
        return ashbyFail(
          res,
          "invalid_input",
          "status: Invalid enum value. Expected 'Draft' | 'Open' | 'Closed' | 'Archived', received 'All'",
        );
      const statuses = Array.isArray(params.status) ? (params.status as string[]) : null;
      return ok(res, statuses ? JOBS.filter((j) => statuses.includes(j.status)) : JOBS, {
        moreDataAvailable: false,
        nextCursor: null,
      });
    }
    case "job.info": {
      const found = JOBS.find((j) => j.id === params.id);
      if (params.id === JOB_SLOW) return later(15_000, () => ok(res, found));
      if (!found) return ashbyFail(res, "not_found", `Job not found: ${String(params.id)}`);
      return ok(res, found);
    }
    case "interviewStage.list":
      return ok(res, params.interviewPlanId === PLAN_BACKEND ? STAGES : [], { moreDataAvailable: false });
    case "jobPosting.info":
      return ok(res, {
        id: params.jobPostingId,
        title: "Senior Backend Engineer",
        descriptionPlain:
          "Northwind is hiring a Senior Backend Engineer to design and run the services behind our logistics platform. You will own Go services end to end, from schema design to on-call.",
        isListed: true,
        jobId: JOB_BACKEND,
        locationName: "London, UK",
        employmentType: "FullTime",
      });
    case "application.list": {
      const rows = APPLICATIONS.filter((a) => !params.jobId || a.job.id === params.jobId);
      return ok(res, rows, { moreDataAvailable: false, nextCursor: null });
    }
    case "application.info": {
      const id = params.applicationId;
      if (typeof id === "string" && !/^[0-9a-f-]{36}$/.test(id))
        return ashbyFail(res, "invalid_input", `applicationId: Invalid uuid`);
      const found = APPLICATIONS.find((a) => a.id === id);
      if (!found) return ashbyFail(res, "not_found", `Application not found: ${String(id)}`);
      return ok(res, found);
    }
    case "application.listHistory":
      return ok(
        res,
        [
          {
            id: "h1",
            stageId: STAGES[0]!.id,
            title: "Application Review",
            enteredStageAt: "2026-11-03T11:20:14.552Z",
          },
          {
            id: "h2",
            stageId: STAGES[2]!.id,
            title: "Technical Interview",
            enteredStageAt: "2026-11-12T09:00:00.000Z",
          },
          { id: "h3", stageId: STAGES[3]!.id, title: "Onsite", enteredStageAt: "2026-11-26T14:30:00.000Z" },
        ],
        { moreDataAvailable: false },
      );
    case "application.listCriteriaEvaluations":
      return ok(res, [], { moreDataAvailable: false });
    case "applicationFeedback.list":
      return ok(
        res,
        [
          {
            id: "fb1",
            submittedAt: "2026-11-12T11:02:00.000Z",
            submittedByUser: hiringTeam[0],
            interviewId: "int-tech",
            feedbackForm: { title: "Technical Interview" },
            submittedValues: {
              overall_recommendation: "Strong Yes",
              notes: "Clear system design, good trade-offs.",
            },
          },
        ],
        { moreDataAvailable: false },
      );
    case "application.changeStage": {
      const found = APPLICATIONS.find((a) => a.id === params.applicationId);
      if (!found)
        return ashbyFail(res, "not_found", `Application not found: ${String(params.applicationId)}`);
      return ok(res, { ...found, status: "Archived", currentInterviewStage: STAGES[6] });
    }
    case "candidate.search": {
      const name = String(params.name ?? "").toLowerCase();
      return ok(
        res,
        [PRIYA, TOMAS, AMARA].filter((c) => c.name.toLowerCase().includes(name)),
      );
    }
    case "candidate.info":
      if (params.id !== CAND_PRIYA)
        return ashbyFail(res, "not_found", `Candidate not found: ${String(params.id)}`);
      return ok(res, {
        ...PRIYA,
        socialLinks: [{ type: "LinkedIn", url: "https://www.linkedin.com/in/priya-raman-example" }],
        tags: [{ id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b", title: "Referral", isArchived: false }],
        source: { title: "Applied" },
        applicationIds: [APP_PRIYA],
        fileHandles: [{ id: "fh1", name: "priya-raman-cv.pdf", handle: "eyJoYW5kbGUiOiJmaDEifQ" }],
        profileUrl: `https://app.ashbyhq.com/candidates/${CAND_PRIYA}`,
        customFields: [],
        createdAt: "2026-11-03T11:20:14.552Z",
      });
    case "interviewSchedule.list":
      // Answered as Ashby answers a key without the endpoint's permission on this path: HTTP 200, success false.
      return ashbyFail(
        res,
        "missing_endpoint_permission",
        "The API key is missing the interviewsRead permission required for interviewSchedule.list",
      );
    case "department.list":
      return ok(
        res,
        [
          {
            id: "4c3b2a19-8f7e-4d6c-9b5a-3e2d1c0b9a87",
            name: "Engineering",
            isArchived: false,
            parentId: null,
          },
          { id: "5d4c3b2a-9f8e-4e7d-8c6b-4f3e2d1c0b98", name: "Design", isArchived: false, parentId: null },
        ],
        { moreDataAvailable: false, nextCursor: null },
      );
    default:
      if (WRITE_ENDPOINTS.has(endpoint))
        return ashbyFail(
          res,
          "missing_endpoint_permission",
          `The API key is missing the candidatesWrite permission required for ${endpoint}`,
          403,
        );
      unknownRequests.push(`Ashby POST ${endpoint} ${body}`);
      return ashbyFail(res, "not_found", `Unknown endpoint: ${endpoint}`, 404);
  }
}

export const ashbyStandin = forwardProxy(ASHBY_PROXY_PORT, ensureCertificate, ashbyHandler);

export const ALL_STANDINS = [adzunaStandin, ashbyStandin];

export function resetCounters() {
  requestSeq = 0;
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
}
