// Loopback stand-ins for the APIs behind this group's servers, answering with the real APIs' bodies
// and error bodies: the Mapbox web services (Search Box, Geocoding v6, Directions, Matrix,
// Isochrone), Sonarr and Radarr (the *arr REST API v3), the HA Vibecode Agent add-on that fronts a
// Home Assistant instance (FastAPI, `{"detail": …}` errors wrapping Home Assistant's own answers),
// and the AiCoin Open API (signed query strings, `{"success": false, "error": …}` envelopes).
// Each listens on its own port so one can be stopped (an unreachable backend) while the others
// keep answering. `state` is switched by the sessions' hooks (a revoked token, a rate limit, …).

import http from "node:http";
import type { Socket } from "node:net";

export const MAPBOX_PORT = 39150;
export const SONARR_PORT = 39151;
export const RADARR_PORT = 39152;
export const HA_AGENT_PORT = 39153;
export const AICOIN_PORT = 39154;
/** mcp-arr-server's own Streamable HTTP port (the server, not a stand-in). */
export const ARR_MCP_PORT = 39155;

/** A public token in Mapbox's format (`pk.` + base64 JSON payload + signature). */
export const MAPBOX_TOKEN =
  "pk.eyJ1IjoicjhtaXNjLWNvcnB1cyIsImEiOiJjbHI4bWlzYzAwMDFhMnFxcjhtaXNjMDEifQ.UjhNaXNjQ29ycHVzU2lnbmF0dXJl";
export const SONARR_KEY = "5f1c0e8d2b7a4c39a1e6d0b4c8f2a913";
export const RADARR_KEY = "a9d3e7b1c5f04e28b6d2a0c4e8f1b357";
export const HA_AGENT_KEY = "r8misc-vibecode-agent-key-Zq3xW9pLm2";
export const AICOIN_KEY_ID = "r8miscCorpusKeyId0000000000000001";
export const AICOIN_SECRET = "r8miscCorpusSecret00000000000001";

export const state = {
  mapboxTokenRevoked: false,
  mapboxRateLimited: false,
  mapboxUnavailable: false,
  sonarrKeyRevoked: false,
  sonarrDbLocked: false,
  radarrBehindLogin: false,
  haAgentKeyRotated: false,
  haCoreUnauthorized: false,
  aicoinRateLimited: false,
  aicoinKeyRevoked: false,
  aicoinGatewayError: false,
  aicoinCaptchaPage: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type: string,
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

function serve(port: number, handler: Handler) {
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => handler(req, new URL(req.url ?? "/", `http://127.0.0.1:${port}`), body, res));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve())),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- Mapbox web services

const MAPBOX_ATTRIBUTION =
  "© 2025 Mapbox and its suppliers. All rights reserved. Use of this data is subject to the Mapbox Terms of Service. (https://www.mapbox.com/about/maps/)";

const BRANDENBURGER_TOR = {
  type: "Feature",
  geometry: { type: "Point", coordinates: [13.377704, 52.516275] },
  properties: {
    name: "Brandenburger Tor",
    mapbox_id: "dXJuOm1ieHBvaTo0ZTg2ZWFkNS1jOWMwLTQ3OWEtOTA5Mi1kMDVlNDQ3NDdlODk",
    feature_type: "poi",
    address: "Pariser Platz",
    full_address: "Pariser Platz, 10117 Berlin, Germany",
    place_formatted: "10117 Berlin, Germany",
    context: {
      country: { name: "Germany", country_code: "DE", country_code_alpha_3: "DEU" },
      region: { name: "Berlin", region_code: "BE" },
      postcode: { name: "10117" },
      place: { name: "Berlin" },
      locality: { name: "Mitte" },
      street: { name: "Pariser Platz" },
    },
    coordinates: { latitude: 52.516275, longitude: 13.377704 },
    language: "de",
    maki: "monument",
    poi_category: ["historic site", "monument", "tourist attraction"],
    poi_category_ids: ["historic_site", "monument", "tourist_attraction"],
    external_ids: { foursquare: "4adcdac6f964a520c55321e3" },
    metadata: {},
  },
};

const COFFEE = [
  ["Father Carpenter Coffee Brewers", "Münzstraße 21, 10178 Berlin, Germany", 13.40841, 52.52538],
  ["The Barn Café", "Auguststraße 58, 10119 Berlin, Germany", 13.39772, 52.52807],
  ["Bonanza Coffee Roasters", "Oderberger Straße 35, 10435 Berlin, Germany", 13.40612, 52.53845],
].map(([name, address, lon, lat], i) => ({
  type: "Feature",
  geometry: { type: "Point", coordinates: [lon, lat] },
  properties: {
    name,
    mapbox_id: `dXJuOm1ieHBvaTpjb2ZmZWUtYmVybGluLTAw${i}`,
    feature_type: "poi",
    full_address: address,
    place_formatted: String(address).split(", ").slice(1).join(", "),
    context: {
      country: {
        id: "dXJuOm1ieHBsYzpJa0k",
        name: "Germany",
        country_code: "DE",
        country_code_alpha_3: "DEU",
      },
      region: { id: "dXJuOm1ieHBsYzpBVlE", name: "Berlin", region_code: "BE", region_code_full: "DE-BE" },
      postcode: { id: "dXJuOm1ieHBsYzpGRGpy", name: String(address).split(", ")[1]?.split(" ")[0] ?? "" },
      place: { id: "dXJuOm1ieHBsYzpBYVRv", name: "Berlin" },
      street: { name: String(address).split(", ")[0]?.replace(/ \d+$/, "") ?? "" },
    },
    coordinates: { latitude: lat, longitude: lon },
    poi_category: ["coffee", "café", "food and drink"],
    poi_category_ids: ["coffee", "cafe", "food_and_drink"],
    maki: "cafe",
    metadata: {},
  },
}));

function mapboxRoute(from: number[], to: number[]) {
  return {
    routes: [
      {
        weight_name: "auto",
        weight: 2874.8,
        duration: 2231.5,
        distance: 35102.3,
        legs: [
          {
            via_waypoints: [],
            admins: [{ iso_3166_1_alpha3: "DEU", iso_3166_1: "DE" }],
            weight: 2874.8,
            duration: 2231.5,
            steps: [],
            distance: 35102.3,
            summary: "A 115, Potsdamer Chaussee",
          },
        ],
      },
    ],
    waypoints: [
      { distance: 4.1, name: "Pariser Platz", location: from },
      { distance: 11.7, name: "Luisenplatz", location: to },
    ],
    code: "Ok",
    uuid: "r8mbx0dir1Ok_Xq7ZyB5tE2nL8pW3cV0aR6sD4fG1hJ",
  };
}

const mapbox: Handler = (req, url, _body, res) => {
  const token = url.searchParams.get("access_token");
  if (!token) return json(res, 401, { message: "Not Authorized - No Token" });
  if (token !== MAPBOX_TOKEN || state.mapboxTokenRevoked)
    return json(res, 401, { message: "Not Authorized - Invalid Token" });
  const path = url.pathname;
  if (path === "/search/searchbox/v1/forward") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const features = q.includes("brandenburger") ? [BRANDENBURGER_TOR] : [];
    return json(res, 200, { type: "FeatureCollection", features, attribution: MAPBOX_ATTRIBUTION });
  }
  if (path.startsWith("/search/searchbox/v1/category/")) {
    return json(res, 200, { type: "FeatureCollection", features: COFFEE, attribution: MAPBOX_ATTRIBUTION });
  }
  if (path === "/search/geocode/v6/reverse") {
    if (state.mapboxUnavailable) {
      return text(
        res,
        503,
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">\n<HTML><HEAD><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=iso-8859-1">\n<TITLE>ERROR: The request could not be satisfied</TITLE>\n</HEAD><BODY>\n<H1>503 ERROR</H1>\n<H2>The request could not be satisfied.</H2>\n<HR noshade size="1px">\nThe server is currently unavailable.\n<BR clear="all">\n<HR noshade size="1px">\n<PRE>\nGenerated by cloudfront (CloudFront)\nRequest ID: r8mbxJq3Zl0y0ZbU6W0lT8sWkC5d2hYp1x6aQvN9e4uR2fGmH8tA==\n</PRE>\n<ADDRESS>\n</ADDRESS>\n</BODY></HTML>',
        "text/html",
        { "x-cache": "Error from cloudfront" },
      );
    }
    const lon = Number(url.searchParams.get("longitude"));
    const lat = Number(url.searchParams.get("latitude"));
    if (Math.abs(lon - 13.3777) < 0.01 && Math.abs(lat - 52.5163) < 0.01) {
      return json(res, 200, {
        type: "FeatureCollection",
        features: [
          {
            type: "Feature",
            id: "dXJuOm1ieGFkcjpjOWE1YjE2Yy1kYmE0LTQ2ZTgtYjM4ZS0xZDA0MmY3NmY0OTE",
            geometry: { type: "Point", coordinates: [13.377868, 52.516177] },
            properties: {
              mapbox_id: "dXJuOm1ieGFkcjpjOWE1YjE2Yy1kYmE0LTQ2ZTgtYjM4ZS0xZDA0MmY3NmY0OTE",
              feature_type: "address",
              full_address: "Pariser Platz 1, 10117 Berlin, Germany",
              name: "Pariser Platz 1",
              name_preferred: "Pariser Platz 1",
              coordinates: { longitude: 13.377868, latitude: 52.516177, accuracy: "rooftop" },
              place_formatted: "10117 Berlin, Germany",
              context: {
                address: {
                  mapbox_id: "dXJuOm1ieGFkcjpjOWE1YjE2Yy1kYmE0LTQ2ZTgtYjM4ZS0xZDA0MmY3NmY0OTE",
                  address_number: "1",
                  street_name: "Pariser Platz",
                  name: "Pariser Platz 1",
                },
                street: { mapbox_id: "dXJuOm1ieGFkcjpwYXJpc2VyLXBsYXR6LWJlcmxpbg", name: "Pariser Platz" },
                postcode: { mapbox_id: "dXJuOm1ieHBsYzpGRGpy", name: "10117" },
                locality: { mapbox_id: "dXJuOm1ieHBsYzpGUVRv", name: "Mitte", wikidata_id: "Q2013767" },
                place: { mapbox_id: "dXJuOm1ieHBsYzpBYVRv", name: "Berlin", wikidata_id: "Q64" },
                region: {
                  mapbox_id: "dXJuOm1ieHBsYzpBVlE",
                  name: "Berlin",
                  wikidata_id: "Q64",
                  region_code: "BE",
                  region_code_full: "DE-BE",
                },
                country: {
                  mapbox_id: "dXJuOm1ieHBsYzpJa0k",
                  name: "Germany",
                  wikidata_id: "Q183",
                  country_code: "DE",
                  country_code_alpha_3: "DEU",
                },
              },
            },
          },
        ],
        attribution: MAPBOX_ATTRIBUTION,
      });
    }
    // open ocean: nothing to reverse-geocode
    return json(res, 200, { type: "FeatureCollection", features: [], attribution: MAPBOX_ATTRIBUTION });
  }
  const directions = /^\/directions\/v5\/mapbox\/([a-z-]+)\/(.+)$/.exec(path);
  if (directions) {
    const points = decodeURIComponent(directions[2] ?? "")
      .split(";")
      .map((pair) => pair.split(",").map(Number));
    if (points.some(([lon]) => lon !== undefined && lon < -20)) {
      // Berlin to a point across the Atlantic: no road connects them
      return json(res, 200, { code: "NoRoute", message: "No route found" });
    }
    if (points.some(([lon]) => lon !== undefined && Math.abs(lon - 2.3522) < 0.01)) {
      // a slow answer (the route to Paris takes 15 s to come back)
      setTimeout(() => json(res, 200, mapboxRoute(points[0] ?? [], points[1] ?? [])), 15_000);
      return;
    }
    return json(res, 200, mapboxRoute(points[0] ?? [], points[1] ?? []));
  }
  const matrix = /^\/directions-matrix\/v1\/mapbox\/([a-z-]+)\/(.+)$/.exec(path);
  if (matrix) {
    const points = decodeURIComponent(matrix[2] ?? "")
      .split(";")
      .map((pair) => pair.split(",").map(Number));
    const island = points.map(([lon]) => lon !== undefined && lon < -20);
    const durations = points.map((a, i) =>
      points.map((b, j) => {
        if (i === j) return 0;
        if (island[i] !== island[j]) return null; // no route between Reykjavik and Berlin
        const d = Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0));
        return Math.round(d * 8200 * 10) / 10;
      }),
    );
    return json(res, 200, {
      code: "Ok",
      durations,
      destinations: points.map((p) => ({ distance: 3.2, name: "", location: p })),
      sources: points.map((p) => ({ distance: 3.2, name: "", location: p })),
    });
  }
  if (path.startsWith("/isochrone/v1/")) {
    if (state.mapboxRateLimited) {
      return json(
        res,
        429,
        { message: "Too Many Requests" },
        {
          "x-rate-limit-interval": "60",
          "x-rate-limit-limit": "300",
          "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 42),
        },
      );
    }
    return json(res, 200, { type: "FeatureCollection", features: [] });
  }
  if (path.startsWith("/search/details/v1/retrieve/")) {
    const id = decodeURIComponent(path.split("/").pop() ?? "");
    if (id === BRANDENBURGER_TOR.properties.mapbox_id)
      return json(res, 200, { ...BRANDENBURGER_TOR, attribution: MAPBOX_ATTRIBUTION });
    return json(res, 404, { message: "Not Found" });
  }
  return json(res, 404, { message: "Not Found" });
};

// ---------------------------------------------------------------- Sonarr / Radarr (REST API v3)

const NOT_FOUND_BODY = '{\n  "message": "NotFound"\n}';

function arrNotFound(res: http.ServerResponse) {
  text(res, 404, NOT_FOUND_BODY, "application/json; charset=utf-8");
}

function arrAuth(req: http.IncomingMessage, key: string, revoked: boolean, res: http.ServerResponse) {
  if (req.headers["x-api-key"] !== key || revoked) {
    // Sonarr and Radarr answer a wrong X-Api-Key with a bare 401 and no body
    res.writeHead(401, { "content-length": "0" });
    res.end();
    return false;
  }
  return true;
}

const SERIES = [
  {
    id: 1,
    title: "Severance",
    year: 2022,
    status: "continuing",
    network: "Apple TV+",
    tvdbId: 371980,
    monitored: true,
    statistics: { seasonCount: 2, episodeFileCount: 19, totalEpisodeCount: 19, sizeOnDisk: 61_203_394_560 },
  },
  {
    id: 2,
    title: "The Bear",
    year: 2022,
    status: "continuing",
    network: "FX",
    tvdbId: 401305,
    monitored: true,
    statistics: { seasonCount: 3, episodeFileCount: 28, totalEpisodeCount: 28, sizeOnDisk: 38_652_313_600 },
  },
  {
    id: 3,
    title: "Slow Horses",
    year: 2022,
    status: "continuing",
    network: "Apple TV+",
    tvdbId: 393615,
    monitored: false,
    statistics: { seasonCount: 4, episodeFileCount: 24, totalEpisodeCount: 24, sizeOnDisk: 52_881_004_544 },
  },
];

const sonarr: Handler = (req, url, _body, res) => {
  if (!arrAuth(req, SONARR_KEY, state.sonarrKeyRevoked, res)) return;
  const path = url.pathname.replace(/^\/api\/v3/, "");
  if (path === "/system/status")
    return json(res, 200, {
      appName: "Sonarr",
      instanceName: "Sonarr",
      version: "4.0.14.2939",
      osName: "debian",
      isDocker: true,
      branch: "main",
      urlBase: "",
    });
  if (path === "/series" && req.method === "GET") return json(res, 200, SERIES);
  const one = /^\/series\/(\d+)$/.exec(path);
  if (one) {
    const found = SERIES.find((s) => String(s.id) === one[1]);
    return found ? json(res, 200, found) : arrNotFound(res);
  }
  if (path === "/series/lookup") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    if (term.includes("severance"))
      return json(res, 200, [
        {
          title: "Severance",
          year: 2022,
          tvdbId: 371980,
          overview:
            "Mark leads a team of office workers whose memories have been surgically divided between their work and personal lives.",
        },
      ]);
    return json(res, 200, []);
  }
  if (path === "/episode") {
    const seriesId = url.searchParams.get("seriesId") ?? "";
    if (!/^\d+$/.test(seriesId)) {
      // ASP.NET Core model binding rejects a non-numeric seriesId
      return json(
        res,
        400,
        {
          type: "https://tools.ietf.org/html/rfc9110#section-15.5.1",
          title: "One or more validation errors occurred.",
          status: 400,
          errors: { seriesId: [`The value '${seriesId}' is not valid.`] },
          traceId: "00-5c1d0e2f4a8b6c7d9e0f1a2b3c4d5e6f-7a8b9c0d1e2f3a4b-00",
        },
        { "content-type": "application/problem+json; charset=utf-8" },
      );
    }
    if (seriesId !== "1") return json(res, 200, []);
    return json(
      res,
      200,
      [1, 2, 3].map((n) => ({
        id: 100 + n,
        seriesId: 1,
        seasonNumber: 2,
        episodeNumber: n,
        title: ["Hello, Ms. Cobel", "Goodbye, Mrs. Selvig", "Who Is Alive?"][n - 1],
        airDate: `2025-01-${String(10 + 7 * (n - 1)).padStart(2, "0")}`,
        hasFile: true,
        monitored: true,
      })),
    );
  }
  if (path === "/queue") {
    if (state.sonarrDbLocked) {
      return json(res, 500, {
        message: "database is locked\ndatabase is locked",
        description:
          "code = Busy (5), message = System.Data.SQLite.SQLiteException (0x800000AF): database is locked\ndatabase is locked\n   at System.Data.SQLite.SQLite3.Step(SQLiteStatement stmt)\n   at System.Data.SQLite.SQLiteDataReader.NextResult()\n   at NzbDrone.Core.Datastore.BasicRepository`1.Query(SqlBuilder builder) in ./Sonarr.Core/Datastore/BasicRepository.cs:line 427",
      });
    }
    return json(res, 200, { page: 1, pageSize: 100, totalRecords: 0, records: [] });
  }
  if (path === "/command" && req.method === "POST") {
    return json(res, 201, {
      name: "EpisodeSearch",
      commandName: "Episode Search",
      body: { sendUpdatesToClient: false, requiresDiskAccess: false },
      priority: "normal",
      status: "queued",
      queued: new Date().toISOString(),
      trigger: "manual",
      id: 4471,
    });
  }
  return arrNotFound(res);
};

const MOVIES = [
  {
    id: 1,
    title: "The Matrix",
    year: 1999,
    tmdbId: 603,
    status: "released",
    hasFile: true,
    sizeOnDisk: 24_771_411_968,
    monitored: true,
    studio: "Warner Bros. Pictures",
    qualityProfileId: 4,
    ratings: { imdb: { votes: 2178000, value: 8.7 }, tmdb: { votes: 26000, value: 8.2 } },
  },
  {
    id: 2,
    title: "Perfect Days",
    year: 2023,
    tmdbId: 976893,
    status: "released",
    hasFile: false,
    sizeOnDisk: 0,
    monitored: true,
    studio: "Master Mind",
    qualityProfileId: 4,
    ratings: { imdb: { votes: 61000, value: 7.9 } },
  },
];

const LOGIN_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Login - Authelia</title>\n<meta name="viewport" content="width=device-width, initial-scale=1">\n</head>\n<body>\n<noscript>You need to enable JavaScript to run this app.</noscript>\n<div id="root"></div>\n<script type="module" src="/static/js/index.js"></script>\n</body>\n</html>\n';

const radarr: Handler = (req, url, body, res) => {
  if (state.radarrBehindLogin) {
    // the reverse proxy in front of Radarr now sends every request to its login portal
    return text(res, 200, LOGIN_PAGE, "text/html; charset=utf-8");
  }
  if (!arrAuth(req, RADARR_KEY, false, res)) return;
  const path = url.pathname.replace(/^\/api\/v3/, "");
  if (path === "/system/status")
    return json(res, 200, {
      appName: "Radarr",
      instanceName: "Radarr",
      version: "5.14.0.9383",
      osName: "debian",
      isDocker: true,
      branch: "master",
      urlBase: "",
    });
  if (path === "/movie" && req.method === "GET") return json(res, 200, MOVIES);
  if (path === "/movie" && req.method === "POST") {
    const movie = JSON.parse(body || "{}") as { tmdbId?: number; title?: string };
    if (MOVIES.some((m) => m.tmdbId === movie.tmdbId)) {
      return json(res, 400, [
        {
          isWarning: false,
          propertyName: "TmdbId",
          errorMessage: "This movie has already been added",
          severity: "error",
          errorCode: "MovieExistsValidator",
          attemptedValue: movie.tmdbId,
          formattedMessagePlaceholderValues: { propertyName: "Tmdb Id", propertyValue: movie.tmdbId },
        },
      ]);
    }
    return json(res, 201, {
      id: 3,
      title: movie.title,
      year: 2024,
      path: `/movies/${movie.title}`,
      monitored: true,
    });
  }
  if (path === "/movie/lookup") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    if (term.includes("dune")) {
      // TMDb is slow to answer this lookup: Radarr waits on it for 15 s
      setTimeout(
        () => json(res, 200, [{ title: "Dune: Part Two", year: 2024, tmdbId: 693134, imdbId: "tt15239678" }]),
        15_000,
      );
      return;
    }
    if (term.includes("matrix"))
      return json(res, 200, [
        {
          title: "The Matrix",
          year: 1999,
          tmdbId: 603,
          imdbId: "tt0133093",
          overview: "Set in the 22nd century.",
        },
      ]);
    return json(res, 200, []);
  }
  if (path === "/calendar") return json(res, 200, []);
  if (path === "/queue")
    return json(res, 200, {
      page: 1,
      pageSize: 100,
      totalRecords: 1,
      records: [
        {
          id: 812,
          movieId: 2,
          title: "Perfect.Days.2023.1080p.BluRay.x264-R8MISC",
          status: "downloading",
          size: 9_126_805_504,
          sizeleft: 3_221_225_472,
          timeleft: "00:21:14",
          downloadClient: "qBittorrent",
          protocol: "torrent",
          trackedDownloadStatus: "ok",
          trackedDownloadState: "downloading",
        },
      ],
    });
  return arrNotFound(res);
};

// ---------------------------------------------------------------- HA Vibecode Agent (Home Assistant)

const HA_STATES = [
  {
    entity_id: "light.kitchen",
    state: "off",
    attributes: { supported_color_modes: ["brightness"], friendly_name: "Kitchen", supported_features: 32 },
    last_changed: "2025-11-30T18:02:11.418225+00:00",
    last_updated: "2025-11-30T18:02:11.418225+00:00",
    context: { id: "01JDX8R8MISC0000000000KTCH", parent_id: null, user_id: null },
  },
  {
    entity_id: "light.living_room",
    state: "on",
    attributes: {
      supported_color_modes: ["color_temp"],
      color_mode: "color_temp",
      brightness: 178,
      color_temp_kelvin: 2700,
      friendly_name: "Living room",
    },
    last_changed: "2025-11-30T17:45:02.101934+00:00",
    last_updated: "2025-11-30T17:45:02.101934+00:00",
    context: { id: "01JDX7R8MISC0000000000LVNG", parent_id: null, user_id: null },
  },
  {
    entity_id: "climate.living_room",
    state: "heat",
    attributes: {
      hvac_modes: ["off", "heat"],
      min_temp: 7,
      max_temp: 35,
      current_temperature: 20.4,
      temperature: 21,
      friendly_name: "Living room thermostat",
    },
    last_changed: "2025-11-30T06:30:00.004511+00:00",
    last_updated: "2025-11-30T18:10:41.772310+00:00",
    context: { id: "01JDX9R8MISC0000000000CLMT", parent_id: null, user_id: null },
  },
  {
    entity_id: "sensor.outdoor_temperature",
    state: "4.6",
    attributes: {
      state_class: "measurement",
      unit_of_measurement: "°C",
      device_class: "temperature",
      friendly_name: "Outdoor temperature",
    },
    last_changed: "2025-11-30T18:12:00.000000+00:00",
    last_updated: "2025-11-30T18:12:00.000000+00:00",
    context: { id: "01JDXAR8MISC0000000000OUTD", parent_id: null, user_id: null },
  },
];

const AUTOMATIONS = [
  {
    id: "1700000000001",
    alias: "Porch light at sunset",
    description: "",
    trigger: [{ platform: "sun", event: "sunset", offset: "-00:15:00" }],
    condition: [],
    action: [{ service: "light.turn_on", target: { entity_id: "light.porch" } }],
    mode: "single",
  },
  {
    id: "1700000000002",
    alias: "Heating down at night",
    description: "",
    trigger: [{ platform: "time", at: "23:00:00" }],
    condition: [],
    action: [
      {
        service: "climate.set_temperature",
        target: { entity_id: "climate.living_room" },
        data: { temperature: 17 },
      },
    ],
    mode: "single",
  },
];

function detail(res: http.ServerResponse, status: number, message: unknown) {
  json(res, status, { detail: message }, { "content-type": "application/json" });
}

const haAgent: Handler = (req, url, body, res) => {
  const path = url.pathname;
  if (path === "/api/health")
    return json(res, 200, {
      status: "healthy",
      version: "2.10.4",
      config_path: "/config",
      git_enabled: true,
    });
  const auth = req.headers.authorization ?? "";
  if (!auth.startsWith("Bearer ")) return detail(res, 403, "Not authenticated");
  if (auth !== `Bearer ${HA_AGENT_KEY}` || state.haAgentKeyRotated)
    return detail(res, 401, "Invalid authentication token");
  if (path === "/api/entities/list") {
    const pageSize = url.searchParams.get("page_size");
    if (pageSize !== null && (!/^\d+$/.test(pageSize) || Number(pageSize) > 500 || Number(pageSize) < 1)) {
      return json(res, 422, {
        detail: [
          {
            type: "less_than_equal",
            loc: ["query", "page_size"],
            msg: "Input should be less than or equal to 500",
            input: pageSize,
            ctx: { le: 500 },
          },
        ],
      });
    }
    const domain = url.searchParams.get("domain");
    const search = (url.searchParams.get("search") ?? "").toLowerCase();
    const states = HA_STATES.filter(
      (s) =>
        (!domain || s.entity_id.startsWith(`${domain}.`)) &&
        (!search ||
          s.entity_id.includes(search) ||
          String(s.attributes.friendly_name ?? "")
            .toLowerCase()
            .includes(search)),
    );
    return json(res, 200, {
      success: true,
      total: states.length,
      page: 1,
      page_size: Number(pageSize ?? 250),
      total_pages: states.length ? 1 : 0,
      entities: states,
    });
  }
  const stateOf = /^\/api\/entities\/state\/(.+)$/.exec(path);
  if (stateOf) {
    const id = decodeURIComponent(stateOf[1] ?? "");
    const found = HA_STATES.find((s) => s.entity_id === id);
    if (!found) return detail(res, 404, `Entity not found: ${id}`);
    return json(res, 200, { success: true, entity_id: id, state: found });
  }
  if (path === "/api/entities/call_service" && req.method === "POST") {
    const call = JSON.parse(body || "{}") as {
      domain?: string;
      service?: string;
      service_data?: Record<string, unknown>;
      target?: Record<string, unknown>;
    };
    const data: Record<string, unknown> = { ...(call.service_data ?? {}) };
    if (call.target?.entity_id) data.entity_id = call.target.entity_id;
    const known: Record<string, string[]> = {
      light: ["turn_on", "turn_off", "toggle"],
      climate: ["set_temperature", "set_hvac_mode", "turn_on", "turn_off"],
    };
    if (!known[call.domain ?? ""]?.includes(call.service ?? "")) {
      // Home Assistant answers an unknown service with aiohttp's bare 400
      return detail(res, 500, `Service call failed: HA API error: 400 - 400: Bad Request`);
    }
    const brightness = data.brightness_pct;
    if (typeof brightness === "number" && (brightness < 0 || brightness > 100)) {
      // vol.Invalid from the service schema: also the bare 400
      return detail(res, 500, `Service call failed: HA API error: 400 - 400: Bad Request`);
    }
    const target = String(data.entity_id ?? "");
    const entity = HA_STATES.find((s) => s.entity_id === target);
    // Home Assistant calls the service and returns the states that changed: none when the
    // entity does not exist (it only logs a warning about the missing entity)
    const changed = entity
      ? [
          {
            ...entity,
            state: call.service === "turn_off" ? "off" : "on",
            attributes: { ...entity.attributes, brightness: 204, color_mode: "brightness" },
            last_changed: "2025-11-30T18:20:05.551223+00:00",
            last_updated: "2025-11-30T18:20:05.551223+00:00",
          },
        ]
      : [];
    return json(res, 200, {
      success: true,
      domain: call.domain,
      service: call.service,
      data,
      result: changed,
    });
  }
  if (path === "/api/automations/list")
    return json(res, 200, {
      success: true,
      count: AUTOMATIONS.length,
      total: AUTOMATIONS.length,
      page: 1,
      page_size: 250,
      total_pages: 1,
      has_next: false,
      next_page: null,
      automations: AUTOMATIONS,
    });
  const automation = /^\/api\/automations\/get\/(.+)$/.exec(path);
  if (automation) {
    const id = decodeURIComponent(automation[1] ?? "");
    const found = AUTOMATIONS.find((a) => a.id === id);
    if (!found) return detail(res, 404, `Automation not found: ${id}`);
    return json(res, 200, { success: true, automation_id: id, config: found });
  }
  if (path === "/api/system/check-config" && req.method === "POST") {
    if (state.haCoreUnauthorized) {
      // the agent catches Home Assistant's error and reports it inside a 200
      return json(res, 200, {
        success: false,
        message: "Configuration has errors: HA API error: 401 - 401: Unauthorized",
        data: null,
      });
    }
    return json(res, 200, { success: true, message: "Configuration is valid", data: [] });
  }
  if (path === "/api/system/reload" && req.method === "POST") {
    const component = url.searchParams.get("component") ?? "";
    if (!["automations", "scripts", "templates", "core", "all"].includes(component))
      return detail(res, 400, `Unknown component: ${component}`);
    return json(res, 200, { success: true, message: `Component reloaded: ${component}`, data: [] });
  }
  if (path === "/api/files/read") {
    const file = url.searchParams.get("path") ?? "";
    if (file.includes("..")) return detail(res, 500, `Path outside config directory: ${file}`);
    if (file === "configuration.yaml")
      return json(res, 200, {
        success: true,
        path: file,
        content:
          "default_config:\n\nfrontend:\n  themes: !include_dir_merge_named themes\n\nautomation: !include automations.yaml\nscript: !include scripts.yaml\nscene: !include scenes.yaml\n",
        size: 140,
      });
    return detail(res, 404, `File not found: ${file}`);
  }
  if (path === "/api/files/list") {
    const directory = url.searchParams.get("directory") ?? "";
    if (directory === "custom_components") return json(res, 200, { success: true, count: 0, files: [] });
    return json(res, 200, {
      success: true,
      count: 3,
      files: ["automations.yaml", "configuration.yaml", "scripts.yaml"].map((name) => ({
        path: name,
        name,
        size: 512,
        modified: 1764525600.0,
        is_yaml: true,
      })),
    });
  }
  if (path === "/api/logs") {
    // the agent reads Home Assistant's log through the supervisor, which is slow today
    setTimeout(() => json(res, 200, { success: true, count: 0, logs: [] }), 15_000);
    return;
  }
  return detail(res, 404, "Not Found");
};

// ---------------------------------------------------------------- AiCoin Open API

const COIN_LIST = [
  { key: "bitcoin", name: "Bitcoin", symbol: "BTC", rank: 1 },
  { key: "ethereum", name: "Ethereum", symbol: "ETH", rank: 2 },
  { key: "tether", name: "Tether", symbol: "USDT", rank: 3 },
  { key: "solana", name: "Solana", symbol: "SOL", rank: 5 },
];

const TICKERS: Record<string, unknown> = {
  bitcoin: {
    key: "bitcoin",
    coin: "BTC",
    last: 91234.5,
    degree24h: -1.82,
    high24h: 93120.0,
    low24h: 90455.2,
    vol24h: 31244567890.1,
    market_value: 1810234567890,
  },
  ethereum: {
    key: "ethereum",
    coin: "ETH",
    last: 3021.47,
    degree24h: -2.41,
    high24h: 3105.9,
    low24h: 2988.3,
    vol24h: 17654321098.7,
    market_value: 364512345678,
  },
};

const STGW_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>stgw</center>\r\n</body>\r\n</html>\r\n";

const WAF_PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>访问验证</title></head><body><div class="waf-box"><h2>请完成安全验证</h2><p>您的访问频率异常，请完成下方验证后继续访问。</p><div id="captcha"></div><p class="rid">Request ID: 8d2f7c1e-r8misc-4b6a</p></div></body></html>';

const aicoin: Handler = (req, url, body, res) => {
  const params =
    req.method === "POST"
      ? (JSON.parse(body || "{}") as Record<string, string>)
      : Object.fromEntries(url.searchParams);
  const path = url.pathname;
  if (!params.AccessKeyId || !params.Signature)
    return json(res, 401, { success: false, errorCode: 401, error: "缺少签名参数" });
  if (params.AccessKeyId !== AICOIN_KEY_ID || state.aicoinKeyRevoked)
    return json(res, 401, { success: false, errorCode: 401, error: "AccessKeyId不存在或已失效" });
  if (state.aicoinRateLimited)
    return json(
      res,
      429,
      { success: false, errorCode: 429, error: "请求过于频繁，请稍后再试" },
      { "retry-after": "60" },
    );
  if (state.aicoinGatewayError) return text(res, 502, STGW_502, "text/html");
  if (state.aicoinCaptchaPage) return text(res, 200, WAF_PAGE, "text/html; charset=utf-8");
  if (path.startsWith("/api/v2/hl/") || path.startsWith("/api/upgrade/v2/hl/"))
    return json(res, 404, { success: false, errorCode: 404, error: "Not Found" });
  if (path === "/api/v2/coin")
    return json(res, 200, { success: true, errorCode: 0, error: "", data: COIN_LIST });
  if (path === "/api/v2/coin/ticker") {
    const keys = (params.coin_list ?? "").split(",").filter(Boolean);
    return json(res, 200, {
      success: true,
      errorCode: 0,
      error: "",
      data: keys.map((k) => TICKERS[k]).filter(Boolean),
    });
  }
  if (path === "/api/v2/content/news-detail")
    return json(res, 200, { success: false, errorCode: 403, error: "invalid parameters" });
  if (
    path.startsWith("/api/upgrade/v2/futures/latest-depth") ||
    path.startsWith("/api/upgrade/v2/futures/full-depth")
  )
    return json(res, 403, { success: false, error: "没有权限访问此资源" });
  if (path === "/api/v2/mix/stock-market") return json(res, 500, { success: false, error: "服务器内部错误" });
  if (path.startsWith("/api/upgrade/v2/coin-treasuries/"))
    return json(res, 200, { success: false, error: "获取数据失败" });
  if (path === "/api/upgrade/v2/futures/funding-rate/history") {
    if (params.interval === "1h") return json(res, 200, { success: true, errorCode: 0, error: "", data: [] });
    return json(res, 200, {
      success: true,
      errorCode: 0,
      error: "",
      data: [
        { time: 1764460800000, open: 0.0001, high: 0.000104, low: 0.000098, close: 0.000101 },
        { time: 1764489600000, open: 0.000101, high: 0.000112, low: 0.0001, close: 0.00011 },
      ],
    });
  }
  if (path === "/api/v2/commonKline/dataRecords") {
    // a kline export that takes the data service 15 s
    setTimeout(() => json(res, 200, { success: true, errorCode: 0, error: "", data: [] }), 15_000);
    return;
  }
  if (path === "/api/v2/market")
    return json(res, 200, {
      success: true,
      errorCode: 0,
      error: "",
      data: [
        { key: "binance", name: "Binance" },
        { key: "okex", name: "OKX" },
        { key: "coinbase", name: "Coinbase" },
      ],
    });
  return json(res, 404, { success: false, errorCode: 404, error: "Not Found" });
};

export const mapboxStandin = serve(MAPBOX_PORT, mapbox);
export const sonarrStandin = serve(SONARR_PORT, sonarr);
export const radarrStandin = serve(RADARR_PORT, radarr);
export const haAgentStandin = serve(HA_AGENT_PORT, haAgent);
export const aicoinStandin = serve(AICOIN_PORT, aicoin);

export const ALL_STANDINS = [mapboxStandin, sonarrStandin, radarrStandin, haAgentStandin, aicoinStandin];
