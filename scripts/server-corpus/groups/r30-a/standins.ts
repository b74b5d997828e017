// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Transport for London's Unified API (`api.tfl.gov.uk`: `/Line/{ids}/Status`, `/journey/journeyresults/{from}/to/{to}`)
//   behind its Azure API Management gateway, for london-transport-mcp, whose host is written into it. It calls the host
//   with Node's own fetch; proxy-preload.mjs makes undici's ProxyAgent the global dispatcher, so the calls reach
//   standin-kit's `forwardProxy` on 42400 as CONNECT tunnels, terminated with the stand-in certificate.
// - Singapore's LTA DataMall (`datamall2.mytransport.sg/ltaodataservice`, behind Apigee), OneMap
//   (`www.onemap.gov.sg/api`) and data.gov.sg's real-time weather API (`api-open.data.gov.sg/v2/real-time/api`) for
//   @siva-sub/mcp-public-transport, whose hosts are written into it. Its axios clients follow HTTPS_PROXY, sending
//   absolute-form requests to a second `forwardProxy` on 42401, which answers them directly.
//
// `state` is switched by the sessions' hooks.

import path from "node:path";
import {
  certificate,
  clearTimers,
  cloudflare502,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
  type Handler,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r30-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const TFL_PROXY_PORT = 42400;
export const SG_PROXY_PORT = 42401;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, [
    "api.tfl.gov.uk",
    "datamall2.mytransport.sg",
    "www.onemap.gov.sg",
    "api-open.data.gov.sg",
    "s3.ap-southeast-1.amazonaws.com",
  ]);

export const state = {
  tflKeyRevoked: false,
  tflQuota: false,
  tflThrottled: false,
  tflServerError: false,
  tflBadGateway: false,
  ltaKeyRevoked: false,
  ltaIpDenied: false,
  ltaSpikeArrest: false,
  ltaServerError: false,
  ltaBadGateway: false,
};

export const unknownRequests: string[] = [];

/** How many requests each stand-in saw for a path (for the README's notes). */
export const seen = new Map<string, number>();
export function resetCounters() {
  seen.clear();
  unknownRequests.length = 0;
}
function count(key: string) {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

// ------------------------------------------------------------------------------------------ Transport for London

export const TFL_KEY = "5c1f0e7a9b2d4c68a3e1f9b07d6c2a54";

const T = (name: string) => `Tfl.Api.Presentation.Entities.${name}, Tfl.Api.Presentation.Entities`;

/** TfL's ApiError, as its API answers a request it refuses (TfL's own developer spec and issue trackers). */
function tflError(
  status: number,
  httpStatus: string,
  exceptionType: string,
  relativeUri: string,
  message: string,
) {
  return {
    $type: T("ApiError"),
    timestampUtc: "2026-12-07T08:41:17.4025113Z",
    exceptionType,
    httpStatusCode: status,
    httpStatus,
    relativeUri,
    message,
  };
}

const LINES: Record<string, { name: string; mode: string }> = {
  victoria: { name: "Victoria", mode: "tube" },
  central: { name: "Central", mode: "tube" },
  northern: { name: "Northern", mode: "tube" },
  jubilee: { name: "Jubilee", mode: "tube" },
  elizabeth: { name: "Elizabeth line", mode: "elizabeth-line" },
  "waterloo-city": { name: "Waterloo & City", mode: "tube" },
  dlr: { name: "DLR", mode: "dlr" },
  weaver: { name: "Weaver", mode: "overground" },
};

function goodService() {
  return [
    {
      $type: T("LineStatus"),
      id: 0,
      statusSeverity: 10,
      statusSeverityDescription: "Good Service",
      created: "0001-01-01T00:00:00",
      validityPeriods: [],
    },
  ];
}

function disrupted(lineId: string, severity: number, description: string, reason: string, detail: boolean) {
  const status: Record<string, unknown> = {
    $type: T("LineStatus"),
    id: 0,
    lineId,
    statusSeverity: severity,
    statusSeverityDescription: description,
    reason,
    created: "0001-01-01T00:00:00",
    validityPeriods: [
      {
        $type: T("ValidityPeriod"),
        fromDate: "2026-12-07T07:58:00Z",
        toDate: "2026-12-08T00:29:00Z",
        isNow: true,
      },
    ],
    disruption: {
      $type: T("Disruption"),
      category: "RealTime",
      categoryDescription: "RealTime",
      description: reason,
      affectedRoutes: [],
      affectedStops: [],
      closureText: description === "Severe Delays" ? "severeDelays" : "minorDelays",
    },
  };
  if (detail) {
    (status.disruption as Record<string, unknown>).additionalInfo =
      "Tickets will be accepted on London Buses, the Jubilee line and South Western Railway.";
    (status.disruption as Record<string, unknown>).affectedStops = [
      {
        $type: T("StopPoint"),
        naptanId: "910GPADTLL",
        modes: ["elizabeth-line"],
        icsCode: "1000174",
        stationNaptan: "910GPADTON",
        lines: [],
        status: true,
        id: "910GPADTLL",
        commonName: "Paddington (H&C Line)-Underground",
        placeType: "StopPoint",
        lat: 51.51744,
        lon: -0.17717,
      },
    ];
  }
  return [status];
}

function closed(lineId: string) {
  return [
    {
      $type: T("LineStatus"),
      id: 0,
      lineId,
      statusSeverity: 20,
      statusSeverityDescription: "Service Closed",
      reason:
        "Waterloo & City Line: Sunday 7 December, no service. Use alternative routes via the Central and Northern lines.",
      created: "0001-01-01T00:00:00",
      validityPeriods: [
        {
          $type: T("ValidityPeriod"),
          fromDate: "2026-12-07T00:00:00Z",
          toDate: "2026-12-08T05:00:00Z",
          isNow: true,
        },
      ],
      disruption: {
        $type: T("Disruption"),
        category: "PlannedWork",
        categoryDescription: "PlannedWork",
        description: "Waterloo & City Line: Sunday 7 December, no service.",
        affectedRoutes: [],
        affectedStops: [],
        closureText: "serviceClosed",
      },
    },
  ];
}

function lineStatus(id: string, detail: boolean) {
  const line = LINES[id]!;
  const statuses =
    id === "northern"
      ? disrupted(
          id,
          9,
          "Minor Delays",
          "Northern Line: Minor delays between Camden Town and Edgware due to an earlier signal failure at Hendon Central. GOOD SERVICE on the rest of the line.",
          detail,
        )
      : id === "elizabeth"
        ? disrupted(
            id,
            6,
            "Severe Delays",
            "Elizabeth line: Severe delays between Paddington and Heathrow / Reading due to a fault with the overhead electric wires at Hayes & Harlington. Tickets will be accepted on London Buses and the Jubilee line.",
            detail,
          )
        : id === "waterloo-city"
          ? closed(id)
          : goodService();
  return {
    $type: T("Line"),
    id,
    name: line.name,
    modeName: line.mode,
    disruptions: [],
    created: "2026-11-26T13:47:35.287Z",
    modified: "2026-11-26T13:47:35.287Z",
    lineStatuses: statuses,
    routeSections: [],
    serviceTypes: [
      {
        $type: T("LineServiceTypeInfo"),
        name: "Regular",
        uri: `/Line/Route?ids=${line.name}&serviceTypes=Regular`,
      },
    ],
    crowding: { $type: T("Crowding") },
  };
}

const KINGS_CROSS = {
  naptanId: "940GZZLUKSX",
  commonName: "King's Cross St. Pancras Underground Station",
  lat: 51.530663,
  lon: -0.123194,
};
const WATERLOO = {
  naptanId: "940GZZLUWLO",
  commonName: "Waterloo Underground Station",
  lat: 51.503299,
  lon: -0.11478,
};

function point(p: { naptanId: string; commonName: string; lat: number; lon: number }, platform = "") {
  return {
    $type: T("StopPoint"),
    naptanId: p.naptanId,
    platformName: platform,
    icsCode: "1000129",
    individualStopId: `${p.naptanId}1`,
    commonName: p.commonName,
    placeType: "StopPoint",
    additionalProperties: [],
    lat: p.lat,
    lon: p.lon,
  };
}

function leg(
  mode: string,
  summary: string,
  from: typeof KINGS_CROSS,
  to: typeof KINGS_CROSS,
  departureTime: string,
  arrivalTime: string,
  duration: number,
  route?: { name: string; direction: string },
  distance?: number,
) {
  return {
    $type: T("Journeys.Leg"),
    duration,
    instruction: { $type: T("Instruction"), summary, detailed: summary, steps: [] },
    obstacles: [],
    departureTime,
    arrivalTime,
    departurePoint: point(from, mode === "tube" ? "Southbound - Platform 3" : ""),
    arrivalPoint: point(to, mode === "tube" ? "Southbound - Platform 1" : ""),
    path: {
      $type: T("JourneyPlanner.Path"),
      lineString: "[[51.53066, -0.12319],[51.50330, -0.11478]]",
      stopPoints: [],
    },
    routeOptions: route
      ? [
          {
            $type: T("Journeys.RouteOption"),
            name: route.name,
            directions: [route.direction],
            direction: route.direction,
          },
        ]
      : [],
    mode: {
      $type: T("Identifier"),
      id: mode,
      name: mode,
      type: "Mode",
      routeType: "Unknown",
      status: "Unknown",
    },
    disruptions: [],
    plannedWorks: [],
    ...(distance !== undefined ? { distance } : {}),
    isDisrupted: false,
    hasFixedLocations: true,
    scheduledDepartureTime: departureTime,
    scheduledArrivalTime: arrivalTime,
  };
}

function journeys(from: string, to: string) {
  const fromPlace = /KSX/i.test(from) ? KINGS_CROSS : { ...KINGS_CROSS, commonName: from, naptanId: "" };
  const toPlace = /WLO/i.test(to) ? WATERLOO : { ...WATERLOO, commonName: to, naptanId: "" };
  return {
    $type: T("JourneyPlanner.ItineraryResult"),
    journeys: [
      {
        $type: T("JourneyPlanner.Journey"),
        startDateTime: "2026-12-07T08:52:00",
        duration: 14,
        arrivalDateTime: "2026-12-07T09:06:00",
        alternativeRoute: false,
        legs: [
          leg(
            "tube",
            "Northern line to Waterloo",
            fromPlace,
            toPlace,
            "2026-12-07T08:52:00",
            "2026-12-07T09:03:00",
            11,
            { name: "Northern", direction: "Morden Underground Station" },
          ),
          leg(
            "walking",
            "Walk to Waterloo Road",
            toPlace,
            { ...toPlace, commonName: "Waterloo Road" },
            "2026-12-07T09:03:00",
            "2026-12-07T09:06:00",
            3,
            undefined,
            212.0,
          ),
        ],
        fare: { $type: T("JourneyPlanner.JourneyFare"), totalCost: 290, fares: [], caveats: [] },
      },
      {
        $type: T("JourneyPlanner.Journey"),
        startDateTime: "2026-12-07T08:55:00",
        duration: 19,
        arrivalDateTime: "2026-12-07T09:14:00",
        alternativeRoute: false,
        legs: [
          leg(
            "tube",
            "Victoria line to Green Park",
            fromPlace,
            {
              naptanId: "940GZZLUGPK",
              commonName: "Green Park Underground Station",
              lat: 51.506947,
              lon: -0.142787,
            },
            "2026-12-07T08:55:00",
            "2026-12-07T09:02:00",
            7,
            { name: "Victoria", direction: "Brixton Underground Station" },
          ),
          leg(
            "tube",
            "Jubilee line to Waterloo",
            {
              naptanId: "940GZZLUGPK",
              commonName: "Green Park Underground Station",
              lat: 51.506947,
              lon: -0.142787,
            },
            toPlace,
            "2026-12-07T09:07:00",
            "2026-12-07T09:14:00",
            7,
            { name: "Jubilee", direction: "Stratford Underground Station" },
          ),
        ],
        fare: { $type: T("JourneyPlanner.JourneyFare"), totalCost: 290, fares: [], caveats: [] },
      },
    ],
    lines: [],
    cycleHireDockingStationData: { $type: T("JourneyPlanner.JourneyPlannerCycleHireDockingStationData") },
    stopMessages: [],
    recommendedMaxAgeMinutes: 1,
    searchCriteria: {
      $type: T("JourneyPlanner.SearchCriteria"),
      dateTime: "2026-12-07T08:50:00",
      dateTimeType: "Departing",
      timeAdjustments: {
        $type: T("JourneyPlanner.TimeAdjustments"),
        earliest: { date: "20261207", time: "0300", timeIs: "departing", uri: "" },
        earlier: { date: "20261207", time: "0830", timeIs: "departing", uri: "" },
        later: { date: "20261207", time: "0910", timeIs: "departing", uri: "" },
        latest: { date: "20261208", time: "0300", timeIs: "departing", uri: "" },
      },
    },
    journeyVector: {
      $type: T("JourneyPlanner.JourneyVector"),
      from: from,
      to: to,
      via: "",
      uri: `/journey/journeyresults/${from}/to/${to}`,
    },
  };
}

function disambiguation(from: string, to: string) {
  const option = (parameterValue: string, commonName: string, placeType: string, quality: number) => ({
    $type: T("DisambiguationOption"),
    parameterValue,
    uri: `/journey/journeyresults/${parameterValue}/to/${to}`,
    place: {
      $type: T("StopPoint"),
      naptanId: parameterValue,
      icsCode: "1000013",
      commonName,
      placeType,
      additionalProperties: [],
      lat: 51.513347,
      lon: -0.089,
      modes: ["tube", "dlr"],
    },
    matchQuality: quality,
  });
  return {
    $type: T("DisambiguationResult"),
    toLocationDisambiguation: {
      $type: T("Disambiguation"),
      disambiguationOptions: [
        option("940GZZLUVIC", "Victoria Underground Station", "StopPoint", 1000),
        option("910GVICTRIC", "London Victoria Rail Station", "StopPoint", 995),
        option("490000248G", "Victoria Bus Station", "StopPoint", 950),
        option("1000248", "Victoria Coach Station", "StopPoint", 900),
      ],
      matchStatus: "list",
    },
    fromLocationDisambiguation: {
      $type: T("Disambiguation"),
      disambiguationOptions: [
        option("940GZZLUBNK", "Bank Underground Station", "StopPoint", 1000),
        option("940GZZDLBNK", "Bank DLR Station", "StopPoint", 990),
        option("HUBBAN", "Bank", "StopPoint", 980),
      ],
      matchStatus: "list",
    },
    viaLocationDisambiguation: { $type: T("Disambiguation"), matchStatus: "empty" },
    recommendedMaxAgeMinutes: 1440,
    searchCriteria: {
      $type: T("JourneyPlanner.SearchCriteria"),
      dateTime: "2026-12-07T08:50:00",
      dateTimeType: "Departing",
    },
    journeyVector: { $type: T("JourneyPlanner.JourneyVector"), from, to, via: "", uri: "" },
  };
}

const tflHandler: Handler = (_req, url, _body, res) => {
  const p = decodeURIComponent(url.pathname);
  const rel = url.pathname + url.search.replace(/app_key=[^&]*&?/, "").replace(/[?&]$/, "");
  count(`tfl ${url.pathname}`);
  // The API Management gateway answers before the API: key, quota, rate.
  if (state.tflKeyRevoked || url.searchParams.get("app_key") !== TFL_KEY)
    return json(res, 401, {
      statusCode: 401,
      message:
        "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.",
    });
  if (state.tflQuota)
    return json(res, 403, {
      statusCode: 403,
      message: "Out of call volume quota. Quota will be replenished in 16:18:43.",
    });
  if (state.tflThrottled)
    return json(
      res,
      429,
      { statusCode: 429, message: "Rate limit is exceeded. Try again in 42 seconds." },
      { "retry-after": "42" },
    );
  if (state.tflBadGateway)
    return text(res, 502, cloudflare502("api.tfl.gov.uk", "8eb1c4f0ad2e71b3"), "text/html");
  if (state.tflServerError)
    return json(
      res,
      500,
      tflError(500, "InternalServerError", "ApiException", rel, "An error has occurred."),
    );

  let m = /^\/Line\/([^/]+)\/Status$/i.exec(p);
  if (m) {
    const ids = m[1]!.split(",").map((id) => id.trim().toLowerCase());
    if (ids.includes("piccadilly"))
      return later(15_000, () => json(res, 200, [lineStatus("victoria", false)]));
    const unknown = ids.filter((id) => !LINES[id]);
    if (unknown.length)
      return json(
        res,
        404,
        tflError(
          404,
          "NotFound",
          "EntityNotFoundException",
          rel,
          `The following line id${unknown.length > 1 ? "s are" : " is"} not recognised: ${unknown.join(", ")}`,
        ),
      );
    return json(
      res,
      200,
      ids.map((id) => lineStatus(id, url.searchParams.get("detail") === "true")),
    );
  }
  m = /^\/journey\/journeyresults\/([^/]+)\/to\/([^/]+)$/i.exec(p);
  if (m) {
    const [from, to] = [m[1]!, m[2]!];
    const mode = url.searchParams.get("mode");
    if (
      mode &&
      mode
        .split(",")
        .some(
          (x) =>
            !["tube", "overground", "dlr", "bus", "walking", "elizabeth-line", "national-rail"].includes(x),
        )
    )
      return json(
        res,
        400,
        tflError(
          400,
          "BadRequest",
          "ApiArgumentException",
          rel,
          `The following mode is not recognised: ${mode
            .split(",")
            .filter(
              (x) =>
                !["tube", "overground", "dlr", "bus", "walking", "elizabeth-line", "national-rail"].includes(
                  x,
                ),
            )
            .join(", ")}`,
        ),
      );
    if (
      !/^(940G|910G|490|HUB|\d|[A-Z]{1,2}\d)/i.test(from) ||
      !/^(940G|910G|490|HUB|\d|[A-Z]{1,2}\d)/i.test(to)
    )
      return json(res, 300, disambiguation(from, to));
    if (url.searchParams.get("time") === "0330" && mode === "tube")
      return json(
        res,
        404,
        tflError(404, "NotFound", "EntityNotFoundException", rel, "No journey found for your inputs."),
      );
    return json(res, 200, journeys(from, to));
  }
  unknownRequests.push(`tfl ${url.pathname}${url.search}`);
  return json(res, 404, tflError(404, "NotFound", "EntityNotFoundException", rel, "Resource not found"));
};

export const tflProxy = forwardProxy(TFL_PROXY_PORT, ensureCertificate, tflHandler);

// ------------------------------------------------------------------------ LTA DataMall, OneMap, data.gov.sg weather

export const LTA_KEY = "Qw7sFv2kT9mXcJ4pLr8nBg==";
export const ONEMAP_EMAIL = "ops@sgcommute.example";
export const ONEMAP_PASSWORD = "b7Kq-2mVx-9RfT";

/** Apigee's default fault body, as DataMall's gateway answers (Apigee's error reference; kaihendry/ltabus#3). */
const apigeeFault = (faultstring: string, errorcode: string) => ({
  fault: { faultstring, detail: { errorcode } },
});

/** An arrival `minutes` from now, as DataMall writes it (Singapore time, +08:00). */
function arrival(minutes: number) {
  const t = new Date(Date.now() + minutes * 60_000 + 8 * 3_600_000);
  return t.toISOString().replace(/\.\d{3}Z$/, "+08:00");
}

const NO_BUS = {
  OriginCode: "",
  DestinationCode: "",
  EstimatedArrival: "",
  Monitored: 0,
  Latitude: "0.0",
  Longitude: "0.0",
  VisitNumber: "",
  Load: "",
  Feature: "",
  Type: "",
};

function bus(
  minutes: number,
  load: string,
  type: string,
  origin: string,
  dest: string,
  lat: string,
  lng: string,
) {
  return {
    OriginCode: origin,
    DestinationCode: dest,
    EstimatedArrival: arrival(minutes),
    Monitored: 1,
    Latitude: lat,
    Longitude: lng,
    VisitNumber: "1",
    Load: load,
    Feature: "WAB",
    Type: type,
  };
}

function busArrival(stop: string, serviceNo: string | null) {
  const services =
    stop === "01012"
      ? []
      : [
          {
            ServiceNo: "15",
            Operator: "GAS",
            NextBus: bus(2.5, "SEA", "DD", "77009", "77009", "1.3162178333333333", "103.90421466666667"),
            NextBus2: bus(11.2, "SEA", "SD", "77009", "77009", "1.3233835", "103.89957233333333"),
            NextBus3: bus(19.8, "SDA", "DD", "77009", "77009", "0.0", "0.0"),
          },
          {
            ServiceNo: "150",
            Operator: "SBST",
            NextBus: bus(5.1, "SDA", "SD", "82009", "82009", "1.3141105", "103.90883616666667"),
            NextBus2: bus(17.6, "SEA", "SD", "82009", "82009", "0.0", "0.0"),
            NextBus3: NO_BUS,
          },
          {
            ServiceNo: "155",
            Operator: "SBST",
            NextBus: bus(8.7, "LSD", "DD", "52009", "10009", "1.3195916666666667", "103.90310983333333"),
            NextBus2: bus(23.4, "SEA", "DD", "52009", "10009", "0.0", "0.0"),
            NextBus3: NO_BUS,
          },
        ].filter((service) => !serviceNo || service.ServiceNo === serviceNo);
  return {
    "odata.metadata": "https://datamall2.mytransport.sg/ltaodataservice/v3/BusArrival",
    BusStopCode: stop,
    Services: services,
  };
}

const BUS_STOPS = [
  {
    BusStopCode: "01012",
    RoadName: "Victoria St",
    Description: "Hotel Grand Pacific",
    Latitude: 1.29684825487647,
    Longitude: 103.85253591654006,
  },
  {
    BusStopCode: "01013",
    RoadName: "Victoria St",
    Description: "St. Joseph's Ch",
    Latitude: 1.29770970610083,
    Longitude: 103.8532247463225,
  },
  {
    BusStopCode: "01019",
    RoadName: "Victoria St",
    Description: "Bras Basah Cplx",
    Latitude: 1.29698951191332,
    Longitude: 103.85302201172507,
  },
  {
    BusStopCode: "01029",
    RoadName: "Nth Bridge Rd",
    Description: "Opp Natl Lib",
    Latitude: 1.2966729849642,
    Longitude: 103.85441422464267,
  },
  {
    BusStopCode: "01039",
    RoadName: "Nth Bridge Rd",
    Description: "Bugis Cube",
    Latitude: 1.29820784139683,
    Longitude: 103.85549139837407,
  },
  {
    BusStopCode: "02049",
    RoadName: "Raffles Ave",
    Description: "Marina Bay Sands Theatre",
    Latitude: 1.28428030489155,
    Longitude: 103.85851452271034,
  },
  {
    BusStopCode: "02151",
    RoadName: "Bayfront Ave",
    Description: "Bayfront Stn Exit B/MBS",
    Latitude: 1.28286389812428,
    Longitude: 103.85947437431817,
  },
  {
    BusStopCode: "02159",
    RoadName: "Bayfront Ave",
    Description: "Opp Bayfront Stn Exit C",
    Latitude: 1.28271779017488,
    Longitude: 103.86061880316716,
  },
  {
    BusStopCode: "02189",
    RoadName: "Sheares Ave",
    Description: "Gardens by the Bay",
    Latitude: 1.28069433839773,
    Longitude: 103.86386744059735,
  },
  {
    BusStopCode: "04167",
    RoadName: "Beach Rd",
    Description: "Raffles Hotel",
    Latitude: 1.29465024219939,
    Longitude: 103.85484916436226,
  },
  {
    BusStopCode: "04168",
    RoadName: "Beach Rd",
    Description: "Opp Raffles Hotel",
    Latitude: 1.29410016906659,
    Longitude: 103.85497735604497,
  },
  {
    BusStopCode: "83139",
    RoadName: "Still Rd Sth",
    Description: "Blk 17",
    Latitude: 1.31563099315963,
    Longitude: 103.90539718656497,
  },
  {
    BusStopCode: "95129",
    RoadName: "Airport Blvd",
    Description: "Changi Airport Ter 3",
    Latitude: 1.35568718025289,
    Longitude: 103.98642516089028,
  },
];

const PLACES: Record<string, Record<string, string>> = {
  "marina bay sands": {
    SEARCHVAL: "MARINA BAY SANDS",
    BLK_NO: "10",
    ROAD_NAME: "BAYFRONT AVENUE",
    BUILDING: "MARINA BAY SANDS",
    ADDRESS: "10 BAYFRONT AVENUE MARINA BAY SANDS SINGAPORE 018956",
    POSTAL: "018956",
    X: "30329.7706086668",
    Y: "29251.0423735604",
    LATITUDE: "1.28392245806572",
    LONGITUDE: "103.859941624096",
  },
  "jewel changi airport": {
    SEARCHVAL: "JEWEL CHANGI AIRPORT",
    BLK_NO: "78",
    ROAD_NAME: "AIRPORT BOULEVARD",
    BUILDING: "JEWEL CHANGI AIRPORT",
    ADDRESS: "78 AIRPORT BOULEVARD JEWEL CHANGI AIRPORT SINGAPORE 819666",
    POSTAL: "819666",
    X: "44866.0358587299",
    Y: "36373.7011416359",
    LATITUDE: "1.36036497535424",
    LONGITUDE: "103.98971222563",
  },
  singapore: {
    SEARCHVAL: "SINGAPORE POST CENTRE",
    BLK_NO: "10",
    ROAD_NAME: "EUNOS ROAD 8",
    BUILDING: "SINGAPORE POST CENTRE",
    ADDRESS: "10 EUNOS ROAD 8 SINGAPORE POST CENTRE SINGAPORE 408600",
    POSTAL: "408600",
    X: "35315.1531076901",
    Y: "33006.3962535988",
    LATITUDE: "1.31985756750039",
    LONGITUDE: "103.894341920719",
  },
};

function oneMapSearch(query: string) {
  const hit = PLACES[query.trim().toLowerCase()];
  return hit
    ? { found: 1, totalNumPages: 1, pageNum: 1, results: [hit] }
    : { found: 0, totalNumPages: 0, pageNum: 1, results: [] };
}

function weatherReadings(
  readingType: string,
  unit: string,
  values: [string, string, number, number, number][],
) {
  return {
    code: 0,
    errorMsg: "",
    data: {
      stations: values.map(([id, name, lat, lng]) => ({
        id,
        deviceId: id,
        name,
        location: { latitude: lat, longitude: lng },
      })),
      readings: [
        {
          timestamp: "2026-12-07T16:55:00+08:00",
          data: values.map(([id, , , , value]) => ({ stationId: id, value })),
        },
      ],
      readingType,
      readingUnit: unit,
    },
  };
}

const STATIONS: [string, string, number, number][] = [
  ["S108", "Marina Gardens Drive", 1.2799, 103.8703],
  ["S24", "Upper Changi Road North", 1.3678, 103.9826],
  ["S109", "Ang Mo Kio Avenue 5", 1.3764, 103.8492],
];

function weather(kind: string) {
  const v = (values: number[]) =>
    STATIONS.map((s, i) => [...s, values[i]!] as [string, string, number, number, number]);
  switch (kind) {
    case "rainfall":
      return weatherReadings("TB1 Rainfall 5 Minute Total F", "mm", v([0.2, 0, 0]));
    case "air-temperature":
      return weatherReadings("DBT 1M F", "deg C", v([29.4, 28.9, 28.1]));
    case "relative-humidity":
      return weatherReadings("RH 1M F", "percentage", v([74.3, 78.1, 80.6]));
    case "wind-speed":
      return weatherReadings("Wind Speed AVG(S)10M M1M", "knots", v([6.2, 8.4, 3.1]));
    case "wind-direction":
      return weatherReadings("Wind Dir AVG (S) 10M M1M", "degrees", v([41, 36, 22]));
    default:
      return undefined;
  }
}

function route(start: string, end: string) {
  const [fromLat, fromLng] = start.split(",").map(Number);
  const [toLat, toLng] = end.split(",").map(Number);
  const now = Date.now();
  const place = (name: string, lat: number, lon: number, stopCode?: string) => ({
    name,
    lon,
    lat,
    ...(stopCode ? { stopId: `FerrySvc:${stopCode}`, stopCode } : {}),
    departure: now,
    arrival: now,
    vertexType: stopCode ? "TRANSIT" : "NORMAL",
  });
  return {
    requestParameters: {
      date: "12-07-2026",
      mode: "TRANSIT",
      Time: "17:00:00",
      maxWalkDistance: "1000",
      numItineraries: "3",
    },
    plan: {
      date: now,
      from: place("Origin", fromLat!, fromLng!),
      to: place("Destination", toLat!, toLng!),
      itineraries: [
        {
          duration: 3180,
          startTime: now + 120_000,
          endTime: now + 3_300_000,
          walkTime: 540,
          transitTime: 2520,
          waitingTime: 120,
          walkDistance: 612.4,
          walkLimitExceeded: false,
          elevationLost: 0,
          elevationGained: 0,
          transfers: 1,
          fare: "2.09",
          legs: [
            {
              startTime: now + 120_000,
              endTime: now + 420_000,
              distance: 356.2,
              mode: "WALK",
              route: "",
              agencyName: "",
              routeShortName: "",
              routeLongName: "",
              from: place("Origin", fromLat!, fromLng!),
              to: place("BAYFRONT MRT STATION", 1.28193, 103.85909, "CE1"),
              legGeometry: { points: "qgkF}i}xRr@cAx@kA", length: 5 },
              transitLeg: false,
              duration: 300,
              intermediateStops: [],
            },
            {
              startTime: now + 540_000,
              endTime: now + 1_920_000,
              distance: 11830.4,
              mode: "SUBWAY",
              route: "DT",
              agencyName: "SMRT",
              routeShortName: "DT",
              routeLongName: "Downtown Line",
              routeId: "DT",
              from: place("BAYFRONT MRT STATION", 1.28193, 103.85909, "DT16"),
              to: place("EXPO MRT STATION", 1.33455, 103.96153, "DT35"),
              legGeometry: { points: "ygkFok}xRcBiFwA{E", length: 5 },
              transitLeg: true,
              duration: 1380,
              numIntermediateStops: 18,
              intermediateStops: [],
            },
            {
              startTime: now + 2_040_000,
              endTime: now + 3_000_000,
              distance: 6120.7,
              mode: "SUBWAY",
              route: "CG",
              agencyName: "SMRT",
              routeShortName: "CG",
              routeLongName: "East West Line (Changi Branch)",
              routeId: "CG",
              from: place("EXPO MRT STATION", 1.33455, 103.96153, "CG1"),
              to: place("CHANGI AIRPORT MRT STATION", 1.35747, 103.98836, "CG2"),
              legGeometry: { points: "_rukFaqszRqCgG", length: 3 },
              transitLeg: true,
              duration: 960,
              numIntermediateStops: 0,
              intermediateStops: [],
            },
            {
              startTime: now + 3_000_000,
              endTime: now + 3_300_000,
              distance: 256.2,
              mode: "WALK",
              route: "",
              agencyName: "",
              routeShortName: "",
              routeLongName: "",
              from: place("CHANGI AIRPORT MRT STATION", 1.35747, 103.98836, "CG2"),
              to: place("Destination", toLat!, toLng!),
              legGeometry: { points: "atykF_a{zRkA_A", length: 3 },
              transitLeg: false,
              duration: 300,
              intermediateStops: [],
            },
          ],
        },
      ],
    },
    debugOutput: { pathCalculationTime: 96, totalTime: 104 },
    elevationMetadata: { ellipsoidToGeoidDifference: 7.520641394772, geoidElevation: false },
  };
}

const MRT_EXITS_DATASET = "d_b39d3a0871985372d7e1637193335da5";
const MRT_EXITS_URL = `https://s3.ap-southeast-1.amazonaws.com/table-downloads-ingestion.data.gov.sg/${MRT_EXITS_DATASET}/e7f2b6a1-3c45-4d8e-9a10-5b2f8c6d4e93.geojson`;

/** The LTA MRT Station Exit dataset on data.gov.sg (GeoJSON, each exit's attributes as an HTML table). */
function mrtExits() {
  const exit = (station: string, code: string, lng: number, lat: number, n: number) => ({
    type: "Feature",
    properties: {
      Name: `kml_${n}`,
      Description: `<center><table><tr><th colspan='2' align='center'><em>Attributes</em></th></tr><tr bgcolor="#E3E3F3"> <th>STATION_NA</th> <td>${station}</td> </tr><tr bgcolor=""> <th>EXIT_CODE</th> <td>${code}</td> </tr><tr bgcolor="#E3E3F3"> <th>INC_CRC</th> <td>F1C2A3B4D5E6F708</td> </tr><tr bgcolor=""> <th>FMEL_UPD_D</th> <td>20240419103427</td> </tr></table></center>`,
    },
    geometry: { type: "Point", coordinates: [lng, lat, 0] },
  });
  return {
    type: "FeatureCollection",
    crs: { type: "name", properties: { name: "urn:ogc:def:crs:OGC:1.3:CRS84" } },
    features: [
      exit("BAYFRONT MRT STATION", "Exit B", 103.859318, 1.282803, 1),
      exit("BAYFRONT MRT STATION", "Exit C", 103.860412, 1.282571, 2),
      exit("EXPO MRT STATION", "Exit A", 103.961234, 1.334812, 3),
      exit("CHANGI AIRPORT MRT STATION", "Exit A", 103.988512, 1.357811, 4),
      exit("CHANGI AIRPORT MRT STATION", "Exit B", 103.988901, 1.357402, 5),
    ],
  };
}

const sgHandler: Handler = (req, url, _body, res) => {
  const host = url.hostname;
  const p = url.pathname;
  count(`${host} ${p}`);
  if (host === "datamall2.mytransport.sg") {
    if (state.ltaKeyRevoked || req.headers["accountkey"] !== LTA_KEY)
      return json(res, 401, apigeeFault("Invalid ApiKey", "oauth.v2.InvalidApiKey"));
    if (state.ltaIpDenied)
      return json(
        res,
        403,
        apigeeFault("Access Denied for client ip : 203.0.113.58", "accesscontrol.IPDeniedAccess"),
      );
    if (state.ltaSpikeArrest)
      return json(
        res,
        429,
        apigeeFault(
          "Spike arrest violation. Allowed rate : MessageRate{messagesPerPeriod=5, periodInMicroseconds=1000000, maxBurstMessageCount=1.0}",
          "policies.ratelimit.SpikeArrestViolation",
        ),
      );
    if (state.ltaBadGateway)
      return text(
        res,
        502,
        "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n<body>\n<center><h1>502 Bad Gateway</h1></center>\n<hr><center>nginx</center>\n</body></html>\n",
        "text/html",
      );
    if (state.ltaServerError)
      return json(
        res,
        500,
        apigeeFault(
          "Execution of JSTransformArrival failed on line 41",
          "steps.javascript.ScriptExecutionFailed",
        ),
      );
    if (p === "/ltaodataservice/v3/BusArrival") {
      const stop = url.searchParams.get("BusStopCode") ?? "";
      if (stop === "10009") return later(15_000, () => json(res, 200, busArrival(stop, null)));
      return json(res, 200, busArrival(stop, url.searchParams.get("ServiceNo")));
    }
    if (p === "/ltaodataservice/BusStops") {
      const skip = Number(url.searchParams.get("$skip") ?? "0");
      const top = Number(url.searchParams.get("$top") ?? "500");
      return json(res, 200, {
        "odata.metadata": "https://datamall2.mytransport.sg/ltaodataservice/$metadata#BusStops",
        value: BUS_STOPS.slice(skip, skip + top),
      });
    }
    if (p === "/ltaodataservice/TrainServiceAlerts")
      return json(res, 200, {
        "odata.metadata": "https://datamall2.mytransport.sg/ltaodataservice/$metadata#TrainServiceAlerts",
        value: { Status: 1, AffectedSegments: [], Message: [] },
      });
    if (p === "/ltaodataservice/TrafficIncidents")
      return json(res, 200, {
        "odata.metadata": "https://datamall2.mytransport.sg/ltaodataservice/$metadata#TrafficIncidents",
        value: [
          {
            Type: "Roadwork",
            Latitude: 1.3397443430280319,
            Longitude: 103.97007582475439,
            Message:
              "(7/12)15:50 Roadworks on PIE (towards Changi Airport) after Tampines Ave 10 Exit. Avoid lane 1.",
          },
        ],
      });
    if (p === "/ltaodataservice/Taxi-Availability")
      return json(res, 200, {
        "odata.metadata": "https://datamall2.mytransport.sg/ltaodataservice/$metadata#Taxi-Availability",
        value: [
          { Longitude: 103.85912, Latitude: 1.28419 },
          { Longitude: 103.86034, Latitude: 1.28301 },
          { Longitude: 103.85777, Latitude: 1.28566 },
          { Longitude: 103.86288, Latitude: 1.28117 },
          { Longitude: 103.98702, Latitude: 1.35912 },
        ],
      });
    unknownRequests.push(`lta ${p}${url.search}`);
    return json(
      res,
      404,
      apigeeFault("Raising fault. Fault name : unknown-resource", "messaging.runtime.RaiseFault"),
    );
  }
  if (host === "www.onemap.gov.sg") {
    if (p === "/api/auth/post/getToken")
      return json(res, 200, {
        access_token:
          "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ODQxIiwiaXNzIjoiaHR0cDovL2ludGVybmFsLWFsYi1vbS1wcmRlemN0LWFwaS0xNDUwMDM1MTguYXAtc291dGhlYXN0LTEuZWxiLmFtYXpvbmF3cy5jb20vYXBpL3YyL3VzZXIvcGFzc3dvcmQiLCJpYXQiOjE3NjUwOTcyMDAsImV4cCI6MTc2NTM1NjQwMH0.q3mVr8xN0cT2bS1kYwZpL6uD4eF7gH9jA5sR0tE2yU8",
        expiry_timestamp: String(Math.floor(Date.now() / 1000) + 3 * 86400),
      });
    if (p === "/api/common/elastic/search")
      return json(res, 200, oneMapSearch(url.searchParams.get("searchVal") ?? ""));
    if (p === "/api/public/routingsvc/route")
      return json(res, 200, route(url.searchParams.get("start") ?? "", url.searchParams.get("end") ?? ""));
    unknownRequests.push(`onemap ${p}${url.search}`);
    return json(res, 404, { error: "Not Found" });
  }
  if (host === "api-open.data.gov.sg") {
    if (p === `/v1/public/api/datasets/${MRT_EXITS_DATASET}/poll-download`)
      return json(res, 200, { code: 0, data: { url: MRT_EXITS_URL }, errorMsg: "" });
    const m = /^\/v2\/real-time\/api\/([a-z-]+)$/.exec(p);
    const body = m ? weather(m[1]!) : undefined;
    if (body) return json(res, 200, body);
    unknownRequests.push(`data.gov.sg ${p}${url.search}`);
    return json(res, 404, { code: 17, errorMsg: "Not Found", data: null });
  }
  if (host === "s3.ap-southeast-1.amazonaws.com" && p === new URL(MRT_EXITS_URL).pathname)
    return json(res, 200, mrtExits());
  unknownRequests.push(`${host} ${p}${url.search}`);
  res.destroy();
};

export const sgProxy = forwardProxy(SG_PROXY_PORT, ensureCertificate, sgHandler);

export const ALL_STANDINS = [tflProxy, sgProxy];
