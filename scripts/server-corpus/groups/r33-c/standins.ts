// Loopback stand-in for what lies behind this group's two map servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from and which wordings could not be sourced): OpenStreetMap's
// Nominatim search endpoint (nominatim.openstreetmap.org/search, for @modelcontextprotocol/server-map) and the Baidu
// Maps web service APIs (api.map.baidu.com, for @baidumap/mcp-server-baidu-map). Both hosts are written into the
// servers, so one TLS listener answers for both names and a preload sends the servers' connections to it
// (route-preload.mjs).
//
// `state` is switched by the session's hooks.

import type http from "node:http";
import { certificate, json, later, text, tlsStandin, type Certificate } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r33-c";
export const STANDIN_PORT = 42950;

const NOMINATIM = "nominatim.openstreetmap.org";
const BAIDU = "api.map.baidu.com";

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, [NOMINATIM, BAIDU]);

/** The Baidu application key the stand-in accepts (made up), and one it does not know. */
export const BAIDU_AK = "q3VfTn8Kx2LdRw7YbH4sJc9MpA1eZ6uG";
export const BAIDU_WRONG_AK = "q3VfTn8Kx2LdRw7YbH4sJc9MpA1eZ6uX";

export const state = {
  rateLimited: false,
  blocked: false,
  serverError: false,
  gatewayTimeout: false,
  quotaExceeded: false,
  concurrency: false,
  serviceDisabled: false,
  internal: false,
  badGateway: false,
};

export const unknownRequests: string[] = [];
/** Every request the stand-in saw, for the README's "what the servers asked" checks. */
export const seen: string[] = [];

// --------------------------------------------------------------------------------------------------- Nominatim

const LICENCE = "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright";

const place = (
  place_id: number,
  osm_type: string,
  osm_id: number,
  lat: string,
  lon: string,
  cls: string,
  type: string,
  importance: number,
  display_name: string,
  boundingbox: [string, string, string, string],
) => ({
  place_id,
  licence: LICENCE,
  osm_type,
  osm_id,
  lat,
  lon,
  class: cls,
  type,
  place_rank: 30,
  importance,
  addresstype: type,
  name: display_name.split(",")[0],
  display_name,
  boundingbox,
});

const PLACES: Record<string, unknown[]> = {
  "brandenburger tor, berlin": [
    place(
      123076283,
      "way",
      518071791,
      "52.5162699",
      "13.3777034",
      "historic",
      "monument",
      0.7076,
      "Brandenburger Tor, Pariser Platz, Dorotheenstadt, Mitte, Berlin, 10117, Deutschland",
      ["52.5161167", "52.5164292", "13.3775964", "13.3778107"],
    ),
  ],
  paris: [
    place(
      88066702,
      "relation",
      71525,
      "48.8534951",
      "2.3483915",
      "boundary",
      "administrative",
      0.8845,
      "Paris, Île-de-France, France métropolitaine, France",
      ["48.8155755", "48.9021560", "2.2241220", "2.4697602"],
    ),
    place(
      308719211,
      "relation",
      115343,
      "33.6617962",
      "-95.5555130",
      "boundary",
      "administrative",
      0.5183,
      "Paris, Lamar County, Texas, United States",
      ["33.6206345", "33.7383866", "-95.6279396", "-95.4354115"],
    ),
    place(
      307553431,
      "relation",
      197171,
      "36.3020023",
      "-88.3267020",
      "boundary",
      "administrative",
      0.4127,
      "Paris, Henry County, Tennessee, 38242, United States",
      ["36.2658167", "36.3374820", "-88.3679070", "-88.2606040"],
    ),
  ],
  "golden gate bridge": [
    place(
      297693316,
      "way",
      4295015,
      "37.8176523",
      "-122.4785387",
      "man_made",
      "bridge",
      0.6732,
      "Golden Gate Bridge, San Francisco, California, 94129, United States",
      ["37.8107360", "37.8324230", "-122.4800150", "-122.4770550"],
    ),
  ],
  "schloss neuschwanstein": [
    place(
      132514370,
      "way",
      30452850,
      "47.5575740",
      "10.7498004",
      "tourism",
      "attraction",
      0.6208,
      "Schloss Neuschwanstein, 20, Neuschwansteinstraße, Hohenschwangau, Schwangau, Landkreis Ostallgäu, Bayern, 87645, Deutschland",
      ["47.5570603", "47.5580856", "10.7489640", "10.7506382"],
    ),
  ],
  東京駅: [
    place(
      252913620,
      "node",
      1926230490,
      "35.6812546",
      "139.7670686",
      "railway",
      "station",
      0.6514,
      "東京駅, 丸の内一丁目, 丸の内, 千代田区, 東京都, 100-0005, 日本",
      ["35.6762546", "35.6862546", "139.7620686", "139.7720686"],
    ),
  ],
  "sydney opera house": [
    place(
      258400102,
      "relation",
      9987631,
      "-33.8567844",
      "151.2152967",
      "amenity",
      "theatre",
      0.7006,
      "Sydney Opera House, 2, Macquarie Street, Sydney, Council of the City of Sydney, New South Wales, 2000, Australia",
      ["-33.8590000", "-33.8550000", "151.2130000", "151.2170000"],
    ),
  ],
  "1600 pennsylvania ave, washington": [
    place(
      297497946,
      "way",
      238241022,
      "38.8976997",
      "-77.0365532",
      "office",
      "government",
      0.6286,
      "White House, 1600, Pennsylvania Avenue Northwest, Ward 2, Washington, District of Columbia, 20500, United States",
      ["38.8974908", "38.8979110", "-77.0368537", "-77.0362519"],
    ),
  ],
};

// The usage-policy block page (osmnx#385, hotosm/tasking-manager#6304), served with HTTP 403 by nginx.
const ACCESS_BLOCKED = `<html>
<head>
<title>Access blocked</title>
</head>
<body>
<h1>Access blocked</h1>

<p>You have been blocked because you have violated the
<a href="https://operations.osmfoundation.org/policies/nominatim/">usage policy</a>
of OSM's Nominatim geocoding service. Please be aware that OSM's resources are
limited and shared between many users. The usage policy is there to ensure that
the service remains usable for everybody.</p>

<p>Please review the terms and make sure that your
software adheres to the terms. You should in particular verify that you have set a
<b>custom HTTP referrer or HTTP user agent</b> that identifies your application, and
that you are not overusing the service with massive bulk requests.</p>

<p>If you feel that this block is unjustified or remains after you have adopted
your usage, you may contact the Nominatim system administrator at
nominatim@openstreetmap.org to have this block lifted.</p>
</body>
</html>
`;

// The CDN's 429 page (EdwardBetts/osm-wikidata#692, earthobservations/luftdatenpumpe#65), with `retry-after: 0` as
// osm-search/Nominatim#4096 quotes its headers.
const TOO_MANY = (pop: string) => `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN"
 "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html>
  <head>
    <title>429 Too many requests</title>
  </head>
  <body>
    <h1>Error 429 Too many requests</h1>
    <p>Too many requests</p>
    <h3>Error 54113</h3>
    <p>Details: ${pop}</p>
    <hr>
    <p>Varnish cache server</p>
  </body>
</html>
`;

// nginx's stock error pages (Nominatim's servers answer as nginx, Server header in open-wanderer/wanderer#458).
const NGINX = (status: string) =>
  `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

function nominatim(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  if (url.pathname !== "/search") {
    unknownRequests.push(`Nominatim ${req.method} ${url.pathname}${url.search}`);
    return json(res, 404, { error: { code: 404, message: "Endpoint not found." } });
  }
  if (state.blocked) return text(res, 403, ACCESS_BLOCKED, "text/html", { server: "nginx" });
  if (state.rateLimited)
    return text(
      res,
      429,
      TOO_MANY("cache-fra-etou8220111-FRA 1796541207 169858855"),
      "text/html; charset=utf-8",
      {
        server: "Varnish",
        "retry-after": "0",
        via: "1.1 varnish",
      },
    );
  if (state.serverError)
    return text(res, 500, NGINX("500 Internal Server Error"), "text/html", { server: "nginx" });
  if (state.gatewayTimeout)
    return text(res, 504, NGINX("504 Gateway Time-out"), "text/html", { server: "nginx" });
  const q = (url.searchParams.get("q") ?? "").trim();
  if (!q) return json(res, 400, { error: { code: 400, message: "Nothing to search for." } });
  if (q.toLowerCase() === "mount everest base camp, nepal") {
    return later(15_000, () => json(res, 200, []));
  }
  return json(res, 200, PLACES[q.toLowerCase()] ?? []);
}

// -------------------------------------------------------------------------------------------------- Baidu Maps

// The web service APIs answer HTTP 200 with a `status` code and a `message` (the status-code appendix of the Baidu
// Maps open platform, lbsyun.baidu.com webapi/appendix).
const baiduError = (res: http.ServerResponse, status: number, message: string) =>
  json(res, 200, { status, message });

const GATEWAY_502 = `<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n`;

const SHANGDI = { lng: 116.30815063007148, lat: 40.05682540214107 };

const ATMS = [
  {
    name: "中国工商银行24小时自助银行(北京府学路支行)",
    location: { lat: 40.227332, lng: 116.263379 },
    address: "北京市昌平区府学路福地家园7号楼07号1-2层",
    province: "北京市",
    city: "北京市",
    area: "昌平区",
    street_id: "22e11407287926b4d5b74e09",
    detail: 1,
    uid: "22e11407287926b4d5b74e09",
  },
  {
    name: "中国建设银行ATM(上地支行)",
    location: { lat: 40.040621, lng: 116.316128 },
    address: "北京市海淀区上地信息路甲28号",
    province: "北京市",
    city: "北京市",
    area: "海淀区",
    street_id: "6b0d3c5a1e9f47a2c8d13e57",
    detail: 1,
    uid: "6b0d3c5a1e9f47a2c8d13e57",
  },
];

function baidu(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.searchParams;
  const path = url.pathname.replace(/\/$/, "");
  if (state.badGateway) return text(res, 502, GATEWAY_502, "text/html", { server: "openresty" });
  const ak = p.get("ak");
  if (!ak) return baiduError(res, 101, "AK参数不存在");
  if (ak !== BAIDU_AK) return baiduError(res, 200, "APP不存在，AK有误请检查再重试");
  if (state.serviceDisabled) return baiduError(res, 240, "APP 服务被禁用");
  if (state.quotaExceeded) return baiduError(res, 302, "天配额超限，限制访问");
  if (state.concurrency) return baiduError(res, 401, "当前并发量已经超过约定并发配额，限制访问");
  if (state.internal) return baiduError(res, 1, "服务器内部错误");

  if (path === "/geocoding/v3") {
    const address = p.get("address") ?? "";
    if (address === "北京市海淀区上地十街10号")
      return json(res, 200, {
        status: 0,
        result: { location: SHANGDI, precise: 1, confidence: 80, comprehension: 100, level: "门址" },
      });
    if (address === "北京市朝阳区望京街道慢速大厦")
      return later(15_000, () =>
        json(res, 200, {
          status: 0,
          result: { location: SHANGDI, precise: 0, confidence: 20, comprehension: 50, level: "道路" },
        }),
      );
    if (!address || address === "undefined")
      return json(res, 200, { status: 2, message: "Parameter Invalid" });
    return json(res, 200, { status: 1, msg: "Internal Service Error:无相关结果", results: [] });
  }
  if (path === "/reverse_geocoding/v3") {
    if (!(p.get("location") ?? "").startsWith("40.0569"))
      return json(res, 200, {
        status: 0,
        result: {
          location: { lng: 116.40399999999994, lat: 39.91499997906984 },
          formatted_address: "北京市东城区东长安街",
          formatted_address_poi: "",
          business: "天安门,前门,王府井",
          business_info: [],
          addressComponent: {
            country: "中国",
            country_code: 0,
            country_code_iso: "CHN",
            country_code_iso2: "CN",
            province: "北京市",
            city: "北京市",
            city_level: 2,
            district: "东城区",
            town: "",
            town_code: "",
            distance: "",
            direction: "",
            adcode: "110101",
            street: "东长安街",
            street_number: "",
          },
          pois: [],
          roads: [],
          poiRegions: [],
          sematic_description: "天安门东52米",
          cityCode: 131,
        },
      });
    return json(res, 200, {
      status: 0,
      result: {
        location: { lng: 116.30781, lat: 40.0569 },
        formatted_address: "北京市海淀区上地十街10号",
        formatted_address_poi: "北京市海淀区上地十街10号百度大厦",
        business: "上地,西二旗,清河",
        business_info: [],
        addressComponent: {
          country: "中国",
          country_code: 0,
          country_code_iso: "CHN",
          country_code_iso2: "CN",
          province: "北京市",
          city: "北京市",
          city_level: 2,
          district: "海淀区",
          town: "",
          town_code: "",
          distance: "",
          direction: "",
          adcode: "110108",
          street: "上地十街",
          street_number: "10号",
        },
        pois: [
          {
            addr: "北京市海淀区上地十街10号",
            cp: "",
            direction: "内",
            distance: "0",
            name: "百度大厦",
            poiType: "房地产",
            point: { x: 116.30781, y: 40.0569 },
            tag: "房地产;写字楼",
            tel: "",
            uid: "435d7aea036e54355abbbcc8",
            zip: "",
          },
        ],
        roads: [],
        poiRegions: [],
        sematic_description: "百度大厦内,奎科科技大厦附近20米",
        cityCode: 131,
      },
    });
  }
  if (path === "/place/v2/search") {
    const query = p.get("query") ?? "";
    if (query === "ATM机")
      return json(res, 200, { status: 0, message: "ok", result_type: "poi_type", results: ATMS });
    return json(res, 200, { status: 0, message: "ok", result_type: "poi_type", results: [] });
  }
  if (path === "/place/v2/detail") {
    if (p.get("uid") === ATMS[1]!.uid)
      return json(res, 200, { status: 0, message: "ok", result: { ...ATMS[1], telephone: "(010)62981234" } });
    return json(res, 200, { status: 0, message: "ok", result: {} });
  }
  if (path.startsWith("/routematrix/v2/")) {
    const origins = (p.get("origins") ?? "").split("|");
    const destinations = (p.get("destinations") ?? "").split("|");
    return json(res, 200, {
      status: 0,
      message: "成功",
      result: origins.flatMap((_o, i) =>
        destinations.map((_d, j) => ({
          distance: {
            text: `${(12.4 + i * 3.1 + j).toFixed(1)}公里`,
            value: Math.round(12_400 + i * 3_100 + j * 1_000),
          },
          duration: { text: `${31 + i * 6 + j * 2}分钟`, value: (31 + i * 6 + j * 2) * 60 },
        })),
      ),
    });
  }
  if (path.startsWith("/directionlite/v1/")) {
    const origin = p.get("origin") ?? "";
    const destination = p.get("destination") ?? "";
    if (!origin || !destination || destination === "undefined")
      return json(res, 200, { status: 2, message: "参数无效" });
    if (destination.startsWith("25.03"))
      return json(res, 200, { status: 1001, message: "没有驾车路线", result: { routes: [] } });
    return json(res, 200, {
      status: 0,
      message: "成功",
      result: {
        origin: { lng: 116.339303, lat: 40.01116 },
        destination: { lng: 116.452562, lat: 39.936404 },
        routes: [
          {
            distance: 15873,
            duration: 2381,
            traffic_condition: 2,
            toll: 0,
            steps: [
              { instruction: "从起点向正南方向出发,沿学院路行驶2.1公里,右转" },
              { instruction: "沿北四环中路行驶8.6公里,朝三元桥方向,稍右转" },
              { instruction: "沿东三环北路行驶4.2公里,到达终点" },
            ],
          },
        ],
      },
    });
  }
  if (path === "/weather/v1") {
    return json(res, 200, {
      status: 0,
      result: {
        location: { country: "中国", province: "北京市", city: "北京市", name: "海淀", id: "110108" },
        now: {
          text: "晴",
          temp: 3,
          feels_like: -1,
          rh: 28,
          wind_class: "3级",
          wind_dir: "西北风",
          uptime: "20261207171000",
        },
        forecasts: [
          {
            text_day: "晴",
            text_night: "晴",
            high: 5,
            low: -6,
            wc_day: "3~4级",
            wd_day: "西北风",
            week: "星期一",
            date: "2026-12-07",
          },
          {
            text_day: "多云",
            text_night: "晴",
            high: 4,
            low: -7,
            wc_day: "<3级",
            wd_day: "北风",
            week: "星期二",
            date: "2026-12-08",
          },
        ],
        forecast_hours: [],
        indexes: [],
        alerts: [],
      },
      message: "success",
    });
  }
  if (path === "/location/ip") {
    const ip = p.get("ip") ?? "";
    if (ip.startsWith("10.") || ip.startsWith("192.168."))
      return json(res, 200, { status: 1, message: `Internal Service Error:ip[${ip}] loc failed` });
    return json(res, 200, {
      address: "CN|北京|北京|None|CHINANET|0|0",
      content: {
        address: "北京市",
        address_detail: {
          city: "北京市",
          city_code: 131,
          district: "",
          province: "北京市",
          street: "",
          street_number: "",
        },
        point: { x: "116.40387397", y: "39.91488908" },
      },
      status: 0,
    });
  }
  unknownRequests.push(`Baidu ${req.method} ${url.pathname}${url.search}`);
  return baiduError(res, 2, "Parameter Invalid");
}

export const standin = tlsStandin(STANDIN_PORT, ensureCertificate, (req, url, _body, res) => {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  seen.push(`${host} ${req.method} ${url.pathname}${url.search} ua=${req.headers["user-agent"] ?? ""}`);
  if (host === NOMINATIM) return nominatim(req, url, res);
  if (host === BAIDU) return baidu(req, url, res);
  unknownRequests.push(`${host} ${req.method} ${url.pathname}`);
  return text(res, 421, "Misdirected Request");
});

export const ALL_STANDINS = [standin];

export function resetCounters() {
  seen.length = 0;
  unknownRequests.length = 0;
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
}
