// Loopback stand-in for group r37-c: the REST API of an O.D.I.N. print farm (`/api/v1/...`, the backend that
// odin-print-farm-mcp calls at its ODIN_BASE_URL), on plain HTTP. The farm runs six printers of four makes (Bambu Lab
// over MQTT, Prusa over PrusaLink, a Voron over Moonraker, a Creality over OctoPrint), a queue, spools, alerts and
// maintenance tasks. README.md says where each shape and body comes from. `state` is switched by the sessions' hooks.

import { clearTimers, httpStandin, json, later, parse } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r37-c";
export const ODIN_PORT = 43550;

/** Made-up tokens: one with scope agent:write, one with agent:read, one that was revoked. */
export const KEY_WRITE = "odin_w7Kq2mX9rT4vLp8sN3bY6cHd";
export const KEY_READ = "odin_r4Fz8jW2nQ6tBv1xM5kD9gLe";
export const KEY_REVOKED = "odin_x0Rv0k3dA1b2C3d4E5f6G7h8";

export const state = {
  rateLimited: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ---- the farm ----------------------------------------------------------------------------------------------------

const ams = (slots: [string, string, number][]) =>
  slots.map(([type, color, remaining], slot) => ({
    slot,
    filament_type: type,
    color_hex: color,
    remaining_pct: remaining,
    spool_id: 20 + slot,
  }));

const PRINTERS = [
  {
    id: 1,
    name: "X1C-01",
    model: "Bambu Lab X1 Carbon",
    api_type: "bambu",
    status: "printing",
    is_active: true,
    nozzle_diameter: 0.4,
    telemetry: { nozzle_temp: 219.6, nozzle_target: 220, bed_temp: 55.1, bed_target: 55, chamber_temp: 31.2 },
    active_job_id: 1184,
    progress_pct: 63,
    ams_slots: ams([
      ["PLA", "#1F1F1F", 72],
      ["PLA", "#F2F2F2", 40],
      ["PETG", "#2E6FD8", 88],
      ["PLA", "#D83A2E", 15],
    ]),
    last_seen: "2026-12-07T10:41:55Z",
  },
  {
    id: 2,
    name: "P1S-02",
    model: "Bambu Lab P1S",
    api_type: "bambu",
    status: "idle",
    is_active: true,
    nozzle_diameter: 0.4,
    telemetry: { nozzle_temp: 27.4, nozzle_target: 0, bed_temp: 24.9, bed_target: 0, chamber_temp: 23.8 },
    active_job_id: null,
    progress_pct: null,
    ams_slots: ams([
      ["PETG", "#101010", 54],
      ["PETG", "#FAFAFA", 61],
    ]),
    last_seen: "2026-12-07T10:41:57Z",
  },
  {
    id: 3,
    name: "MK4-01",
    model: "Prusa MK4",
    api_type: "prusalink",
    status: "printing",
    is_active: true,
    nozzle_diameter: 0.4,
    telemetry: { nozzle_temp: 239.8, nozzle_target: 240, bed_temp: 84.7, bed_target: 85, chamber_temp: null },
    active_job_id: 1187,
    progress_pct: 18,
    ams_slots: [],
    last_seen: "2026-12-07T10:41:52Z",
  },
  {
    id: 5,
    name: "Voron-24",
    model: "Voron 2.4 350",
    api_type: "moonraker",
    status: "idle",
    is_active: true,
    nozzle_diameter: 0.6,
    telemetry: { nozzle_temp: 26.1, nozzle_target: 0, bed_temp: 25.3, bed_target: 0, chamber_temp: 24.0 },
    active_job_id: null,
    progress_pct: null,
    ams_slots: [],
    last_seen: "2026-12-07T10:41:58Z",
  },
  {
    id: 6,
    name: "Ender3-V3",
    model: "Creality Ender-3 V3",
    api_type: "octoprint",
    status: "paused",
    is_active: true,
    nozzle_diameter: 0.4,
    telemetry: { nozzle_temp: 170.2, nozzle_target: 170, bed_temp: 59.8, bed_target: 60, chamber_temp: null },
    active_job_id: 1179,
    progress_pct: 41,
    ams_slots: [],
    last_seen: "2026-12-07T10:41:49Z",
  },
  {
    id: 7,
    name: "MK4-02",
    model: "Prusa MK4",
    api_type: "prusalink",
    status: "offline",
    is_active: true,
    nozzle_diameter: 0.4,
    telemetry: null,
    active_job_id: null,
    progress_pct: null,
    ams_slots: [],
    last_seen: "2026-12-07T09:58:12Z",
  },
];

type Job = {
  id: number;
  item_name: string;
  model_id: number;
  printer_id: number | null;
  status: string;
  priority: number;
  quantity: number;
  filament_type: string;
  estimated_grams: number;
  estimated_minutes: number;
  started_at: string | null;
  completed_at: string | null;
  cost_usd: number | null;
  notes: string | null;
  created_at: string;
};

const job = (fields: Partial<Job> & Pick<Job, "id" | "item_name" | "model_id" | "status">): Job => ({
  printer_id: null,
  priority: 3,
  quantity: 1,
  filament_type: "PLA",
  estimated_grams: 48,
  estimated_minutes: 95,
  started_at: null,
  completed_at: null,
  cost_usd: null,
  notes: null,
  created_at: "2026-12-06T16:20:00Z",
  ...fields,
});

function seedJobs(): Job[] {
  return [
    job({
      id: 1179,
      item_name: "Cable chain link x40",
      model_id: 31,
      printer_id: 6,
      status: "paused",
      estimated_grams: 112,
      estimated_minutes: 310,
      started_at: "2026-12-07T07:12:00Z",
      notes: "Paused for filament runout on E3V3",
    }),
    job({
      id: 1184,
      item_name: "Drawer organizer 3x2",
      model_id: 44,
      printer_id: 1,
      status: "printing",
      estimated_grams: 164,
      estimated_minutes: 248,
      started_at: "2026-12-07T08:05:00Z",
    }),
    job({
      id: 1187,
      item_name: "Pump housing (customer 214)",
      model_id: 52,
      printer_id: 3,
      status: "printing",
      filament_type: "PETG",
      estimated_grams: 231,
      estimated_minutes: 402,
      started_at: "2026-12-07T10:02:00Z",
      cost_usd: 6.84,
    }),
    job({ id: 1188, item_name: "Spool holder v2", model_id: 55, status: "pending", priority: 2 }),
    job({
      id: 1189,
      item_name: "Gridfinity bins 2x2 (x6)",
      model_id: 58,
      status: "pending",
      priority: 4,
      quantity: 6,
      estimated_grams: 36,
      estimated_minutes: 70,
    }),
    job({
      id: 1176,
      item_name: "Bracket, left",
      model_id: 29,
      printer_id: 2,
      status: "completed",
      started_at: "2026-12-06T18:00:00Z",
      completed_at: "2026-12-06T19:41:00Z",
      cost_usd: 1.12,
    }),
  ];
}

const jobs: Job[] = seedJobs();
let nextJobId = 1190;

const MODELS: Record<number, { name: string; grams: number; minutes: number; filament: string }> = {
  55: { name: "Spool holder v2", grams: 48, minutes: 95, filament: "PLA" },
  61: { name: "Enclosure panel clip", grams: 22, minutes: 41, filament: "PETG" },
};

const SPOOLS = [
  {
    id: 20,
    filament_type: "PLA",
    brand: "Bambu",
    color: "Black",
    remaining_grams: 720,
    printer_id: 1,
    slot: 0,
  },
  {
    id: 22,
    filament_type: "PETG",
    brand: "Bambu",
    color: "Blue",
    remaining_grams: 880,
    printer_id: 1,
    slot: 2,
  },
  {
    id: 31,
    filament_type: "PETG",
    brand: "Prusament",
    color: "Galaxy Black",
    remaining_grams: 410,
    printer_id: 3,
    slot: null,
  },
  {
    id: 34,
    filament_type: "PETG",
    brand: "Prusament",
    color: "Jet Black",
    remaining_grams: 1000,
    printer_id: null,
    slot: null,
  },
  {
    id: 35,
    filament_type: "PETG",
    brand: "Polymaker",
    color: "Orange",
    remaining_grams: 640,
    printer_id: null,
    slot: null,
  },
  {
    id: 40,
    filament_type: "ASA",
    brand: "Polymaker",
    color: "Grey",
    remaining_grams: 950,
    printer_id: null,
    slot: null,
  },
];

const ALERTS = [
  {
    id: 9001,
    severity: "critical",
    alert_type: "printer_offline",
    printer_id: 7,
    title: "MK4-02 went offline",
    message: "No response from PrusaLink for 40 minutes",
    is_read: false,
    created_at: "2026-12-07T10:38:12Z",
  },
  {
    id: 9002,
    severity: "warning",
    alert_type: "filament_low",
    printer_id: 1,
    title: "AMS slot 4 below 20%",
    message: "X1C-01 slot 4 (PLA red) has about 150 g left",
    is_read: false,
    created_at: "2026-12-07T09:12:40Z",
  },
  {
    id: 8997,
    severity: "critical",
    alert_type: "print_failed",
    printer_id: 2,
    title: "Job 1171 failed",
    message: "Spaghetti detected at layer 38",
    is_read: true,
    created_at: "2026-12-05T22:03:10Z",
  },
];

export function resetState() {
  unknownRequests.length = 0;
  seen.length = 0;
  jobs.length = 0;
  jobs.push(...seedJobs());
  nextJobId = 1190;
  state.rateLimited = false;
  state.slow = false;
}

// ---- answers -----------------------------------------------------------------------------------------------------

// The dual-shape error: a top-level `detail` for older clients and `error.{code, detail, retriable}` for agents.
const odinError = (
  code: string,
  detail: string,
  retriable: boolean,
  extra: Record<string, unknown> = {},
) => ({
  detail,
  error: { code, detail, retriable, ...extra },
});

type Res = Parameters<typeof json>[0];

function notFound(res: Res, what: "printer" | "job" | "alert" | "spool", id: string) {
  const label = what[0]!.toUpperCase() + what.slice(1);
  return json(res, 404, odinError(`${what}_not_found`, `${label} ${id} not found`, false));
}

function dryRun(res: Res, method: string, path: string, wouldExecute: Record<string, unknown>) {
  return json(res, 200, { dry_run: true, would_execute: { method, path, ...wouldExecute } });
}

export const odin = httpStandin(ODIN_PORT, (req, url, body, res) => {
  const p = url.pathname;
  const method = req.method ?? "GET";
  seen.push(`odin ${method} ${p}${url.search} key=${String(req.headers["x-api-key"]).slice(0, 7)} ${body}`);

  if (p === "/api/v1/version") return json(res, 200, { version: "1.9.2", api: "v1" });

  const key = req.headers["x-api-key"];
  if (key !== KEY_WRITE && key !== KEY_READ)
    return json(res, 401, { detail: "Invalid or revoked API token" }, { "WWW-Authenticate": "APIKey" });
  const mutating = method !== "GET";
  if (mutating && key === KEY_READ)
    return json(
      res,
      403,
      odinError(
        "scope_denied",
        `Token scope 'agent:read' does not allow ${method} ${p}; requires 'agent:write'`,
        false,
        { required_scope: "agent:write", token_scopes: ["agent:read"] },
      ),
    );
  const isDryRun = req.headers["x-dry-run"] === "true";

  // ---- printers
  if (p === "/api/v1/printers" && method === "GET") {
    const status = url.searchParams.get("status");
    return json(
      res,
      200,
      PRINTERS.filter((printer) => !status || printer.status === status).map(
        ({ ams_slots: _ams, telemetry: _telemetry, ...rest }) => rest,
      ),
    );
  }
  const printerMatch = /^\/api\/v1\/printers\/(\d+)(?:\/(pause|resume))?$/.exec(p);
  if (printerMatch) {
    const [, id, action] = printerMatch;
    const printer = PRINTERS.find((item) => String(item.id) === id);
    if (!printer) return notFound(res, "printer", id!);
    if (!action && method === "GET") {
      const active = jobs.find((item) => item.id === printer.active_job_id) ?? null;
      return json(res, 200, { ...printer, active_job: active });
    }
    if (action === "pause" && method === "POST") {
      if (printer.status === "offline")
        return json(
          res,
          503,
          odinError(
            "printer_offline",
            `Printer ${printer.id} (${printer.name}) is offline: no response from PrusaLink since ${printer.last_seen}`,
            true,
          ),
        );
      if (printer.status !== "printing")
        return json(
          res,
          409,
          odinError(
            "invalid_state",
            `Printer ${printer.id} (${printer.name}) is ${printer.status}; only a printing printer can be paused`,
            false,
            { current_status: printer.status },
          ),
        );
      if (isDryRun) return dryRun(res, method, p, { printer_id: printer.id, from: "printing", to: "paused" });
      return json(res, 200, {
        printer_id: printer.id,
        status: "paused",
        next_actions: [{ tool: "resume_printer", args: { printer_id: printer.id } }],
      });
    }
  }

  // ---- jobs
  if (p === "/api/v1/jobs" && method === "GET") {
    const status = url.searchParams.get("status");
    const limit = Number(url.searchParams.get("limit") ?? 100);
    return json(res, 200, jobs.filter((item) => !status || item.status === status).slice(0, limit));
  }
  if (p === "/api/v1/jobs" && method === "POST") {
    const given = parse(body);
    const modelId = Number(given.model_id);
    const model = MODELS[modelId];
    if (!model)
      return json(res, 404, odinError("model_not_found", `Model ${String(given.model_id)} not found`, false));
    const quantity = Number(given.quantity ?? 1);
    const grams = model.grams * quantity;
    // The farm's monthly filament quota for this token's user (schools and makerspaces set one per user).
    const used = 1840;
    const limit = 2000;
    if (used + grams > limit)
      return json(
        res,
        403,
        odinError(
          "quota_exceeded",
          `Filament quota exceeded: this job needs ${grams} g, ${limit - used} g of the monthly ${limit} g remain`,
          false,
          { used_grams: used, limit_grams: limit, requested_grams: grams },
        ),
      );
    const printerId =
      given.printer_id === undefined || given.printer_id === null ? null : Number(given.printer_id);
    if (printerId !== null && !PRINTERS.some((item) => item.id === printerId))
      return notFound(res, "printer", String(printerId));
    if (isDryRun)
      return dryRun(res, "POST", p, {
        item_name: given.item_name,
        model_id: modelId,
        printer_id: printerId,
        quantity,
        priority: given.priority,
        estimated_grams: grams,
        estimated_minutes: model.minutes * quantity,
      });
    const created = job({
      id: nextJobId++,
      item_name: String(given.item_name ?? model.name),
      model_id: modelId,
      printer_id: printerId,
      status: "pending",
      priority: Number(given.priority ?? 3),
      quantity,
      filament_type: model.filament,
      estimated_grams: grams,
      estimated_minutes: model.minutes * quantity,
      notes: (given.notes as string | undefined) ?? null,
      created_at: "2026-12-07T10:43:05Z",
    });
    jobs.push(created);
    return json(res, 201, {
      ...created,
      next_actions: [
        { tool: "list_queue", reason: "See where the job landed in the queue" },
        { tool: "get_job", args: { id: created.id } },
      ],
    });
  }
  const jobMatch = /^\/api\/v1\/jobs\/(\d+)(?:\/(cancel|approve|reject))?$/.exec(p);
  if (jobMatch) {
    const [, id, action] = jobMatch;
    const found = jobs.find((item) => String(item.id) === id);
    if (!found) return notFound(res, "job", id!);
    if (!action && method === "GET") return json(res, 200, found);
    if (action === "cancel" && method === "POST") {
      if (!["pending", "submitted", "queued", "printing", "paused"].includes(found.status))
        return json(
          res,
          409,
          odinError(
            "invalid_state",
            `Job ${found.id} is ${found.status}; only pending, queued, printing or paused jobs can be cancelled`,
            false,
            { current_status: found.status },
          ),
        );
      if (isDryRun) return dryRun(res, "POST", p, { job_id: found.id, from: found.status, to: "cancelled" });
      const wasPrinting = found.status === "printing";
      found.status = "cancelled";
      found.completed_at = "2026-12-07T10:44:10Z";
      const reason = (parse(body).reason as string | undefined) ?? null;
      if (reason) found.notes = reason;
      return json(res, 200, {
        ...found,
        printer_action: wasPrinting ? "stop_sent" : null,
        next_actions: wasPrinting
          ? [{ tool: "get_printer", args: { id: found.printer_id }, reason: "Confirm the printer stopped" }]
          : [],
      });
    }
  }

  // ---- inventory, alerts, maintenance, orders
  if (p === "/api/v1/spools" && method === "GET") {
    const type = url.searchParams.get("filament_type");
    const available = url.searchParams.get("available_only") === "true";
    return json(
      res,
      200,
      SPOOLS.filter(
        (spool) =>
          (!type || spool.filament_type.toLowerCase() === type.toLowerCase()) &&
          (!available || spool.printer_id === null),
      ),
    );
  }
  if (p === "/api/v1/alerts" && method === "GET") {
    const severity = url.searchParams.get("severity");
    const unread = url.searchParams.get("is_read") === "false";
    return json(
      res,
      200,
      ALERTS.filter((alert) => (!severity || alert.severity === severity) && (!unread || !alert.is_read)),
    );
  }
  const alertMatch = /^\/api\/v1\/alerts\/(\d+)\/(read|dismiss)$/.exec(p);
  if (alertMatch && method === "PATCH") {
    const alert = ALERTS.find((item) => String(item.id) === alertMatch[1]);
    if (!alert) return notFound(res, "alert", alertMatch[1]!);
    return json(res, 200, { ...alert, is_read: true });
  }
  if (p === "/api/v1/maintenance/tasks" && method === "GET") {
    if (state.rateLimited)
      return json(
        res,
        429,
        odinError("rate_limited", "Rate limit exceeded: 60 per 1 minute. Retry in 42 seconds.", true, {
          retry_after: 42,
        }),
        { "Retry-After": "42", "X-RateLimit-Limit": "60", "X-RateLimit-Remaining": "0" },
      );
    return json(res, 200, [
      {
        id: 301,
        printer_id: 6,
        task: "Replace PTFE tube",
        interval_hours: 500,
        hours_since: 612,
        overdue: true,
      },
    ]);
  }
  if (p === "/api/v1/orders" && method === "GET") {
    const orders = [
      {
        id: 214,
        customer: "Hollis Pumps Ltd",
        status: "in_progress",
        items: [{ job_id: 1187, item_name: "Pump housing", quantity: 1 }],
        due_date: "2026-12-09",
      },
    ];
    if (state.slow) return later(8_000, () => json(res, 200, orders));
    return json(res, 200, orders);
  }

  unknownRequests.push(`odin ${method} ${p}`);
  return json(res, 404, { detail: "Not Found" });
});

export const ALL_STANDINS = [odin];
