// Group r39-c: localization and translation management — Translatize (@translatize/mcp: a project's translation
// labels, search, coverage and missing translations, label upserts single and batched, branches created, reviewed
// and merged, platform AI auto-translation and its quota) over stdio, a kind the fixture README's server table lacks.
// The published MCP server is behind a loopback stand-in of its service (standins.ts). One server: see README.md
// for the other candidates and why none was captured.
//
//   (cd scripts/server-corpus/groups/r39-c && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r39-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  TOKEN,
  TRANSLATIZE_PORT,
  clearTimers,
  seen,
  state,
  translatizeApi,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@translatize/mcp": "0.1.2",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const BRANCH = "copy-refresh-q1";

// ── @translatize/mcp (stdio) ─────────────────────────────────────────────────────────────────────────────────────────

const translatize: SessionSpec = {
  label: "r39-c-translatize",
  server: "@translatize/mcp",
  transport: "stdio",
  start: stdioServer("r39-c-translatize", "@translatize/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME,
      TRANSLATIZE_API_TOKEN: TOKEN,
      TRANSLATIZE_API_URL: `http://127.0.0.1:${TRANSLATIZE_PORT}/v1`,
      TRANSLATIZE_APP_URL: "https://app.translatize.com",
    },
  }),
  steps: [
    step(
      "tz-001",
      "get_project_info",
      {},
      "the project, its four languages, the token's base branch and scope, per-language completeness",
    ),
    step(
      "tz-002",
      "list_labels",
      { namespace: "checkout", include_values: true },
      "the four checkout.* labels with their values (one still untranslated in two languages)",
    ),
    step(
      "tz-003",
      "get_labels",
      { keys: ["checkout.title", "checkout.pay_button", "checkout.promo_banner"] },
      "three keys by name: two exist, one does not (not_found lists it)",
    ),
    step(
      "tz-004",
      "get_labels",
      { keys: ["checkout.promo_banner"] },
      "one key by name that does not exist on the branch",
    ),
    step("tz-005", "search_labels", { query: "payment" }, "keys and values containing 'payment'"),
    step(
      "tz-006",
      "search_labels",
      { query: "gift card", in: "values" },
      "a wording no translation contains yet: no match",
    ),
    step(
      "tz-007",
      "get_missing_translations",
      { languages: ["lv"], limit: 10 },
      "the keys still missing a Latvian value, with their English source",
    ),
    step(
      "tz-008",
      "upsert_label",
      { key: "checkout.gift_card", values: { en: "Gift card", de: "Geschenkkarte" }, tags: ["web"] },
      "create a new key with English and German values",
    ),
    step(
      "tz-009",
      "upsert_label",
      { key: "checkout.gift_card", values: { "de-CH": "Geschenkgutschein" } },
      "a language the project does not have (de-CH): 400 unknown_languages",
    ),
    step(
      "tz-010",
      "upsert_label",
      { key: "checkout.gift_card", values: { "de-CH": "Geschenkgutschein" } },
      "the same call again, unchanged",
    ),
    step(
      "tz-011",
      "upsert_labels",
      {
        labels: [
          { key: "cart.empty", values: { lv: "Jūsu grozs ir tukšs" } },
          {
            key: "checkout.payment_failed",
            values: { lv: "Maksājumu neizdevās apstrādāt. Lūdzu, izmēģiniet citu karti." },
          },
          { key: "account.delete_confirm", values: { es: "¿Eliminar tu cuenta? No se puede deshacer." } },
        ],
      },
      "a batch of three: two Latvian values written, one item in a language the project lacks (failed[])",
    ),
    step(
      "tz-012",
      "create_branch",
      { name: BRANCH, description: "Q1 checkout copy refresh" },
      "a branch of the token's own, forked from main",
    ),
    step(
      "tz-013",
      "upsert_label",
      { key: "checkout.title", values: { en: "Review and pay", de: "Prüfen und bezahlen" }, branch: BRANCH },
      "change a key's English and German values on the new branch",
    ),
    step(
      "tz-014",
      "review_changes",
      { branch: BRANCH },
      "the review packet for the branch: one changed key, with the previous values and the platform link",
    ),
    step("tz-015", "create_branch", { name: BRANCH }, "the same branch name again: 409 branch_exists"),
    step(
      "tz-016",
      "list_labels",
      { branch: "release-2-4" },
      "a branch outside the token's allowed set: 403 branch_not_allowed",
    ),
    step(
      "tz-017",
      "auto_translate",
      { target_languages: ["lv", "fr"] },
      "platform AI translation with the quota nearly spent: 402 ai_quota_exceeded (used/limit in the body)",
    ),
    step(
      "tz-018",
      "translation_job_status",
      {},
      "no active job; the last job completed; the AI quota (1,888 characters left)",
    ),
    step(
      "tz-019",
      "list_labels",
      { namespace: "cart" },
      "401 token_expired: the integration token has expired",
      flag("tokenExpired"),
    ),
    step(
      "tz-020",
      "search_labels",
      { query: "sign" },
      "429 rate_limited with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "tz-021",
      "translation_status",
      {},
      "500 with the service's own setup error in the body (the server hides it)",
      flag("serverError"),
    ),
    step(
      "tz-022",
      "get_project_info",
      {},
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "tz-023",
      "translation_status",
      { branch: BRANCH },
      "a call while api.translatize.com is unreachable (connection refused)",
      down(translatizeApi),
    ),
    step(
      "tz-024",
      "export_labels",
      { format: "json", lang: "de" },
      "a tool the server does not register (its client can export, the server has no tool for it)",
    ),
    step("tz-025", "upsert_label", { values: { en: "Apply code" } }, "no key at all"),
  ],
};

export const SESSIONS: SessionSpec[] = [translatize];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
