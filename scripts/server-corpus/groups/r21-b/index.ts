// Group r21-b: marketing, advertising and customer messaging — Meta's Marketing API (meta-ads-mcp), Iterable
// (Iterable's own @iterable/mcp) and Google Ads through TrueClicks' GAQL.app relay (@trueclicks/google-ads-mcp-js):
// each published MCP server behind a loopback stand-in that answers with the real service's bodies and error
// bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r21-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r21-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GADS_CUSTOMER,
  GADS_CUSTOMER_CLOSED,
  GADS_CUSTOMER_FOREIGN,
  GADS_CUSTOMER_SLOW,
  GADS_MANAGER,
  GAQL_PROXY_PORT,
  GAQL_TOKEN,
  ITB_CAMPAIGN,
  ITB_CAMPAIGN_MISSING,
  ITB_CAMPAIGN_SLOW,
  ITB_LIST,
  ITERABLE_KEY,
  ITERABLE_PORT,
  META_ACCOUNT,
  META_CAMPAIGN,
  META_CAMPAIGN_HIDDEN,
  META_CAMPAIGN_MISSING,
  META_CAMPAIGN_PAUSE,
  META_CAMPAIGN_QUIET,
  META_CAMPAIGN_SLOW,
  META_PORT,
  META_TOKEN,
  clearTimers,
  ensureCertificate,
  gaqlStandin,
  iterableStandin,
  metaStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "meta-ads-mcp": "1.1.0",
  "@iterable/mcp": "1.9.0",
  "@trueclicks/google-ads-mcp-js": "0.3.7",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- Meta Ads

const meta: SessionSpec = {
  label: "r21-b-meta",
  server: "meta-ads-mcp",
  transport: "stdio",
  start: stdioServer("r21-b-meta", "meta-ads-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      META_ACCESS_TOKEN: META_TOKEN,
      META_BASE_URL: `http://127.0.0.1:${META_PORT}`,
      HOME,
    },
  }),
  steps: [
    step("meta-001", "get_ad_accounts", {}, "the ad accounts the token reaches"),
    step("meta-002", "list_campaigns", { account_id: META_ACCOUNT }, "the account's campaigns"),
    step(
      "meta-003",
      "list_campaigns",
      { account_id: META_ACCOUNT, status: "PAUSED" },
      "paused campaigns, of which there are none",
    ),
    step("meta-004", "get_campaign", { campaign_id: META_CAMPAIGN }, "one campaign by id"),
    step(
      "meta-005",
      "get_campaign",
      { campaign_id: META_CAMPAIGN_MISSING },
      "a campaign id that does not exist (Graph: Unsupported get request, #100/33)",
    ),
    step(
      "meta-006",
      "get_campaign",
      { campaign_id: META_CAMPAIGN_MISSING },
      "the same missing campaign again, unchanged",
    ),
    step(
      "meta-007",
      "get_campaign",
      { campaign_id: META_CAMPAIGN_HIDDEN },
      "a campaign the Graph API answers with a bare `false` (an object the token may not see)",
    ),
    step(
      "meta-008",
      "get_insights",
      { object_id: META_CAMPAIGN, level: "campaign", date_preset: "last_month" },
      "last month's insights for a campaign",
    ),
    step(
      "meta-009",
      "get_insights",
      { object_id: META_CAMPAIGN_QUIET, level: "campaign", date_preset: "last_month" },
      "insights for a campaign that has not delivered yet",
    ),
    step(
      "meta-010",
      "list_creatives",
      { account_id: META_ACCOUNT },
      "ad creatives, one of whose copy begins 'Error: card declined?'",
    ),
    step(
      "meta-011",
      "create_campaign",
      {
        account_id: META_ACCOUNT,
        name: "Winter Sale — Retargeting (video viewers 30d)",
        objective: "OUTCOME_SALES",
        daily_budget: 8000,
        special_ad_categories: [],
      },
      "create a paused sales campaign",
    ),
    step(
      "meta-012",
      "create_campaign",
      {
        account_id: META_ACCOUNT,
        name: "Spring teaser",
        objective: "OUTCOME_AWARENESS",
        daily_budget: 3000,
        lifetime_budget: 90000,
      },
      "a campaign with both a daily and a lifetime budget",
    ),
    step(
      "meta-013",
      "pause_campaign",
      { campaign_id: META_CAMPAIGN_PAUSE },
      "pause a campaign in an account whose owner granted no ads_management (#200)",
    ),
    step("meta-014", "delete_campaign", { campaign_id: META_CAMPAIGN_QUIET }, "delete a campaign"),
    step("meta-015", "list_audiences", { account_id: META_ACCOUNT }, "the account's custom audiences"),
    step(
      "meta-016",
      "list_ads",
      { account_id: META_ACCOUNT },
      "ads after the user's session expired (#190/463)",
      flag("metaTokenExpired"),
    ),
    step(
      "meta-017",
      "list_campaigns",
      { account_id: META_ACCOUNT },
      "campaigns while the ad account is throttled (#80004)",
      flag("metaRateLimited"),
    ),
    step(
      "meta-018",
      "get_insights",
      { object_id: META_CAMPAIGN, level: "campaign", date_preset: "this_month" },
      "insights while the Graph API answers 500 (#1 An unknown error)",
      flag("metaServerError"),
    ),
    step(
      "meta-019",
      "list_ad_sets",
      { campaign_id: META_CAMPAIGN },
      "ad sets while the Graph API answers 503 (#2, is_transient)",
      flag("metaUnavailable"),
    ),
    step(
      "meta-020",
      "get_ad_accounts",
      {},
      "ad accounts while a gateway answers an HTML 502 (the server retries three times)",
      flag("metaBadGateway"),
    ),
    step(
      "meta-021",
      "get_campaign",
      { campaign_id: META_CAMPAIGN_SLOW },
      "a campaign the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "meta-022",
      "list_campaigns",
      { account_id: META_ACCOUNT, limit: "ten" },
      "the page size given as a word",
    ),
    step(
      "meta-023",
      "get_ad_creative_stats",
      { creative_id: "120211000000000101" },
      "a tool the server does not have",
    ),
    step(
      "meta-024",
      "get_campaign",
      { campaign_id: META_CAMPAIGN },
      "a campaign while the Graph API cannot be reached (stand-in stopped)",
      down(metaStandin),
    ),
    step(
      "meta-025",
      "get_token_info",
      {},
      "the token's identity while debug_token refuses the expired session (the server swallows the error)",
      flag("metaDebugTokenFails"),
    ),
  ],
};

// ------------------------------------------------------------------------------------------- Iterable

const iterable: SessionSpec = {
  label: "r21-b-iterable",
  server: "@iterable/mcp",
  transport: "stdio",
  start: stdioServer("r21-b-iterable", "@iterable/mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      ITERABLE_API_KEY: ITERABLE_KEY,
      ITERABLE_BASE_URL: `http://127.0.0.1:${ITERABLE_PORT}`,
      ITERABLE_USER_PII: "true",
      ITERABLE_ENABLE_WRITES: "true",
      HOME,
    },
  }),
  steps: [
    step("itb-001", "get_lists", {}, "the project's lists"),
    step("itb-002", "get_campaigns", {}, "the first page of campaigns"),
    step("itb-003", "get_campaign", { id: ITB_CAMPAIGN }, "one campaign by id"),
    step(
      "itb-004",
      "get_campaign",
      { id: ITB_CAMPAIGN_MISSING },
      "a campaign id that does not exist (Iterable's HTML 404 'Action not found')",
    ),
    step(
      "itb-005",
      "get_campaign",
      { id: ITB_CAMPAIGN_MISSING },
      "the same missing campaign again, unchanged",
    ),
    step(
      "itb-006",
      "get_user_by_email",
      { email: "dana.whitfield@example.com" },
      "a user's profile by email",
    ),
    step(
      "itb-007",
      "get_user_by_email",
      { email: "no.such.subscriber@example.com" },
      "an email with no user profile (Iterable answers {})",
    ),
    step("itb-008", "get_list_size", { listId: ITB_LIST }, "a list's size"),
    step(
      "itb-009",
      "get_templates",
      { templateType: "Blast", messageMedium: "SMS" },
      "SMS blast templates, of which there are none",
    ),
    step(
      "itb-010",
      "track_event",
      {
        email: "dana.whitfield@example.com",
        eventName: "wishlistAdded",
        dataFields: { sku: "JKT-DOWN-0421", price: 249.0 },
      },
      "track a custom event (the server hides its send tools, track_event among them, unless sends are enabled)",
    ),
    step(
      "itb-011",
      "subscribe_to_list",
      {
        listId: 48214,
        subscribers: [{ userId: "u-1001" }, { userId: "u-1002" }, { userId: "u-7788" }],
        updateExistingUsersOnly: true,
      },
      "subscribe three users, one of whom does not exist",
    ),
    step(
      "itb-012",
      "subscribe_to_list",
      {
        listId: 48214,
        subscribers: [{ userId: "u-9998" }, { userId: "u-9999" }],
        updateExistingUsersOnly: true,
      },
      "subscribe two users, neither of whom exists (200, successCount 0)",
    ),
    step(
      "itb-013",
      "subscribe_to_list",
      { listId: 999999999, subscribers: [{ userId: "u-1001" }] },
      "subscribe to a list id that does not exist (400 whose code is 'Success')",
    ),
    step(
      "itb-014",
      "update_email",
      { currentEmail: "dana.whitfield@example.com", newEmail: "dana.w@acme-mail.example" },
      "change a user's email to one another profile already has (409)",
    ),
    step(
      "itb-015",
      "get_campaigns",
      {},
      "campaigns with an API key that was deleted (401)",
      flag("itbBadKey"),
    ),
    step(
      "itb-016",
      "get_lists",
      {},
      "lists while the key's rate limit is spent (429)",
      flag("itbRateLimited"),
    ),
    step(
      "itb-017",
      "get_campaigns",
      {},
      "campaigns while Iterable answers 503 GenericError",
      flag("itbUnavailable"),
    ),
    step(
      "itb-018",
      "get_lists",
      {},
      "lists while the load balancer answers an HTML 502",
      flag("itbBadGateway"),
    ),
    step(
      "itb-019",
      "get_campaign",
      { id: ITB_CAMPAIGN_SLOW },
      "a campaign the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "itb-020",
      "get_user_by_email",
      { email: "dana.whitfield at example.com" },
      "an email address that is not one",
    ),
    step("itb-021", "get_segments", {}, "a tool the server does not have"),
    step(
      "itb-022",
      "get_lists",
      {},
      "lists while Iterable cannot be reached (stand-in stopped)",
      down(iterableStandin),
    ),
    step(
      "itb-023",
      "update_user",
      {
        email: "dana.whitfield@example.com",
        dataFields: { preferredStore: "Munich", winterSaleOptIn: true },
        mergeNestedObjects: true,
      },
      "update a user's profile fields",
    ),
    step(
      "itb-024",
      "get_campaign",
      { id: ITB_CAMPAIGN_SLOW },
      "a slow campaign lookup; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// --------------------------------------------------------------------------------- Google Ads (GAQL.app)

const gaql = (query: string, customerId = GADS_CUSTOMER) => ({
  query,
  customerId,
  loginCustomerId: GADS_MANAGER,
  reportAggregation: "None",
});

const gads: SessionSpec = {
  label: "r21-b-gads",
  server: "@trueclicks/google-ads-mcp-js",
  transport: "stdio",
  start: stdioServer("r21-b-gads", "@trueclicks/google-ads-mcp-js", {
    from: FROM,
    cwd: DATA,
    args: [`--token=${GAQL_TOKEN}`],
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${GAQL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("gads-001", "get-accounts", {}, "the Google Ads accounts the token reaches"),
    step(
      "gads-002",
      "execute-gaql-query",
      gaql(
        "SELECT campaign.id, campaign.name, campaign.status, metrics.impressions, metrics.clicks, metrics.cost_micros, metrics.conversions FROM campaign WHERE segments.date DURING LAST_30_DAYS",
      ),
      "campaign metrics for the last 30 days",
    ),
    step(
      "gads-003",
      "execute-gaql-query",
      gaql("SELECT campaign.id, campaign.name FROM campaign WHERE campaign.status = 'REMOVED'"),
      "removed campaigns, of which there are none",
    ),
    step(
      "gads-004",
      "execute-gaql-query",
      gaql(
        "SELECT ad_group.name, ad_group_ad.ad.id, ad_group_ad.ad.responsive_search_ad.headlines, metrics.clicks, metrics.impressions FROM ad_group_ad WHERE segments.date DURING LAST_7_DAYS",
      ),
      "ad headlines of a PC-repair advertiser ('Fix Error 0x80070005 Fast')",
    ),
    step(
      "gads-005",
      "execute-gaql-query",
      gaql(
        "SELECT campaign.id, campaign.nme, metrics.clicks FROM campaign WHERE segments.date DURING YESTERDAY",
      ),
      "a query with a misspelt field (UNRECOGNIZED_FIELD)",
    ),
    step(
      "gads-006",
      "execute-gaql-query",
      gaql(
        "SELECT campaign.id, campaign.nme, metrics.clicks FROM campaign WHERE segments.date DURING YESTERDAY",
      ),
      "the same misspelt query again, unchanged",
    ),
    step(
      "gads-007",
      "execute-gaql-query",
      gaql("SELECT customer.id, customer.descriptive_name FROM customer", GADS_CUSTOMER_FOREIGN),
      "a customer the login customer does not manage (USER_PERMISSION_DENIED)",
    ),
    step(
      "gads-008",
      "execute-gaql-query",
      gaql("SELECT campaign.id, campaign.name FROM campaign", GADS_CUSTOMER_CLOSED),
      "a customer account that was deactivated (CUSTOMER_NOT_ENABLED)",
    ),
    step(
      "gads-009",
      "execute-gaql-query",
      gaql(
        "SELECT customer.id, customer.descriptive_name, customer.currency_code, customer.time_zone, customer.status FROM customer",
      ),
      "the customer's own settings",
    ),
    step(
      "gads-010",
      "execute-gaql-query",
      gaql(
        "SELECT campaign.name, ad_group.name, metrics.clicks, metrics.cost_micros FROM ad_group WHERE segments.date DURING LAST_7_DAYS ORDER BY metrics.clicks DESC LIMIT 2",
      ),
      "the two ad groups with most clicks",
    ),
    step(
      "gads-011",
      "get-accounts",
      {},
      "accounts after the user revoked the Google connection (401 UNAUTHENTICATED)",
      flag("gRevoked"),
    ),
    step(
      "gads-012",
      "execute-gaql-query",
      gaql("SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING TODAY"),
      "a query while the developer token's quota is spent (429 RESOURCE_EXHAUSTED, Retry-After)",
      flag("gRateLimited"),
    ),
    step(
      "gads-013",
      "execute-gaql-query",
      gaql("SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING TODAY"),
      "a query while the API answers 500 INTERNAL",
      flag("gServerError"),
    ),
    step(
      "gads-014",
      "execute-gaql-query",
      gaql("SELECT campaign.id, metrics.clicks FROM campaign WHERE segments.date DURING TODAY"),
      "a query while the API answers 503 UNAVAILABLE",
      flag("gUnavailable"),
    ),
    step(
      "gads-015",
      "get-accounts",
      {},
      "accounts while the relay's front answers an HTML 502",
      flag("gBadGateway"),
    ),
    step(
      "gads-016",
      "get-accounts",
      {},
      "accounts for a token whose login reaches none",
      flag("gNoAccounts"),
    ),
    step(
      "gads-017",
      "execute-gaql-query",
      gaql("SELECT campaign.id FROM campaign", GADS_CUSTOMER_SLOW),
      "a query the relay takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "gads-018",
      "execute-gaql-query",
      {
        query: "SELECT campaign.id FROM campaign",
        customerId: "728-194-0365",
        loginCustomerId: GADS_MANAGER,
        reportAggregation: "None",
      },
      "the customer id written with dashes, as a string",
    ),
    step("gads-019", "list-campaigns", { customerId: GADS_CUSTOMER }, "a tool the server does not have"),
    step(
      "gads-020",
      "get-accounts",
      {},
      "accounts while GAQL.app cannot be reached (proxy stopped)",
      down(gaqlStandin),
    ),
    step(
      "gads-021",
      "execute-gaql-query",
      gaql("SELECT campaign.id FROM campaign", GADS_CUSTOMER_SLOW),
      "a slow query; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [meta, iterable, gads];

export async function prepare(): Promise<() => Promise<void>> {
  // Iterable's server stores the key it is given under $HOME/.iterable-mcp: start from none each run.
  fs.rmSync(path.join(HOME, ".iterable-mcp"), { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
