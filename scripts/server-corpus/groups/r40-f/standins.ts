// Loopback stand-in for group r40-f, answering with the shapes of freee's APIs (README.md says where each body comes
// from and which values were written for the capture). freee-mcp takes every base URL from its environment, so one
// plain HTTP server on 44450 stands in for three hosts:
// - `https://api.freee.co.jp/hr` (FREEE_API_BASE_URL_HR): freee HR (人事労務) API v1 — the login user, employees, a
//   month's payroll and bonus statements, attendance (work records, monthly summaries, time clocks), departments,
//   paid-holiday approval requests;
// - `https://api.freee.co.jp` (FREEE_API_BASE_URL): the accounting API's `/api/1/users/me` and `/api/1/companies`,
//   which the server's own user and company tools call;
// - `https://accounts.secure.freee.co.jp/public_api/token` (FREEE_TOKEN_ENDPOINT): the OAuth token endpoint the
//   server refreshes an expired access token at.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r40-f";

export const API_PORT = 44450;

export const COMPANY_ID = 3042519;
export const OTHER_COMPANY_ID = 2981107;
export const ACCESS_TOKEN = "Xq7mB2c9VtR4pLwZ1sK8yHn3JdF6aGe0uOiT5rCvNbM";
export const REFRESH_TOKEN = "r8Fk2LmQ9xWz4TnB7vHc1YpD6sJg3KaE0uRoNi5GtSe";
export const CLIENT_ID = "618204937155432";
export const CLIENT_SECRET = "t0Z5kWqP3mYx8RvB2nLc7JhF4sDa9GeUiOp1KrTy6Ew";

export const EMP_SATO = 1401;
export const EMP_SUZUKI = 1402;
export const EMP_TAKAHASHI = 1405;
export const EMP_TANAKA = 1409;
export const MISSING_EMP = 1499;
export const PAID_HOLIDAY_REQ = 88213;

export const state = {
  appForbidden: false,
  tokenExpired: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

/** freee's error body: `{"status_code", "errors": [{"type", "messages": [...]}]}`, with `code` on 401s. */
const freeeError = (
  res: http.ServerResponse,
  status: number,
  errors: { type: string; messages: string[] }[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(res, status, { status_code: status, errors, ...extra }, headers);

const notFound = (res: http.ServerResponse, message: string) =>
  freeeError(res, 404, [{ type: "status", messages: [message] }]);

const EMPLOYEES = [
  {
    id: EMP_SATO,
    num: "A-001",
    display_name: "佐藤 美咲",
    entry_date: "2019-04-01",
    retire_date: null,
    user_id: 71034,
    email: "misaki.sato@kitahama-shokai.example.jp",
    payroll_calculation: true,
    closing_day: null,
    pay_day: 25,
    month_of_pay_day: "current_month",
    year: 2026,
    month: 11,
    company_reference_date_rule_name: "当月締め当月払い",
  },
  {
    id: EMP_SUZUKI,
    num: "A-002",
    display_name: "鈴木 健太",
    entry_date: "2020-10-01",
    retire_date: null,
    user_id: 71035,
    email: "kenta.suzuki@kitahama-shokai.example.jp",
    payroll_calculation: true,
    closing_day: null,
    pay_day: 25,
    month_of_pay_day: "current_month",
    year: 2026,
    month: 11,
    company_reference_date_rule_name: "当月締め当月払い",
  },
  {
    id: EMP_TAKAHASHI,
    num: "A-005",
    display_name: "高橋 陽菜",
    entry_date: "2023-04-01",
    retire_date: null,
    user_id: 71112,
    email: "hina.takahashi@kitahama-shokai.example.jp",
    payroll_calculation: true,
    closing_day: null,
    pay_day: 25,
    month_of_pay_day: "current_month",
    year: 2026,
    month: 11,
    company_reference_date_rule_name: "当月締め当月払い",
  },
  {
    id: EMP_TANAKA,
    num: "P-009",
    display_name: "田中 翔",
    entry_date: "2026-06-16",
    retire_date: null,
    user_id: null,
    email: null,
    payroll_calculation: true,
    closing_day: null,
    pay_day: 25,
    month_of_pay_day: "current_month",
    year: 2026,
    month: 11,
    company_reference_date_rule_name: "当月締め当月払い",
  },
];

function statement(employee: (typeof EMPLOYEES)[number], basic: number, overtime: number, deduction: number) {
  const gross = basic + overtime + 12000;
  return {
    id: 5520000 + employee.id,
    company_id: COMPANY_ID,
    employee_id: employee.id,
    employee_name: employee.display_name,
    employee_display_name: employee.display_name,
    employee_num: employee.num,
    pay_date: "2026-11-25",
    start_date: "2026-11-01",
    closing_date: "2026-11-30",
    variable_pay_start_date: "2026-10-01",
    variable_pay_end_date: "2026-10-31",
    fixed: true,
    calc_status: "calculated",
    calculated_at: "2026-11-20T18:04:11.000+09:00",
    basic_pay_amount: String(basic),
    overtime_pay_amount: String(overtime),
    total_allowance_amount: "12000",
    gross_payment_amount: String(gross),
    total_deduction_amount: String(deduction),
    net_payment_amount: String(gross - deduction),
    total_worked_days: "20.0",
    total_absence_days: "0.0",
    remark: "",
  };
}

const STATEMENTS = [
  statement(EMPLOYEES[0]!, 412000, 38400, 96820),
  statement(EMPLOYEES[1]!, 336000, 21150, 78330),
  statement(EMPLOYEES[2]!, 268000, 0, 55410),
  statement(EMPLOYEES[3]!, 184800, 6930, 31205),
];

const TIME_CLOCKS = [
  {
    id: 9917301,
    date: "2026-12-07",
    type: "clock_in",
    datetime: "2026-12-07T08:58:00.000+09:00",
    original_datetime: "2026-12-07T08:58:12.000+09:00",
    note: "",
  },
  {
    id: 9917355,
    date: "2026-12-07",
    type: "break_begin",
    datetime: "2026-12-07T12:01:00.000+09:00",
    original_datetime: "2026-12-07T12:01:40.000+09:00",
    note: "",
  },
  {
    id: 9917388,
    date: "2026-12-07",
    type: "break_end",
    datetime: "2026-12-07T12:59:00.000+09:00",
    original_datetime: "2026-12-07T12:59:03.000+09:00",
    note: "",
  },
];

const PAID_HOLIDAY = {
  id: PAID_HOLIDAY_REQ,
  company_id: COMPANY_ID,
  application_number: 214,
  target_date: "2026-12-18",
  start_at: null,
  end_at: null,
  holiday_type: "full",
  issue_date: "2026-12-03",
  applicant_id: 71035,
  approver_ids: [71034],
  status: "in_progress",
  current_step_id: 3310,
  current_round: 0,
  comments: [{ user_id: 71035, comment: "年末の帰省のため", posted_at: "2026-12-03T10:14:52.000+09:00" }],
  approval_flow_logs: [
    { user_id: 71035, action: "apply", step_id: null, updated_at: "2026-12-03T10:14:52.000+09:00" },
  ],
  approval_flow_route_id: 402,
};

function hr(method: string, p: string, url: URL, body: string, res: http.ServerResponse) {
  const q = url.searchParams;
  const employee = (id: string) => EMPLOYEES.find((e) => String(e.id) === id);
  let m: RegExpMatchArray | null;

  if (method === "GET" && p === "/api/v1/users/me")
    return json(res, 200, {
      id: 71034,
      companies: [
        {
          id: COMPANY_ID,
          name: "株式会社北浜商会",
          role: "company_admin",
          external_cid: "4821930457",
          employee_id: EMP_SATO,
          display_name: "佐藤 美咲",
        },
      ],
    });

  if (method === "GET" && p === "/api/v1/employees") {
    if (!q.get("year") || !q.get("month"))
      return freeeError(res, 400, [{ type: "validation", messages: ["year, month は必須です。"] }]);
    return json(res, 200, { employees: EMPLOYEES, total_count: EMPLOYEES.length });
  }
  if (method === "GET" && (m = p.match(/^\/api\/v1\/employees\/(\d+)$/))) {
    const e = employee(m[1]!);
    return e ? json(res, 200, { employee: e }) : notFound(res, "従業員が見つかりません。");
  }
  if (method === "GET" && p === "/api/v1/salaries/employee_payroll_statements")
    return json(res, 200, { employee_payroll_statements: STATEMENTS, total_count: STATEMENTS.length });
  if (method === "GET" && p === "/api/v1/bonuses/employee_payroll_statements")
    return json(res, 200, { employee_payroll_statements: [], total_count: 0 });
  if (
    method === "GET" &&
    (m = p.match(/^\/api\/v1\/employees\/(\d+)\/work_record_summaries\/(\d{4})\/(\d+)$/))
  )
    return json(res, 200, {
      year: Number(m[2]),
      month: Number(m[3]),
      start_date: "2026-11-01",
      end_date: "2026-11-30",
      work_days: 19.0,
      total_work_mins: 9315,
      total_normal_work_mins: 9120,
      total_excess_statutory_work_mins: 195,
      total_overtime_except_normal_work_mins: 195,
      total_overtime_within_normal_work_mins: 0,
      total_holiday_work_mins: 0,
      total_latenight_work_mins: 0,
      num_absences: 0,
      num_paid_holidays: 1.0,
      num_paid_holidays_left: 11.0,
      num_substitute_holidays_used: 0,
      num_compensatory_holidays_used: 0,
      total_late_mins: 12,
      total_early_leaving_mins: 0,
      work_records: [],
    });
  if (method === "GET" && (m = p.match(/^\/api\/v1\/employees\/(\d+)\/time_clocks$/)))
    return json(res, 200, employee(m[1]!) ? TIME_CLOCKS : []);
  if (method === "POST" && (m = p.match(/^\/api\/v1\/employees\/(\d+)\/time_clocks$/))) {
    const b = parse(body);
    if (b.type === "clock_in")
      return freeeError(res, 400, [{ type: "validation", messages: ["打刻の種類が正しくありません。"] }]);
    return json(res, 201, {
      employee_time_clock: {
        id: 9917421,
        date: b.base_date ?? "2026-12-07",
        type: b.type,
        datetime: b.datetime ?? "2026-12-07T18:06:00.000+09:00",
        original_datetime: b.datetime ?? "2026-12-07T18:06:00.000+09:00",
        note: "",
      },
    });
  }
  if (method === "PUT" && (m = p.match(/^\/api\/v1\/employees\/(\d+)\/work_records\/(\d{4}-\d{2}-\d{2})$/))) {
    const b = parse(body);
    return json(res, 200, {
      employee_work_record: {
        date: m[2],
        employee_id: Number(m[1]),
        day_pattern: "normal_day",
        clock_in_at: b.clock_in_at ?? null,
        clock_out_at: b.clock_out_at ?? null,
        break_records: b.break_records ?? [],
        normal_work_mins: 480,
        total_overtime_work_mins: 0,
        total_holiday_work_mins: 0,
        total_latenight_work_mins: 0,
        lateness_mins: 0,
        early_leaving_mins: 0,
        paid_holiday: 0,
        use_default_work_pattern: false,
        note: b.note ?? "",
      },
    });
  }
  if (method === "GET" && p === "/api/v1/groups")
    return json(res, 200, {
      groups: [
        { id: 6601, code: "100", name: "管理部", level: 1, parent_group_id: null },
        { id: 6602, code: "200", name: "営業部", level: 1, parent_group_id: null },
        { id: 6605, code: "210", name: "営業一課", level: 2, parent_group_id: 6602 },
      ],
    });
  if (method === "GET" && p === "/api/v1/approval_requests/paid_holidays") {
    const status = q.get("status");
    const list = !status || status === "in_progress" ? [PAID_HOLIDAY] : [];
    return json(res, 200, { paid_holidays: list, total_count: list.length });
  }
  if (method === "POST" && (m = p.match(/^\/api\/v1\/approval_requests\/paid_holidays\/(\d+)\/actions$/))) {
    if (Number(m[1]) !== PAID_HOLIDAY_REQ) return notFound(res, "申請が見つかりません。");
    const b = parse(body);
    return json(res, 200, {
      paid_holiday: {
        ...PAID_HOLIDAY,
        status: b.approval_action === "approve" ? "approved" : "feedback",
        current_step_id: null,
        approval_flow_logs: [
          ...PAID_HOLIDAY.approval_flow_logs,
          {
            user_id: 71034,
            action: b.approval_action,
            step_id: 3310,
            updated_at: "2026-12-07T15:20:31.000+09:00",
          },
        ],
      },
    });
  }
  unknownRequests.push(`${method} /hr${p}`);
  return notFound(res, "リソースが見つかりません。");
}

function accounting(method: string, p: string, res: http.ServerResponse) {
  if (state.tokenExpired)
    return freeeError(res, 401, [{ type: "status", messages: ["アクセスする権限がありません"] }], {
      code: "expired_access_token",
    });
  if (method === "GET" && p === "/api/1/users/me")
    return json(res, 200, {
      user: {
        id: 71034,
        email: "misaki.sato@kitahama-shokai.example.jp",
        display_name: "佐藤 美咲",
        first_name: "美咲",
        last_name: "佐藤",
        first_name_kana: "ミサキ",
        last_name_kana: "サトウ",
      },
    });
  if (method === "GET" && p === "/api/1/companies")
    return json(res, 200, {
      companies: [
        {
          id: COMPANY_ID,
          name: "株式会社北浜商会",
          name_kana: "カブシキガイシャキタハマショウカイ",
          display_name: "北浜商会",
          role: "admin",
        },
        {
          id: OTHER_COMPANY_ID,
          name: "北浜ホールディングス株式会社",
          name_kana: null,
          display_name: "北浜HD",
          role: "read_only",
        },
      ],
    });
  unknownRequests.push(`${method} ${p}`);
  return notFound(res, "リソースが見つかりません。");
}

const BAD_GATEWAY = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
</body>
</html>
`;

export const api = httpStandin(API_PORT, (req, url, body, res) => {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`${method} ${p}${url.search}`);

  if (method === "POST" && p === "/public_api/token") {
    const form = parse(body);
    if (form.grant_type === "refresh_token")
      return json(res, 401, {
        error: "invalid_grant",
        error_description:
          "指定された認可グラントは不正か、有効期限切れか、無効か、リダイレクトURIが異なるか、もしくは別のクライアントに適用されています。",
      });
    return json(res, 400, { error: "unsupported_grant_type" });
  }

  const bearer = req.headers.authorization;
  if (bearer !== `Bearer ${ACCESS_TOKEN}`)
    return freeeError(res, 401, [{ type: "status", messages: ["アクセスする権限がありません"] }], {
      code: "expired_access_token",
    });

  if (!p.startsWith("/hr/")) return accounting(method, p, res);

  if (state.appForbidden)
    return freeeError(res, 403, [
      { type: "status", messages: ["このアプリケーションにはアクセス権限がありません。"] },
    ]);
  if (state.rateLimited)
    return freeeError(
      res,
      429,
      [
        {
          type: "status",
          messages: ["API の利用上限に達しました。しばらく時間をおいてから再度お試しください。"],
        },
      ],
      {},
      {
        "retry-after": "60",
        "x-ratelimit-limit": "3600",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": "2026-12-07T16:00:00+09:00",
      },
    );
  if (state.serverError)
    return freeeError(res, 500, [
      {
        type: "status",
        messages: ["サーバー内部でエラーが発生しました。しばらく時間をおいてから再度お試しください。"],
      },
    ]);
  if (state.badGateway) return text(res, 502, BAD_GATEWAY, "text/html");
  const hrPath = p.slice("/hr".length);
  if (state.slow) return later(15_000, () => hr(method, hrPath, url, body, res));
  return hr(method, hrPath, url, body, res);
});

export const ALL_STANDINS = [api];
