// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - The Discogs API (`api.discogs.com`: OAuth identity, database search, releases, masters, artists, labels,
//   community ratings, a user's collection and wantlist, marketplace statistics) for discogs-mcp-server, with
//   Discogs' `{"message": …}` errors and its `X-Discogs-Ratelimit*` headers. DISCOGS_API_URL points the server at a
//   plain loopback listener.
// - YouTube (`www.youtube.com` and `youtube.com`: the watch page with its `ytInitialPlayerResponse` and
//   `INNERTUBE_API_KEY`, the Innertube player endpoint `/youtubei/v1/player`, and the `/api/timedtext` caption
//   track in its srv1 XML) for the two transcript servers. Their hosts are written into them and they call them
//   with Node's own `fetch`: each has its own forward proxy, reached through the group's proxy-preload.mjs.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  parse,
  text,
  type Certificate,
  cloudflare502,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r26-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const DISCOGS_PORT = 41800;
export const DISCOGS_MCP_PORT = 41801;
export const YTT_PROXY_PORT = 41802;
export const YTK_PROXY_PORT = 41803;

export const ensureCertificate = (): Certificate => certificate(DATA, ["www.youtube.com", "youtube.com"]);

export const state = {
  dgTokenRevoked: false,
  dgRateLimited: false,
  dgBadGateway: false,
  dgServerError: false,
  ytWatch429: false,
  ytRecaptcha: false,
  ytConsent: false,
  ytInnertube500: false,
};

/** Requests a stand-in was asked for that it does not answer (for the README). */
export const unknownRequests: string[] = [];

// ------------------------------------------------------------------------------------------------- Discogs

export const DISCOGS_TOKEN = "qXbTnWmRkLpZsVcYhGfDjAuEoIyTrEwQaSdFgHjK";
export const DISCOGS_USER = "crate_digger_77";
export const DISCOGS_OTHER_USER = "vinylvera";
export const RELEASE = 249504;
export const RELEASE_MISSING = 99999999;
export const MASTER = 1000;
export const MASTER_SLOW = 96559;
export const ARTIST = 108713;
export const LABEL = 1;

const API = "https://api.discogs.com";

let rateUsed = 0;

function dg(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  rateUsed = Math.min(rateUsed + 1, 60);
  json(res, status, body, {
    "x-discogs-ratelimit": "60",
    "x-discogs-ratelimit-used": String(rateUsed),
    "x-discogs-ratelimit-remaining": String(60 - rateUsed),
    "x-discogs-media-type": "discogs.v2",
    ...headers,
  });
}

function pagination(items: number, perPage: number, path: string) {
  const pages = Math.max(1, Math.ceil(items / perPage));
  return {
    page: 1,
    pages,
    per_page: perPage,
    items,
    urls:
      pages > 1
        ? {
            last: `${API}${path}?per_page=${perPage}&page=${pages}`,
            next: `${API}${path}?per_page=${perPage}&page=2`,
          }
        : {},
  };
}

const RICK = {
  anv: "",
  id: 72872,
  join: "",
  name: "Rick Astley",
  resource_url: `${API}/artists/72872`,
  role: "",
  tracks: "",
};

const RCA = {
  catno: "PB 41447",
  entity_type: "1",
  entity_type_name: "Label",
  id: 895,
  name: "RCA",
  resource_url: `${API}/labels/895`,
};

const SEVEN_INCH = { descriptions: ['7"', "Single", "45 RPM"], name: "Vinyl", qty: "1" };

// The release of the API reference's example (GET /releases/249504), abridged.
const RELEASE_BODY = {
  title: "Never Gonna Give You Up",
  id: RELEASE,
  artists: [RICK],
  data_quality: "Correct",
  thumb: "https://i.discogs.com/R-249504-1334592212.jpeg",
  community: {
    contributors: [
      { resource_url: `${API}/users/memory`, username: "memory" },
      { resource_url: `${API}/users/_80_`, username: "_80_" },
    ],
    data_quality: "Correct",
    have: 252,
    rating: { average: 3.42, count: 45 },
    status: "Accepted",
    submitter: { resource_url: `${API}/users/memory`, username: "memory" },
    want: 42,
  },
  companies: [
    {
      catno: "",
      entity_type: "13",
      entity_type_name: "Phonographic Copyright (p)",
      id: 82835,
      name: "BMG Records (UK) Ltd.",
      resource_url: `${API}/labels/82835`,
    },
  ],
  country: "UK",
  date_added: "2004-04-30T08:10:05-07:00",
  date_changed: "2012-12-03T02:50:12-07:00",
  estimated_weight: 60,
  extraartists: [
    {
      anv: "",
      id: 276845,
      join: "",
      name: "Phil Harding",
      resource_url: `${API}/artists/276845`,
      role: "Mixed By",
      tracks: "",
    },
  ],
  format_quantity: 1,
  formats: [SEVEN_INCH],
  genres: ["Electronic", "Pop"],
  identifiers: [
    { type: "Barcode", value: "5012394144777" },
    { description: "A-side runout", type: "Matrix / Runout", value: "PB-41447-A1-U" },
  ],
  labels: [RCA],
  lowest_price: 0.63,
  master_id: 96559,
  master_url: `${API}/masters/96559`,
  notes: 'UK Release has a black label with the text "Manufactured In England" printed on it.',
  num_for_sale: 58,
  released: "1987",
  released_formatted: "1987",
  resource_url: `${API}/releases/${RELEASE}`,
  series: [],
  status: "Accepted",
  styles: ["Synth-pop"],
  tracklist: [
    { duration: "3:32", position: "A", title: "Never Gonna Give You Up", type_: "track" },
    { duration: "3:30", position: "B", title: "Never Gonna Give You Up (Instrumental)", type_: "track" },
  ],
  uri: "https://www.discogs.com/Rick-Astley-Never-Gonna-Give-You-Up/release/249504",
  videos: [
    {
      description: "Rick Astley - Never Gonna Give You Up (Extended Version)",
      duration: 330,
      embed: true,
      title: "Rick Astley - Never Gonna Give You Up (Extended Version)",
      uri: "https://www.youtube.com/watch?v=te2jJncBVG4",
    },
  ],
  year: 1987,
};

// The master of the API reference's example (GET /masters/1000), abridged.
const MASTER_BODY = {
  styles: ["Goth Rock", "Synth-pop"],
  genres: ["Electronic"],
  videos: [
    {
      duration: 291,
      description: "Electric Six - Gay Bar (Official Video)",
      embed: true,
      uri: "https://www.youtube.com/watch?v=Qfv0MYG8jnU",
      title: "Electric Six - Gay Bar (Official Video)",
    },
  ],
  title: "Stardiver",
  main_release: 66785,
  main_release_url: `${API}/releases/66785`,
  uri: "https://www.discogs.com/Electric-Six-Stardiver/master/1000",
  artists: [
    {
      join: "",
      name: "Electric Six",
      anv: "",
      tracks: "",
      role: "",
      resource_url: `${API}/artists/4469`,
      id: 4469,
    },
  ],
  versions_url: `${API}/masters/1000/versions`,
  year: 1997,
  images: [
    {
      height: 569,
      resource_url: "https://i.discogs.com/R-66785-1213949871.jpeg",
      type: "primary",
      uri: "https://i.discogs.com/R-66785-1213949871.jpeg",
      uri150: "https://i.discogs.com/R-150-66785-1213949871.jpeg",
      width: 600,
    },
  ],
  resource_url: `${API}/masters/1000`,
  tracklist: [
    { duration: "7:13", position: "1", type_: "track", title: "Stardiver" },
    { duration: "4:48", position: "2", type_: "track", title: "Luxurious Life" },
    { duration: "5:36", position: "3", type_: "track", title: "Dagger Eyes" },
  ],
  id: MASTER,
  num_for_sale: 9,
  lowest_price: 9.36,
  most_recent_release: 3469291,
  most_recent_release_url: `${API}/releases/3469291`,
  data_quality: "Correct",
};

function version(
  id: number,
  label: string,
  country: string,
  format: string,
  catno: string,
  released: string,
  have: number,
  want: number,
) {
  return {
    status: "Accepted",
    stats: {
      user: { in_collection: 0, in_wantlist: 0 },
      community: { in_collection: have, in_wantlist: want },
    },
    thumb: "",
    format,
    country,
    title: "Stardiver",
    label,
    released,
    major_formats: [format.split(",")[0]!.trim() === '12"' ? "Vinyl" : "CD"],
    catno,
    resource_url: `${API}/releases/${id}`,
    id,
  };
}

const ARTIST_BODY = {
  namevariations: ["Nickleback"],
  profile:
    "Nickelback is a Canadian rock band from Hanna, Alberta formed in 1995. Nickelback's music is classed as hard rock and alternative metal.",
  releases_url: `${API}/artists/${ARTIST}/releases`,
  resource_url: `${API}/artists/${ARTIST}`,
  uri: "https://www.discogs.com/artist/108713-Nickelback",
  urls: ["http://www.nickelback.com/", "http://en.wikipedia.org/wiki/Nickelback"],
  data_quality: "Needs Vote",
  id: ARTIST,
  images: [
    {
      height: 260,
      resource_url: "https://i.discogs.com/A-108713-1110576087.jpg",
      type: "primary",
      uri: "https://i.discogs.com/A-108713-1110576087.jpg",
      uri150: "https://i.discogs.com/A-150-108713-1110576087.jpg",
      width: 401,
    },
  ],
  members: [
    { active: true, id: 270222, name: "Chad Kroeger", resource_url: `${API}/artists/270222` },
    { active: true, id: 270223, name: "Mike Kroeger", resource_url: `${API}/artists/270223` },
    { active: true, id: 270224, name: "Ryan Peake", resource_url: `${API}/artists/270224` },
    { active: true, id: 1023446, name: "Daniel Adair", resource_url: `${API}/artists/1023446` },
  ],
  name: "Nickelback",
};

const ARTIST_RELEASES = [
  {
    artist: "Nickelback",
    id: 1803,
    main_release: 5005217,
    resource_url: `${API}/masters/1803`,
    role: "Main",
    thumb: "",
    title: "Get Rollin'",
    type: "master",
    year: 2022,
  },
  {
    artist: "Nickelback",
    id: 1804,
    main_release: 4120882,
    resource_url: `${API}/masters/1804`,
    role: "Main",
    thumb: "",
    title: "Feed The Machine",
    type: "master",
    year: 2017,
  },
  {
    artist: "Nickelback",
    format: "CD, Album",
    id: 173765,
    label: "Roadrunner Records",
    resource_url: `${API}/releases/173765`,
    role: "Main",
    status: "Accepted",
    thumb: "",
    title: "Silver Side Up",
    type: "release",
    year: 2001,
  },
];

// The label of the API reference's example (GET /labels/1), abridged.
const LABEL_BODY = {
  profile: "Classic Techno label from Detroit, USA.\r\n[b]Label owner:[/b] [a=Carl Craig].\r\n",
  releases_url: `${API}/labels/1/releases`,
  name: "Planet E",
  contact_info: "Planet E Communications\r\nP.O. Box 27218\r\nDetroit, 48227, USA\r\n",
  uri: "https://www.discogs.com/label/1-Planet-E",
  sublabels: [
    { resource_url: `${API}/labels/86537`, id: 86537, name: "Antidote (4)" },
    { resource_url: `${API}/labels/41841`, id: 41841, name: "Community Projects" },
  ],
  urls: ["http://www.planet-e.net", "http://planetecommunications.bandcamp.com"],
  images: [
    {
      height: 24,
      resource_url: "https://i.discogs.com/L-1-1111053865.png",
      type: "primary",
      uri: "https://i.discogs.com/L-1-1111053865.png",
      uri150: "https://i.discogs.com/L-150-1-1111053865.png",
      width: 132,
    },
  ],
  resource_url: `${API}/labels/1`,
  id: LABEL,
  data_quality: "Needs Vote",
};

function basicInformation(id: number, title: string, artist: typeof RICK, year: number, format = SEVEN_INCH) {
  return {
    id,
    title,
    year,
    resource_url: `${API}/releases/${id}`,
    thumb: `https://i.discogs.com/R-150-${id}.jpeg`,
    cover_image: `https://i.discogs.com/R-${id}.jpeg`,
    formats: [format],
    labels: [RCA],
    artists: [artist],
    genres: ["Electronic", "Pop"],
    styles: ["Synth-pop"],
  };
}

const COLLECTION = [
  {
    id: RELEASE,
    instance_id: 1529384721,
    folder_id: 1,
    rating: 4,
    date_added: "2026-10-18T09:14:33-07:00",
    basic_information: basicInformation(RELEASE, "Never Gonna Give You Up", RICK, 1987),
  },
  {
    id: 1121472,
    instance_id: 1529384788,
    folder_id: 1,
    rating: 0,
    date_added: "2026-11-02T17:41:09-08:00",
    basic_information: basicInformation(1121472, "Whenever You Need Somebody", RICK, 1987, {
      descriptions: ["LP", "Album"],
      name: "Vinyl",
      qty: "1",
    }),
  },
];

const discogsUnknown = (res: http.ServerResponse) =>
  dg(res, 404, { message: "The requested resource was not found." });

function discogsHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  const auth = req.headers.authorization ?? "";
  if (state.dgBadGateway)
    return text(res, 502, cloudflare502("api.discogs.com", "8f3b02d9ce5a7e11"), "text/html; charset=UTF-8");
  if (state.dgServerError)
    return dg(res, 500, { message: "An internal server error occurred. (Malformed JSON?)" });
  if (state.dgRateLimited)
    return json(
      res,
      429,
      { message: "You are making requests too quickly." },
      {
        "x-discogs-ratelimit": "60",
        "x-discogs-ratelimit-used": "60",
        "x-discogs-ratelimit-remaining": "0",
        "retry-after": "60",
      },
    );
  if (state.dgTokenRevoked || auth !== `Discogs token=${DISCOGS_TOKEN}`)
    return dg(res, 401, { message: "You must authenticate to access this resource." });

  if (p === "/oauth/identity")
    return dg(res, 200, {
      id: 7391842,
      username: DISCOGS_USER,
      resource_url: `${API}/users/${DISCOGS_USER}`,
      consumer_name: "Personal Access Token",
    });

  if (p === "/database/search") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const perPage = Number(url.searchParams.get("per_page") ?? 50);
    const results = q.includes("never gonna give you up")
      ? [
          {
            style: ["Synth-pop"],
            thumb: "https://i.discogs.com/R-150-249504-1334592212.jpeg",
            cover_image: "https://i.discogs.com/R-249504-1334592212.jpeg",
            title: "Rick Astley - Never Gonna Give You Up",
            country: "UK",
            format: ["Vinyl", '7"', "Single", "45 RPM"],
            uri: "/Rick-Astley-Never-Gonna-Give-You-Up/release/249504",
            community: { want: 42, have: 252 },
            label: ["RCA", "BMG Records (UK) Ltd."],
            catno: "PB 41447",
            year: "1987",
            genre: ["Electronic", "Pop"],
            resource_url: `${API}/releases/${RELEASE}`,
            type: "release",
            id: RELEASE,
            master_id: 96559,
            master_url: `${API}/masters/96559`,
            barcode: ["5012394144777"],
            user_data: { in_collection: true, in_wantlist: false },
          },
          {
            style: ["Synth-pop", "Euro House"],
            thumb: "https://i.discogs.com/R-150-1376163-1218553063.jpeg",
            cover_image: "https://i.discogs.com/R-1376163-1218553063.jpeg",
            title: "Rick Astley - Never Gonna Give You Up",
            country: "Germany",
            format: ["Vinyl", '12"', "45 RPM", "Maxi-Single"],
            uri: "/Rick-Astley-Never-Gonna-Give-You-Up/release/1376163",
            community: { want: 118, have: 590 },
            label: ["RCA", "Ariola"],
            catno: "PT 41448",
            year: "1987",
            genre: ["Electronic", "Pop"],
            resource_url: `${API}/releases/1376163`,
            type: "release",
            id: 1376163,
            master_id: 96559,
            master_url: `${API}/masters/96559`,
            barcode: ["035627144812"],
            user_data: { in_collection: false, in_wantlist: false },
          },
        ]
      : [];
    return dg(res, 200, {
      pagination: pagination(results.length, perPage, "/database/search"),
      results,
    });
  }

  const release = p.match(/^\/releases\/(\d+)$/);
  if (release) {
    if (Number(release[1]) === RELEASE) return dg(res, 200, RELEASE_BODY);
    return dg(res, 404, { message: "Release not found." });
  }
  const rating = p.match(/^\/releases\/(\d+)\/rating$/);
  if (rating) {
    if (Number(rating[1]) !== RELEASE) return dg(res, 404, { message: "Release not found." });
    return dg(res, 200, { rating: { count: 45, average: 3.42 }, release_id: RELEASE });
  }
  const userRating = p.match(/^\/releases\/(\d+)\/rating\/([^/]+)$/);
  if (userRating) {
    if (userRating[2] !== DISCOGS_USER && req.method !== "GET")
      return dg(res, 403, { message: "You don't have permission to access this resource." });
    const value = req.method === "PUT" ? Number(parse(body).rating ?? 0) : 4;
    return dg(res, 200, { username: userRating[2], release_id: Number(userRating[1]), rating: value });
  }

  if (p === `/masters/${MASTER}`) return dg(res, 200, MASTER_BODY);
  if (p === `/masters/${MASTER_SLOW}`)
    return later(15_000, () =>
      dg(res, 200, { ...MASTER_BODY, id: MASTER_SLOW, title: "Never Gonna Give You Up" }),
    );
  if (p === `/masters/${MASTER}/versions`) {
    const format = url.searchParams.get("format");
    const all = [
      version(66785, "Warner Music Canada", "Canada", "CD, Album", "CDW 45479", "1997", 41, 18),
      version(3469291, "Cargo Records", "UK", '12", Album, Ltd', "CRG 1997-LP", "2012", 97, 63),
      version(1287314, "Flying Bomb Records", "US", '12", Album', "FB-1023", "1998", 22, 51),
    ];
    const versions = format ? all.filter((v) => v.major_formats.includes(format)) : all;
    const perPage = Number(url.searchParams.get("per_page") ?? 50);
    return dg(res, 200, {
      pagination: pagination(versions.length, perPage, `/masters/${MASTER}/versions`),
      filters: { applied: format ? { format: [format] } : {}, available: { format: { CD: 1, Vinyl: 2 } } },
      filter_facets: [
        {
          title: "Format",
          id: "format",
          values: [
            { title: "Vinyl", value: "Vinyl", count: 2 },
            { title: "CD", value: "CD", count: 1 },
          ],
          allows_multiple_values: true,
        },
      ],
      versions,
    });
  }

  if (p === `/artists/${ARTIST}`) return dg(res, 200, ARTIST_BODY);
  if (p === `/artists/${ARTIST}/releases`) {
    const perPage = Number(url.searchParams.get("per_page") ?? 50);
    return dg(res, 200, {
      pagination: pagination(97, perPage, `/artists/${ARTIST}/releases`),
      releases: ARTIST_RELEASES.slice(0, perPage),
    });
  }
  if (p === `/labels/${LABEL}`) return dg(res, 200, LABEL_BODY);

  const user = p.match(/^\/users\/([^/]+)(\/.*)?$/);
  if (user) {
    const [, name, rest = ""] = user;
    if (name !== DISCOGS_USER && name !== DISCOGS_OTHER_USER)
      return dg(res, 404, { message: "User does not exist or may have been deleted." });
    if (name === DISCOGS_OTHER_USER && rest.startsWith("/collection"))
      return dg(res, 403, { message: "You don't have permission to access this resource." });
    if (rest === "/collection/folders")
      return dg(res, 200, {
        folders: [
          { id: 0, count: 2, name: "All", resource_url: `${API}/users/${name}/collection/folders/0` },
          {
            id: 1,
            count: 2,
            name: "Uncategorized",
            resource_url: `${API}/users/${name}/collection/folders/1`,
          },
        ],
      });
    if (/^\/collection\/folders\/\d+\/releases$/.test(rest)) {
      const perPage = Number(url.searchParams.get("per_page") ?? 50);
      return dg(res, 200, {
        pagination: pagination(COLLECTION.length, perPage, `/users/${name}/collection/folders/0/releases`),
        releases: COLLECTION,
      });
    }
    if (rest === "/collection/value")
      return dg(res, 200, { maximum: "$61.42", median: "$23.10", minimum: "$7.85" });
    if (rest === "/wants") {
      const perPage = Number(url.searchParams.get("per_page") ?? 50);
      return dg(res, 200, { pagination: pagination(0, perPage, `/users/${name}/wants`), wants: [] });
    }
    const want = rest.match(/^\/wants\/(\d+)$/);
    if (want && req.method === "PUT") {
      const id = Number(want[1]);
      if (id !== RELEASE) return dg(res, 404, { message: "Release not found." });
      const note = parse(body).notes;
      return dg(res, 201, {
        id,
        rating: 0,
        notes: typeof note === "string" ? note : "",
        resource_url: `${API}/users/${name}/wants/${id}`,
        basic_information: basicInformation(RELEASE, "Never Gonna Give You Up", RICK, 1987),
      });
    }
  }

  const stats = p.match(/^\/marketplace\/stats\/(\d+)$/);
  if (stats) {
    if (Number(stats[1]) === RELEASE)
      return dg(res, 200, {
        lowest_price: { currency: url.searchParams.get("curr_abbr") ?? "USD", value: 0.63 },
        num_for_sale: 58,
        blocked_from_sale: false,
      });
    return dg(res, 200, { lowest_price: null, num_for_sale: 0, blocked_from_sale: false });
  }

  unknownRequests.push(`discogs ${req.method} ${p}`);
  return discogsUnknown(res);
}

export const discogsStandin = httpStandin(DISCOGS_PORT, discogsHandler);

// ------------------------------------------------------------------------------------------------- YouTube

export const INNERTUBE_KEY = "AIzaSyAO_FJ2SlqU8Q4STEHLGCilw_Y9_11qcW8";

/** The videos, by id, and what YouTube knows about each. */
interface Track {
  lang: string;
  name: string;
  asr?: boolean;
}
interface Video {
  title: string;
  author: string;
  seconds: number;
  tracks?: Track[];
  /** The playability the Innertube player answers (OK when absent). */
  playability?: Record<string, unknown>;
  /** How the timedtext track answers. */
  timedtext?: "ok" | "empty" | "404" | "slow";
  lines?: [number, number, string][];
  /** The lines of a track in another language than `lines`. */
  linesByLang?: Record<string, [number, number, string][]>;
}

const RICK_LINES: [number, number, string][] = [
  [18.64, 3.24, "♪ We&#39;re no strangers to love ♪"],
  [22.64, 4.32, "♪ You know the rules and so do I ♪"],
  [27.04, 4.0, "♪ A full commitment&#39;s what I&#39;m thinking of ♪"],
  [31.16, 3.84, "♪ You wouldn&#39;t get this from any other guy ♪"],
  [35.16, 4.92, "♪ I just wanna tell you how I&#39;m feeling ♪"],
  [40.52, 2.44, "♪ Gotta make you understand ♪"],
  [43.0, 2.12, "♪ Never gonna give you up ♪"],
  [45.12, 2.04, "♪ Never gonna let you down ♪"],
];

export const VIDEOS: Record<string, Video> = {
  // Rick Astley's official video: a manual English track and auto-generated English.
  dQw4w9WgXcQ: {
    title: "Rick Astley - Never Gonna Give You Up (Official Video) (4K Remaster)",
    author: "Rick Astley",
    seconds: 213,
    tracks: [
      { lang: "en", name: "English" },
      { lang: "en", name: "English (auto-generated)", asr: true },
      { lang: "de", name: "German" },
    ],
    lines: RICK_LINES,
    linesByLang: {
      de: [
        [18.64, 3.24, "♪ Wir sind keine Fremden in der Liebe ♪"],
        [22.64, 4.32, "♪ Du kennst die Regeln und ich auch ♪"],
        [43.0, 2.12, "♪ Ich werde dich nie aufgeben ♪"],
      ],
    },
  },
  // A synth tutorial with auto-generated English only.
  "7fRz1wC3S8k": {
    title: "How the Yamaha DX7 made the sound of the 80s",
    author: "Synth Archaeology",
    seconds: 1284,
    tracks: [{ lang: "en", name: "English (auto-generated)", asr: true }],
    lines: [
      [0.0, 4.2, "so if you listened to pop radio in 1985"],
      [4.2, 3.6, "you heard this instrument whether you knew it or not"],
      [7.8, 5.1, "the DX7 uses frequency modulation six operators"],
      [12.9, 4.4, "and that famous electric piano is preset eleven"],
    ],
  },
  // A German interview with a manual German track.
  bNq5mF2kTzY: {
    title: "Kraftwerk im Gespräch: 50 Jahre Autobahn",
    author: "Deutschlandfunk Kultur",
    seconds: 1712,
    tracks: [{ lang: "de", name: "German" }],
    lines: [
      [0.5, 3.0, "Willkommen zu unserem Gespräch über Autobahn."],
      [3.5, 4.2, "Vor fünfzig Jahren erschien dieses Album in Düsseldorf."],
      [7.7, 3.9, "Wir fahren, fahren, fahren – das war der Anfang."],
    ],
  },
  // An NPR Tiny Desk concert with manual English and Spanish tracks.
  Td3sK8cN4pQ: {
    title: "Anderson .Paak & The Free Nationals: NPR Music Tiny Desk Concert",
    author: "NPR Music",
    seconds: 1002,
    tracks: [
      { lang: "en", name: "English" },
      { lang: "es", name: "Spanish" },
    ],
    lines: [
      [0.0, 2.5, "[APPLAUSE]"],
      [6.1, 3.9, "♪ Come a little closer ♪"],
      [10.0, 4.0, "♪ Baby, I&#39;m not tryna be rude ♪"],
      [301.5, 3.0, "Thank you Tiny Desk, we love y&#39;all!"],
    ],
    linesByLang: {
      es: [
        [0.0, 2.5, "[APLAUSOS]"],
        [6.1, 3.9, "♪ Acércate un poco más ♪"],
        [10.0, 4.0, "♪ Nena, no quiero ser grosero ♪"],
        [301.5, 3.0, "¡Gracias Tiny Desk, los queremos!"],
      ],
    },
  },
  // A podcast episode on YouTube with a manual English track.
  Pq2rS4tU6vW: {
    title: "Switched on Pop: Why every song sounds the same now",
    author: "Switched on Pop",
    seconds: 2744,
    tracks: [{ lang: "en", name: "English" }],
    lines: [
      [0.0, 4.8, "Welcome to Switched on Pop, the podcast about the making and meaning of popular music."],
      [4.8, 3.6, "I&#39;m Nate Sloan, and I&#39;m Charlie Harding."],
      [8.4, 5.2, "Today: the four-chord loop &amp; why your playlist feels like one long song."],
    ],
  },
  // A live set with captions switched off.
  Xk3pP9vLh2s: {
    title: "Boiler Room Berlin: DJ set (full)",
    author: "Boiler Room",
    seconds: 3620,
  },
  // A deleted video.
  kL9mWq2Rr7A: {
    title: "",
    author: "",
    seconds: 0,
    playability: {
      status: "ERROR",
      reason: "This video is unavailable",
      errorScreen: {
        playerErrorMessageRenderer: { reason: { simpleText: "This video is unavailable" } },
      },
    },
  },
  // An age-restricted music video.
  Hh4eE8tYy1o: {
    title: "Explicit Music Video (Uncensored)",
    author: "Some Label VEVO",
    seconds: 241,
    playability: {
      status: "LOGIN_REQUIRED",
      reason: "This video may be inappropriate for some users.",
      errorScreen: {
        playerErrorMessageRenderer: {
          reason: { simpleText: "Sign in to confirm your age" },
          subreason: { runs: [{ text: "This video may be inappropriate for some users." }] },
        },
      },
    },
  },
  // A concert film blocked in this country.
  Rg7uT3bQw0e: {
    title: "Live at Wembley 1986 (Full Concert)",
    author: "Queen Official",
    seconds: 5401,
    playability: {
      status: "UNPLAYABLE",
      reason: "Video unavailable",
      errorScreen: {
        playerErrorMessageRenderer: {
          reason: { simpleText: "Video unavailable" },
          subreason: { runs: [{ text: "The uploader has not made this video available in your country" }] },
        },
      },
    },
  },
  // YouTube's bot check.
  Bt5oN1cK8sQ: {
    title: "Lo-fi beats to study to",
    author: "Lofi Girl",
    seconds: 10800,
    playability: {
      status: "LOGIN_REQUIRED",
      reason: "Sign in to confirm you're not a bot",
      errorScreen: {
        playerErrorMessageRenderer: {
          reason: { simpleText: "Sign in to confirm you’re not a bot" },
          subreason: { runs: [{ text: "This helps protect our community. Learn more" }] },
        },
      },
    },
  },
  // A track whose timedtext URL answers 200 with an empty body (YouTube's PO-token gate).
  Em9pT2yX4vB: {
    title: "Daft Punk - Around The World (Official Music Video Remastered)",
    author: "Daft Punk",
    seconds: 243,
    tracks: [{ lang: "en", name: "English (auto-generated)", asr: true }],
    timedtext: "empty",
  },
  // A track whose timedtext URL answers 404.
  Nf4oF0uNd3Z: {
    title: "Podcast: The making of OK Computer, part 2",
    author: "Song Exploder",
    seconds: 2290,
    tracks: [{ lang: "en", name: "English" }],
    timedtext: "404",
  },
  // A three-hour festival stream whose caption track takes 15 s.
  Sl0wCapt10n: {
    title: "Glastonbury 2026 - Pyramid Stage (full stream)",
    author: "BBC Music",
    seconds: 11240,
    tracks: [{ lang: "en", name: "English" }],
    timedtext: "slow",
    lines: [[0.0, 3.0, "Good evening, Glastonbury!"]],
  },
};

function captionTracks(id: string, video: Video, web: boolean) {
  return (video.tracks ?? []).map((track) => ({
    baseUrl:
      `https://www.youtube.com/api/timedtext?v=${id}&ei=kq1nZ_rVHIiWvdIPxr6B8Qs&caps=asr&opi=112496729` +
      `&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1796630400&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf` +
      `&signature=3A1F6E0C2B9D8E7F6A5B4C3D2E1F0A9B8C7D6E5F.1A2B3C4D5E6F7A8B9C0D&key=yt8` +
      `${track.asr ? "&kind=asr" : ""}&lang=${track.lang}${web ? "" : "&fmt=srv3"}`,
    name: web ? { simpleText: track.name } : { runs: [{ text: track.name }] },
    vssId: `${track.asr ? "a" : ""}.${track.lang}`,
    languageCode: track.lang,
    ...(track.asr ? { kind: "asr" } : {}),
    isTranslatable: true,
    trackName: "",
  }));
}

const TRANSLATION_LANGUAGES = [
  ["de", "German"],
  ["es", "Spanish"],
  ["fr", "French"],
  ["ja", "Japanese"],
].map(([code, name]) => ({ languageCode: code, languageName: { runs: [{ text: name }] } }));

function playerResponse(id: string, video: Video, web: boolean) {
  const playability = video.playability ?? { status: "OK", playableInEmbed: true };
  const ok = playability.status === "OK";
  return {
    responseContext: { visitorData: "CgtrTmE4cDJ4YzlVbyiO3p28BjIKCgJERRIEEgAgLA%3D%3D" },
    playabilityStatus: playability,
    ...(ok && video.tracks
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks: captionTracks(id, video, web),
              audioTracks: [{ captionTrackIndices: [0], audioTrackId: "" }],
              translationLanguages: TRANSLATION_LANGUAGES,
              defaultAudioTrackIndex: 0,
            },
          },
        }
      : {}),
    ...(ok
      ? {
          videoDetails: {
            videoId: id,
            title: video.title,
            lengthSeconds: String(video.seconds),
            channelId: "UCuAXFkgsw1L7xaCfnd5JJOw",
            author: video.author,
            isPrivate: false,
          },
        }
      : {}),
  };
}

function watchPage(id: string, video: Video | undefined) {
  const player = video
    ? playerResponse(id, video, true)
    : { playabilityStatus: { status: "ERROR", reason: "Video unavailable" } };
  const title = video?.title ? `${video.title} - YouTube` : "YouTube";
  return `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en" darker-dark-theme darker-dark-theme-deprecate system-icons typography typography-spacing><head><meta http-equiv="origin-trial" content="AmhMBR6zCLzDDxpW+HfpP67BqwIknWnyMOXOQGfzYswFmJe+fgaI6XZgAzcxOrzNtP7hEDsOo1jdjFnVr2IdxQ4AAAB4eyJvcmlnaW4iOiJodHRwczovL3lvdXR1YmUuY29tOjQ0MyIsImZlYXR1cmUiOiJXZWJWaWV3WFJlcXVlc3RlZFdpdGhEZXByZWNhdGlvbiIsImV4cGlyeSI6MTc1ODA2NzE5OSwiaXNTdWJkb21haW4iOnRydWV9"/><script data-id="_gd" nonce="Qm9pbGVyUm9vbQ">window.WIZ_global_data = {"HiPsbb":0,"MUE6Ne":"youtube_web","MuJWjd":false};</script><meta http-equiv="X-UA-Compatible" content="IE=edge"/><title>${title}</title><script nonce="Qm9pbGVyUm9vbQ">ytcfg.set({"CLIENT_CANARY_STATE":"none","DEVICE":"cbr\\u003dChrome\\u0026cbrver\\u003d85.0.4183.83\\u0026ceng\\u003dWebKit\\u0026cengver\\u003d537.36\\u0026cos\\u003dMacintosh","EVENT_ID":"kq1nZ_rVHIiWvdIPxr6B8Qs","GAPI_HINT_PARAMS":"m;/_/scs/abc-static/_/js/k\\u003dgapi.gapi.en.","HL":"en","INNERTUBE_API_KEY":"${INNERTUBE_KEY}","INNERTUBE_API_VERSION":"v1","INNERTUBE_CLIENT_NAME":"WEB","INNERTUBE_CLIENT_VERSION":"2.20251205.01.00","INNERTUBE_CONTEXT_CLIENT_NAME":1,"INNERTUBE_CONTEXT_GL":"US","INNERTUBE_CONTEXT_HL":"en","VISITOR_DATA":"CgtrTmE4cDJ4YzlVbyiO3p28BjIKCgJERRIEEgAgLA%3D%3D"});</script></head><body dir="ltr"><div id="watch7-content" class="watch-main-col" itemscope itemid="" itemtype="http://schema.org/VideoObject"><meta itemprop="name" content="${video?.title ?? ""}"><meta itemprop="videoId" content="${id}"></div><script nonce="Qm9pbGVyUm9vbQ">var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = document.createElement('meta'); meta.name = 'referrer'; meta.content = 'origin-when-cross-origin'; document.getElementsByTagName('head')[0].appendChild(meta);</script></body></html>`;
}

// Google's "unusual traffic" interstitial (the /sorry/ page), which a watch URL answers once an IP is flagged.
const RECAPTCHA_PAGE = `<html>
<head><meta http-equiv="content-type" content="text/html; charset=utf-8"><meta name="viewport" content="initial-scale=1"><title>https://www.youtube.com/watch?v=dQw4w9WgXcQ</title></head>
<body style="font-family: arial, sans-serif; background-color: #fff; color: #000; padding:20px; font-size:18px; overscroll-behavior:contain;" onload="e=document.getElementById('captcha');if(e){e.focus();} if(solveSimpleChallenge) {solveSimpleChallenge(,);}">
<div style="max-width:400px;">
<hr noshade size="1" style="color:#ccc; background-color:#ccc;"><br>
<form id="captcha-form" action="index" method="post">
<noscript><div style="font-size:13px;">In order to continue, please enable javascript on your web browser.</div></noscript>
<script src="https://www.google.com/recaptcha/api.js" async defer></script>
<script>var submitCallback = function(response) {document.getElementById('captcha-form').submit();};</script>
<div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b" data-callback="submitCallback" data-s="Qm9pbGVyUm9vbQ"></div>
<input type='hidden' name='q' value='EhAqAUwIMDEwMDEwMDAwMDAwMBiO3p28BiIwGQ'><input type="hidden" name="continue" value="https://www.youtube.com/watch?v=dQw4w9WgXcQ">
</form>
<hr noshade size="1" style="color:#ccc; background-color:#ccc;">
<div style="font-size:13px;">
<b>About this page</b><br><br>
Our systems have detected unusual traffic from your computer network.  This page checks to see if it&#39;s really you sending the requests, and not a robot.  <a href="#" onclick="document.getElementById('infoDiv').style.display='block';">Why did this happen?</a><br><br>
</div>
</div>
</body>
</html>
`;

// The EU consent interstitial ("Before you continue to YouTube") a watch URL answers without a CONSENT cookie.
const CONSENT_PAGE = `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Before you continue to YouTube</title><meta name="viewport" content="initial-scale=1, maximum-scale=5, width=device-width"></head><body><div class="saveButtonContainer"><h1>Before you continue to YouTube</h1><p>We use cookies and data to deliver and maintain Google services, track outages and protect against spam, fraud and abuse, and measure audience engagement and site statistics to understand how our services are used and enhance the quality of those services.</p><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0"><input type="hidden" name="pc" value="yt"><input type="hidden" name="continue" value="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;cbrd=1"><input type="hidden" name="x" value="6"><input type="hidden" name="v" value="cb.20251201-08-p0.en+FX+412"><input type="hidden" name="set_eom" value="true"><button type="submit" aria-label="Reject all">Reject all</button></form><form action="https://consent.youtube.com/save" method="POST"><input type="hidden" name="set_ytc" value="true"><input type="hidden" name="set_apyt" value="true"><button type="submit" aria-label="Accept all">Accept all</button></form></div></body></html>`;

const SORRY_429 = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"/><title>Sorry...</title></head><body><div><b>Sorry...</b></div><div><h1>We're sorry...</h1><p>... but your computer or network may be sending automated queries. To protect our users, we can't process your request right now.</p></div><div>See <a href="https://support.google.com/websearch/answer/86640">Google Help</a> for more information.</div></body></html>`;

// Google's front-end 404 page (the timedtext endpoint answers it for a track it no longer serves).
const GOOGLE_404 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 404 (Not Found)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>404.</b> <ins>That’s an error.</ins>
  <p>The requested URL <code>/api/timedtext</code> was not found on this server.  <ins>That’s all we know.</ins>
`;

const GOOGLE_500 = {
  error: {
    code: 500,
    message: "Internal error encountered.",
    errors: [{ message: "Internal error encountered.", domain: "global", reason: "backendError" }],
    status: "INTERNAL",
  },
};

function timedtextXml(lines: [number, number, string][]) {
  return (
    '<?xml version="1.0" encoding="utf-8" ?><transcript>' +
    lines.map(([start, dur, line]) => `<text start="${start}" dur="${dur}">${line}</text>`).join("") +
    "</transcript>"
  );
}

function youtubeHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).replace(/:\d+$/, "");
  const p = url.pathname;
  if (host !== "www.youtube.com" && host !== "youtube.com") {
    unknownRequests.push(`youtube ${req.method} ${host}${p}`);
    return text(res, 404, "Not Found");
  }

  if (p === "/watch") {
    const id = url.searchParams.get("v") ?? "";
    if (state.ytWatch429) return text(res, 429, SORRY_429, "text/html; charset=UTF-8");
    if (state.ytRecaptcha) return text(res, 200, RECAPTCHA_PAGE, "text/html; charset=UTF-8");
    if (state.ytConsent) return text(res, 200, CONSENT_PAGE, "text/html; charset=utf-8");
    return text(res, 200, watchPage(id, VIDEOS[id]), "text/html; charset=utf-8");
  }

  if (p === "/youtubei/v1/player" && req.method === "POST") {
    if (url.searchParams.get("key") !== INNERTUBE_KEY)
      return json(res, 400, {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
        },
      });
    if (state.ytInnertube500) return json(res, 500, GOOGLE_500);
    const request = parse(body) as { videoId?: string };
    const id = request.videoId ?? "";
    const video = VIDEOS[id];
    if (!video)
      return json(res, 200, {
        responseContext: {},
        playabilityStatus: { status: "ERROR", reason: "This video is unavailable" },
      });
    return json(res, 200, playerResponse(id, video, false));
  }

  if (p === "/api/timedtext") {
    const id = url.searchParams.get("v") ?? "";
    const lang = url.searchParams.get("lang") ?? "";
    const video = VIDEOS[id];
    const track = video?.tracks?.find((t) => t.lang === lang);
    if (!video || !track) return text(res, 200, "", "text/xml; charset=UTF-8");
    if (video.timedtext === "404") return text(res, 404, GOOGLE_404, "text/html; charset=UTF-8");
    if (video.timedtext === "empty") return text(res, 200, "", "text/xml; charset=UTF-8");
    const lines = video.linesByLang?.[lang] ?? video.lines ?? [];
    const xml = timedtextXml(lines);
    if (video.timedtext === "slow")
      return later(15_000, () => text(res, 200, xml, "text/xml; charset=UTF-8"));
    return text(res, 200, xml, "text/xml; charset=UTF-8");
  }

  unknownRequests.push(`youtube ${req.method} ${host}${p}`);
  return text(res, 404, GOOGLE_404, "text/html; charset=UTF-8");
}

/** The forward proxy for @fabriqa.ai/youtube-transcript-mcp. */
export const yttStandin = forwardProxy(YTT_PROXY_PORT, ensureCertificate, youtubeHandler);
/** The forward proxy for @kimtaeyoon83/mcp-server-youtube-transcript. */
export const ytkStandin = forwardProxy(YTK_PROXY_PORT, ensureCertificate, youtubeHandler);

export const ALL_STANDINS = [discogsStandin, yttStandin, ytkStandin];
