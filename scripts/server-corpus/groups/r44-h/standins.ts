// Loopback stand-ins for group r44-h.
//
// drtrips-hotel-mcp calls the Booking.com API that DataCrawler publishes on RapidAPI, at
// https://booking-com15.p.rapidapi.com/api/v1/hotels/… (written into the server), with axios, which follows
// HTTPS_PROXY itself (a CONNECT to the first proxy here). @mikerob/lodgify-mcp calls https://api.lodgify.com/v1|v2/…
// (its default base URL, not configurable from the environment) with Node's built-in fetch, which proxy-preload.mjs
// routes through undici's ProxyAgent to the second proxy. Each proxy terminates the CONNECT tunnel with the stand-in
// certificate, trusted by NODE_EXTRA_CA_CERTS; stopping one takes that service down alone.
//
// README.md says where each body's shape comes from. `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-h";

export const RAPID_PROXY_PORT = 46050;
export const LODGIFY_PROXY_PORT = 46051;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["booking-com15.p.rapidapi.com", "api.lodgify.com"]);

export const RAPID_KEY = "8c41f0e2d7msh5b93a1c6e07f24bp1d9e37jsn6a0c25f8b4e1";
export const RAPID_KEY_WRONG = "8c41f0e2d7msh5b93a1c6e07f24bp1d9e37jsn6a0c25f8b4e9";
export const RAPID_KEY_UNSUBSCRIBED = "f27a9d03b1msh48c2e6a915d07f3p1a6b04jsn9e2d7c31f580";

export const LODGIFY_KEY = "Lx7q2v9KpR4mZt8WcY3nB6dF1gH5jS0aE2uI4oP7kL9xQ3wVr8NyT2bM5cJ6hG1f";
export const LODGIFY_KEY_REVOKED = "Qm3vX8cB1nL6kJ4hG9fD2sA7pO5iU0yT3rE8wQ1zX6cV9bN4mK7jH2gF5dS8aLp";

export const state = {
  rapidRateLimited: false,
  rapidServerError: false,
  rapidBadGateway: false,
  rapidSlow: false,
  lodgifyRateLimited: false,
  lodgifyServerError: false,
  lodgifyBadGateway: false,
  lodgifySlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Booking.com on RapidAPI (booking-com15) ───────────────────────────────────────────────────────────────────────

const DESTINATIONS: Record<string, Record<string, unknown>[]> = {
  lisbon: [
    {
      dest_id: "-2167973",
      search_type: "city",
      dest_type: "city",
      name: "Lisbon",
      label: "Lisbon, Lisbon Region, Portugal",
      city_name: "Lisbon",
      region: "Lisbon Region",
      country: "Portugal",
      cc1: "pt",
      city_ufi: null,
      hotels: 4978,
      nr_hotels: 4978,
      latitude: 38.7077,
      longitude: -9.136591,
      lc: "en",
      roundtrip: "GgEwIAAoATICZW46B2xpc2JvbkAASABQAA==",
      image_url: "https://cf.bstatic.com/xdata/images/city/150x150/613104.jpg?k=1b1b1a6f",
    },
    {
      dest_id: "1409",
      search_type: "district",
      dest_type: "district",
      name: "Lisbon City Centre",
      label: "Lisbon City Centre, Lisbon, Lisbon Region, Portugal",
      city_name: "Lisbon",
      region: "Lisbon Region",
      country: "Portugal",
      cc1: "pt",
      hotels: 1874,
      nr_hotels: 1874,
      latitude: 38.713,
      longitude: -9.1394,
      lc: "en",
    },
  ],
  porto: [
    {
      dest_id: "-2173088",
      search_type: "city",
      dest_type: "city",
      name: "Porto",
      label: "Porto, Norte Region, Portugal",
      city_name: "Porto",
      region: "Norte Region",
      country: "Portugal",
      cc1: "pt",
      hotels: 3105,
      nr_hotels: 3105,
      latitude: 41.1496,
      longitude: -8.61099,
      lc: "en",
    },
  ],
  kyoto: [
    {
      dest_id: "-235402",
      search_type: "city",
      dest_type: "city",
      name: "Kyoto",
      label: "Kyoto, Kyoto Prefecture, Japan",
      city_name: "Kyoto",
      region: "Kyoto Prefecture",
      country: "Japan",
      cc1: "jp",
      hotels: 3641,
      nr_hotels: 3641,
      latitude: 35.0116,
      longitude: 135.768,
      lc: "en",
    },
  ],
  hallstatt: [
    {
      dest_id: "-1983460",
      search_type: "city",
      dest_type: "city",
      name: "Hallstatt",
      label: "Hallstatt, Upper Austria, Austria",
      city_name: "Hallstatt",
      region: "Upper Austria",
      country: "Austria",
      cc1: "at",
      hotels: 41,
      nr_hotels: 41,
      latitude: 47.5622,
      longitude: 13.6493,
      lc: "en",
    },
  ],
};

interface Hotel {
  id: number;
  name: string;
  address: string;
  city: string;
  country: string;
  cc: string;
  lat: number;
  lng: number;
  score: number;
  reviews: number;
  word: string;
  type: string;
  room: string;
  nightly: number;
  currency: string;
  facilities: string[];
}

const HOTELS: Record<string, Hotel[]> = {
  "-2167973": [
    {
      id: 1567319,
      name: "Memmo Príncipe Real",
      address: "Rua D. Pedro V, 56 J",
      city: "Lisbon",
      country: "Portugal",
      cc: "pt",
      lat: 38.7162,
      lng: -9.1477,
      score: 9.2,
      reviews: 2418,
      word: "Wonderful",
      type: "Hotel",
      room: "Superior Double Room with City View",
      nightly: 312,
      currency: "EUR",
      facilities: ["Outdoor swimming pool", "Free WiFi", "Fitness centre", "Bar"],
    },
    {
      id: 247836,
      name: "Lisboa Pessoa Hotel",
      address: "Rua do Crucifixo, 35",
      city: "Lisbon",
      country: "Portugal",
      cc: "pt",
      lat: 38.7107,
      lng: -9.1386,
      score: 8.9,
      reviews: 3104,
      word: "Fabulous",
      type: "Hotel",
      room: "Classic Double or Twin Room",
      nightly: 189,
      currency: "EUR",
      facilities: ["Free WiFi", "Restaurant", "Non-smoking rooms", "Airport shuttle", "Lift", "Terrace"],
    },
    {
      id: 5281347,
      name: "Casa Alfama Apartments",
      address: "Beco do Loureiro, 3",
      city: "Lisbon",
      country: "Portugal",
      cc: "pt",
      lat: 38.7118,
      lng: -9.1296,
      score: 8.6,
      reviews: 377,
      word: "Fabulous",
      type: "Apartment",
      room: "One-Bedroom Apartment",
      nightly: 142,
      currency: "EUR",
      facilities: ["Kitchen", "Free WiFi", "Washing machine"],
    },
    {
      id: 91264,
      name: "Hotel Avenida Palace",
      address: "Rua 1º de Dezembro, 123",
      city: "Lisbon",
      country: "Portugal",
      cc: "pt",
      lat: 38.7145,
      lng: -9.1409,
      score: 8.8,
      reviews: 5120,
      word: "Fabulous",
      type: "Hotel",
      room: "Deluxe Double Room",
      nightly: 274,
      currency: "EUR",
      facilities: ["Free WiFi", "Bar", "Room service", "Family rooms"],
    },
  ],
  "-2173088": [
    {
      id: 3319052,
      name: "Torel Avantgarde",
      address: "Rua da Restauração, 336",
      city: "Porto",
      country: "Portugal",
      cc: "pt",
      lat: 41.1465,
      lng: -8.6186,
      score: 9.4,
      reviews: 1398,
      word: "Superb",
      type: "Hotel",
      room: "Deluxe Double Room with River View",
      nightly: 298,
      currency: "EUR",
      facilities: ["Spa", "Outdoor swimming pool", "Free WiFi", "Restaurant"],
    },
    {
      id: 285710,
      name: "Grande Hotel do Porto",
      address: "Rua de Santa Catarina, 197",
      city: "Porto",
      country: "Portugal",
      cc: "pt",
      lat: 41.1486,
      lng: -8.6063,
      score: 8.3,
      reviews: 6021,
      word: "Very Good",
      type: "Hotel",
      room: "Standard Double Room",
      nightly: 121,
      currency: "EUR",
      facilities: ["Free WiFi", "24-hour front desk", "Bar"],
    },
  ],
  "-235402": [
    {
      id: 7104436,
      name: "Hotel Resol Kyoto Kawaramachi Sanjo",
      address: "Nakagyo-ku Sanjo-dori Kawaramachi Higashi-iru 2-chome",
      city: "Kyoto",
      country: "Japan",
      cc: "jp",
      lat: 35.0089,
      lng: 135.7709,
      score: 8.7,
      reviews: 2210,
      word: "Fabulous",
      type: "Hotel",
      room: "Family Room with Four Beds",
      nightly: 41200,
      currency: "JPY",
      facilities: ["Free WiFi", "Non-smoking rooms", "Laundry"],
    },
  ],
  // Hallstatt over New Year's Eve: no property has a room left.
  "-1983460": [],
};

const ALL_HOTELS = new Map(
  Object.values(HOTELS)
    .flat()
    .map((h) => [h.id, h]),
);

const rapidOk = (res: http.ServerResponse, data: unknown) =>
  json(
    res,
    200,
    { status: true, message: "Success", timestamp: 1765123456789, data },
    { "x-ratelimit-requests-limit": "500", "x-ratelimit-requests-remaining": "412" },
  );

function nights(arrival: string, departure: string): number {
  return Math.max(1, Math.round((Date.parse(departure) - Date.parse(arrival)) / 86_400_000));
}

function hotelDetails(h: Hotel, url: URL) {
  const arrival = url.searchParams.get("arrival_date") ?? "";
  const departure = url.searchParams.get("departure_date") ?? "";
  const n = nights(arrival, departure);
  const total = h.nightly * n;
  const symbol = h.currency === "EUR" ? "€" : h.currency === "JPY" ? "¥" : "US$";
  return {
    hotel_id: h.id,
    hotel_name: h.name,
    url: `https://www.booking.com/hotel/${h.cc}/${h.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.html`,
    latitude: h.lat,
    longitude: h.lng,
    address: h.address,
    city: h.city,
    city_trans: h.city,
    country_trans: h.country,
    countrycode: h.cc,
    currency_code: h.currency,
    accommodation_type_name: h.type,
    review_nr: h.reviews,
    review_score: h.score,
    review_score_word: h.word,
    arrival_date: arrival,
    departure_date: departure,
    available_rooms: 3,
    checkin: { from: "15:00", until: "00:00" },
    checkout: { from: "", until: "12:00" },
    breakfast_review_score: {
      rating: Math.round((h.score - 0.3) * 10) / 10,
      review_count: Math.round(h.reviews / 4),
    },
    wifi_review_score: { rating: Math.round((h.score + 0.1) * 10) / 10 },
    property_highlight_strip: h.facilities.slice(0, 3).map((name) => ({ name, icon_list: [] })),
    facilities_block: {
      type: "popular",
      name: "Most popular facilities",
      facilities: h.facilities.map((name) => ({ name, icon: "" })),
    },
    product_price_breakdown: {
      nr_stays: n,
      gross_amount: {
        currency: h.currency,
        value: total,
        amount_rounded: `${symbol}${total.toLocaleString("en-US")}`,
        amount_unrounded: `${symbol}${total.toFixed(2)}`,
      },
      gross_amount_per_night: {
        currency: h.currency,
        value: h.nightly,
        amount_rounded: `${symbol}${h.nightly.toLocaleString("en-US")}`,
        amount_unrounded: `${symbol}${h.nightly.toFixed(2)}`,
      },
    },
    rooms: {
      [`${h.id}01`]: {
        description: h.room,
        photos: [
          {
            url_original: `https://cf.bstatic.com/xdata/images/hotel/max1280x900/${h.id}01.jpg`,
            url_max750: `https://cf.bstatic.com/xdata/images/hotel/max750/${h.id}01.jpg`,
          },
        ],
        facilities: [{ name: "Air conditioning" }, { name: "Private bathroom" }],
        highlights: [{ translated_name: "Free WiFi" }],
      },
    },
  };
}

// RapidAPI's gateway answers its own errors as {"message": "..."} (RapidAPI docs, "Error codes"; the same bodies are
// quoted in many public issues: "Invalid API key…", "You are not subscribed to this API.", the plan quota).
function rapidApi(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const key = req.headers["x-rapidapi-key"];
  if (state.rapidSlow) return later(15000, () => rapidOk(res, []));
  if (state.rapidBadGateway) {
    return text(
      res,
      502,
      cloudflare502("booking-com15.p.rapidapi.com", "8f3a9c6e1b7d4a20"),
      "text/html; charset=UTF-8",
    );
  }
  if (key !== RAPID_KEY && key !== RAPID_KEY_UNSUBSCRIBED) {
    return json(res, 401, {
      message: "Invalid API key. Go to https://docs.rapidapi.com/docs/keys for more info.",
    });
  }
  if (key === RAPID_KEY_UNSUBSCRIBED)
    return json(res, 403, { message: "You are not subscribed to this API." });
  if (state.rapidRateLimited) {
    return json(res, 429, { message: "Too many requests" }, { "retry-after": "1" });
  }
  const p = url.pathname.replace(/^\/api\/v1\/hotels\//, "");
  if (p === "searchDestination") {
    const q = (url.searchParams.get("query") ?? "").trim().toLowerCase();
    return rapidOk(res, DESTINATIONS[q] ?? []);
  }
  if (p === "searchHotels") {
    if (state.rapidServerError) {
      return json(res, 500, {
        status: false,
        message: "Something went wrong, please try again later.",
        timestamp: 1765123456790,
      });
    }
    const dest = url.searchParams.get("dest_id") ?? "";
    const rows = HOTELS[dest] ?? [];
    return rapidOk(res, {
      hotels: rows.map((h) => ({
        hotel_id: h.id,
        accessibilityLabel: `${h.name}. ${h.score} ${h.word} ${h.reviews} reviews.`,
        property: {
          id: h.id,
          name: h.name,
          reviewScore: h.score,
          reviewCount: h.reviews,
          currency: h.currency,
        },
      })),
      meta: [{ title: `${rows.length} properties` }],
      appear: [],
    });
  }
  if (p === "getHotelDetails") {
    const h = ALL_HOTELS.get(Number(url.searchParams.get("hotel_id")));
    if (!h) return rapidOk(res, null);
    return rapidOk(res, hotelDetails(h, url));
  }
  if (p === "getHotelPhotos") {
    // booking-com15 answers the photos as {id, url} (not the url_original/url_max the server looks for).
    const id = Number(url.searchParams.get("hotel_id"));
    return rapidOk(res, [
      { id: id * 10 + 1, url: `https://cf.bstatic.com/xdata/images/hotel/square60/${id}1.jpg` },
      { id: id * 10 + 2, url: `https://cf.bstatic.com/xdata/images/hotel/square60/${id}2.jpg` },
    ]);
  }
  unknownRequests.push(`rapid ${req.method} ${url.pathname}${url.search}`);
  return json(res, 404, { message: "Endpoint '/api/v1/hotels/" + p + "' does not exist" });
}

function rapid(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`rapid ${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host === "booking-com15.p.rapidapi.com") return rapidApi(req, url, res);
  unknownRequests.push(`rapid ${req.method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

// ── Lodgify ───────────────────────────────────────────────────────────────────────────────────────────────────────

export const LG = {
  cabin: 412873,
  cabinRoom: 476201,
  loft: 412880,
  loftRoom: 476215,
  villa: 430117,
  villaRoom: 498832,
  booking: 18830412,
  bookingGone: 18799999,
  thread: "7c1e5a02-93d4-4b8e-a6f1-2d0c8b4e9f31",
  threadGone: "0b9d7f44-1c2a-4e6d-8f30-5a7e2c1d9b08",
};

const PROPERTIES = [
  {
    id: LG.cabin,
    name: "Pine Ridge Cabin",
    description: "A two-bedroom log cabin above the lake, with a wood stove and a hot tub.",
    latitude: 46.5412,
    longitude: 7.9836,
    address: "Bergweg 14",
    zip: "3822",
    city: "Lauterbrunnen",
    country_code: "CH",
    image_url: "https://l.icdbcdn.com/oh/4a6e0b2c-pine-ridge.jpg",
    has_addons: false,
    rating: 4.9,
    price_unit_in_days: 1,
    min_price: 240,
    max_price: 395,
    currency_code: "CHF",
    in_out_max_date: "2027-12-31",
    created: "2023-04-11T09:22:31",
    updated: "2026-11-28T17:05:12",
    is_active: true,
    rooms: [{ id: LG.cabinRoom, name: "Whole cabin", max_people: 5, bedrooms: 2, bathrooms: 1.5 }],
  },
  {
    id: LG.loft,
    name: "Old Town Loft",
    description: "Top-floor loft in a 17th-century townhouse, five minutes from the station.",
    latitude: 46.6863,
    longitude: 7.8632,
    address: "Obere Gasse 3",
    zip: "3800",
    city: "Interlaken",
    country_code: "CH",
    image_url: "https://l.icdbcdn.com/oh/9d2c7f1a-old-town-loft.jpg",
    has_addons: true,
    rating: 4.7,
    price_unit_in_days: 1,
    min_price: 180,
    max_price: 260,
    currency_code: "CHF",
    in_out_max_date: "2027-12-31",
    created: "2024-01-19T14:03:55",
    updated: "2026-12-02T08:41:09",
    is_active: true,
    rooms: [{ id: LG.loftRoom, name: "Loft", max_people: 3, bedrooms: 1, bathrooms: 1 }],
  },
  {
    id: LG.villa,
    name: "Lakeside Villa Mira",
    description: "Four-bedroom villa on the shore with a private jetty.",
    latitude: 46.7031,
    longitude: 7.7112,
    address: "Seestrasse 88",
    zip: "3652",
    city: "Hilterfingen",
    country_code: "CH",
    image_url: "https://l.icdbcdn.com/oh/c81e20d4-villa-mira.jpg",
    has_addons: true,
    rating: 5,
    price_unit_in_days: 1,
    min_price: 610,
    max_price: 980,
    currency_code: "CHF",
    in_out_max_date: "2027-12-31",
    created: "2022-06-02T10:00:00",
    updated: "2026-11-15T12:30:44",
    is_active: true,
    rooms: [{ id: LG.villaRoom, name: "Villa", max_people: 9, bedrooms: 4, bathrooms: 3 }],
  },
];

const guest = (name: string, email: string, phone: string, country: string) => ({
  id: Math.abs(name.split("").reduce((a, c) => a * 31 + c.charCodeAt(0), 7) % 90000000),
  name,
  email,
  phone,
  country_code: country,
});

const booking = (
  id: number,
  propertyId: number,
  roomId: number,
  arrival: string,
  departure: string,
  g: ReturnType<typeof guest>,
  total: number,
  extra: Record<string, unknown> = {},
) => ({
  id,
  arrival,
  departure,
  property_id: propertyId,
  status: "Booked",
  source: "Manual",
  source_text: "",
  is_deleted: false,
  language: "en",
  guest: g,
  currency_code: "CHF",
  total_amount: total,
  amount_paid: total / 2,
  amount_due: total / 2,
  rooms: [
    {
      room_type_id: roomId,
      guest_breakdown: { adults: 2, children: 0, infants: 0, pets: 0 },
      people: 2,
      key_code: null,
    },
  ],
  date_created: "2026-10-03T11:14:08",
  date_updated: "2026-11-30T09:02:51",
  check_in: null,
  check_out: null,
  ...extra,
});

const BOOKINGS = [
  booking(
    LG.booking,
    LG.cabin,
    LG.cabinRoom,
    "2026-12-19",
    "2026-12-26",
    guest("Hannah Keller", "hannah.keller@example.de", "+49 151 2234 8812", "DE"),
    2310,
  ),
  booking(
    18830577,
    LG.loft,
    LG.loftRoom,
    "2026-12-28",
    "2027-01-02",
    guest("Marco Bianchi", "m.bianchi@example.it", "+39 347 551 2090", "IT"),
    1150,
    { source: "AirbnbIntegration", source_text: "HMX3K9TQ2P" },
  ),
  booking(
    18831102,
    LG.villa,
    LG.villaRoom,
    "2027-02-10",
    "2027-02-17",
    guest("Sophie Laurent", "sophie.laurent@example.fr", "+33 6 12 44 80 19", "FR"),
    5670,
    { status: "Tentative" },
  ),
];

// Lodgify answers errors as {"code": …, "message": …} (the Error schema of its OpenAPI document; correlation_id and
// event_id as its error responses carry them, and as the server's own error types read them).
function lodgifyError(
  res: http.ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) {
  json(
    res,
    status,
    {
      code,
      message,
      correlation_id: "3f1c9e27-5b0d-4a8e-9c62-7d14b0e8a5f3",
      event_id: "a8d04e6b52c94f1f8e3b7a2d9c610e45",
    },
    headers,
  );
}

let lodgifyCreated = 0;

function lodgifyApi(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  if (state.lodgifySlow) return later(15000, () => json(res, 200, { count: 0, items: [] }));
  if (state.lodgifyBadGateway) {
    return text(res, 502, cloudflare502("api.lodgify.com", "8f3b21d97c4e6a05"), "text/html; charset=UTF-8");
  }
  const key = req.headers["x-apikey"];
  if (key !== LODGIFY_KEY) {
    return lodgifyError(res, 401, "NotAuthorized", "Provided API key is not valid.");
  }
  if (state.lodgifyRateLimited) {
    return lodgifyError(res, 429, "Unknown", "API calls quota exceeded! maximum admitted 200 per minute.", {
      "retry-after": "1",
    });
  }
  if (state.lodgifyServerError) {
    return lodgifyError(res, 500, "Unknown", "An error has occurred.");
  }
  const p = url.pathname;
  if (method === "GET" && p === "/v2/properties") {
    const items = PROPERTIES.map(({ rooms: _rooms, ...rest }) => rest);
    return json(res, 200, {
      count: url.searchParams.get("includeCount") === "true" ? items.length : null,
      items,
    });
  }
  let m = /^\/v2\/properties\/(\d+)(\/rooms)?$/.exec(p);
  if (m && method === "GET") {
    const prop = PROPERTIES.find((x) => x.id === Number(m![1]));
    if (!prop) return lodgifyError(res, 404, "NotFound", `Property ${m[1]} not found.`);
    return json(res, 200, m[2] ? prop.rooms : prop);
  }
  if (method === "GET" && p === "/v2/reservations/bookings") {
    const stay = url.searchParams.get("stayFilter") ?? "All";
    let items = BOOKINGS;
    if (stay === "Historic") items = [];
    return json(res, 200, {
      count: url.searchParams.get("includeCount") === "true" ? items.length : null,
      items,
    });
  }
  m = /^\/v2\/reservations\/bookings\/(\d+)(\/[A-Za-z/]+)?$/.exec(p);
  if (m) {
    const b = BOOKINGS.find((x) => x.id === Number(m![1]));
    if (!b) return lodgifyError(res, 404, "NotFound", "Booking not found");
    if (!m[2] && method === "GET") return json(res, 200, b);
    if (m[2] === "/checkin" && method === "PUT") {
      res.writeHead(200, { "content-length": "0" });
      return res.end();
    }
    if (m[2] === "/quote/paymentLink" && method === "GET") return json(res, 200, null);
  }
  m = /^\/v2\/availability\/(\d+)$/.exec(p);
  if (m && method === "GET") {
    const prop = PROPERTIES.find((x) => x.id === Number(m![1]));
    if (!prop) return lodgifyError(res, 404, "NotFound", `Property ${m[1]} not found.`);
    const start = url.searchParams.get("start") ?? "2027-01-04";
    const end = url.searchParams.get("end") ?? "2027-01-11";
    return json(res, 200, [
      {
        user_id: 218842,
        property_id: prop.id,
        room_type_id: prop.rooms[0]!.id,
        periods: [
          {
            start,
            end: "2027-01-06",
            available: 1,
            closed_period: null,
            bookings: [],
            channel_calendars: [],
          },
          {
            start: "2027-01-07",
            end,
            available: 0,
            closed_period: null,
            bookings: [{ id: 18832044, status: "Booked" }],
            channel_calendars: [],
          },
        ],
      },
    ]);
  }
  if (method === "GET" && p === "/v2/rates/calendar") {
    const start = url.searchParams.get("StartDate") ?? url.searchParams.get("startDate") ?? "2027-01-04";
    const days = ["2027-01-04", "2027-01-05", "2027-01-06", "2027-01-07"];
    return json(res, 200, {
      calendar_items: days
        .filter((d) => d >= start.slice(0, 10))
        .map((date) => ({
          date,
          is_default: false,
          prices: [
            {
              min_stay: 3,
              max_stay: 28,
              price_per_day: date === "2027-01-07" ? 290 : 260,
              price_per_additional_guest: 25,
              additional_guests_starts_from: 4,
            },
          ],
        })),
      rate_settings: {
        bookability: 1,
        check_in_hour: 15,
        check_out_hour: 10,
        booking_window_days: 540,
        advance_notice_days: 1,
        preparation_time_days: 0,
        currency_code: "CHF",
        vat: 8.1,
        is_vat_exclusive: false,
        fees: [],
        taxes: [],
        promotions: [],
      },
    });
  }
  m = /^\/v2\/quote\/(\d+)$/.exec(p);
  if (m && method === "GET") {
    const from = url.searchParams.get("arrival") ?? url.searchParams.get("from") ?? "";
    const to = url.searchParams.get("departure") ?? url.searchParams.get("to") ?? "";
    if (nights(from, to) < 3) {
      return lodgifyError(
        res,
        400,
        "MinStayRequired",
        "The minimum stay for the selected dates is 3 nights.",
      );
    }
    return json(res, 200, [
      {
        total_including_vat: 1040,
        total_excluding_vat: 963,
        total: 1040,
        currency_code: "CHF",
        room_types: [{ room_type_id: LG.cabinRoom, price_types: [{ type: 0, subtotal: 1040 }] }],
      },
    ]);
  }
  if (method === "POST" && p === "/v1/reservation/booking") {
    const input = parse(body) as Record<string, unknown>;
    const prop = PROPERTIES.find((x) => x.id === Number(input.property_id));
    if (!prop) return lodgifyError(res, 400, "ArgumentError", "Property does not exist.");
    lodgifyCreated += 1;
    return json(res, 200, 18833000 + lodgifyCreated);
  }
  m = /^\/v1\/reservation\/booking\/(\d+)\/([A-Za-z]+)$/.exec(p);
  if (m && method === "PUT") {
    res.writeHead(200, { "content-length": "0" });
    return res.end();
  }
  if (method === "GET" && p === "/v1/webhooks/v1/list") return json(res, 200, []);
  m = /^\/v2\/messaging\/([0-9a-f-]+)$/.exec(p);
  if (m && method === "GET") {
    if (m[1] !== LG.thread) return lodgifyError(res, 404, "NotFound", "Thread not found");
    return json(res, 200, {
      thread_uid: LG.thread,
      subject: "Early check-in on the 19th?",
      booking_id: LG.booking,
      messages: [
        {
          id: 88120341,
          type: "Renter",
          subject: "",
          message: "Hi! Our train gets in at 11:00 — could we drop the bags earlier?",
          created_at: "2026-12-04T10:12:55",
        },
        {
          id: 88120588,
          type: "Owner",
          subject: "",
          message: "Of course, the key box code will be in your arrival e-mail.",
          created_at: "2026-12-04T12:40:02",
        },
      ],
    });
  }
  unknownRequests.push(`lodgify ${method} ${url.pathname}${url.search}`);
  return lodgifyError(res, 404, "NotFound", "Resource not found");
}

function lodgify(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`lodgify ${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host === "api.lodgify.com") return lodgifyApi(req, url, body, res);
  unknownRequests.push(`lodgify ${req.method} ${url.host}${url.pathname}`);
  return text(res, 404, "Not Found");
}

export const rapidProxy = forwardProxy(RAPID_PROXY_PORT, ensureCertificate, rapid);
export const lodgifyProxy = forwardProxy(LODGIFY_PROXY_PORT, ensureCertificate, lodgify);
export const ALL_STANDINS = [rapidProxy, lodgifyProxy];
