// Group r40-f: HR and payroll — freee HR (freee人事労務: employees, payroll and bonus statements, attendance, time
// clocks, departments, paid-holiday approvals) through freee's own MCP server, freee-mcp, over stdio. The published
// server is behind a loopback stand-in of freee's APIs and its OAuth token endpoint (standins.ts), reached by the
// server's own base-URL settings. One server: see README.md for the candidates of the kind and why none other could be
// installed here.
//
//   (cd scripts/server-corpus/groups/r40-f && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r40-f

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ACCESS_TOKEN,
  ALL_STANDINS,
  API_PORT,
  CLIENT_ID,
  CLIENT_SECRET,
  COMPANY_ID,
  DATA,
  EMP_SATO,
  EMP_SUZUKI,
  EMP_TAKAHASHI,
  MISSING_EMP,
  OTHER_COMPANY_ID,
  PAID_HOLIDAY_REQ,
  REFRESH_TOKEN,
  api,
  clearTimers,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "freee-mcp": "0.35.2",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const CONFIG_HOME = path.join(DATA, "config");
const CONFIG_DIR = path.join(CONFIG_HOME, "freee-mcp");
const BASE = `http://127.0.0.1:${API_PORT}`;

/** freee-mcp's own files, as `freee-mcp configure` leaves them: the app and company, and the OAuth tokens. */
function writeConfig() {
  fs.mkdirSync(CONFIG_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(CONFIG_DIR, "config.json"),
    JSON.stringify(
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        defaultCompanyId: String(COMPANY_ID),
        currentCompanyId: String(COMPANY_ID),
        companies: {
          [String(COMPANY_ID)]: {
            id: String(COMPANY_ID),
            name: "株式会社北浜商会",
            display_name: "北浜商会",
            addedAt: Date.parse("2026-11-02T09:30:00+09:00"),
          },
        },
      },
      null,
      2,
    ),
  );
  writeTokens(Date.now() + 6 * 3600 * 1000);
}

function writeTokens(expiresAt: number) {
  fs.writeFileSync(
    path.join(CONFIG_DIR, "tokens.json"),
    JSON.stringify(
      {
        access_token: ACCESS_TOKEN,
        refresh_token: REFRESH_TOKEN,
        expires_at: expiresAt,
        token_type: "Bearer",
        scope: "read write",
      },
      null,
      2,
    ),
  );
}

/** The stored access token is past its six hours for the call; the refresh token was already used elsewhere. */
const tokenPastExpiry = {
  before: async () => writeTokens(Date.now() - 60_000),
  after: async () => writeTokens(Date.now() + 6 * 3600 * 1000),
};

const C = COMPANY_ID;
const NOV = { company_id: C, year: 2026, month: 11 };

// ── freee-mcp (stdio) ────────────────────────────────────────────────────────────────────────────────────────────────

const freee: SessionSpec = {
  label: "r40-f-freee",
  server: "freee-mcp",
  transport: "stdio",
  start: stdioServer("r40-f-freee", "freee-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      XDG_CONFIG_HOME: CONFIG_HOME,
      FREEE_CLIENT_ID: CLIENT_ID,
      FREEE_CLIENT_SECRET: CLIENT_SECRET,
      FREEE_API_BASE_URL: BASE,
      FREEE_API_BASE_URL_HR: `${BASE}/hr`,
      FREEE_TOKEN_ENDPOINT: `${BASE}/public_api/token`,
      FREEE_AUTHORIZATION_ENDPOINT: `${BASE}/public_api/authorize`,
      LOG_LEVEL: "warn",
    },
  }),
  steps: [
    step("fre-001", "freee_auth_status", {}, "the stored OAuth token is valid for six more hours"),
    step(
      "fre-002",
      "freee_api_get",
      { service: "hr", path: "/api/v1/users/me" },
      "the HR login user: one company, role company_admin, own employee id",
    ),
    step(
      "fre-003",
      "freee_api_get",
      { service: "hr", path: "/api/v1/employees", query: { ...NOV, limit: 25 } },
      "the four employees on November's payroll",
    ),
    step(
      "fre-004",
      "freee_api_get",
      { service: "hr", path: `/api/v1/employees/${MISSING_EMP}`, query: NOV },
      "an employee id that does not exist: 404",
    ),
    step(
      "fre-005",
      "freee_api_get",
      { service: "hr", path: `/api/v1/employees/${MISSING_EMP}`, query: NOV },
      "the same call again, unchanged",
    ),
    step(
      "fre-006",
      "freee_api_get",
      { service: "hr", path: "/api/v1/salaries/employee_payroll_statements", query: NOV },
      "November's four payroll statements (gross, deductions, net)",
    ),
    step(
      "fre-007",
      "freee_api_get",
      { service: "hr", path: "/api/v1/bonuses/employee_payroll_statements", query: NOV },
      "bonus statements for November: no bonus was paid that month",
    ),
    step(
      "fre-008",
      "freee_api_get",
      {
        service: "hr",
        path: `/api/v1/employees/${EMP_TAKAHASHI}/work_record_summaries/2026/11`,
        query: { company_id: C, work_records: false },
      },
      "an employee's November attendance summary",
    ),
    step(
      "fre-009",
      "freee_api_get",
      {
        service: "hr",
        path: `/api/v1/employees/${EMP_SATO}/time_clocks`,
        query: { company_id: C, from_date: "2026-12-07", to_date: "2026-12-07" },
      },
      "today's time clocks: in, break begin, break end",
    ),
    step(
      "fre-010",
      "freee_api_post",
      {
        service: "hr",
        path: `/api/v1/employees/${EMP_SATO}/time_clocks`,
        body: { company_id: C, type: "clock_in", base_date: "2026-12-07", datetime: "2026-12-07 15:10:00" },
      },
      "a second clock-in on a day already clocked in: 400",
    ),
    step(
      "fre-011",
      "freee_api_put",
      {
        service: "hr",
        path: `/api/v1/employees/${EMP_TAKAHASHI}/work_records/2026-11-30`,
        body: {
          company_id: C,
          clock_in_at: "2026-11-30 09:00:00",
          clock_out_at: "2026-11-30 18:00:00",
          break_records: [{ clock_in_at: "2026-11-30 12:00:00", clock_out_at: "2026-11-30 13:00:00" }],
          note: "打刻漏れ修正",
        },
      },
      "correct a forgotten clock-out: the day's work record is rewritten",
    ),
    step(
      "fre-012",
      "freee_api_get",
      {
        service: "hr",
        path: "/api/v1/approval_requests/paid_holidays",
        query: { company_id: C, status: "in_progress" },
      },
      "one paid-holiday request waiting for approval",
    ),
    step(
      "fre-013",
      "freee_api_post",
      {
        service: "hr",
        path: `/api/v1/approval_requests/paid_holidays/${PAID_HOLIDAY_REQ}/actions`,
        body: { company_id: C, approval_action: "approve", target_round: 0, target_step_id: 3310 },
      },
      "approve it",
    ),
    step(
      "fre-014",
      "freee_api_get",
      { service: "hr", path: "/api/v1/groups", query: { company_id: C } },
      "the departments",
    ),
    step(
      "fre-015",
      "freee_api_get",
      {
        service: "hr",
        path: "/api/v1/employees",
        query: { company_id: OTHER_COMPANY_ID, year: 2026, month: 11 },
      },
      "another company's id than the current one (the server checks it before sending)",
    ),
    step(
      "fre-016",
      "freee_api_get",
      { service: "hr", path: "/api/v1/payrolls", query: NOV },
      "a path the HR API does not have (the server checks paths against its OpenAPI schema)",
    ),
    step(
      "fre-017",
      "freee_api_get",
      { service: "hr", path: "/api/v1/salaries/employee_payroll_statements", query: NOV },
      "403: the app was not granted the HR payroll permission",
      flag("appForbidden"),
    ),
    step(
      "fre-018",
      "freee_api_get",
      { service: "hr", path: "/api/v1/employees", query: NOV },
      "the access token is past its expiry and the refresh is refused (invalid_grant)",
      tokenPastExpiry,
    ),
    step(
      "fre-019",
      "freee_list_companies",
      {},
      "the accounting API answers 401 expired_access_token to the company list",
      flag("tokenExpired"),
    ),
    step(
      "fre-020",
      "freee_api_get",
      { service: "hr", path: "/api/v1/groups", query: { company_id: C } },
      "429 with Retry-After: 60",
      flag("rateLimited"),
    ),
    step(
      "fre-021",
      "freee_api_get",
      { service: "hr", path: `/api/v1/employees/${EMP_SATO}`, query: NOV },
      "500 internal server error",
      flag("serverError"),
    ),
    step(
      "fre-022",
      "freee_api_get",
      {
        service: "hr",
        path: `/api/v1/employees/${EMP_SUZUKI}/work_record_summaries/2026/11`,
        query: { company_id: C, work_records: false },
      },
      "an nginx 502 page in front of the API",
      flag("badGateway"),
    ),
    step(
      "fre-023",
      "freee_api_get",
      { service: "hr", path: "/api/v1/employees", query: { ...NOV, limit: 10 } },
      "an answer 15 s late (the server waits 30 s); the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "fre-024",
      "freee_api_get",
      { service: "hr", path: "/api/v1/groups", query: { company_id: C } },
      "a call while the API is unreachable (the stand-in refuses connections)",
      down(api),
    ),
    step("fre-025", "freee_hr_list_employees", { year: 2026, month: 11 }, "a tool this server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [freee];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  writeConfig();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
