// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Trendyol GO / TGO Yemek for food402: the web login (`tgoyemek.com/api/auth/csrf` and `/api/auth/login`, which
//   set the `tgo-csrf-token` and `tgo-token` cookies), the web API gateway (`api.tgoapis.com/web-…-santral/…`:
//   addresses, discovery, restaurant menus, cart, checkout, orders) and the payment host (`payment.tgoapps.com`:
//   saved cards, payment options, pay). Every host is written into the server, which calls them with Node's own
//   `fetch`: proxy-preload.mjs routes it through standin-kit's `forwardProxy`.
// - Google Places for food402's review tool: Places API (New) Text Search (`places.googleapis.com/v1/places:searchText`)
//   and the legacy Place Details (`maps.googleapis.com/maps/api/place/details/json`), through the same proxy.
// - CookUnity for cookunity-mcp-server: its Auth0 tenant (`auth.cookunity.com`: `/co/authenticate`, `/authorize`,
//   `/oauth/token`) and its two GraphQL services (`subscription.cookunity.com/menu-service/graphql` and
//   `/subscription-back/graphql/user`). The server calls them with axios, which follows HTTPS_PROXY: its own proxy.
// - Yelp Fusion (`api.yelp.com/v3`) for server-yelp-fusionai: a proxy that answers Yelp's shapes, though the server
//   never calls it (it registers no tools/call handler; README.md).
//
// `state` is switched by the sessions' hooks.

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
  cloudflare502,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r25-c";
export const CERT = path.join(DATA, "standin-cert.pem");

export const TGO_PROXY_PORT = 41750;
export const COOKUNITY_PROXY_PORT = 41751;
export const YELP_PROXY_PORT = 41752;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "tgoyemek.com",
    "api.tgoapis.com",
    "payment.tgoapps.com",
    "places.googleapis.com",
    "maps.googleapis.com",
    "auth.cookunity.com",
    "subscription.cookunity.com",
    "api.yelp.com",
  ]);

export const state = {
  tgoTokenRevoked: false,
  tgoRateLimited: false,
  tgoUnavailable: false,
  tgoServerError: false,
  googleKeyInvalid: false,
  ckRateLimited: false,
  ckTokenExpired: false,
  ckServerError: false,
  ckBadGateway: false,
};

// ------------------------------------------------------------------------------------------ TGO Yemek (food402)

export const TGO_EMAIL = "deniz.aksoy@example.com.tr";
export const TGO_LAT = "41.07637318";
export const TGO_LON = "29.01135496";
export const TGO_RESTAURANT = 143502;
export const TGO_RESTAURANT_MISSING = 9999991;
export const TGO_PRODUCT = 51098817;
export const TGO_CARD = 88213347;
export const TGO_ORDER = "11052674331";
export const TGO_ORDER_MISSING = "90000000000";
export const TGO_SLOW_QUERY = "lahmacun";

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

// A JWT whose `exp` lies in 2030, so the server keeps it for the whole session.
const TGO_JWT = [
  b64url({ alg: "RS256", typ: "JWT", kid: "tgo-web-2026" }),
  b64url({
    sub: "47120938",
    email: TGO_EMAIL,
    iss: "https://tgoyemek.com",
    aud: "tgo-web",
    iat: 1796117400,
    exp: 1893456000,
  }),
  "c2lnbmF0dXJlLW9mLXRoZS1zdGFuZC1pbg",
].join(".");

const ADDRESSES = {
  addresses: [
    {
      id: 6120451,
      name: "Deniz",
      surname: "Aksoy",
      phone: "5356437070",
      countryPhoneCode: "+90",
      addressName: "Ev",
      addressLine: "Dereboyu Caddesi No:12",
      addressDescription: "Apartman girişi arka taraf",
      apartmentNumber: "12",
      floor: "3",
      doorNumber: "7",
      postalCode: "34394",
      cityId: 34,
      cityName: "İstanbul",
      districtId: 449,
      districtName: "Şişli",
      neighborhoodId: 40211,
      neighborhoodName: "Esentepe Mah.",
      latitude: TGO_LAT,
      longitude: TGO_LON,
      addressType: "HOME",
      elevatorAvailable: true,
    },
    {
      id: 6120788,
      name: "Deniz",
      surname: "Aksoy",
      phone: "5356437070",
      countryPhoneCode: "+90",
      addressName: "İş",
      addressLine: "Büyükdere Caddesi No:185",
      addressDescription: "",
      apartmentNumber: "185",
      floor: "9",
      doorNumber: "",
      postalCode: "34394",
      cityId: 34,
      cityName: "İstanbul",
      districtId: 449,
      districtName: "Şişli",
      neighborhoodId: 40236,
      neighborhoodName: "Levent Mah.",
      latitude: "41.08157710",
      longitude: "29.01001230",
      addressType: "WORK",
      elevatorAvailable: true,
    },
  ],
};

function tgoRestaurant(
  id: number,
  name: string,
  kitchen: string,
  rating: number,
  distance: number,
  minBasketPrice: number,
  extra: Record<string, unknown> = {},
) {
  return {
    id,
    name,
    kitchen,
    rating,
    ratingText: rating >= 4.5 ? "Çok İyi" : "İyi",
    minBasketPrice,
    averageDeliveryInterval: "25-35dk",
    location: { distance, neighborhoodName: "Esentepe Mah." },
    isClosed: false,
    campaignText: null,
    ...extra,
  };
}

const RESTAURANTS = [
  tgoRestaurant(TGO_RESTAURANT, "Dürümcü Baba Esentepe", "Dürüm, Kebap", 4.6, 0.4, 250, {
    campaignText: "150 TL üzeri teslimat ücretsiz",
  }),
  tgoRestaurant(144981, "Karadeniz Pide Salonu", "Pide, Lahmacun", 4.3, 1.1, 200),
  tgoRestaurant(139007, "Burger Lab Levent", "Burger", 4.1, 1.8, 300),
  tgoRestaurant(150223, "Sushico Zorlu", "Sushi, Uzak Doğu", 4.4, 2.6, 450),
];

function cart(items: number) {
  return {
    groupedProducts:
      items === 0
        ? []
        : [
            {
              store: {
                id: TGO_RESTAURANT,
                name: "Dürümcü Baba Esentepe",
                imageUrl: "https://cdn.tgoapps.com/restaurant/143502/logo.jpg",
                rating: 4.6,
                averageDeliveryInterval: "25-35dk",
                minAmount: 250,
              },
              products: [
                {
                  productId: TGO_PRODUCT,
                  itemId: "5b0c6e52-6a1f-4d8e-9c61-0f5f4a8e7d21",
                  name: "Adana Dürüm",
                  quantity: items,
                  salePrice: 185,
                  marketPrice: 210,
                  description: "Acılı, lavaş ekmeğinde",
                  modifierProducts: [
                    { productId: 51099002, modifierGroupId: 7731, name: "Ayran (300 ml)", price: 35 },
                  ],
                  ingredientOption: { excludes: [{ id: 9021, name: "Soğan" }] },
                },
              ],
            },
          ],
    summary:
      items === 0
        ? []
        : [
            { title: "Ürünler Toplamı", amount: 220 * items, isPromotion: false },
            { title: "Getirme Ücreti", amount: 0, isPromotion: false },
          ],
    totalProductCount: items,
    totalProductPrice: 245 * items,
    totalProductPriceDiscounted: 220 * items,
    totalPrice: 220 * items,
    deliveryPrice: 0,
  };
}

let tgoCartItems = 0;

function tgoAuth(url: URL, res: http.ServerResponse) {
  if (url.pathname === "/api/auth/csrf")
    return json(
      res,
      200,
      { csrfToken: "c3f1a9e07b2d4c56" },
      { "set-cookie": "tgo-csrf-token=c3f1a9e07b2d4c56; Path=/; Secure; SameSite=Lax" },
    );
  if (url.pathname === "/api/auth/login")
    return json(
      res,
      200,
      { url: "https://tgoyemek.com" },
      { "set-cookie": `tgo-token=${TGO_JWT}; Path=/; Max-Age=7776000; Secure; HttpOnly; SameSite=Lax` },
    );
  return text(res, 404, "Not Found");
}

function tgoApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const q = url.searchParams;
  if (state.tgoTokenRevoked) return json(res, 401, { errors: [{ code: "401", title: "Unauthorized" }] });
  if (state.tgoRateLimited)
    return json(res, 429, { errors: [{ code: "429", title: "Too Many Requests" }] }, { "retry-after": "30" });
  if (state.tgoServerError)
    return json(res, 500, { errors: [{ code: "500", title: "Internal Server Error" }] });
  if (state.tgoUnavailable)
    return text(
      res,
      503,
      "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n",
      "text/html",
    );

  if (p === "/web-user-apimemberaddress-santral/addresses" && req.method === "GET")
    return json(res, 200, ADDRESSES);
  if (p === "/web-user-apimemberaddress-santral/addresses" && req.method === "POST")
    // A new address needs an SMS code first; the web API refuses it with 429 until it is verified.
    return json(res, 429, { errors: [{ code: "OTP_REQUIRED", title: "Otp verification required" }] });
  if (p === "/web-user-apimemberaddress-santral/cities")
    return json(res, 200, {
      cities: [
        { id: 6, code: "06", name: "Ankara" },
        { id: 34, code: "34", name: "İstanbul" },
        { id: 35, code: "35", name: "İzmir" },
      ],
    });
  if (p.startsWith("/web-user-apimemberaddress-santral/cities/"))
    return json(res, 200, {
      districts: [
        { id: 449, name: "Şişli" },
        { id: 437, name: "Beşiktaş" },
        { id: 440, name: "Kadıköy" },
      ],
    });

  if (p === "/web-checkout-apicheckout-santral/shipping") return json(res, 200, {});

  if (p === "/web-discovery-apidiscovery-santral/restaurants/filters") {
    const sorted = [...RESTAURANTS];
    if (q.get("sortType") === "RESTAURANT_SCORE") sorted.sort((a, b) => b.rating - a.rating);
    if (q.get("sortType") === "RESTAURANT_DISTANCE")
      sorted.sort((a, b) => a.location.distance - b.location.distance);
    return json(res, 200, { restaurants: sorted, restaurantCount: sorted.length, links: {} });
  }

  if (p === "/web-restaurant-apirestaurant-santral/restaurants/in/search") {
    const term = (q.get("searchQuery") ?? "").toLocaleLowerCase("tr");
    if (term === TGO_SLOW_QUERY)
      return later(15_000, () => json(res, 200, { restaurants: [], restaurantCount: 0, searchQuery: term }));
    const hits = term.includes("dürüm")
      ? [
          {
            ...RESTAURANTS[0],
            products: [
              {
                id: TGO_PRODUCT,
                name: "Adana Dürüm",
                description: "Acılı, lavaş ekmeğinde",
                price: { salePrice: 185 },
                imageUrl: "https://cdn.tgoapps.com/product/51098817.jpg",
              },
              {
                id: 51098820,
                name: "Tavuk Dürüm",
                description: "Lavaş ekmeğinde",
                price: { salePrice: 155 },
                imageUrl: "https://cdn.tgoapps.com/product/51098820.jpg",
              },
            ],
          },
          {
            ...tgoRestaurant(146610, "Dürümzade Mecidiyeköy", "Dürüm", 4.2, 1.4, 200, { isClosed: true }),
            products: [{ id: 52001110, name: "Et Dürüm", description: "", price: { salePrice: 240 } }],
          },
        ]
      : [];
    return json(res, 200, {
      restaurants: hits,
      restaurantCount: hits.length,
      searchQuery: q.get("searchQuery"),
      links: {},
    });
  }

  const menu = p.match(/^\/web-restaurant-apirestaurant-santral\/restaurants\/(\d+)$/);
  if (menu) {
    if (Number(menu[1]) !== TGO_RESTAURANT)
      return json(res, 404, { errors: [{ code: "404", title: "Not Found" }] });
    return json(res, 200, {
      restaurant: {
        info: {
          id: TGO_RESTAURANT,
          name: "Dürümcü Baba Esentepe",
          status: "OPEN",
          score: { overall: 4.6, ratingText: "Çok İyi" },
          workingHours: "10:00 - 02:00",
          deliveryInfo: { eta: "25-35dk", minPrice: 250 },
        },
        sections: [
          {
            name: "Dürümler",
            slug: "durumler",
            products: [
              {
                id: TGO_PRODUCT,
                name: "Adana Dürüm",
                description: "Acılı, lavaş ekmeğinde",
                price: { salePrice: 185 },
                productScore: { likePercentageInfo: "%94" },
              },
              {
                id: 51098820,
                name: "Tavuk Dürüm",
                description: "Lavaş ekmeğinde",
                price: { salePrice: 155 },
              },
            ],
          },
          {
            name: "İçecekler",
            slug: "icecekler",
            products: [{ id: 51099002, name: "Ayran (300 ml)", price: { salePrice: 35 } }],
          },
        ],
      },
    });
  }

  const product = p.match(/^\/web-restaurant-apirestaurant-santral\/restaurants\/(\d+)\/products\/(\d+)$/);
  if (product)
    return json(res, 200, {
      restaurantId: TGO_RESTAURANT,
      restaurantName: "Dürümcü Baba Esentepe",
      productId: Number(product[2]),
      productName: "Adana Dürüm",
      productDescription: "Acılı, lavaş ekmeğinde",
      productImage: "https://cdn.tgoapps.com/product/51098817.jpg",
      price: { salePrice: 185 },
      maxQuantity: 20,
      components: [
        {
          type: "MODIFIER_GROUP",
          title: "İçecek Seçimi",
          description: "1 seçim yapın",
          modifierGroupId: 7731,
          options: [
            {
              optionId: 51099002,
              title: "Ayran (300 ml)",
              price: { salePrice: 35 },
              badges: [{ type: "POPULAR_OPTION" }],
            },
            { optionId: 51099003, title: "Kola (330 ml)", price: { salePrice: 45 } },
          ],
          isSingleChoice: true,
          min: 0,
          max: 1,
        },
        {
          type: "INGREDIENTS",
          title: "Malzemeler",
          options: [
            { optionId: 9021, title: "Soğan", selected: true },
            { optionId: 9022, title: "Domates", selected: true },
          ],
          isSingleChoice: false,
          min: 0,
          max: 2,
        },
      ],
    });

  if (p === "/web-checkout-apicheckout-santral/carts/items" && req.method === "POST") {
    const items = (parse(body).items as { quantity?: number }[] | undefined) ?? [];
    tgoCartItems += items.reduce((sum, item) => sum + (item.quantity ?? 0), 0);
    return json(res, 200, cart(tgoCartItems));
  }
  if (p === "/web-checkout-apicheckout-santral/carts" && req.method === "GET") {
    if (q.get("cartContext") === "payment" && tgoCartItems === 0)
      return json(res, 400, { errors: [{ code: "CART_EMPTY", title: "Sepetiniz boş" }] });
    return json(res, 200, cart(tgoCartItems));
  }
  if (p === "/web-checkout-apicheckout-santral/carts/customerNote") return json(res, 200, {});
  if (p === "/web-checkout-apicheckout-santral/orders")
    return json(res, 200, {
      orders: [
        {
          id: TGO_ORDER,
          orderDate: "6 Aralık 2026 20:41",
          store: { id: TGO_RESTAURANT, name: "Dürümcü Baba Esentepe" },
          status: { status: "DELIVERED", statusText: "Teslim Edildi", statusColor: "#0BC15C" },
          price: {
            totalPrice: 405,
            totalPriceText: "405 TL",
            refundedPrice: 0,
            cancelledPrice: 0,
            totalDeliveryPrice: 0,
            totalServicePrice: 0,
          },
          product: { name: "2x Adana Dürüm, 1x Ayran (300 ml)" },
          productList: [{ productId: TGO_PRODUCT, name: "Adana Dürüm", imageUrl: "" }],
          isReady: true,
        },
      ],
      pagination: { currentPage: 1, pageSize: 50, totalCount: 1, hasNext: false },
    });
  if (p === "/web-checkout-apicheckout-santral/orders/detail") {
    if (q.get("orderId") !== TGO_ORDER)
      return json(res, 404, { errors: [{ code: "404", title: "Not Found" }] });
    return json(res, 200, {
      summary: {
        orderId: TGO_ORDER,
        orderNumber: "TY-8823104",
        orderDate: "6 Aralık 2026 20:41",
        customerNote: "Zili çalmayın",
        price: {
          totalPrice: 405,
          totalPriceText: "405 TL",
          refundedPrice: 0,
          cancelledPrice: 0,
          totalDeliveryPrice: 0,
          totalServicePrice: 0,
        },
      },
      shipment: {
        summary: {
          store: { id: String(TGO_RESTAURANT), name: "Dürümcü Baba Esentepe" },
          eta: "21:10",
          deliveredDate: "6 Aralık 2026 21:04",
        },
        items: [
          {
            status: { status: "DELIVERED", statusText: "Teslim Edildi", statusColor: "#0BC15C" },
            state: {
              statuses: [
                { status: "CREATED", statusText: "Sipariş Alındı" },
                { status: "PREPARING", statusText: "Hazırlanıyor" },
                { status: "SHIPPED", statusText: "Yolda" },
                { status: "DELIVERED", statusText: "Teslim Edildi" },
              ],
            },
            products: [
              {
                name: "Adana Dürüm",
                salePrice: 185,
                salePriceText: "185 TL",
                quantity: 2,
                description: "Acılı",
              },
              { name: "Ayran (300 ml)", salePrice: 35, salePriceText: "35 TL", quantity: 1 },
            ],
          },
        ],
      },
      paymentInfo: { paymentDescription: "Kredi Kartı ile ödendi (**** 4417)" },
      deliveryAddress: {
        name: "Deniz Aksoy",
        address: "Dereboyu Caddesi No:12 Kat:3 Daire:7",
        districtCity: "Şişli / İstanbul",
        phoneNumber: "+90 535 *** ** 70",
      },
    });
  }
  return json(res, 404, { errors: [{ code: "404", title: "Not Found" }] });
}

function tgoPayment(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (state.tgoTokenRevoked) return json(res, 401, { errors: [{ code: "401", title: "Unauthorized" }] });
  if (p === "/v2/cards/")
    return json(res, 200, {
      json: {
        cards: [
          {
            cardId: TGO_CARD,
            name: "Maaş Kartım",
            maskedCardNumber: "554960******4417",
            cardTypeName: "Bonus",
            bankName: "Garanti BBVA",
            isDebitCard: false,
            cvvRequired: false,
            cardNetwork: "MasterCard",
          },
        ],
      },
    });
  if (p === "/v3/payment/options") return json(res, 200, { json: { selected: "payWithCard" } });
  if (p === "/v2/payment/pay") {
    tgoCartItems = 0;
    return json(res, 200, { orderId: "11052881094", orderNumber: "TY-8829977" });
  }
  return json(res, 404, { errors: [{ code: "404", title: "Not Found" }] });
}

function googlePlaces(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.googleKeyInvalid)
    return json(res, 400, {
      error: {
        code: 400,
        message: "API key not valid. Please pass a valid API key.",
        status: "INVALID_ARGUMENT",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "API_KEY_INVALID",
            domain: "googleapis.com",
            metadata: { service: "places.googleapis.com" },
          },
        ],
      },
    });
  if (url.pathname === "/v1/places:searchText" && req.method === "POST") {
    const query = String(parse(body).textQuery ?? "");
    // Text Search answers an empty object when nothing matches.
    if (!query.toLocaleLowerCase("tr").includes("dürümcü baba")) return json(res, 200, {});
    return json(res, 200, {
      places: [
        {
          id: "ChIJ3xQ0c7W3yhQRk8f2b0bVw1A",
          displayName: { text: "Dürümcü Baba Esentepe", languageCode: "tr" },
          formattedAddress: "Esentepe, Dereboyu Cd. No:4, 34394 Şişli/İstanbul, Türkiye",
          location: { latitude: 41.0790112, longitude: 29.0139876 },
        },
        {
          id: "ChIJy2m1a0q3yhQR0cQ4s8m9Zk4",
          displayName: { text: "Dürümcü Baba Mecidiyeköy", languageCode: "tr" },
          formattedAddress: "Mecidiyeköy, Büyükdere Cd. No:61, 34387 Şişli/İstanbul, Türkiye",
          location: { latitude: 41.0672543, longitude: 28.9932107 },
        },
      ],
    });
  }
  return json(res, 404, {
    error: { code: 404, message: `Method not found.`, status: "NOT_FOUND" },
  });
}

function googleLegacy(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  if (url.pathname !== "/maps/api/place/details/json") return text(res, 404, "Not Found");
  return json(res, 200, {
    html_attributions: [],
    result: {
      place_id: url.searchParams.get("place_id"),
      name: "Dürümcü Baba Esentepe",
      formatted_address: "Esentepe, Dereboyu Cd. No:4, 34394 Şişli/İstanbul, Türkiye",
      geometry: { location: { lat: 41.0790112, lng: 29.0139876 } },
      rating: 4.4,
      user_ratings_total: 1873,
      reviews: [
        {
          author_name: "Mert Yılmaz",
          rating: 5,
          relative_time_description: "2 gün önce",
          text: "Adana dürüm efsane, sıcak ve hızlı geldi.",
          time: 1796463000,
        },
        {
          author_name: "Elif K.",
          rating: 4,
          relative_time_description: "1 hafta önce",
          text: "Lezzetli ama biraz tuzluydu.",
          time: 1796031000,
        },
        {
          author_name: "Can Demir",
          rating: 3,
          relative_time_description: "3 hafta önce",
          text: "Porsiyon küçülmüş, fiyat artmış.",
          time: 1794821400,
        },
      ],
    },
    status: "OK",
  });
}

function tgoHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  switch (url.hostname) {
    case "tgoyemek.com":
      return tgoAuth(url, res);
    case "api.tgoapis.com":
      return tgoApi(req, url, body, res);
    case "payment.tgoapps.com":
      return tgoPayment(req, url, body, res);
    case "places.googleapis.com":
      return googlePlaces(req, url, body, res);
    case "maps.googleapis.com":
      return googleLegacy(req, url, body, res);
    default:
      return text(res, 502, "unknown host");
  }
}

export const tgoStandin = forwardProxy(TGO_PROXY_PORT, ensureCertificate, tgoHandler);

// ------------------------------------------------------------------------------------------------- CookUnity

export const CK_EMAIL = "sam.whitfield@example.com";
export const CK_PASSWORD = "Saffron-Kale-2026";
export const CK_WRONG_PASSWORD = "Saffron-Kale-2025";
export const CK_WEEK = "2026-12-14";
export const CK_NEXT_WEEK = "2026-12-21";
export const CK_LOCKED_WEEK = "2026-12-07";
export const CK_SLOW_WEEK = "2027-01-04";
export const CK_SOLD_OUT = "ii-135061877";

let ckFailedLogins = 0;

function chef(id: number, firstName: string, lastName: string) {
  return { id, firstName, lastName };
}

const MEALS = [
  {
    id: 12272,
    batchId: 884120,
    name: "Miso-Glazed Salmon with Sesame Bok Choy",
    shortDescription: "Wild salmon, white miso glaze, jasmine rice, charred bok choy",
    image: "https://cu-media.imgix.net/meals/12272.jpg",
    imagePath: "/meals/12272.jpg",
    price: 13.49,
    finalPrice: 13.49,
    premiumFee: 0,
    sku: "CU-12272",
    stock: 42,
    isNewMeal: false,
    userRating: 4.7,
    inventoryId: "ii-135055242",
    categoryId: 3,
    searchBy: {
      cuisines: ["Japanese"],
      chefFirstName: "Akira",
      chefLastName: "Back",
      dietTags: ["Dairy Free", "High Protein"],
      ingredients: ["salmon", "miso", "bok choy", "jasmine rice"],
      proteinTags: ["Fish"],
    },
    nutritionalFacts: { calories: 560, fat: 19, carbs: 52, sodium: 980, fiber: 3, protein: 38, sugar: 9 },
    chef: chef(301, "Akira", "Back"),
    meatType: "Fish",
    category: { id: 3, title: "Protein+", label: "protein-plus" },
    allergens: [{ name: "Fish" }, { name: "Soy" }, { name: "Sesame" }],
    ingredients: [
      { name: "Wild salmon" },
      { name: "White miso" },
      { name: "Bok choy" },
      { name: "Jasmine rice" },
    ],
  },
  {
    id: 11840,
    batchId: 884301,
    name: "Chickpea Tikka Masala Bowl",
    shortDescription: "Chickpeas in tikka masala sauce, turmeric rice, cilantro",
    image: "https://cu-media.imgix.net/meals/11840.jpg",
    imagePath: "/meals/11840.jpg",
    price: 11.49,
    finalPrice: 11.49,
    premiumFee: 0,
    sku: "CU-11840",
    stock: 65,
    isNewMeal: true,
    userRating: 4.5,
    inventoryId: "ii-135057730",
    categoryId: 1,
    searchBy: {
      cuisines: ["Indian"],
      chefFirstName: "Roze",
      chefLastName: "Traore",
      dietTags: ["Vegan", "Gluten Free"],
      ingredients: ["chickpeas", "tomato", "coconut milk", "rice"],
      proteinTags: ["Plant-Based"],
    },
    nutritionalFacts: { calories: 610, fat: 21, carbs: 84, sodium: 890, fiber: 14, protein: 17, sugar: 11 },
    chef: chef(288, "Roze", "Traore"),
    meatType: "Vegan",
    category: { id: 1, title: "Bowls", label: "bowls" },
    allergens: [],
    ingredients: [
      { name: "Chickpeas" },
      { name: "Tomato" },
      { name: "Coconut milk" },
      { name: "Turmeric rice" },
    ],
  },
  {
    id: 12019,
    batchId: 884455,
    name: "Short Rib Ragù with Pappardelle",
    shortDescription: "Braised short rib, San Marzano tomato, fresh pappardelle",
    image: "https://cu-media.imgix.net/meals/12019.jpg",
    imagePath: "/meals/12019.jpg",
    price: 14.99,
    finalPrice: 16.49,
    premiumFee: 1.5,
    sku: "CU-12019",
    stock: 0,
    isNewMeal: false,
    userRating: 4.8,
    inventoryId: CK_SOLD_OUT,
    categoryId: 4,
    searchBy: {
      cuisines: ["Italian"],
      chefFirstName: "Mario",
      chefLastName: "Rizzo",
      dietTags: [],
      ingredients: ["short rib", "tomato", "pappardelle", "parmesan"],
      proteinTags: ["Beef"],
    },
    nutritionalFacts: { calories: 720, fat: 31, carbs: 64, sodium: 1120, fiber: 4, protein: 41, sugar: 8 },
    chef: chef(244, "Mario", "Rizzo"),
    meatType: "Beef",
    category: { id: 4, title: "Premium", label: "premium" },
    allergens: [{ name: "Wheat" }, { name: "Milk" }, { name: "Egg" }],
    ingredients: [{ name: "Beef short rib" }, { name: "Pappardelle" }, { name: "Parmesan" }],
  },
  {
    id: 11502,
    batchId: 884517,
    name: "Vegan Lentil Shepherd's Pie",
    shortDescription: "Green lentils, root vegetables, whipped potato crust",
    image: "https://cu-media.imgix.net/meals/11502.jpg",
    imagePath: "/meals/11502.jpg",
    price: 10.99,
    finalPrice: 10.99,
    premiumFee: 0,
    sku: "CU-11502",
    stock: 18,
    isNewMeal: false,
    userRating: 4.2,
    inventoryId: "ii-135059016",
    categoryId: 5,
    searchBy: {
      cuisines: ["British"],
      chefFirstName: "Einat",
      chefLastName: "Admony",
      dietTags: ["Vegan", "Dairy Free"],
      ingredients: ["lentils", "carrot", "potato", "thyme"],
      proteinTags: ["Plant-Based"],
    },
    nutritionalFacts: { calories: 480, fat: 12, carbs: 71, sodium: 760, fiber: 16, protein: 19, sugar: 10 },
    chef: chef(312, "Einat", "Admony"),
    meatType: "Vegan",
    category: { id: 5, title: "Comfort Food", label: "comfort" },
    allergens: [],
    ingredients: [{ name: "Green lentils" }, { name: "Carrot" }, { name: "Yukon potato" }],
  },
];

const CATEGORIES = [
  { id: 1, title: "Bowls", subtitle: "Grain & veggie bowls", label: "bowls", tag: null },
  { id: 3, title: "Protein+", subtitle: "30g+ protein", label: "protein-plus", tag: "popular" },
  { id: 4, title: "Premium", subtitle: "Chef specials", label: "premium", tag: null },
  { id: 5, title: "Comfort Food", subtitle: "Classics", label: "comfort", tag: null },
];

// The meals in the cart of CK_WEEK: inventoryId → quantity.
const ckCart = new Map<string, number>([["ii-135057730", 1]]);

function cartProduct(inventoryId: string) {
  const meal = MEALS.find((m) => m.inventoryId === inventoryId) ?? MEALS[0]!;
  return {
    id: meal.id,
    inventoryId: meal.inventoryId,
    name: meal.name,
    sku: meal.sku,
    image_path: meal.imagePath,
    price_incl_tax: meal.finalPrice,
    realPrice: meal.price,
    chef_firstname: meal.chef.firstName,
    chef_lastname: meal.chef.lastName,
    meat_type: meal.meatType,
    premium_special: meal.premiumFee > 0 ? "premium" : null,
    __typename: "Product",
  };
}

function upcomingDays() {
  const day = (date: string, display: string, extra: Record<string, unknown>) => ({
    id: `${date}-1`,
    date,
    displayDate: display,
    available: true,
    menuAvailable: true,
    canEdit: true,
    skip: false,
    isPaused: false,
    scheduled: true,
    cutoff: { time: "", userTimeZone: "America/New_York", __typename: "Cutoff" },
    cart: [],
    recommendation: { meals: [], __typename: "Recommendation" },
    order: null,
    __typename: "UpcomingDay",
    ...extra,
  });
  return [
    day(CK_LOCKED_WEEK, CK_LOCKED_WEEK, {
      canEdit: false,
      cutoff: { time: "2026-12-03T23:59:00-05:00", userTimeZone: "America/New_York", __typename: "Cutoff" },
      order: {
        id: "73310452",
        grandTotal: 76.91,
        orderStatus: { state: "processing", status: "confirmed", __typename: "OrderStatus" },
        items: [
          {
            qty: 2,
            product: cartProduct("ii-135055242"),
            price: { price: 13.49, originalPrice: 13.49, __typename: "Price" },
            __typename: "OrderItem",
          },
          {
            qty: 4,
            product: cartProduct("ii-135059016"),
            price: { price: 10.99, originalPrice: 10.99, __typename: "Price" },
            __typename: "OrderItem",
          },
        ],
        __typename: "Order",
      },
    }),
    day(CK_WEEK, CK_WEEK, {
      cutoff: { time: "2026-12-10T23:59:00-05:00", userTimeZone: "America/New_York", __typename: "Cutoff" },
      cart: [...ckCart].map(([inventoryId, qty]) => ({
        product: cartProduct(inventoryId),
        qty,
        __typename: "CartItem",
      })),
    }),
    day(CK_NEXT_WEEK, CK_NEXT_WEEK, {
      cutoff: { time: "2026-12-17T23:59:00-05:00", userTimeZone: "America/New_York", __typename: "Cutoff" },
      recommendation: {
        meals: [
          {
            name: MEALS[0]!.name,
            inventoryId: MEALS[0]!.inventoryId,
            chef_firstname: "Akira",
            chef_lastname: "Back",
            meat_type: "Fish",
            qty: 2,
            premium_special: null,
            __typename: "RecommendedMeal",
          },
        ],
        __typename: "Recommendation",
      },
    }),
  ];
}

function gqlError(res: http.ServerResponse, message: string, path: string, code: string) {
  // Apollo Server answers resolver errors with HTTP 200, `data: null` and the error in `errors[]`.
  return json(res, 200, {
    errors: [{ message, locations: [{ line: 3, column: 9 }], path: [path], extensions: { code } }],
    data: null,
  });
}

function cookunityGraphql(_req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.ckRateLimited) return json(res, 429, { message: "Too Many Requests" }, { "retry-after": "60" });
  if (state.ckTokenExpired)
    return json(res, 401, { errors: [{ message: "jwt expired", extensions: { code: "UNAUTHENTICATED" } }] });
  if (state.ckServerError)
    return json(res, 500, {
      errors: [{ message: "Unexpected error.", extensions: { code: "INTERNAL_SERVER_ERROR" } }],
      data: null,
    });
  if (state.ckBadGateway)
    return text(
      res,
      502,
      cloudflare502("subscription.cookunity.com", "8f2a61c0bd7e41a3"),
      "text/html; charset=UTF-8",
    );

  const request = parse(body) as { query?: string; variables?: Record<string, unknown> };
  const query = request.query ?? "";
  const vars = request.variables ?? {};

  if (url.pathname === "/menu-service/graphql") {
    if (vars.date === CK_SLOW_WEEK)
      return later(15_000, () => json(res, 200, { data: { menu: { categories: CATEGORIES, meals: [] } } }));
    return json(res, 200, { data: { menu: { categories: CATEGORIES, meals: MEALS } } });
  }
  if (url.pathname !== "/subscription-back/graphql/user") return json(res, 404, { message: "Not Found" });

  if (query.includes("users {"))
    return json(res, 200, {
      data: {
        users: [
          {
            id: 2208714,
            name: "Sam Whitfield",
            email: CK_EMAIL,
            plan_id: 9,
            store_id: 4,
            status: "active",
            deliveryDays: [{ id: 1, day: "Monday", time_start: "12:00", time_end: "20:00" }],
            currentCredit: 15,
            ring: { id: 3, name: "NYC Metro", is_local: true },
            addresses: [
              {
                id: 881204,
                isActive: true,
                city: "Brooklyn",
                region: "NY",
                postcode: "11217",
                street: "214 Dean St",
              },
            ],
            profiles: [{ id: 1, firstname: "Sam", lastname: "Whitfield" }],
          },
        ],
      },
    });
  if (query.includes("allOrders"))
    return json(res, 200, {
      data: {
        allOrders: [
          { id: "73310452", deliveryDate: "2026-12-07" },
          { id: "73118806", deliveryDate: "2026-11-30" },
          { id: "72905511", deliveryDate: "2026-11-23" },
        ],
      },
    });
  if (query.includes("upcomingDays")) return json(res, 200, { data: { upcomingDays: upcomingDays() } });
  if (query.includes("addMeal(")) {
    const inventoryId = String(vars.inventory_id);
    if (inventoryId === CK_SOLD_OUT)
      return gqlError(
        res,
        `Product ${CK_SOLD_OUT} is out of stock for ${vars.date}`,
        "addMeal",
        "BAD_USER_INPUT",
      );
    ckCart.set(inventoryId, (ckCart.get(inventoryId) ?? 0) + Number(vars.quantity ?? 1));
    return json(res, 200, {
      data: { addMeal: [...ckCart].map(([id, qty]) => ({ qty, inventoryId: id })) },
    });
  }
  if (query.includes("deleteMeal(")) {
    const inventoryId = String(vars.inventory_id);
    const left = Math.max(0, (ckCart.get(inventoryId) ?? 0) - Number(vars.quantity ?? 1));
    if (left === 0) ckCart.delete(inventoryId);
    else ckCart.set(inventoryId, left);
    return json(res, 200, { data: { deleteMeal: { qty: left, inventoryId } } });
  }
  if (query.includes("deleteCart(")) {
    ckCart.clear();
    return json(res, 200, { data: { deleteCart: true } });
  }
  if (query.includes("createSkip(")) {
    const skip = vars.skip as { date?: string } | undefined;
    if (skip?.date === CK_LOCKED_WEEK)
      return json(res, 200, {
        data: {
          createSkip: {
            __typename: "OrderCreationError",
            error: "The cutoff time for this delivery has passed",
          },
        },
      });
    return json(res, 200, { data: { createSkip: { __typename: "Skip", id: "5518120" } } });
  }
  if (query.includes("createUnskip("))
    return json(res, 200, { data: { createUnskip: { __typename: "Skip", id: "5518121" } } });
  if (query.includes("createOrder("))
    return json(res, 200, {
      data: {
        createOrder: {
          __typename: "OrderCreation",
          id: "73502219",
          deliveryDate: (vars.order as { deliveryDate?: string } | undefined)?.deliveryDate,
          paymentStatus: "pending",
        },
      },
    });
  if (query.includes("getOrderDetail("))
    return json(res, 200, {
      data: {
        getOrderDetail: {
          qtyPlanMeals: 6,
          qtyItems: 3,
          totalPlanPrice: 71.94,
          totalExtraMeals: 0,
          totalTaxes: 0,
          totalDeliveryFee: 0,
          totalExpressFee: 0,
          totalFee: 0,
          subTotalOrder: 71.94,
          totalPromoDiscount: 0,
          totalOrder: 71.94,
          availableCredits: 15,
          totalOrderWithCreditsSubtracted: 56.94,
        },
      },
    });
  if (query.includes("invoices("))
    return json(res, 200, {
      data: {
        invoices: [
          {
            id: 4410932,
            customerId: 2208714,
            date: "2026-11-30",
            customerName: "Sam Whitfield",
            deliveryAddress: "214 Dean St, Brooklyn, NY 11217",
            subtotal: 71.94,
            deliveryFee: 0,
            expressFee: 0,
            taxes: 0,
            tip: 3,
            discount: 0,
            chargedCredit: 0,
            total: 74.94,
            ccNumber: "4242",
            planId: 9,
            createdAt: "2026-11-26T05:00:12.000Z",
            updatedAt: "2026-11-26T05:00:12.000Z",
            charges: [
              {
                id: 991204,
                chargeId: "ch_3QbF2k2eZvKYlo2C0x7VvP1c",
                status: "succeeded",
                stripeId: "ch_3QbF2k2eZvKYlo2C0x7VvP1c",
                refund: null,
                createdAt: "2026-11-26T05:00:12.000Z",
                updatedAt: "2026-11-26T05:00:12.000Z",
                __typename: "Charge",
              },
            ],
            orders: [
              {
                id: 73118806,
                delivery_date: "2026-11-30",
                display_date: "Mon, Nov 30",
                time_start: "12:00",
                time_end: "20:00",
                items: [
                  {
                    product: {
                      id: 12272,
                      name: MEALS[0]!.name,
                      sku: "CU-12272",
                      short_description: MEALS[0]!.shortDescription,
                      image: MEALS[0]!.image,
                      calories: 560,
                      category_id: 3,
                      sidedish: null,
                      chef_firstname: "Akira",
                      chef_lastname: "Back",
                      meat_type: "Fish",
                      stars: 4.7,
                      user_rating: 5,
                      premium_special: null,
                      review: {
                        id: 551203,
                        order: 73118806,
                        product: 12272,
                        rating: 5,
                        review: "Perfectly cooked salmon",
                        reasons: [],
                        created_at: "2026-12-01T18:22:40.000Z",
                        __typename: "Review",
                      },
                      __typename: "Product",
                    },
                    price: {
                      price: 13.49,
                      originalPrice: 13.49,
                      priceIncludingTax: 13.49,
                      basePriceIncludingTax: 13.49,
                      __typename: "Price",
                    },
                    qty: 3,
                    __typename: "OrderItem",
                  },
                ],
                __typename: "InvoiceOrder",
              },
            ],
            __typename: "Invoice",
          },
        ],
      },
    });
  return gqlError(res, 'Cannot query field on type "Query".', "query", "GRAPHQL_VALIDATION_FAILED");
}

function cookunityAuth(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.pathname === "/co/authenticate" && req.method === "POST") {
    const form = parse(body);
    if (form.password !== CK_PASSWORD) {
      ckFailedLogins += 1;
      if (ckFailedLogins > 2)
        return json(res, 429, {
          error: "too_many_attempts",
          error_description:
            "Your account has been blocked after multiple consecutive login attempts. We've sent you an email with instructions on how to unblock it.",
        });
      return json(res, 403, { error: "access_denied", error_description: "Wrong email or password." });
    }
    return json(res, 200, {
      login_ticket: "Jq8vWbN2sLxR0pKc4TzYdA7eHu1mGf5o",
      co_verifier: "m0S2pWq9aZt4Lx8rC1vB7nK3yD6hF5jE",
      co_id: "c2Vhc29uZWQtc2FsbW9u",
    });
  }
  if (url.pathname === "/authorize") {
    res.writeHead(302, { location: "https://www.cookunity.com?code=Ar7QnV2xZk9pLm3Ws8T1" });
    return res.end();
  }
  if (url.pathname === "/oauth/token" && req.method === "POST")
    return json(res, 200, {
      access_token:
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImN1LWF1dGgtMjAyNiJ9.eyJzdWIiOiJjb29rdW5pdHl8MjIwODcxNCIsImV4cCI6MTg5MzQ1NjAwMH0.c2lnbmF0dXJl",
      id_token:
        "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJlbWFpbCI6InNhbS53aGl0ZmllbGRAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl",
      refresh_token: "v1.MRrT5k0n3ePq9Zt2Lw8aYc4Vh1Jx6Bs0Ng7Df3Ku",
      scope: "openid profile email",
      expires_in: 86400,
      token_type: "Bearer",
    });
  return json(res, 404, { error: "not_found", error_description: "Not Found" });
}

function cookunityHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (url.hostname === "auth.cookunity.com") return cookunityAuth(req, url, body, res);
  if (url.hostname === "subscription.cookunity.com") return cookunityGraphql(req, url, body, res);
  return text(res, 502, "unknown host");
}

export const cookunityStandin = forwardProxy(COOKUNITY_PROXY_PORT, ensureCertificate, cookunityHandler);

// ---------------------------------------------------------------------------------------------- Yelp Fusion

export const YELP_KEY = "Zq3hY8vT0bKp2mWn6rXc9sLd4fGj7aEu1iOy5tBe";

function yelpHandler(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  // Yelp's error envelope (the server never reaches it: README.md).
  if (url.hostname !== "api.yelp.com") return text(res, 502, "unknown host");
  return json(res, 404, {
    error: { code: "NOT_FOUND", description: "Resource could not be found." },
  });
}

export const yelpStandin = forwardProxy(YELP_PROXY_PORT, ensureCertificate, yelpHandler);

export const ALL_STANDINS = [tgoStandin, cookunityStandin, yelpStandin];
