// Loopback stand-in for group r39-c, answering with the real service's bodies (README.md says where each comes from
// and which wordings were written for the capture):
// - The Translatize integration API v1 (`api.translatize.com/v1`: `GET /integrations/me`, and under
//   `/integrations/projects/{id}`: `labels` GET and PATCH, `labels/batch` PATCH, `branches` GET and POST,
//   `branches/{name}/compare` and `/conflicts` (merge and delete only as far as refusing a branch this token did not
//   create), `translation/auto-translate` POST, `translation/status` GET; errors `{"error": "<code>", "message": "…"}` plus the
//   error's own context members) for @translatize/mcp, whose API base URL is a setting (TRANSLATIZE_API_URL): a plain
//   HTTP server on loopback.
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r39-c";

export const TRANSLATIZE_PORT = 44000;

export const TOKEN = "mcni_7Qk2vR9xT4mW1pZ8sL3nB6yH0cF5jD2gA9eK4uX7";

export const state = {
  tokenExpired: false,
  rateLimited: false,
  serverError: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── data ─────────────────────────────────────────────────────────────────────────────────────────────────────────────

export const PROJECT_ID = "prj_4f8a2c6e9b1d";
const LANGS = ["en", "de", "lv", "fr"];

interface Label {
  key: string;
  values: Record<string, string>;
  status: string;
  tags: string[];
  updatedAt: string;
}

const label = (
  key: string,
  values: Record<string, string>,
  status = "approved",
  tags: string[] = [],
): Label => ({
  key,
  values,
  status,
  tags,
  updatedAt: "2026-12-04T14:22:07.512Z",
});

const MAIN: Label[] = [
  label("checkout.title", { en: "Checkout", de: "Kasse", lv: "Norēķini", fr: "Paiement" }, "approved", [
    "web",
  ]),
  label(
    "checkout.pay_button",
    { en: "Pay {amount}", de: "{amount} bezahlen", lv: "Maksāt {amount}", fr: "Payer {amount}" },
    "approved",
    ["web", "ios"],
  ),
  label(
    "checkout.payment_failed",
    {
      en: "Your payment could not be processed. Please try another card.",
      de: "Ihre Zahlung konnte nicht verarbeitet werden. Bitte versuchen Sie eine andere Karte.",
      lv: "",
      fr: "",
    },
    "review",
    ["web"],
  ),
  label(
    "checkout.shipping_address",
    { en: "Shipping address", de: "Lieferadresse", lv: "Piegādes adrese", fr: "Adresse de livraison" },
    "approved",
    ["web"],
  ),
  label("cart.empty", {
    en: "Your cart is empty",
    de: "Ihr Warenkorb ist leer",
    lv: "",
    fr: "Votre panier est vide",
  }),
  label("cart.remove_item", { en: "Remove", de: "Entfernen", lv: "Noņemt", fr: "Retirer" }, "approved", [
    "web",
    "android",
  ]),
  label("account.sign_out", { en: "Sign out", de: "Abmelden", lv: "Izrakstīties", fr: "Se déconnecter" }),
  label(
    "account.delete_confirm",
    { en: "Delete your account? This cannot be undone.", de: "", lv: "", fr: "" },
    "draft",
    ["web"],
  ),
];

const BRANCH_LABELS: Record<string, Label[]> = { main: MAIN };

interface Branch {
  name: string;
  description: string;
  basedOn: string | null;
  createdAt: string;
  createdByThisToken: boolean;
  writable: boolean;
}

const BRANCHES: Branch[] = [
  {
    name: "main",
    description: "",
    basedOn: null,
    createdAt: "2026-09-14T08:01:33.000Z",
    createdByThisToken: false,
    writable: true,
  },
  {
    name: "release-2-4",
    description: "Strings frozen for the 2.4 release",
    basedOn: "main",
    createdAt: "2026-11-20T10:45:12.000Z",
    createdByThisToken: false,
    writable: false,
  },
];

const ME = {
  project: { id: PROJECT_ID, name: "Storefront", langs: LANGS },
  branch: "main",
  role: "developer",
  token: { name: "claude-code-agent", autoPublish: false, expiresAt: "2027-03-01T00:00:00.000Z" },
};

// ── the API ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const err = (
  res: http.ServerResponse,
  status: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => json(res, status, { error, message, ...extra }, headers);

const BRANCH_NAME = /^[a-zA-Z0-9_-]{1,100}$/;

function allowed(name: string): Branch | undefined {
  return BRANCHES.find((b) => b.name === name && b.writable);
}

function notAllowed(res: http.ServerResponse, name: string) {
  return err(res, 403, "branch_not_allowed", `This token may not act on branch "${name}".`, {
    boundBranch: "main",
    allowedBranches: BRANCHES.filter((b) => b.writable).map((b) => b.name),
  });
}

function unknownLangs(values: unknown): string[] {
  if (!values || typeof values !== "object") return [];
  return Object.keys(values).filter((lang) => !LANGS.includes(lang));
}

function upsert(labels: Label[], input: Record<string, unknown>): { created: boolean; label: Label } {
  const key = String(input.key);
  const existing = labels.find((l) => l.key === key);
  const values = (input.values ?? {}) as Record<string, string>;
  if (existing) {
    Object.assign(existing.values, values);
    if (typeof input.status === "string") existing.status = input.status;
    if (Array.isArray(input.tags)) existing.tags = input.tags as string[];
    existing.updatedAt = "2026-12-07T12:31:40.118Z";
    return { created: false, label: existing };
  }
  const created = label(
    key,
    Object.fromEntries(LANGS.map((lang) => [lang, values[lang] ?? ""])),
    typeof input.status === "string" ? input.status : "draft",
    Array.isArray(input.tags) ? (input.tags as string[]) : [],
  );
  created.updatedAt = "2026-12-07T12:31:40.118Z";
  labels.push(created);
  return { created: true, label: created };
}

function translatize(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`translatize ${req.method} ${url.pathname}${url.search} ${body}`.trim());
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return err(res, 401, "access_denied", "Missing or invalid integration token.");
  if (state.tokenExpired) return err(res, 401, "token_expired", "The integration token has expired.");
  if (state.rateLimited)
    return err(
      res,
      429,
      "rate_limited",
      "Too many requests. Retry after 30 seconds.",
      {},
      {
        "Retry-After": "30",
        "X-RateLimit-Limit": "120",
        "X-RateLimit-Remaining": "0",
      },
    );
  if (state.serverError)
    return err(
      res,
      500,
      "translation_provider_misconfigured",
      "DeepL provider key is not configured for this workspace.",
    );
  if (state.slow) return later(15_000, () => json(res, 200, ME));

  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "v1" || parts[1] !== "integrations") {
    unknownRequests.push(`translatize ${req.method} ${url.pathname}`);
    return err(res, 404, "not_found", "Route not found.");
  }
  if (parts[2] === "me" && req.method === "GET") return json(res, 200, ME);
  if (parts[2] !== "projects" || !parts[3]) {
    unknownRequests.push(`translatize ${req.method} ${url.pathname}`);
    return err(res, 404, "not_found", "Route not found.");
  }
  if (parts[3] !== PROJECT_ID)
    return err(res, 403, "project_mismatch", "Token does not belong to this project.");
  const [, , , , kind, name, sub] = parts;
  const b = req.method === "GET" || req.method === "DELETE" ? {} : parse(body);

  if (kind === "labels" && !name) {
    const branch =
      req.method === "GET" ? (url.searchParams.get("branch") ?? "main") : String(b.branch ?? "main");
    if (!allowed(branch)) return notAllowed(res, branch);
    const labels = (BRANCH_LABELS[branch] ??= MAIN.map((l) => ({ ...l, values: { ...l.values } })));
    if (req.method === "GET") {
      const namespace = url.searchParams.get("namespace");
      const status = url.searchParams.get("status");
      const rows = labels.filter(
        (l) => (!namespace || l.key.startsWith(`${namespace}.`)) && (!status || l.status === status),
      );
      return json(res, 200, { branch, total: rows.length, labels: rows });
    }
    if (req.method === "PATCH") {
      if (typeof b.key !== "string" || b.key === "")
        return err(res, 400, "invalid_request", "key is required.");
      const unknown = unknownLangs(b.values);
      if (unknown.length)
        return err(res, 400, "unknown_languages", `Unknown language codes: ${unknown.join(", ")}`, {
          unknownLanguages: unknown,
          projectLanguages: LANGS,
        });
      const { created, label: stored } = upsert(labels, b);
      return json(res, 200, {
        key: stored.key,
        branch,
        created,
        values: stored.values,
        status: stored.status,
        tags: stored.tags,
      });
    }
  }
  if (kind === "labels" && name === "batch" && req.method === "PATCH") {
    const branch = String(b.branch ?? "main");
    if (!allowed(branch)) return notAllowed(res, branch);
    const labels = (BRANCH_LABELS[branch] ??= MAIN.map((l) => ({ ...l, values: { ...l.values } })));
    const items = Array.isArray(b.labels) ? (b.labels as Record<string, unknown>[]) : [];
    if (items.length > 500) return err(res, 400, "batch_too_large", "At most 500 labels per request.");
    let updated = 0;
    let created = 0;
    const failed: { key?: string; error: string }[] = [];
    for (const item of items) {
      const unknown = unknownLangs(item.values);
      if (unknown.length) {
        failed.push({ key: String(item.key), error: `unknown_languages: ${unknown.join(", ")}` });
        continue;
      }
      if (upsert(labels, item).created) created++;
      else updated++;
    }
    return json(res, 200, { updated, created, failed });
  }
  if (kind === "branches" && !name) {
    if (req.method === "GET")
      return json(res, 200, { baseBranch: "main", branchScope: "create-own", branches: BRANCHES });
    if (req.method === "POST") {
      const branchName = String(b.name ?? "");
      if (!BRANCH_NAME.test(branchName) || branchName === "main")
        return err(res, 400, "invalid_name", "Branch name must match ^[a-zA-Z0-9_-]+$ and cannot be main.");
      if (BRANCHES.some((x) => x.name === branchName))
        return err(res, 409, "branch_exists", `Branch "${branchName}" already exists.`);
      const createdAt = "2026-12-07T12:29:03.774Z";
      BRANCHES.push({
        name: branchName,
        description: String(b.description ?? ""),
        basedOn: "main",
        createdAt,
        createdByThisToken: true,
        writable: true,
      });
      BRANCH_LABELS[branchName] = MAIN.map((l) => ({ ...l, values: { ...l.values } }));
      return json(res, 201, {
        branch: {
          name: branchName,
          description: String(b.description ?? ""),
          isDefault: false,
          basedOn: "main",
          createdBy: "tok_9c2e7a41",
          createdAt,
          lastModified: createdAt,
          createdByName: "claude-code-agent",
        },
      });
    }
  }
  if (kind === "branches" && name) {
    const branch = BRANCHES.find((x) => x.name === name);
    if (!branch) return err(res, 404, "branch_not_found", `Branch "${name}" not found.`);
    if (!branch.writable) return notAllowed(res, name);
    if (sub === "compare" && req.method === "GET") return json(res, 200, compare(name));
    if (sub === "conflicts" && req.method === "GET") {
      const conflicts = conflictsOf(name);
      return json(res, 200, {
        source: name,
        target: "main",
        conflicts,
        hasConflicts: conflicts.length > 0,
        conflictCount: conflicts.length,
      });
    }
    if (!branch.createdByThisToken)
      return err(res, 403, "not_token_branch", "This branch was not created by this token.");
  }
  if (kind === "translation" && name === "auto-translate" && req.method === "POST")
    return err(res, 402, "ai_quota_exceeded", "AI translation quota exceeded for this billing period.", {
      used: 498_112,
      limit: 500_000,
      remaining: 1_888,
      estimated: 6_240,
    });
  if (kind === "translation" && name === "status" && req.method === "GET")
    return json(res, 200, {
      activeJob: null,
      lastJob: {
        id: "job_1b7e3f90",
        status: "completed",
        branch: "main",
        sourceLang: "en",
        targetLangs: ["de", "lv", "fr"],
        counts: { requestedLabels: 42, translatedValues: 121, failedValues: 3, skippedValues: 2 },
        chars: { estimated: 6_480, actual: 6_211 },
        error: null,
        startedAt: "2026-12-01T09:12:44.000Z",
        finishedAt: "2026-12-01T09:13:58.000Z",
      },
      aiQuota: { used: 498_112, limit: 500_000, remaining: 1_888 },
    });
  unknownRequests.push(`translatize ${req.method} ${url.pathname}`);
  return err(res, 404, "not_found", "Route not found.");
}

function compare(name: string) {
  const source = BRANCH_LABELS[name] ?? [];
  const changed = [];
  const added = [];
  for (const l of source) {
    const base = MAIN.find((m) => m.key === l.key);
    const languages: Record<string, { sourceValue: string | null; targetValue: string | null }> = {};
    for (const lang of LANGS) {
      const s = l.values[lang] ?? null;
      const t = base ? (base.values[lang] ?? null) : null;
      if (s !== t) languages[lang] = { sourceValue: s, targetValue: t };
    }
    if (!base) added.push({ key: l.key, languages });
    else if (Object.keys(languages).length) changed.push({ key: l.key, languages });
  }
  return {
    source: name,
    target: "main",
    differences: { changed, added, deleted: [] },
    summary: {
      changed: changed.length,
      added: added.length,
      deleted: 0,
      total: changed.length + added.length,
    },
  };
}

function conflictsOf(name: string) {
  return compare(name)
    .differences.changed.flatMap((entry) =>
      Object.entries(entry.languages).map(([lang, cell]) => ({ key: entry.key, lang, ...cell })),
    )
    .filter((c) => c.sourceValue && c.targetValue);
}

export const translatizeApi = httpStandin(TRANSLATIZE_PORT, translatize);

export const ALL_STANDINS = [translatizeApi];
