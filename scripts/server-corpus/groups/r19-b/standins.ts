// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies
// and error bodies:
// - QuickBooks Online (quickbooks-mcp): Intuit's OAuth token endpoint (`oauth.platform.intuit.com/oauth2/v1/
//   tokens/bearer`, refreshed before every call) and the v3 accounting API (`quickbooks.api.intuit.com/v3/
//   company/<realm>/…`: companyinfo, query, invoice, customer, reports) with QuickBooks' `{"Fault":{"Error":[…],
//   "type"},"time"}` envelope;
// - Harvest v2 (harvest-mcp-server): `api.harvestapp.com/v2/projects`, `…/task_assignments`, `/time_entries`,
//   `/reports/time/*`;
// - InvoiceXpress (@wizardingcode/invoiceexpress-mcp): `<account>.app.invoicexpress.com/invoices.json`,
//   `/clients…`, `/api/accounts/<id>/get.json`, with the `api_key` query parameter.
//
// Every server has its host written into it and uses axios, which follows HTTPS_PROXY by sending absolute-form
// requests to the proxy; each server has its own forward proxy (standin-kit's `forwardProxy`), so stopping one
// refuses connections for that server alone. `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r19-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const QBO_PROXY_PORT = 40800;
export const HARVEST_PROXY_PORT = 40801;
export const IX_PROXY_PORT = 40802;

const IX_ACCOUNT = "lisboa-design";
const HOSTS = [
  "oauth.platform.intuit.com",
  "quickbooks.api.intuit.com",
  "api.harvestapp.com",
  `${IX_ACCOUNT}.app.invoicexpress.com`,
];

export const state = {
  // QuickBooks
  qboRefreshRevoked: false,
  qboUnauthorized: false,
  qboForbidden: false,
  qboThrottled: false,
  qboServerError: false,
  qboUnavailable: false,
  qboNullCompany: false,
  // Harvest
  hvUnauthorized: false,
  hvForbidden: false,
  hvRateLimited: false,
  hvServerError: false,
  hvUnavailable: false,
  hvErrorBody200: false,
  // InvoiceXpress
  ixUnauthorized: false,
  ixRateLimited: false,
  ixServerError: false,
  ixBadGateway: false,
  ixNullAccount: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, HOSTS);
  return cert;
}

const SLOW_MS = 15_000;

// ------------------------------------------------------------------------------------------ QuickBooks

export const QBO_REALM = "9341452781203456";
export const QBO_CLIENT_ID = "ABx8kQ2mW7rT5vY9nP3sL6dF1gH4jK0zXcV8bN2mQ7wE5rT";
export const QBO_CLIENT_SECRET = "t3Kq9Wm2Xr7Vb5Nc8Lp1Zs4Df6Gh0Jk2Mn5Qw8Er";
const QBO_TIME = "2026-12-06T09:41:17.332-08:00";

let qboTokenSerial = 0;

function qboFault(
  res: http.ServerResponse,
  status: number,
  type: string,
  errors: { Message: string; Detail?: string; code: string; element?: string }[],
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    { Fault: { Error: errors, type }, time: QBO_TIME },
    { intuit_tid: "1-6752f1a9-3c8e27d14b5a6f09e1c2d3b4", ...headers },
  );
}

const QBO_COMPANY = {
  CompanyName: "Harbor Light Bakery LLC",
  LegalName: "Harbor Light Bakery LLC",
  CompanyAddr: {
    Id: "1",
    Line1: "214 Wharf Street",
    City: "Portland",
    CountrySubDivisionCode: "ME",
    PostalCode: "04101",
  },
  CustomerCommunicationAddr: {
    Id: "1",
    Line1: "214 Wharf Street",
    City: "Portland",
    CountrySubDivisionCode: "ME",
    PostalCode: "04101",
  },
  LegalAddr: {
    Id: "1",
    Line1: "214 Wharf Street",
    City: "Portland",
    CountrySubDivisionCode: "ME",
    PostalCode: "04101",
  },
  PrimaryPhone: { FreeFormNumber: "(207) 555-0142" },
  CompanyStartDate: "2019-03-01",
  FiscalYearStartMonth: "January",
  Country: "US",
  Email: { Address: "books@harborlightbakery.example" },
  SupportedLanguages: "en",
  domain: "QBO",
  sparse: false,
  Id: "1",
  SyncToken: "7",
  MetaData: { CreateTime: "2019-03-01T08:12:44-08:00", LastUpdatedTime: "2026-11-02T15:20:09-08:00" },
};

const QBO_CUSTOMERS = [
  {
    Id: "58",
    SyncToken: "3",
    DisplayName: "Casco Bay Coffee Roasters",
    CompanyName: "Casco Bay Coffee Roasters",
    PrimaryEmailAddr: { Address: "orders@cascobaycoffee.example" },
    Balance: 1284.5,
    Active: true,
    Taxable: false,
    CurrencyRef: { value: "USD", name: "United States Dollar" },
    MetaData: { CreateTime: "2021-05-11T10:02:13-07:00", LastUpdatedTime: "2026-11-28T09:14:51-08:00" },
  },
  {
    Id: "61",
    SyncToken: "0",
    DisplayName: "Munjoy Hill Market",
    CompanyName: "Munjoy Hill Market",
    Balance: 0,
    Active: true,
    Taxable: true,
    CurrencyRef: { value: "USD", name: "United States Dollar" },
    MetaData: { CreateTime: "2022-01-19T13:40:02-08:00", LastUpdatedTime: "2026-10-03T11:05:37-07:00" },
  },
];

function qboInvoice(id: string, note: string) {
  return {
    Id: id,
    SyncToken: "2",
    DocNumber: "1038",
    TxnDate: "2026-11-24",
    DueDate: "2026-12-24",
    CustomerRef: { value: "58", name: "Casco Bay Coffee Roasters" },
    Line: [
      {
        Id: "1",
        LineNum: 1,
        Description: "Wholesale croissants, 12 dozen",
        Amount: 648,
        DetailType: "SalesItemLineDetail",
        SalesItemLineDetail: { ItemRef: { value: "7", name: "Wholesale Pastry" }, UnitPrice: 54, Qty: 12 },
      },
      { Amount: 648, DetailType: "SubTotalLineDetail", SubTotalLineDetail: {} },
    ],
    TotalAmt: 648,
    Balance: 648,
    PrivateNote: note,
    EmailStatus: "EmailSent",
    CurrencyRef: { value: "USD", name: "United States Dollar" },
    MetaData: { CreateTime: "2026-11-24T07:30:18-08:00", LastUpdatedTime: "2026-11-24T07:31:02-08:00" },
  };
}

const QBO_PNL = {
  Header: {
    Time: "2026-12-06T09:41:17-08:00",
    ReportName: "ProfitAndLoss",
    DateMacro: "",
    ReportBasis: "Accrual",
    StartPeriod: "2026-11-01",
    EndPeriod: "2026-11-30",
    SummarizeColumnsBy: "Total",
    Currency: "USD",
    Option: [{ Name: "NoReportData", Value: "false" }],
  },
  Columns: {
    Column: [
      { ColTitle: "", ColType: "Account" },
      { ColTitle: "Total", ColType: "Money" },
    ],
  },
  Rows: {
    Row: [
      {
        Header: { ColData: [{ value: "Income" }, { value: "" }] },
        Rows: {
          Row: [{ ColData: [{ value: "Wholesale Sales", id: "79" }, { value: "18420.00" }], type: "Data" }],
        },
        Summary: { ColData: [{ value: "Total Income" }, { value: "18420.00" }] },
        type: "Section",
        group: "Income",
      },
      {
        Header: { ColData: [{ value: "Expenses" }, { value: "" }] },
        Rows: {
          Row: [
            { ColData: [{ value: "Flour & Ingredients", id: "88" }, { value: "6312.40" }], type: "Data" },
            { ColData: [{ value: "Rent", id: "90" }, { value: "3200.00" }], type: "Data" },
          ],
        },
        Summary: { ColData: [{ value: "Total Expenses" }, { value: "9512.40" }] },
        type: "Section",
        group: "Expenses",
      },
      {
        Summary: { ColData: [{ value: "Net Income" }, { value: "8907.60" }] },
        type: "Section",
        group: "NetIncome",
      },
    ],
  },
};

const INTUIT_503 = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>503 Service Unavailable</title></head>
<body>
<h1>Service Unavailable</h1>
<p>The server is temporarily unable to service your request due to maintenance downtime or capacity problems. Please try again later.</p>
</body>
</html>`;

function qboHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname === "oauth.platform.intuit.com") {
    if (state.qboRefreshRevoked)
      return json(
        res,
        400,
        { error: "invalid_grant" },
        { intuit_tid: "1-6752f1aa-0b7c1e3f5a9d2c4e6f8a0b1c" },
      );
    qboTokenSerial += 1;
    return json(res, 200, {
      token_type: "bearer",
      access_token: `eyJlbmMiOiJBMTI4Q0JDLUhTMjU2IiwiYWxnIjoiZGlyIn0..standin-access-${qboTokenSerial}`,
      refresh_token: "AB11791234567standinRefreshTokenQkZ8rW2x",
      expires_in: 3600,
      x_refresh_token_expires_in: 8726400,
    });
  }
  if (url.hostname !== "quickbooks.api.intuit.com") return text(res, 404, "no such host");
  const prefix = `/v3/company/${QBO_REALM}`;
  const p = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname;

  if (state.qboUnauthorized)
    return qboFault(res, 401, "AUTHENTICATION", [
      {
        Message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
        Detail: "Token revoked",
        code: "3200",
      },
    ]);
  if (state.qboForbidden)
    return qboFault(res, 403, "SERVICE", [
      { Message: "message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403", code: "3100" },
    ]);
  if (state.qboThrottled)
    return qboFault(
      res,
      429,
      "SERVICE",
      [
        {
          Message: "message=ThrottleExceeded; errorCode=003001; statusCode=429",
          Detail: "The request limit for this resource has been reached for the current rate limit window.",
          code: "3001",
        },
      ],
      { "retry-after": "60" },
    );
  if (state.qboServerError)
    return qboFault(res, 500, "SystemFault", [
      {
        Message: "An application error has occurred while processing your request",
        Detail:
          "System Failure Error: An unexpected error occurred while accessing or saving your data. Please wait a few minutes and try again. If the problem persists, contact customer support.",
        code: "10000",
      },
    ]);
  if (state.qboUnavailable) return text(res, 503, INTUIT_503, "text/html");

  if (p === `/companyinfo/${QBO_REALM}`) {
    if (state.qboNullCompany) return json(res, 200, { CompanyInfo: null, time: QBO_TIME });
    return json(res, 200, { CompanyInfo: QBO_COMPANY, time: QBO_TIME });
  }
  if (p === "/query") {
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    if (query.includes("nickname"))
      return qboFault(res, 400, "ValidationFault", [
        {
          Message: "Error parsing query",
          Detail: "QueryValidationError: property 'Nickname' is not queryable",
          code: "4001",
        },
      ]);
    if (query.includes("from customer")) {
      const start = Number(/startposition (\d+)/.exec(query)?.[1] ?? "1");
      const rows = start > 1 ? [] : QBO_CUSTOMERS;
      return json(res, 200, {
        QueryResponse: rows.length ? { Customer: rows, startPosition: start, maxResults: rows.length } : {},
        time: QBO_TIME,
      });
    }
    if (query.includes("from invoice")) {
      if (query.includes("2026-12-01")) return json(res, 200, { QueryResponse: {}, time: QBO_TIME });
      const start = Number(/startposition (\d+)/.exec(query)?.[1] ?? "1");
      const rows =
        start > 1
          ? []
          : [
              qboInvoice(
                "1038",
                "Re-issued after the customer's card payment failed with a processor error (500 Internal Server Error at the gateway); no action needed.",
              ),
            ];
      return json(res, 200, {
        QueryResponse: rows.length ? { Invoice: rows, startPosition: start, maxResults: rows.length } : {},
        time: QBO_TIME,
      });
    }
    return json(res, 200, { QueryResponse: {}, time: QBO_TIME });
  }
  const invoice = /^\/invoice\/(\w+)$/.exec(p);
  if (invoice) {
    if (invoice[1] === "1038")
      return json(res, 200, { Invoice: qboInvoice("1038", "Net 30"), time: QBO_TIME });
    return qboFault(res, 400, "ValidationFault", [
      {
        Message: "Object Not Found",
        Detail:
          "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.",
        code: "610",
        element: "",
      },
    ]);
  }
  const customer = /^\/customer\/(\w+)$/.exec(p);
  if (customer?.[1]) {
    const id = customer[1];
    if (id.startsWith("slow"))
      return later(SLOW_MS, () => json(res, 200, { Customer: QBO_CUSTOMERS[0], time: QBO_TIME }));
    const found = QBO_CUSTOMERS.find((c) => c.Id === id);
    if (found) return json(res, 200, { Customer: found, time: QBO_TIME });
    return qboFault(res, 400, "ValidationFault", [
      {
        Message: "Object Not Found",
        Detail:
          "Object Not Found : Something you're trying to use has been made inactive. Check the fields with accounts, customers, items, vendors or employees.",
        code: "610",
        element: "",
      },
    ]);
  }
  if (p === "/customer" && req.method === "POST") {
    const input = parse(body) as { DisplayName?: string };
    if (QBO_CUSTOMERS.some((c) => c.DisplayName === input.DisplayName))
      return qboFault(res, 400, "ValidationFault", [
        {
          Message: "Duplicate Name Exists Error",
          Detail:
            "The name supplied already exists. : Another customer, vendor or employee is already using this name. Please use a different name.",
          code: "6240",
          element: "",
        },
      ]);
    return json(res, 200, {
      Customer: {
        Id: "74",
        SyncToken: "0",
        DisplayName: input.DisplayName,
        Balance: 0,
        Active: true,
        Taxable: true,
        CurrencyRef: { value: "USD", name: "United States Dollar" },
        MetaData: { CreateTime: "2026-12-06T09:41:17-08:00", LastUpdatedTime: "2026-12-06T09:41:17-08:00" },
      },
      time: QBO_TIME,
    });
  }
  if (p === "/reports/ProfitAndLoss") {
    const start = url.searchParams.get("start_date") ?? "";
    if (start && !/^\d{4}-\d{2}-\d{2}$/.test(start))
      return qboFault(res, 400, "ValidationFault", [
        {
          Message: "Invalid date",
          Detail: `Invalid date : ${start} is not a valid date. Supported date format is yyyy-MM-dd.`,
          code: "2020",
          element: "start_date",
        },
      ]);
    return json(res, 200, QBO_PNL);
  }
  return qboFault(res, 400, "ValidationFault", [
    {
      Message: "Unsupported Operation",
      Detail: `Operation Could not find resource for relative : ${url.pathname} is not supported.`,
      code: "500",
    },
  ]);
}

// --------------------------------------------------------------------------------------------- Harvest

export const HARVEST_TOKEN = "2918433.pt.Hq7vN3xK9mR2wT5yB8cF1jL4pS6dG0zA";
export const HARVEST_ACCOUNT = "1482907";

const HV_PROJECTS = [
  {
    id: 3418001,
    name: "Website Redesign",
    code: "WEB-26",
    is_active: true,
    client: { id: 5735776, name: "Casco Bay Coffee Roasters", currency: "USD" },
  },
  {
    id: 3418002,
    name: "Mobile Ordering App",
    code: "APP-26",
    is_active: true,
    client: { id: 5735776, name: "Casco Bay Coffee Roasters", currency: "USD" },
  },
  { id: 3418009, name: "[LV] Leave", code: "LV", is_active: true, client: null },
];

function hvTasks(projectId: number) {
  const names =
    projectId === 3418009
      ? ["Annual Leave", "Person (Sick/Carer's) Leave"]
      : ["Development", "Design", "Project Management"];
  return names.map((name, i) => ({
    id: 155500000 + (projectId % 1000) * 10 + i,
    billable: projectId !== 3418009,
    is_active: true,
    hourly_rate: projectId === 3418009 ? null : 140,
    task: { id: 8083360 + i + (projectId === 3418009 ? 10 : 0), name },
  }));
}

function hvEntry(
  id: number,
  date: string,
  hours: number,
  notes: string,
  project = HV_PROJECTS[0]!,
  task = "Development",
) {
  return {
    id,
    spent_date: date,
    hours,
    rounded_hours: hours,
    notes,
    is_locked: false,
    is_running: false,
    billable: true,
    user: { id: 1782959, name: "Rowan Ellis" },
    client: { id: 5735776, name: "Casco Bay Coffee Roasters", currency: "USD" },
    project: { id: project.id, name: project.name, code: project.code },
    task: { id: 8083360, name: task },
    created_at: `${date}T17:02:11Z`,
    updated_at: `${date}T17:02:11Z`,
  };
}

const HV_ENTRIES = [
  hvEntry(
    2364000101,
    "2026-12-02",
    3.5,
    "Checkout flow: fixed error handling for declined cards (the 500 Internal Server Error page now shows a retry).",
  ),
  hvEntry(
    2364000102,
    "2026-12-03",
    2,
    "Design review with the client; agreed on the menu layout.",
    HV_PROJECTS[0],
    "Design",
  ),
  hvEntry(2364000103, "2026-12-04", 4, "Order API integration tests.", HV_PROJECTS[1]),
];

function hvPage(key: string, rows: unknown[], path: string) {
  return {
    [key]: rows,
    per_page: 2000,
    total_pages: rows.length ? 1 : 0,
    total_entries: rows.length,
    next_page: null,
    previous_page: null,
    page: 1,
    links: {
      first: `https://api.harvestapp.com/v2/${path}?page=1&per_page=2000`,
      next: null,
      previous: null,
      last: `https://api.harvestapp.com/v2/${path}?page=1&per_page=2000`,
    },
  };
}

const HARVEST_500 =
  "We're sorry, but something went wrong. The problem has been reported to us and we are looking into it.  E-mail us if you continue to experience issues: https://www.getharvest.com/help/contact";

const HARVEST_503 = `<!DOCTYPE html>
<html>
<head><title>Harvest is down for maintenance</title></head>
<body>
<h1>Harvest is temporarily down for scheduled maintenance.</h1>
<p>We expect to be back shortly. Check https://www.harveststatus.com for updates.</p>
</body>
</html>`;

function harvestHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname !== "api.harvestapp.com") return text(res, 404, "no such host");
  const p = url.pathname.replace(/^\/v2/, "");
  if (state.hvUnauthorized)
    return json(res, 401, {
      error: "invalid_token",
      error_description:
        "The access token provided is expired, revoked, malformed or invalid for other reasons.",
    });
  if (state.hvForbidden) return json(res, 403, { status: 403, error: "Forbidden" });
  if (state.hvRateLimited)
    return json(res, 429, { status: 429, error: "Too Many Requests" }, { "retry-after": "15" });
  if (state.hvServerError) return text(res, 500, HARVEST_500, "text/html; charset=utf-8");
  if (state.hvUnavailable) return text(res, 503, HARVEST_503, "text/html; charset=utf-8");
  if (state.hvErrorBody200)
    return json(res, 200, {
      error: "invalid_token",
      error_description:
        "The access token provided is expired, revoked, malformed or invalid for other reasons.",
    });

  if (p === "/projects") return json(res, 200, hvPage("projects", HV_PROJECTS, "projects"));
  const tasks = /^\/projects\/(\w+)\/task_assignments$/.exec(p);
  if (tasks) {
    const id = Number(tasks[1]);
    if (!HV_PROJECTS.some((project) => project.id === id))
      return json(res, 404, { status: 404, error: "Not Found" });
    return json(res, 200, hvPage("task_assignments", hvTasks(id), `projects/${id}/task_assignments`));
  }
  if (p === "/time_entries" && req.method === "GET") {
    const from = url.searchParams.get("from") ?? "";
    if (from === "2026-12-05")
      return later(SLOW_MS, () => json(res, 200, hvPage("time_entries", [], "time_entries")));
    if (from && !/^\d{4}-\d{2}-\d{2}$/.test(from))
      return json(res, 422, { message: "From must be a valid ISO 8601 date (YYYY-MM-DD)" });
    if (from.startsWith("2026-08")) return json(res, 200, hvPage("time_entries", [], "time_entries"));
    return json(res, 200, hvPage("time_entries", HV_ENTRIES, "time_entries"));
  }
  if (p === "/time_entries" && req.method === "POST") {
    const input = parse(body) as {
      project_id?: number;
      task_id?: number;
      spent_date?: string;
      hours?: number;
      notes?: string;
    };
    if (input.project_id === 3418002)
      return json(res, 422, { message: "Project is archived and can no longer be tracked against" });
    const project = HV_PROJECTS.find((candidate) => candidate.id === input.project_id) ?? HV_PROJECTS[0]!;
    const entry = hvEntry(
      2364000188,
      "2026-12-06",
      Number(input.hours ?? 0),
      String(input.notes ?? ""),
      project,
    );
    return json(res, 201, entry);
  }
  const report = /^\/reports\/time\/(projects|clients|tasks|team)$/.exec(p);
  if (report) {
    const kind = report[1];
    if (kind === "clients") return json(res, 200, hvPage("results", [], `reports/time/${kind}`));
    return json(
      res,
      200,
      hvPage(
        "results",
        [
          {
            project_id: 3418001,
            project_name: "Website Redesign",
            client_id: 5735776,
            client_name: "Casco Bay Coffee Roasters",
            total_hours: 61.5,
            billable_hours: 58,
            currency: "USD",
            billable_amount: 8120,
          },
          {
            project_id: 3418002,
            project_name: "Mobile Ordering App",
            client_id: 5735776,
            client_name: "Casco Bay Coffee Roasters",
            total_hours: 24,
            billable_hours: 24,
            currency: "USD",
            billable_amount: 3360,
          },
        ],
        `reports/time/${kind}`,
      ),
    );
  }
  return json(res, 404, { status: 404, error: "Not Found" });
}

// ---------------------------------------------------------------------------------------- InvoiceXpress

export const IX_API_KEY = "7c1f3a9e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a";
export const IX_ACCOUNT_NAME = IX_ACCOUNT;
export const IX_ACCOUNT_ID = 41377;

const IX_CLIENT = {
  id: 3301,
  name: "Padaria Ribeira Lda",
  code: "PRIB",
  email: "contabilidade@padariaribeira.example",
  address: "Rua da Ribeira Nova 18",
  city: "Lisboa",
  postal_code: "1200-370",
  country: "Portugal",
  fiscal_id: "514230918",
  website: "",
  phone: "213 456 780",
  fax: "",
  observations: "",
  send_invoices_to_client: true,
  send_estimates_to_client: true,
  created_at: "2024-02-12T10:14:22Z",
  updated_at: "2026-10-30T16:02:40Z",
};

function ixInvoice(id: number, reference: string, observations: string) {
  return {
    id,
    status: "final",
    archived: false,
    type: "Invoice",
    sequence_number: reference,
    reference,
    inverted_sequence_number: reference,
    date: "28/11/2026",
    due_date: "28/12/2026",
    client: {
      id: IX_CLIENT.id,
      name: IX_CLIENT.name,
      email: IX_CLIENT.email,
      fiscal_id: IX_CLIENT.fiscal_id,
      country: "Portugal",
    },
    items: [
      {
        name: "Design de embalagens",
        description: "Packaging design, 3 boxes",
        unit_price: "450.0",
        unit: "service",
        quantity: "1.0",
        tax: { id: 1, name: "IVA23", value: 23.0 },
        discount: 0.0,
        subtotal: 450.0,
        tax_amount: 103.5,
        discount_amount: 0.0,
        total: 553.5,
      },
    ],
    sum: 450.0,
    discount: 0.0,
    before_taxes: 450.0,
    taxes: 103.5,
    total: 553.5,
    currency: "Euro",
    observations,
    retention: "0.0",
    tax_exemption: "M00",
    permalink: `https://${IX_ACCOUNT}.app.invoicexpress.com/documents/8f2c1d`,
    created_at: "2026-11-28T11:20:05Z",
    updated_at: "2026-11-28T11:21:40Z",
  };
}

const IX_INVOICES = [
  ixInvoice(
    41822001,
    "FT 2026/131",
    "Substitui a fatura FT 2026/118, emitida por erro (IVA errado). Replaces FT 2026/118, which was issued in error with the wrong VAT rate.",
  ),
  ixInvoice(41822002, "FT 2026/132", ""),
];

function ixPagination(count: number, page = 1) {
  return {
    total_entries: count,
    current_page: page,
    total_pages: count ? 1 : 0,
    per_entries: 20,
    per_page: 20,
  };
}

const CLOUDFLARE_502 = `<!DOCTYPE html>
<html lang="en-US">
<head>
<title>${IX_ACCOUNT}.app.invoicexpress.com | 502: Bad gateway</title>
<meta charset="UTF-8" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
<h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
<span class="inline-block">Bad gateway</span>
<span class="code-label">Error code 502</span>
</h1>
</header>
<div class="cf-error-footer">Cloudflare Ray ID: <strong>8e5a2d4c1f7b9e63</strong></div>
</div>
</div>
</body>
</html>`;

const IX_500 = `<!DOCTYPE html>
<html>
<head><title>We're sorry, but something went wrong (500)</title></head>
<body>
<div class="dialog"><h1>We're sorry, but something went wrong.</h1></div>
</body>
</html>`;

function ixHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname !== `${IX_ACCOUNT}.app.invoicexpress.com`) return text(res, 404, "no such host");
  const p = url.pathname;
  if (state.ixUnauthorized || url.searchParams.get("api_key") !== IX_API_KEY)
    return text(res, 401, "HTTP Basic: Access denied.\n", "text/html; charset=utf-8");
  if (state.ixRateLimited)
    return json(
      res,
      429,
      { message: "Too many requests, please retry in 60 seconds" },
      { "retry-after": "60" },
    );
  if (state.ixServerError) return text(res, 500, IX_500, "text/html; charset=utf-8");
  if (state.ixBadGateway) return text(res, 502, CLOUDFLARE_502, "text/html; charset=UTF-8");

  if (p === "/invoices.json" && req.method === "GET") {
    const statuses = url.searchParams.getAll("status[]");
    if (statuses.includes("draft")) return json(res, 200, { invoices: [], pagination: ixPagination(0) });
    return json(res, 200, { invoices: IX_INVOICES, pagination: ixPagination(IX_INVOICES.length) });
  }
  if (p === "/invoices.json" && req.method === "POST") {
    const input =
      (parse(body) as { invoice?: { date?: string; due_date?: string; client?: { name?: string } } })
        .invoice ?? {};
    const [dd, mm, yyyy] = String(input.date ?? "").split("/");
    const [ddd, dmm, dyyyy] = String(input.due_date ?? "").split("/");
    if (`${dyyyy}${dmm}${ddd}` < `${yyyy}${mm}${dd}`)
      return json(res, 422, { errors: [{ error: "Due date must be later than date" }] });
    return json(res, 201, {
      invoice: {
        ...ixInvoice(41822007, "", ""),
        status: "draft",
        sequence_number: "draft",
        reference: "",
        date: input.date,
        due_date: input.due_date,
      },
    });
  }
  const invoice = /^\/invoices\/(\d+)\.json$/.exec(p);
  if (invoice) {
    if (invoice[1] === "41822009") return later(SLOW_MS, () => json(res, 200, { invoice: IX_INVOICES[1] }));
    const found = IX_INVOICES.find((candidate) => String(candidate.id) === invoice[1]);
    if (!found) return json(res, 404, { errors: [{ error: "Document not found" }] });
    return json(res, 200, { invoice: found });
  }
  const change = /^\/invoices\/(\d+)\/change-state\.json$/.exec(p);
  if (change) {
    if (change[1] === "41822001") return text(res, 406, "", "application/json; charset=utf-8");
    return json(res, 200, { invoice: { ...IX_INVOICES[1], status: "final" } });
  }
  const client = /^\/clients\/(\d+)\.json$/.exec(p);
  if (client) {
    if (client[1] === String(IX_CLIENT.id)) return json(res, 200, { client: IX_CLIENT });
    return json(res, 404, { errors: [{ error: "Client not found" }] });
  }
  if (p === "/clients.json") return json(res, 200, { clients: [IX_CLIENT], pagination: ixPagination(1) });
  const account = /^\/api\/accounts\/(\d+)\/get\.json$/.exec(p);
  if (account) {
    if (state.ixNullAccount) return json(res, 200, { account: null });
    return json(res, 200, {
      account: {
        id: Number(account[1]),
        name: "Lisboa Design Studio",
        organization_name: "Lisboa Design Studio Lda",
        fiscal_id: "516402871",
        email: "geral@lisboadesign.example",
        country: "Portugal",
        plan: "Plus",
        at_communication: true,
      },
    });
  }
  return json(res, 404, { errors: [{ error: "Not found" }] });
}

// ----------------------------------------------------------------------------------------- listeners

export const qboStandin = forwardProxy(QBO_PROXY_PORT, ensureCertificate, qboHandler);
export const harvestStandin = forwardProxy(HARVEST_PROXY_PORT, ensureCertificate, harvestHandler);
export const ixStandin = forwardProxy(IX_PROXY_PORT, ensureCertificate, ixHandler);
export const ALL_STANDINS = [qboStandin, harvestStandin, ixStandin];
