// Loopback stand-in for group r44-g.
//
// @whop/mcp builds the Whop SDK (@whop/sdk), whose base URL is read from WHOP_BASE_URL, so the Whop API v1 is one
// plain HTTP stand-in here. The SDK sends the API key as `Authorization: Bearer <key>` and retries 408/409/429/5xx
// and connection errors twice before it throws.
//
// README.md says where each body's shape comes from. `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, cloudflare502, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-g";

export const WHOP_PORT = 46000;

export const WHOP_API_KEY = "apik_Tq4mZ8vR2kLx9WbN5cHj7Pd3Fs6Gy1Ua0Ve";

export const state = {
  whopRevoked: false,
  whopRateLimited: false,
  whopServerError: false,
  whopBadGateway: false,
  whopSlow: false,
  whopForbidden: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── data ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const COMPANY = "biz_Kq7Xw3Lt9Rm5Nb";
export const PASS = "prod_Rt3Wq8Lx7Vk5Mb"; // the monthly meetup pass
export const PASS_WAITLIST = "prod_Hn2Jc8Pf4Sd6Gy"; // the workshop day, waitlisted
export const PLAN = "plan_Vn6Jc2Pf7Sd5Gy";
export const MEMBERSHIP_ACTIVE = "mem_Lq9Xv3Mb8Hn2Jc";
export const MEMBERSHIP_CANCELED = "mem_Pf4Sd6Gy0Tz5Rt";
export const ENTRY_PENDING = "entry_Wm2Rk5Xq9Lv3Nb";
export const ENTRY_DENIED = "entry_Bn4Qx8Vr2Lk6Mt";
export const USER = "user_Ct7Wm2Rk5Xq9Lv";

const page = (data: unknown[]) => ({
  data,
  page_info: {
    end_cursor: data.length ? "MjA" : null,
    start_cursor: data.length ? "MQ" : null,
    has_next_page: false,
    has_previous_page: false,
  },
});

const company = {
  id: COMPANY,
  title: "Halden Builders Meetup",
  route: "halden-builders",
  created_at: "2025-03-14T18:22:05Z",
  updated_at: "2026-11-30T09:12:44Z",
  verified: false,
  member_count: 412,
  owner_user: { id: "user_Zx1Qm8Kt4Lw6Ry", name: "Ines Halden", username: "ineshalden" },
  business_type: "community",
  industry_type: "events",
  metadata: {},
};

const product = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  headline: null,
  route: id === PASS ? "monthly-meetup-pass" : "build-day-workshop",
  visibility: "visible",
  business_type: "community",
  industry_type: "events",
  created_at: "2025-03-14T18:40:11Z",
  updated_at: "2026-11-28T16:03:51Z",
  member_count: id === PASS ? 388 : 24,
  published_reviews_count: id === PASS ? 19 : 0,
  verified: false,
  company: { id: COMPANY, title: company.title, route: company.route },
  owner_user: company.owner_user,
  external_identifier: null,
  description:
    id === PASS
      ? "Entry to every monthly Halden Builders meetup (talks, demos, pizza) and the members' chat."
      : "A one-day hands-on build workshop on 2027-01-16, 24 seats. Requests are approved by the organisers.",
  ...extra,
});

const membership = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  status,
  created_at: "2026-09-02T19:05:31Z",
  updated_at: "2026-12-01T08:00:12Z",
  manage_url: `https://whop.com/orders/${id}/manage`,
  member: { id: "mber_Yb8Kt4Qw9Lx3Rm" },
  user: { id: USER, name: "Marta Lindqvist", username: "martalind" },
  renewal_period_start: "2026-12-01T08:00:00Z",
  renewal_period_end: "2027-01-01T08:00:00Z",
  cancel_at_period_end: false,
  cancellation_reason: null,
  canceled_at: null,
  currency: "eur",
  company: { id: COMPANY, title: company.title },
  plan: { id: PLAN },
  product: { id: PASS, title: "Monthly meetup pass" },
  promo_code: null,
  license_key: null,
  metadata: {},
  payment_collection_paused: false,
  ...extra,
});

const entry = (id: string, status: string, name: string, username: string) => ({
  id,
  status,
  created_at: "2026-12-03T10:14:27Z",
  custom_field_responses: [
    { id: "cfr_Qm3Lw8Xk2Nv5Rt", question: "What will you build?", answer: "A room-booking bot" },
  ],
  plan: { id: "plan_Gy1Ua0VeTq4mZ8" },
  product: { id: PASS_WAITLIST, title: "Build day workshop" },
  user: { id: `user_${username.slice(0, 6)}Xk2Nv5`, email: `${username}@example.org`, name, username },
});

// ── Whop ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

function whopError(res: http.ServerResponse, status: number, type: string, message: string, headers = {}) {
  json(res, status, { error: { status, type, message } }, headers);
}

const NOT_FOUND = (what: string) =>
  `Could not find ${what}. It may have been deleted or you may not have access to it.`;

function whop(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  seen.push(`whop ${method} ${url.pathname}${url.search}`);
  if (state.whopSlow) return later(15000, () => json(res, 200, page([])));
  if (state.whopBadGateway) {
    return text(res, 502, cloudflare502("api.whop.com", "8f3d1c62be7a4f19"), "text/html; charset=UTF-8");
  }
  if (state.whopServerError) {
    return whopError(
      res,
      500,
      "internal_server_error",
      "Something went wrong on our end. Please try again later.",
    );
  }
  if (state.whopRevoked || req.headers.authorization !== `Bearer ${WHOP_API_KEY}`) {
    return whopError(res, 401, "unauthorized", "The API key provided is invalid or has been revoked.", {
      "www-authenticate": 'Bearer realm="whop"',
    });
  }
  if (state.whopRateLimited) {
    return whopError(
      res,
      429,
      "rate_limited",
      "Too many requests. Please slow down and retry after the reset.",
      {
        "retry-after": "1",
        "x-ratelimit-limit": "100",
        "x-ratelimit-remaining": "0",
      },
    );
  }
  const p = url.pathname.replace(/^\/api\/v1/, "");
  const q = url.searchParams;
  if (method === "GET" && p === `/companies/${COMPANY}`) return json(res, 200, company);
  if (method === "GET" && /^\/companies\/[^/]+$/.test(p)) {
    return whopError(res, 404, "not_found", NOT_FOUND("that company"));
  }
  if (q.has("company_id") && q.get("company_id") !== COMPANY) {
    return whopError(
      res,
      403,
      "forbidden",
      "You do not have permission to access this company. Make sure the API key was issued for it.",
    );
  }
  if (method === "GET" && p === "/products") {
    return json(
      res,
      200,
      page([
        product(PASS, "Monthly meetup pass"),
        product(PASS_WAITLIST, "Build day workshop", { visibility: "visible" }),
      ]),
    );
  }
  const prod = /^\/products\/([^/]+)$/.exec(p);
  if (prod && method === "GET") {
    if (prod[1] === PASS) return json(res, 200, product(PASS, "Monthly meetup pass"));
    if (prod[1] === PASS_WAITLIST) return json(res, 200, product(PASS_WAITLIST, "Build day workshop"));
    return whopError(res, 404, "not_found", NOT_FOUND("that product"));
  }
  if (method === "GET" && p === "/plans") {
    return json(
      res,
      200,
      page([
        {
          id: PLAN,
          title: "Monthly",
          plan_type: "renewal",
          release_method: "buy_now",
          visibility: "visible",
          currency: "eur",
          initial_price: 0,
          renewal_price: 12,
          billing_period: 30,
          trial_period_days: null,
          stock: null,
          unlimited_stock: true,
          member_count: 388,
          created_at: "2025-03-14T18:41:02Z",
          updated_at: "2026-10-01T12:00:00Z",
          company: { id: COMPANY, title: company.title },
          product: { id: PASS, title: "Monthly meetup pass" },
          purchase_url: `https://whop.com/checkout/${PLAN}`,
        },
        {
          id: "plan_Gy1Ua0VeTq4mZ8",
          title: "Workshop seat",
          plan_type: "one_time",
          release_method: "waitlist",
          visibility: "visible",
          currency: "eur",
          initial_price: 45,
          renewal_price: 0,
          billing_period: null,
          trial_period_days: null,
          stock: 0,
          unlimited_stock: false,
          member_count: 24,
          created_at: "2026-11-02T09:30:00Z",
          updated_at: "2026-12-04T17:45:10Z",
          company: { id: COMPANY, title: company.title },
          product: { id: PASS_WAITLIST, title: "Build day workshop" },
          purchase_url: "https://whop.com/checkout/plan_Gy1Ua0VeTq4mZ8",
        },
      ]),
    );
  }
  if (method === "GET" && p === "/memberships") {
    const statuses = q.getAll("statuses[]").concat(q.getAll("statuses"));
    if (statuses.includes("past_due")) return json(res, 200, page([]));
    return json(
      res,
      200,
      page([
        membership(MEMBERSHIP_ACTIVE, "active"),
        membership(MEMBERSHIP_CANCELED, "canceled", {
          canceled_at: "2026-11-20T21:03:44Z",
          cancellation_reason: "Moved to another city",
          user: { id: "user_Hj0Pf6Sd4Gy1Ta", name: "Owen Price", username: "owenp" },
        }),
      ]),
    );
  }
  const mem = /^\/memberships\/([^/]+)(\/cancel)?$/.exec(p);
  if (mem) {
    if (mem[1] === MEMBERSHIP_ACTIVE && method === "GET" && !mem[2]) {
      return json(res, 200, membership(MEMBERSHIP_ACTIVE, "active"));
    }
    if (mem[1] === MEMBERSHIP_ACTIVE && method === "POST" && mem[2]) {
      const mode = (parse(body).cancellation_mode as string) ?? "at_period_end";
      return json(
        res,
        200,
        membership(MEMBERSHIP_ACTIVE, mode === "immediate" ? "canceled" : "active", {
          cancel_at_period_end: mode !== "immediate",
          canceled_at: "2026-12-07T16:30:02Z",
        }),
      );
    }
    if (mem[1] === MEMBERSHIP_CANCELED && method === "POST" && mem[2]) {
      return whopError(res, 422, "unprocessable_entity", "This membership has already been canceled.");
    }
    if (mem[1] === MEMBERSHIP_CANCELED && method === "GET") {
      return json(res, 200, membership(MEMBERSHIP_CANCELED, "canceled"));
    }
    return whopError(res, 404, "not_found", NOT_FOUND("that membership"));
  }
  if (method === "GET" && p === "/members") {
    const query = q.get("query") ?? "";
    if (query && !"marta lindqvist martalind".includes(query.toLowerCase())) return json(res, 200, page([]));
    return json(
      res,
      200,
      page([
        {
          id: "mber_Yb8Kt4Qw9Lx3Rm",
          access_level: "customer",
          status: "joined",
          most_recent_action: "renewed",
          most_recent_action_at: "2026-12-01T08:00:12Z",
          created_at: "2026-09-02T19:05:31Z",
          updated_at: "2026-12-01T08:00:12Z",
          joined_at: "2026-09-02T19:05:31Z",
          usd_total_spent: 42.61,
          company: { id: COMPANY, title: company.title },
          user: { id: USER, email: "marta@example.org", name: "Marta Lindqvist", username: "martalind" },
          phone: null,
        },
      ]),
    );
  }
  if (method === "GET" && p === "/entries") {
    return json(
      res,
      200,
      page([
        entry(ENTRY_PENDING, "pending", "Jonas Berg", "jonasberg"),
        entry(ENTRY_DENIED, "denied", "Ayla Demir", "ayladem"),
      ]),
    );
  }
  const ent = /^\/entries\/([^/]+)\/(approve|deny)$/.exec(p);
  if (ent && method === "POST") {
    if (ent[1] === ENTRY_PENDING) {
      if (state.whopForbidden) {
        return whopError(
          res,
          403,
          "forbidden",
          "This API key is missing the required permission: plan:waitlist:manage",
        );
      }
      return json(res, 200, { job_id: "job_Nv5Rt3Qm8Lw2Xk" });
    }
    if (ent[1] === ENTRY_DENIED) {
      return whopError(res, 422, "unprocessable_entity", "Only pending entries can be approved or denied.");
    }
    return whopError(res, 404, "not_found", NOT_FOUND("that entry"));
  }
  if (method === "POST" && p === "/promo_codes") {
    const input = parse(body);
    const code = String(input.code ?? "");
    if (!/^[A-Z0-9_-]{3,32}$/i.test(code)) {
      return whopError(
        res,
        400,
        "invalid_request",
        "Code must be between 3 and 32 characters and may only contain letters, numbers, dashes and underscores.",
      );
    }
    if (code.toUpperCase() === "EARLYBIRD") {
      return whopError(
        res,
        422,
        "unprocessable_entity",
        "A promo code with this code already exists for this company.",
      );
    }
    return json(res, 200, {
      id: "promo_Kx5Lv3Rb8Hn2Jc",
      code: code.toUpperCase(),
      amount_off: input.amount_off,
      base_currency: input.base_currency,
      promo_type: input.promo_type,
      new_users_only: input.new_users_only,
      churned_users_only: false,
      existing_memberships_only: false,
      one_per_customer: true,
      promo_duration_months: input.promo_duration_months,
      stock: input.stock ?? null,
      unlimited_stock: input.stock == null,
      uses: 0,
      status: "active",
      expires_at: input.expires_at ?? null,
      created_at: "2026-12-07T16:31:20Z",
      company: { id: COMPANY, title: company.title },
      product: input.product_id ? { id: input.product_id, title: "Build day workshop" } : null,
    });
  }
  const access = /^\/users\/([^/]+)\/access\/([^/]+)$/.exec(p);
  if (access && method === "GET") {
    if (access[1] === USER) return json(res, 200, { has_access: true, access_level: "customer" });
    if (access[1]?.startsWith("user_"))
      return json(res, 200, { has_access: false, access_level: "no_access" });
    return whopError(res, 404, "not_found", NOT_FOUND("that user"));
  }
  unknownRequests.push(`whop ${method} ${p}`);
  return whopError(res, 404, "not_found", "Not found");
}

export const whopApi = httpStandin(WHOP_PORT, whop);
export const ALL_STANDINS = [whopApi];
