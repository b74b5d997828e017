// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies and
// error bodies: AMap's Web Service API (`restapi.amap.com`, key in the query, HTTP 200 with `status`,
// `info` and a numeric `infocode`), the DeepL API (`api.deepl.com/v2`, `DeepL-Auth-Key`), Jina AI's
// Reader and Search (`r.jina.ai`, `s.jina.ai`, bearer key, errors with `name` and a five-digit `status`)
// and the Google Maps Platform (`maps.googleapis.com` web services with their body `status`, and the newer
// `weather.googleapis.com` / `routes.googleapis.com` with `{"error": {code, message, status}}`).
//
// Every host is written into its server, so nothing here is reached by a configured URL:
// - AMap's server calls node-fetch 3 on Node's https module with no agent: `https-preload.mjs` makes
//   https.globalAgent open its TLS connections to the AMap stand-in's loopback port (same SNI, a
//   certificate for the real host trusted through NODE_EXTRA_CA_CERTS).
// - deepl-node (axios) and google-maps-services-js (axios) follow HTTPS_PROXY themselves and send
//   absolute-form requests (`POST https://api.deepl.com/v2/translate`) over plain HTTP to the proxy.
// - jina-mcp-tools (proxy-agent) and Node's fetch (with `proxy-preload.mjs`, undici's ProxyAgent) open a
//   CONNECT tunnel; the proxy terminates TLS with the stand-in certificate.
// So each service's stand-in is a forward proxy on its own port that answers both kinds, and stopping it
// refuses connections for that server alone. The servers' own code is not touched. `state` is switched by
// the sessions' hooks (a revoked key, a rate limit, an outage, …).

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r13-a";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const AMAP_TLS_PORT = 39931;
export const DEEPL_PROXY_PORT = 39932;
export const JINA_PROXY_PORT = 39933;
export const GMAPS_PROXY_PORT = 39934;
export const JINA_MCP_PORT = 39935;
export const GMAPS_MCP_PORT = 39936;

export const AMAP_KEY = "6b1f0c3e9d7a4b2c8e5f1a0d3c7b9e24";
export const DEEPL_KEY = "2c7e9a41-5b3d-4f68-a0c2-91d7e3b5f806";
export const JINA_KEY = "jina_4f9c2b7e1d0a4c6e8b3f5a2d9c1e7b40Xq7LmN2pR8sT5vW1yZ3aB6cD9eF";
export const GMAPS_KEY = "AIzaSyC4r13aCorpusStandinKey0123456789";
export const GMAPS_BAD_KEY = "AIzaSyC4r13aRevokedKeyQqQqQqQqQqQqQqQ";

export const state = {
  amapKeyInvalid: false,
  amapPlatformMismatch: false,
  amapQpsExceeded: false,
  amapBadGateway: false,
  amapUnknownError: false,
  deeplKeyRevoked: false,
  deeplWrongEndpoint: false,
  deeplQuotaExceeded: false,
  deeplRateLimited: false,
  deeplBadGateway: false,
  deeplUnavailable: false,
  jinaKeyInvalid: false,
  jinaBalanceEmpty: false,
  jinaRateLimited: false,
  jinaBadGateway: false,
  jinaUnavailable: false,
  gmapsOverQueryLimit: false,
  gmapsNotAuthorized: false,
  gmapsUnknownError: false,
  gmapsBadGateway: false,
  gmapsRoutesQuota: false,
  gmapsWeatherDisabled: false,
};

type Handler = (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => void;

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(JSON.stringify(body));
}

function text(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain",
  headers: Record<string, string> = {},
) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": type, ...headers });
  res.end(body);
}

const timers = new Set<NodeJS.Timeout>();
/** Answers after `ms` (a slow upstream); the timer is cleared when the stand-ins stop. */
function later(ms: number, answer: () => void) {
  const timer = setTimeout(() => {
    timers.delete(timer);
    answer();
  }, ms);
  timers.add(timer);
}

export function clearTimers() {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
}

function parse(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return Object.fromEntries(new URLSearchParams(body));
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      KEY,
      "-out",
      CERT,
      "-days",
      "3650",
      "-subj",
      "/CN=r13-a corpus stand-in",
      "-addext",
      "subjectAltName=DNS:restapi.amap.com,DNS:api.deepl.com,DNS:api-free.deepl.com,DNS:r.jina.ai,DNS:s.jina.ai,DNS:*.googleapis.com,IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const raw = req.url ?? "/";
      // An absolute-form request (axios through HTTPS_PROXY) names the real URL itself.
      const url = /^https?:\/\//.test(raw)
        ? new URL(raw.replace(/^http:/, "https:"))
        : new URL(raw, `https://${req.headers.host ?? `127.0.0.1:${port}`}`);
      handler(req, url, body, res);
    });
  };
}

function tracked(server: http.Server, sockets: Set<Socket>) {
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
}

/** An HTTPS server on its own loopback port (the AMap host, reached through https-preload.mjs). */
function tlsServer(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let created: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        const made = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        tracked(made, sockets);
        made.once("error", reject);
        made.listen(port, "127.0.0.1", () => resolve());
        created = made;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!created) return resolve();
        created.close(() => resolve());
        created = undefined;
      }),
  };
}

/**
 * A forward proxy on its own port: absolute-form requests are answered directly, CONNECT tunnels are
 * terminated with the stand-in certificate and the requests inside answered by the same handler (the
 * real host is in the Host header).
 */
function forwardProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let inner: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        const tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        inner = tls;
        const created = http.createServer(onRequest(port, handler));
        tracked(created, sockets);
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          tls.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        inner?.close();
        inner = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

// ------------------------------------------------------------------------------------------ AMap

const TENGINE_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>Tengine</center>\r\n</body>\r\n</html>\r\n";

/** AMap's failure envelope: HTTP 200, `status: "0"`, the reason in `info`, the numeric `infocode`. */
const amapFail = (res: http.ServerResponse, info: string, infocode: string) =>
  json(res, 200, { status: "0", info, infocode });
const amapOk = (res: http.ServerResponse, body: Record<string, unknown>) =>
  json(res, 200, { status: "1", info: "OK", infocode: "10000", ...body });

const AMAP_POIS: Record<string, Record<string, unknown>> = {
  B000A8UIN8: {
    id: "B000A8UIN8",
    name: "北京首都国际机场",
    type: "交通设施服务;机场相关;飞机场",
    typecode: "150104",
    address: "顺义区机场路",
    location: "116.603039,40.079969",
    cityname: "北京市",
    business_area: "首都机场",
    alias: "首都机场",
    photos: [
      { title: [], url: "https://aos-comment.amap.com/B000A8UIN8/comment/content_media_external_file_1.jpg" },
    ],
    biz_ext: { rating: "4.6", cost: [] },
  },
};

function amap(_req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const q = url.searchParams;
  if (state.amapBadGateway) return text(res, 502, TENGINE_502, "text/html");
  if (q.get("key") !== AMAP_KEY || state.amapKeyInvalid) return amapFail(res, "INVALID_USER_KEY", "10001");
  if (state.amapPlatformMismatch) return amapFail(res, "USERKEY_PLAT_NOMATCH", "10009");
  if (state.amapQpsExceeded) return amapFail(res, "CUQPS_HAS_EXCEEDED_THE_LIMIT", "10021");
  if (state.amapUnknownError) return amapFail(res, "UNKNOWN_ERROR", "20003");
  switch (url.pathname) {
    case "/v3/geocode/geo": {
      const address = q.get("address") ?? "";
      if (!address) return amapFail(res, "MISSING_REQUIRED_PARAMS", "20001");
      if (address.includes("阜通东大街6号"))
        return amapOk(res, {
          count: "1",
          geocodes: [
            {
              formatted_address: "北京市朝阳区阜通东大街6号",
              country: "中国",
              province: "北京市",
              citycode: "010",
              city: "北京市",
              district: "朝阳区",
              township: [],
              neighborhood: { name: [], type: [] },
              building: { name: [], type: [] },
              adcode: "110105",
              street: "阜通东大街",
              number: "6号",
              location: "116.482086,39.990496",
              level: "门牌号",
            },
          ],
        });
      return amapOk(res, { count: "0", geocodes: [] });
    }
    case "/v3/geocode/regeo": {
      const [lng = NaN, lat = NaN] = (q.get("location") ?? "").split(",").map(Number);
      if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
        return amapFail(res, "INVALID_PARAMS", "20000");
      // Outside China AMap answers OK with empty arrays where the names would be.
      const inChina = lng > 73 && lng < 136 && lat > 3 && lat < 54;
      return amapOk(res, {
        regeocode: inChina
          ? {
              formatted_address: "北京市朝阳区望京街道方恒国际中心B座方恒国际中心",
              addressComponent: {
                country: "中国",
                province: "北京市",
                city: [],
                citycode: "010",
                district: "朝阳区",
                adcode: "110105",
                township: "望京街道",
                towncode: "110105026000",
              },
            }
          : {
              formatted_address: [],
              addressComponent: {
                country: [],
                province: [],
                city: [],
                citycode: [],
                district: [],
                adcode: [],
                township: [],
                towncode: [],
              },
            },
      });
    }
    case "/v3/ip": {
      const ip = q.get("ip") ?? "";
      const parts = ip.split(".").map(Number);
      if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255))
        return amapFail(res, "INVALID_PARAMS", "20000");
      if (ip.startsWith("114.247."))
        return amapOk(res, {
          province: "北京市",
          city: "北京市",
          adcode: "110000",
          rectangle: "116.0119343,39.66127144;116.7829835,40.2164962",
        });
      // A foreign address: OK, with empty arrays.
      return amapOk(res, { province: [], city: [], adcode: [], rectangle: [] });
    }
    case "/v3/weather/weatherInfo": {
      const city = q.get("city") ?? "";
      if (city === "440300") {
        // A slow answer (the weather backend times out behind the gateway).
        return later(15_000, () => amapOk(res, { count: "0", forecasts: [] }));
      }
      if (city === "110000" || city === "北京")
        return amapOk(res, {
          count: "1",
          forecasts: [
            {
              city: "北京市",
              adcode: "110000",
              province: "北京",
              reporttime: "2026-12-06 11:02:45",
              casts: [
                {
                  date: "2026-12-06",
                  week: "7",
                  dayweather: "晴",
                  nightweather: "晴",
                  daytemp: "4",
                  nighttemp: "-6",
                  daywind: "西北",
                  nightwind: "西北",
                  daypower: "1-3",
                  nightpower: "1-3",
                  daytemp_float: "4.0",
                  nighttemp_float: "-6.0",
                },
                {
                  date: "2026-12-07",
                  week: "1",
                  dayweather: "多云",
                  nightweather: "阴",
                  daytemp: "3",
                  nighttemp: "-5",
                  daywind: "南",
                  nightwind: "南",
                  daypower: "1-3",
                  nightpower: "1-3",
                  daytemp_float: "3.0",
                  nighttemp_float: "-5.0",
                },
              ],
            },
          ],
        });
      return amapOk(res, { count: "0", forecasts: [] });
    }
    case "/v3/place/text": {
      const keywords = q.get("keywords") ?? "";
      if (keywords.includes("咖啡"))
        return amapOk(res, {
          count: "2",
          suggestion: { keywords: [], cities: [] },
          pois: [
            {
              id: "B0FFGQ2HN5",
              name: "星巴克(望京SOHO店)",
              address: "望京街10号望京SOHO T1 1层",
              typecode: "050500",
              photos: [],
            },
            {
              id: "B0FFH1U1PE",
              name: "Manner Coffee(方恒购物中心店)",
              address: "阜通东大街6号方恒购物中心B1层",
              typecode: "050500",
              photos: [],
            },
          ],
        });
      return amapOk(res, { count: "0", suggestion: { keywords: [], cities: [] }, pois: [] });
    }
    case "/v3/place/detail": {
      const poi = AMAP_POIS[q.get("id") ?? ""];
      return amapOk(res, { count: poi ? "1" : "0", pois: poi ? [poi] : [] });
    }
    case "/v3/direction/driving": {
      const origin = q.get("origin") ?? "";
      const destination = q.get("destination") ?? "";
      if (origin === "undefined" || destination === "undefined")
        return amapFail(res, "INVALID_PARAMS", "20000");
      return amapOk(res, {
        count: "1",
        route: {
          origin,
          destination,
          taxi_cost: "96",
          paths: [
            {
              distance: "27412",
              duration: "2534",
              strategy: "速度最快",
              tolls: "10",
              toll_distance: "16932",
              steps: [
                {
                  instruction: "向东北行驶156米右转",
                  orientation: "东北",
                  road: "阜通东大街",
                  distance: "156",
                  duration: "30",
                  tolls: "0",
                  toll_distance: "0",
                  toll_road: [],
                  action: "右转",
                  assistant_action: [],
                },
                {
                  instruction: "沿机场高速行驶16.9千米到达目的地",
                  orientation: "东",
                  road: "机场高速",
                  distance: "16932",
                  duration: "1120",
                  tolls: "10",
                  toll_distance: "16932",
                  toll_road: "机场高速",
                  action: [],
                  assistant_action: "到达目的地",
                },
              ],
            },
          ],
        },
      });
    }
    case "/v4/direction/bicycling": {
      // The v4 envelope: errcode/errmsg instead of status/info/infocode.
      const [olng, olat] = (q.get("origin") ?? "").split(",").map(Number);
      const [dlng, dlat] = (q.get("destination") ?? "").split(",").map(Number);
      const km = Math.hypot(olng! - dlng!, olat! - dlat!) * 100;
      if (km > 500)
        return json(res, 200, { data: "", errcode: 20803, errdetail: null, errmsg: "OVER_DIRECTION_RANGE" });
      return json(res, 200, {
        data: {
          origin: q.get("origin"),
          destination: q.get("destination"),
          paths: [
            {
              distance: 2215,
              duration: 532,
              steps: [
                {
                  instruction: "沿阜通东大街骑行1.2千米左转",
                  road: "阜通东大街",
                  distance: 1210,
                  orientation: "东",
                  duration: 290,
                },
                {
                  instruction: "沿望京街骑行1.0千米到达目的地",
                  road: "望京街",
                  distance: 1005,
                  orientation: "北",
                  duration: 242,
                },
              ],
            },
          ],
        },
        errcode: 0,
        errdetail: null,
        errmsg: "OK",
      });
    }
    case "/v3/distance": {
      const origins = q.get("origins") ?? "";
      if (!origins || origins === "undefined") return amapFail(res, "INVALID_PARAMS", "20000");
      return amapOk(res, {
        count: "1",
        results: [{ origin_id: "1", dest_id: "1", distance: "27412", duration: "2534" }],
      });
    }
    default:
      return amapFail(res, "INVALID_REQUEST", "20011");
  }
}

export const amapStandin = tlsServer(AMAP_TLS_PORT, amap);

// ----------------------------------------------------------------------------------------- DeepL

const DEEPL_SOURCE = [
  { language: "DE", name: "German" },
  { language: "EN", name: "English" },
  { language: "ES", name: "Spanish" },
  { language: "FR", name: "French" },
  { language: "JA", name: "Japanese" },
  { language: "ZH", name: "Chinese" },
];
const DEEPL_TARGET = [
  { language: "DE", name: "German", supports_formality: true },
  { language: "EN-GB", name: "English (British)", supports_formality: false },
  { language: "EN-US", name: "English (American)", supports_formality: false },
  { language: "ES", name: "Spanish", supports_formality: true },
  { language: "FR", name: "French", supports_formality: true },
  { language: "JA", name: "Japanese", supports_formality: true },
  { language: "ZH-HANS", name: "Chinese (simplified)", supports_formality: false },
];

const TRANSLATIONS: Record<string, Record<string, string>> = {
  "The invoice is attached.": { DE: "Die Rechnung ist beigefügt.", FR: "La facture est jointe." },
  "Please confirm the delivery date.": {
    DE: "Bitte bestätigen Sie das Lieferdatum.",
    JA: "納品日をご確認ください。",
  },
};

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>\n<html><head><title>${host} | 502: Bad gateway</title></head><body><div id="cf-wrapper"><h1><span class="cf-error-type">Bad gateway</span> <span class="cf-error-code">Error code 502</span></h1><p>The web server reported a bad gateway error.</p><p>Cloudflare Ray ID: <strong>8e2f1a7c9b3d4e51</strong> &bull; Your IP: 203.0.113.7 &bull; Performance &amp; security by Cloudflare</p></div></body></html>\n`;

function deepl(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.deeplBadGateway) return text(res, 502, CLOUDFLARE_502(url.host), "text/html");
  if (state.deeplUnavailable) return json(res, 503, { message: "Service unavailable" });
  const auth = req.headers.authorization ?? "";
  if (auth !== `DeepL-Auth-Key ${DEEPL_KEY}` || state.deeplKeyRevoked)
    return json(res, 403, { message: "Authorization failed. Please supply a valid auth_key parameter." });
  if (state.deeplWrongEndpoint)
    return json(res, 403, { message: "Wrong endpoint. Use https://api-free.deepl.com" });
  if (state.deeplRateLimited) return json(res, 429, { message: "Too many requests" }, { "retry-after": "2" });
  if (url.pathname === "/v2/languages") {
    return json(res, 200, url.searchParams.get("type") === "target" ? DEEPL_TARGET : DEEPL_SOURCE);
  }
  if (state.deeplQuotaExceeded) return json(res, 456, { message: "Quota Exceeded" });
  const params = parse(body);
  const first = (value: unknown) => (Array.isArray(value) ? String(value[0] ?? "") : String(value ?? ""));
  if (url.pathname === "/v2/translate") {
    const source = first(params.text);
    const target = first(params.target_lang).toUpperCase();
    if (!source) return json(res, 400, { message: "Parameter 'text' not specified." });
    if (
      params.formality &&
      params.formality !== "default" &&
      !String(params.formality).startsWith("prefer_")
    ) {
      const lang = DEEPL_TARGET.find((l) => l.language === target);
      if (lang && !lang.supports_formality)
        return json(res, 400, { message: "'formality' is not supported for given 'target_lang'." });
    }
    if (source.startsWith("Quarterly report")) {
      // A long document the translation backend takes 15 s for.
      return later(15_000, () =>
        json(res, 200, { translations: [{ detected_source_language: "EN", text: "Quartalsbericht" }] }),
      );
    }
    const known = TRANSLATIONS[source]?.[target.split("-")[0]!];
    return json(res, 200, {
      translations: [
        known
          ? { detected_source_language: "EN", text: known }
          : // Text already in the target language comes back unchanged.
            { detected_source_language: target.split("-")[0], text: source },
      ],
    });
  }
  if (url.pathname === "/v2/write/rephrase") {
    const source = first(params.text);
    if (params.writing_style && params.tone)
      return json(res, 400, {
        message: "Bad request. Reason: Both writing_style and tone parameters are set, only one is allowed.",
      });
    return json(res, 200, {
      improvements: [
        {
          text: source.replace("we was", "we were").replace("alot", "a lot"),
          target_language: "en-US",
          detected_source_language: "en",
        },
      ],
    });
  }
  return json(res, 404, { message: "Not found" });
}

export const deeplStandin = forwardProxy(DEEPL_PROXY_PORT, deepl);

// ----------------------------------------------------------------------------------------- Jina

const jinaError = (
  res: http.ServerResponse,
  code: number,
  name: string,
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  json(
    res,
    code,
    { data: null, ...extra, code, name, status, message, readableMessage: `${name}: ${message}` },
    headers,
  );

const PAGES: Record<string, { title: string; content: string; warning?: string }> = {
  "https://blog.acme-tools.dev/2026/release-notes-4-2": {
    title: "Acme Tools 4.2 release notes",
    content:
      "# Acme Tools 4.2 release notes\n\nReleased 2 December 2026.\n\n## New\n\n- Offline mode for the mobile app.\n- CSV export for audit logs.\n\n## Fixed\n\n- Login loops when the session cookie expired.\n- Timezone drift in scheduled reports.",
  },
  "https://blog.acme-tools.dev/2026/roadmap-2027": {
    title: "404 Not Found",
    content: "# 404 Not Found\n\nThe page you are looking for was moved, removed or never existed.",
    warning: "Target URL returned error 404: Not Found",
  },
};

function jina(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.jinaBadGateway) return text(res, 502, CLOUDFLARE_502(url.host), "text/html");
  if (state.jinaUnavailable)
    return text(
      res,
      503,
      "<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>",
      "text/html",
    );
  const auth = req.headers.authorization ?? "";
  if (auth !== `Bearer ${JINA_KEY}` || state.jinaKeyInvalid)
    return jinaError(
      res,
      401,
      "AuthenticationRequiredError",
      40103,
      "Authentication is required to use this endpoint. Please provide a valid API key via Authorization header.",
    );
  if (state.jinaBalanceEmpty)
    return jinaError(
      res,
      402,
      "InsufficientBalanceError",
      40203,
      "Account balance not enough to run this query, please recharge.",
    );
  if (state.jinaRateLimited)
    return jinaError(
      res,
      429,
      "RateLimitTriggeredError",
      42903,
      "Per IP rate limit exceeded",
      { retryAfter: 20 },
      {
        "retry-after": "20",
      },
    );
  if (url.host === "s.jina.ai") {
    const q = url.searchParams.get("q") ?? "";
    if (q.includes("zzqx"))
      return jinaError(
        res,
        422,
        "AssertionFailureError",
        42206,
        `No search results available for query ${q}`,
      );
    if (q.includes("slow"))
      return later(15_000, () => json(res, 200, { code: 200, status: 20000, data: [] }));
    return json(res, 200, {
      code: 200,
      status: 20000,
      data: [
        {
          title: "Rate limiting strategies for public APIs",
          url: "https://engineering.acme-tools.dev/rate-limiting",
          description: "Token buckets, sliding windows and how to send Retry-After.",
          date: "Oct 14, 2026",
          usage: { tokens: 1000 },
        },
        {
          title: "RFC 9110 §10.2.3 Retry-After",
          url: "https://www.rfc-editor.org/rfc/rfc9110#name-retry-after",
          description:
            "The Retry-After response header field indicates how long the user agent ought to wait.",
          usage: { tokens: 1000 },
        },
      ],
      meta: { usage: { tokens: 2000 } },
    });
  }
  // r.jina.ai: POST / with {"url": …}
  const target = String(parse(body).url ?? "");
  let host = "";
  try {
    host = new URL(target).host;
  } catch {
    return jinaError(res, 400, "ParamValidationError", 40001, `Invalid URL: ${target}`);
  }
  if (host === "intranet.acme-tools.test")
    return jinaError(
      res,
      422,
      "SubmittedDataMalformedError",
      42203,
      `Domain '${host}' could not be resolved`,
      {
        path: "url",
      },
    );
  if (host === "status.acme-tools.dev")
    return jinaError(
      res,
      422,
      "AssertionFailureError",
      42206,
      `Failed to goto ${target}: TimeoutError: Navigation timeout of 30000 ms exceeded`,
      { cause: { name: "TimeoutError" } },
    );
  if (host === "forum.acme-tools.dev")
    return jinaError(
      res,
      451,
      "SecurityCompromiseError",
      45102,
      `Domain ${host} blocked until Sat Dec 31 2039 06:38:06 GMT+0000 (Coordinated Universal Time) due to previous abuse found on https://${host}/t/export?: DoS attack suspected: too many DOM elements`,
    );
  if (host === "docs.acme-tools.dev")
    return later(15_000, () => json(res, 200, { code: 200, status: 20000, data: { content: "slow" } }));
  const page = PAGES[target];
  if (!page)
    return json(res, 200, {
      code: 200,
      status: 20000,
      data: { title: "", description: "", url: target, content: "", usage: { tokens: 0 } },
      meta: { usage: { tokens: 0 } },
    });
  return json(res, 200, {
    code: 200,
    status: 20000,
    data: {
      title: page.title,
      description: "",
      url: target,
      content: page.content,
      ...(page.warning ? { warning: page.warning } : {}),
      usage: { tokens: 96 },
    },
    meta: { usage: { tokens: 96 } },
  });
}

export const jinaStandin = forwardProxy(JINA_PROXY_PORT, jina);

// ------------------------------------------------------------------------------ Google Maps Platform

const GOOGLE_502 =
  '<!DOCTYPE html>\n<html lang=en>\n  <meta charset=utf-8>\n  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">\n  <title>Error 502 (Server Error)!!1</title>\n  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>\n  <p><b>502.</b> <ins>That’s an error.</ins>\n  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>\n';

/** The newer Google APIs' error envelope (google.rpc.Status as JSON). */
const googleError = (
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
) => json(res, code, { error: { code, message, status, ...(details.length ? { details } : {}) } }, headers);

const PROJECT = "184093657220";

function gmaps(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (state.gmapsBadGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");
  const key = url.searchParams.get("key") ?? String(req.headers["x-goog-api-key"] ?? "");
  const service = url.host;
  if (service === "maps.googleapis.com") {
    // Web services: HTTP 200 whatever happened, the outcome in `status`.
    if (key !== GMAPS_KEY)
      return json(res, 200, {
        error_message: "The provided API key is invalid. ",
        results: [],
        status: "REQUEST_DENIED",
      });
    if (state.gmapsNotAuthorized)
      return json(res, 200, {
        error_message: "This API project is not authorized to use this API.",
        results: [],
        status: "REQUEST_DENIED",
      });
    if (state.gmapsOverQueryLimit)
      return json(res, 200, {
        error_message: "You have exceeded your rate-limit for this API.",
        results: [],
        status: "OVER_QUERY_LIMIT",
      });
    if (state.gmapsUnknownError) return json(res, 200, { results: [], status: "UNKNOWN_ERROR" });
    const q = url.searchParams;
    switch (url.pathname) {
      case "/maps/api/geocode/json": {
        const address = q.get("address");
        const latlng = q.get("latlng");
        if (address?.includes("Amphitheatre"))
          return json(res, 200, {
            results: [
              {
                address_components: [
                  { long_name: "1600", short_name: "1600", types: ["street_number"] },
                  { long_name: "Amphitheatre Parkway", short_name: "Amphitheatre Pkwy", types: ["route"] },
                  {
                    long_name: "Mountain View",
                    short_name: "Mountain View",
                    types: ["locality", "political"],
                  },
                ],
                formatted_address: "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
                geometry: { location: { lat: 37.4223878, lng: -122.0841877 }, location_type: "ROOFTOP" },
                place_id: "ChIJF4Yf2Ry7j4AR__1AkytDyAE",
                types: ["street_address"],
              },
            ],
            status: "OK",
          });
        if (address !== null) return json(res, 200, { results: [], status: "ZERO_RESULTS" });
        if (latlng) {
          const [lat, lng] = latlng.split(",").map(Number);
          if (Math.abs(lat!) > 90 || Math.abs(lng!) > 180)
            return json(res, 200, {
              error_message: "Invalid request. Invalid 'latlng' parameter.",
              results: [],
              status: "INVALID_REQUEST",
            });
          if (lat! < 0 && lng! < -100)
            return json(res, 200, {
              plus_code: { global_code: "43V5XXXX+XX" },
              results: [],
              status: "ZERO_RESULTS",
            });
          return json(res, 200, {
            plus_code: { compound_code: "CWC8+W5 Mountain View, CA, USA", global_code: "849VCWC8+W5" },
            results: [
              {
                address_components: [
                  {
                    long_name: "Mountain View",
                    short_name: "Mountain View",
                    types: ["locality", "political"],
                  },
                ],
                formatted_address: "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
                place_id: "ChIJF4Yf2Ry7j4AR__1AkytDyAE",
                types: ["street_address"],
              },
            ],
            status: "OK",
          });
        }
        return json(res, 200, {
          error_message:
            "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.",
          results: [],
          status: "INVALID_REQUEST",
        });
      }
      case "/maps/api/elevation/json": {
        const locations = (q.get("locations") ?? "").split("|").filter(Boolean);
        const points = locations.map((pair) => pair.split(",").map(Number));
        if (!points.length || points.some(([lat, lng]) => Math.abs(lat!) > 90 || Math.abs(lng!) > 180))
          return json(res, 200, {
            error_message: "Invalid request. Invalid 'locations' parameter.",
            results: [],
            status: "INVALID_REQUEST",
          });
        return json(res, 200, {
          results: points.map(([lat, lng]) => ({
            elevation: lat! > 39 ? 1608.637939453125 : 8.883694648742676,
            location: { lat, lng },
            resolution: 4.771975994110107,
          })),
          status: "OK",
        });
      }
      case "/maps/api/timezone/json": {
        const [lat, lng] = (q.get("location") ?? "").split(",").map(Number);
        if (lat! > 40 && lat! < 41 && lng! < -73 && lng! > -75)
          return later(15_000, () =>
            json(res, 200, {
              dstOffset: 0,
              rawOffset: -18000,
              status: "OK",
              timeZoneId: "America/New_York",
              timeZoneName: "Eastern Standard Time",
            }),
          );
        if (Math.abs(lat!) < 5 && lng! < -120) return json(res, 200, { status: "ZERO_RESULTS" });
        return json(res, 200, {
          dstOffset: 0,
          rawOffset: -28800,
          status: "OK",
          timeZoneId: "America/Los_Angeles",
          timeZoneName: "Pacific Standard Time",
        });
      }
      default:
        return json(res, 200, { error_message: "Invalid request.", results: [], status: "INVALID_REQUEST" });
    }
  }
  // The newer APIs: a real HTTP status and google.rpc.Status.
  if (key !== GMAPS_KEY)
    return googleError(res, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "API_KEY_INVALID",
        domain: "googleapis.com",
        metadata: { service },
      },
    ]);
  if (service === "weather.googleapis.com") {
    if (state.gmapsWeatherDisabled)
      return googleError(
        res,
        403,
        "PERMISSION_DENIED",
        `Weather API has not been used in project ${PROJECT} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/weather.googleapis.com/overview?project=${PROJECT} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`,
        [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "SERVICE_DISABLED",
            domain: "googleapis.com",
            metadata: { service, consumer: `projects/${PROJECT}` },
          },
        ],
      );
    const lat = Number(url.searchParams.get("location.latitude"));
    const lng = Number(url.searchParams.get("location.longitude"));
    if (lat > 20 && lat < 46 && lng > 122 && lng < 146)
      return googleError(res, 400, "INVALID_ARGUMENT", "Information is not supported for this location.");
    return json(res, 200, {
      currentTime: "2026-12-06T19:05:12.771Z",
      timeZone: { id: "America/Los_Angeles" },
      isDaytime: true,
      weatherCondition: {
        iconBaseUri: "https://maps.gstatic.com/weather/v1/partly_cloudy",
        description: { text: "Partly cloudy", languageCode: "en" },
        type: "PARTLY_CLOUDY",
      },
      temperature: { degrees: 14.2, unit: "CELSIUS" },
      feelsLikeTemperature: { degrees: 13.1, unit: "CELSIUS" },
      relativeHumidity: 61,
      uvIndex: 2,
      precipitation: { probability: { percent: 5, type: "RAIN" }, qpf: { quantity: 0, unit: "MILLIMETERS" } },
      airPressure: { meanSeaLevelMillibars: 1019.4 },
      wind: {
        direction: { degrees: 300, cardinal: "WEST_NORTHWEST" },
        speed: { value: 13, unit: "KILOMETERS_PER_HOUR" },
      },
      visibility: { distance: 16, unit: "KILOMETERS" },
      cloudCover: 40,
    });
  }
  if (service === "routes.googleapis.com") {
    if (state.gmapsRoutesQuota)
      return googleError(
        res,
        429,
        "RESOURCE_EXHAUSTED",
        `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'routes.googleapis.com' for consumer 'project_number:${PROJECT}'.`,
        [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "RATE_LIMIT_EXCEEDED",
            domain: "googleapis.com",
            metadata: {
              service,
              quota_metric: "routes.googleapis.com/default_requests",
              quota_limit: "DefaultRequestsPerMinutePerProject",
              consumer: `projects/${PROJECT}`,
              quota_limit_value: "3000",
            },
          },
        ],
        { "retry-after": "30" },
      );
    type Waypoint = { address?: string; waypoint?: { address?: string } } | undefined;
    const request = parse(body) as {
      origin?: Waypoint;
      destination?: Waypoint;
      origins?: Waypoint[];
      destinations?: Waypoint[];
    };
    const addr = (w: Waypoint) => String(w?.waypoint?.address ?? w?.address ?? "");
    if (url.pathname === "/directions/v2:computeRoutes") {
      if (addr(request.origin).includes("Honolulu") || addr(request.destination).includes("Honolulu"))
        return json(res, 200, {});
      return json(res, 200, {
        routes: [
          {
            distanceMeters: 61410,
            duration: "3027s",
            description: "US-101 S",
            polyline: { encodedPolyline: "ixreFhvmiVnCfAtBv@" },
            legs: [
              {
                distanceMeters: 61410,
                duration: "3027s",
                steps: [
                  {
                    distanceMeters: 512,
                    staticDuration: "84s",
                    navigationInstruction: {
                      maneuver: "DEPART",
                      instructions: "Head southeast on Amphitheatre Pkwy",
                    },
                  },
                ],
              },
            ],
          },
        ],
      });
    }
    if (url.pathname === "/distanceMatrix/v2:computeRouteMatrix") {
      const origins = request.origins ?? [];
      const destinations = request.destinations ?? [];
      const elements: unknown[] = [];
      origins.forEach((o, i) =>
        destinations.forEach((d, j) => {
          if (addr(o).includes("Atlantis") || addr(d).includes("Atlantis"))
            elements.push({
              originIndex: i,
              destinationIndex: j,
              status: {
                code: 3,
                message: `Waypoint ${addr(o).includes("Atlantis") ? "origins" : "destinations"}[${addr(o).includes("Atlantis") ? i : j}] could not be geocoded.`,
              },
            });
          else
            elements.push({
              originIndex: i,
              destinationIndex: j,
              status: {},
              distanceMeters: 61410 + 1000 * j,
              duration: `${3027 + 60 * j}s`,
              condition: "ROUTE_EXISTS",
            });
        }),
      );
      return json(res, 200, elements);
    }
  }
  return googleError(res, 404, "NOT_FOUND", `Method not found: ${url.pathname}`);
}

export const gmapsStandin = forwardProxy(GMAPS_PROXY_PORT, gmaps);

export const ALL_STANDINS = [amapStandin, deeplStandin, jinaStandin, gmapsStandin];
