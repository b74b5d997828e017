// Group r25-c: food delivery, meal-kit delivery and local business reviews — a Trendyol GO (TGO Yemek) ordering
// server with Google reviews (food402), a CookUnity meal delivery server (cookunity-mcp-server) and a Yelp Fusion
// server (server-yelp-fusionai): each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r25-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r25-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  CK_EMAIL,
  CK_LOCKED_WEEK,
  CK_NEXT_WEEK,
  CK_PASSWORD,
  CK_SLOW_WEEK,
  CK_SOLD_OUT,
  CK_WEEK,
  CK_WRONG_PASSWORD,
  COOKUNITY_PROXY_PORT,
  DATA,
  TGO_CARD,
  TGO_EMAIL,
  TGO_LAT,
  TGO_LON,
  TGO_ORDER,
  TGO_ORDER_MISSING,
  TGO_PRODUCT,
  TGO_PROXY_PORT,
  TGO_RESTAURANT,
  TGO_RESTAURANT_MISSING,
  TGO_SLOW_QUERY,
  YELP_KEY,
  YELP_PROXY_PORT,
  clearTimers,
  cookunityStandin,
  ensureCertificate,
  state,
  tgoStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  food402: "1.2.0",
  "cookunity-mcp-server": "1.3.4",
  "server-yelp-fusionai": "1.1.1",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const AT = { latitude: TGO_LAT, longitude: TGO_LON };

// --------------------------------------------------------------------------------------- TGO Yemek (food402)

const tgo: SessionSpec = {
  label: "r25-c-tgo",
  server: "food402",
  transport: "stdio",
  start: stdioServer("r25-c-tgo", "food402", {
    from: FROM,
    cwd: DATA,
    env: {
      TGO_EMAIL,
      TGO_PASSWORD: "Kumpir-Ortakoy-34",
      GOOGLE_PLACES_API_KEY: "AIzaSyD4v8Qm2Xc7Lp0Rk5Tn9Wb3Hj6Fs1Ge2Yu",
      HTTPS_PROXY: `http://127.0.0.1:${TGO_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      TZ: "Europe/Istanbul",
      HOME,
    },
  }),
  steps: [
    step("tgo-001", "get_addresses", {}, "the saved delivery addresses (first call logs in)"),
    step("tgo-002", "select_address", { addressId: 6120451 }, "deliver to the home address"),
    step("tgo-003", "get_restaurants", AT, "restaurants near home, TGO's recommended order"),
    step("tgo-004", "search_restaurants", { searchQuery: "dürüm", ...AT }, "search for dürüm near home"),
    step(
      "tgo-005",
      "search_restaurants",
      { searchQuery: "omakase", ...AT },
      "search for omakase near home (nothing)",
    ),
    step("tgo-006", "get_restaurant_menu", { restaurantId: TGO_RESTAURANT, ...AT }, "the dürüm place's menu"),
    step(
      "tgo-007",
      "get_restaurant_menu",
      { restaurantId: TGO_RESTAURANT_MISSING, ...AT },
      "a restaurant id that does not exist (404)",
    ),
    step(
      "tgo-008",
      "get_product_details",
      { restaurantId: TGO_RESTAURANT, productId: TGO_PRODUCT, ...AT },
      "the Adana dürüm's options",
    ),
    step(
      "tgo-009",
      "get_google_reviews",
      {
        restaurantId: TGO_RESTAURANT,
        restaurantName: "Dürümcü Baba Esentepe",
        neighborhoodName: "Esentepe Mah.",
        tgoDistance: 0.4,
        tgoRating: 4.6,
        ...AT,
      },
      "Google's rating and reviews of the dürüm place",
    ),
    step(
      "tgo-010",
      "get_google_reviews",
      {
        restaurantId: 144981,
        restaurantName: "Karadeniz Pide Salonu",
        neighborhoodName: "Esentepe Mah.",
        tgoDistance: 1.1,
        tgoRating: 4.3,
        ...AT,
      },
      "Google reviews of a pide place Google has no listing for",
    ),
    step(
      "tgo-011",
      "get_google_reviews",
      {
        restaurantId: 139007,
        restaurantName: "Burger Lab Levent",
        neighborhoodName: "Esentepe Mah.",
        tgoDistance: 1.8,
        tgoRating: 4.1,
        ...AT,
      },
      "Google reviews while the Places API key is rejected (400 API_KEY_INVALID)",
      flag("googleKeyInvalid"),
    ),
    step(
      "tgo-012",
      "add_to_basket",
      {
        storeId: TGO_RESTAURANT,
        items: [
          {
            productId: TGO_PRODUCT,
            quantity: 2,
            modifierProducts: [{ productId: 51099002, modifierGroupId: 7731 }],
            excludeIngredientIds: [9021],
          },
        ],
        latitude: Number(TGO_LAT),
        longitude: Number(TGO_LON),
      },
      "two Adana dürüm with ayran, no onion",
    ),
    step(
      "tgo-013",
      "add_to_basket",
      { storeId: TGO_RESTAURANT, items: [{ productId: 51098820, quantity: 1 }], ...AT },
      "one more item with the coordinates as strings (the tool wants numbers)",
    ),
    step("tgo-014", "get_basket", {}, "the cart"),
    step("tgo-015", "get_saved_cards", {}, "the saved payment cards"),
    step("tgo-016", "checkout_ready", {}, "is the cart ready for checkout"),
    step("tgo-017", "place_order", { cardId: 88213374 }, "pay with a card id mistyped from the list"),
    step("tgo-018", "place_order", { cardId: TGO_CARD }, "pay with the saved Garanti card"),
    step("tgo-019", "get_order_detail", { orderId: TGO_ORDER }, "yesterday's order in detail"),
    step(
      "tgo-020",
      "get_order_detail",
      { orderId: TGO_ORDER_MISSING },
      "an order id that is not the user's (404)",
    ),
    step(
      "tgo-021",
      "add_address",
      {
        name: "Deniz",
        surname: "Aksoy",
        phone: "5356437070",
        addressName: "Annem",
        addressLine: "Bağdat Caddesi No:301",
        cityId: 34,
        districtId: 440,
        neighborhoodId: 40512,
        latitude: "40.96412",
        longitude: "29.07281",
        floor: "2",
      },
      "a new address (the service wants an SMS code first)",
    ),
    step(
      "tgo-022",
      "get_restaurants",
      { ...AT, sortBy: "RESTAURANT_DISTANCE" },
      "closest restaurants after the session token was revoked (401)",
      flag("tgoTokenRevoked"),
    ),
    step(
      "tgo-023",
      "get_restaurants",
      { ...AT, sortBy: "RESTAURANT_SCORE" },
      "best-rated restaurants while the gateway rate-limits (429, Retry-After)",
      flag("tgoRateLimited"),
    ),
    step(
      "tgo-024",
      "get_basket",
      {},
      "the cart while the gateway answers a 503 page",
      flag("tgoUnavailable"),
    ),
    step(
      "tgo-025",
      "search_restaurants",
      { searchQuery: TGO_SLOW_QUERY, ...AT },
      "a search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("tgo-026", "get_cities", {}, "the city list while the service cannot be reached", down(tgoStandin)),
    step("tgo-027", "track_courier", { orderId: TGO_ORDER }, "a tool the server does not have"),
  ],
};

// -------------------------------------------------------------------------------------------------- CookUnity

const cookunityEnv = (password: string) => ({
  COOKUNITY_EMAIL: CK_EMAIL,
  COOKUNITY_PASSWORD: password,
  HTTPS_PROXY: `http://127.0.0.1:${COOKUNITY_PROXY_PORT}`,
  NODE_EXTRA_CA_CERTS: CERT,
  TZ: "America/New_York",
  HOME,
});

const cookunity: SessionSpec = {
  label: "r25-c-cookunity",
  server: "cookunity-mcp-server",
  transport: "stdio",
  start: stdioServer("r25-c-cookunity", "cookunity-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: cookunityEnv(CK_PASSWORD),
  }),
  steps: [
    step(
      "cku-001",
      "cookunity_get_user_info",
      { response_format: "json" },
      "the account, plan and address (first call logs in)",
    ),
    step("cku-002", "cookunity_list_deliveries", {}, "the delivery calendar"),
    step("cku-003", "cookunity_get_menu", { date: CK_WEEK }, "next Monday's menu"),
    step("cku-004", "cookunity_search_meals", { query: "salmon", date: CK_WEEK }, "salmon dishes next week"),
    step("cku-005", "cookunity_search_meals", { query: "ostrich", date: CK_WEEK }, "ostrich dishes (none)"),
    step(
      "cku-006",
      "cookunity_get_meal_details",
      { meal_id: 12272, date: CK_WEEK },
      "the miso salmon in full",
    ),
    step(
      "cku-007",
      "cookunity_get_meal_details",
      { meal_id: 10931, date: CK_WEEK },
      "a meal id from an old menu that is not on next week's",
    ),
    step("cku-008", "cookunity_get_cart", { date: CK_WEEK }, "next Monday's cart"),
    step(
      "cku-009",
      "cookunity_add_to_cart",
      { date: CK_WEEK, inventory_id: "ii-135055242", quantity: 2 },
      "two miso salmon into next Monday's cart",
    ),
    step(
      "cku-010",
      "cookunity_add_to_cart",
      { date: CK_WEEK, inventory_id: CK_SOLD_OUT },
      "the short rib ragù, sold out (a GraphQL error)",
    ),
    step("cku-011", "cookunity_get_price_breakdown", { date: CK_WEEK }, "what next Monday's cart costs"),
    step("cku-012", "cookunity_confirm_order", { date: CK_WEEK, tip: 3 }, "lock in next Monday's order"),
    step("cku-013", "cookunity_skip_delivery", { date: CK_NEXT_WEEK }, "skip the week after"),
    step(
      "cku-014",
      "cookunity_skip_delivery",
      { date: CK_LOCKED_WEEK },
      "skip today's delivery, past its cutoff",
    ),
    step(
      "cku-015",
      "cookunity_order_history",
      { from: "2026-11-01", to: "2026-11-30", response_format: "json" },
      "November's invoices",
    ),
    step(
      "cku-016",
      "cookunity_get_menu",
      { date: "12/14/2026" },
      "the menu with the date written the American way",
    ),
    step(
      "cku-017",
      "cookunity_list_orders",
      {},
      "past orders while the API rate-limits (429, Retry-After)",
      flag("ckRateLimited"),
    ),
    step(
      "cku-018",
      "cookunity_next_delivery",
      {},
      "the next delivery after the access token was revoked (401)",
      flag("ckTokenExpired"),
    ),
    step(
      "cku-019",
      "cookunity_get_cart",
      { date: CK_NEXT_WEEK },
      "the week-after cart while the API answers 500",
      flag("ckServerError"),
    ),
    step(
      "cku-020",
      "cookunity_list_deliveries",
      {},
      "the calendar while Cloudflare answers a 502 page",
      flag("ckBadGateway"),
    ),
    step(
      "cku-021",
      "cookunity_search_meals",
      { query: "tacos", date: CK_SLOW_WEEK },
      "a menu the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "cku-022",
      "cookunity_get_user_info",
      {},
      "the account while CookUnity cannot be reached",
      down(cookunityStandin),
    ),
    step("cku-023", "cookunity_rate_meal", { meal_id: 12272, rating: 5 }, "a tool the server does not have"),
  ],
};

const cookunityBadLogin: SessionSpec = {
  label: "r25-c-cookunity-login",
  server: "cookunity-mcp-server",
  transport: "stdio",
  start: stdioServer("r25-c-cookunity-login", "cookunity-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: cookunityEnv(CK_WRONG_PASSWORD),
  }),
  steps: [
    step(
      "cku-024",
      "cookunity_next_delivery",
      {},
      "a session configured with last year's password (403 access_denied)",
    ),
    step("cku-025", "cookunity_next_delivery", {}, "the same call again, password unchanged"),
    step(
      "cku-026",
      "cookunity_next_delivery",
      {},
      "a third try; Auth0's brute-force protection blocks the login (429 too_many_attempts)",
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Yelp Fusion

const yelp: SessionSpec = {
  label: "r25-c-yelp",
  server: "server-yelp-fusionai",
  transport: "stdio",
  start: stdioServer("r25-c-yelp", "server-yelp-fusionai", {
    from: FROM,
    cwd: DATA,
    env: {
      YELP_API_KEY: YELP_KEY,
      HTTPS_PROXY: `http://127.0.0.1:${YELP_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "yfa-001",
      "yelpBusinessSearch",
      { term: "ramen", location: "Mission District, San Francisco, CA", limit: 5 },
      "ramen places in the Mission",
    ),
    step(
      "yfa-002",
      "yelpBusinessSearch",
      { term: "ramen", location: "Mission District, San Francisco, CA", limit: 5 },
      "the same search again, unchanged",
    ),
    step("yfa-003", "yelpBusinessDetails", { id: "4kMBvIEWPxWkWKFN__8SxQ" }, "one business's details by id"),
    step(
      "yfa-004",
      "yelpBusinessReviews",
      { id: "4kMBvIEWPxWkWKFN__8SxQ", limit: 3, sort_by: "newest" },
      "that business's newest reviews",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [tgo, cookunity, cookunityBadLogin, yelp];

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
