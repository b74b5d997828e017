// Loopback stand-ins for group r36-b, answering with the real services' bodies (README.md says where each comes from
// and which wordings were written for the capture):
// - The Datamuse API (`api.datamuse.com`: `/words` and `/sug`, JSON arrays of `{word, score, numSyllables, tags,
//   defs}`) for datamuse-mcp, whose host is written into it and which calls Node's own fetch: a forward proxy reached
//   through a preload that sets undici's ProxyAgent (proxy-preload.mjs), with a certificate the server trusts by
//   NODE_EXTRA_CA_CERTS.
// - The Urban Dictionary API (`api.urbandictionary.com/v0/define` and `/v0/random`, `{"list": [...]}`) for
//   urban-dictionary-mcp, whose host is written into it and which calls axios: a forward proxy it reaches by
//   `HTTPS_PROXY` (axios sends the proxy absolute-form requests).
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import {
  certificate,
  cloudflare502,
  forwardProxy,
  json,
  later,
  text,
  type Certificate,
} from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r36-b";

export const DATAMUSE_PROXY_PORT = 43350;
export const URBAN_PROXY_PORT = 43351;

export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.datamuse.com", "api.urbandictionary.com"]);

export const state = {
  // Datamuse
  dmRateLimited: false,
  dmServerError: false,
  dmBadGateway: false,
  dmUnavailable: false,
  dmSlow: false,
  // Urban Dictionary
  udRateLimited: false,
  udServerError: false,
  udBadGateway: false,
  udChallenge: false,
  udUnavailable: false,
  udSlow: false,
  udEmptyRandom: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// nginx's standard error pages, used for the gateway in front of Datamuse (which front end it has is not sourced).
const nginxPage = (status: number, reason: string) =>
  `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

// ── Datamuse ─────────────────────────────────────────────────────────────────────────────────────────────────────────

type Row = { word: string; score: number; numSyllables?: number; tags?: string[]; defs?: string[] };

const adj = (word: string, score: number): Row => ({ word, score, tags: ["adj"] });

const WORDS: Record<string, Row[]> = {
  "rel_syn=happy": [
    adj("glad", 1186),
    adj("felicitous", 1040),
    adj("well-chosen", 836),
    { word: "content", score: 747, tags: ["adj", "n"] },
    adj("cheerful", 712),
  ],
  "rel_syn=bright": [
    adj("brilliant", 2104),
    adj("vivid", 1788),
    adj("luminous", 1695),
    adj("shining", 1472),
    adj("glowing", 1390),
    adj("radiant", 1311),
    adj("lustrous", 1180),
    adj("undimmed", 944),
    adj("burnished", 912),
    adj("lucent", 874),
  ],
  "rel_ant=generous": [adj("stingy", 3021), adj("ungenerous", 2810), adj("mean", 1532), adj("selfish", 1204)],
  "rel_ant=ancient": [adj("modern", 2916), adj("new", 2402), adj("young", 1288)],
  "rel_rhy=orange": [],
  "rel_nry=grape": [
    { word: "shape", score: 2981, numSyllables: 1 },
    { word: "tape", score: 2804, numSyllables: 1 },
    { word: "escape", score: 2511, numSyllables: 2 },
    { word: "drape", score: 1996, numSyllables: 1 },
    { word: "cape", score: 1873, numSyllables: 1 },
  ],
  "sl=jirraf": [
    { word: "giraffe", score: 93, tags: ["pron:JH ER0 AE1 F "] },
    { word: "giraffes", score: 89, tags: ["pron:JH ER0 AE1 F S "] },
    { word: "geraf", score: 83, tags: ["pron:JH ER0 AE1 F "] },
    { word: "jeer off", score: 79, tags: ["pron:JH IH1 R AO1 F "] },
  ],
  "sp=t??k": [
    { word: "take", score: 7812, tags: ["v"] },
    { word: "talk", score: 5104, tags: ["v", "n"] },
    { word: "task", score: 3311, tags: ["n"] },
    { word: "took", score: 3107, tags: ["v"] },
    { word: "tank", score: 2150, tags: ["n"] },
  ],
  "sp=zzq*x": [],
  "rel_trg=ocean": [
    { word: "atlantic", score: 1377, tags: ["n"] },
    { word: "pacific", score: 1341, tags: ["n"] },
    { word: "floor", score: 1101, tags: ["n"] },
    { word: "currents", score: 1050, tags: ["n"] },
    { word: "waves", score: 988, tags: ["n"] },
  ],
  "rel_jjb=ocean": [
    { word: "pacific", score: 1001, tags: ["f:6.412398"] },
    { word: "atlantic", score: 1000, tags: ["f:5.830244"] },
    { word: "open", score: 999, tags: ["f:315.217912"] },
    { word: "deep", score: 998, tags: ["f:99.374522"] },
    { word: "vast", score: 997, tags: ["f:19.662131"] },
  ],
  "sp=serendipity": [
    {
      word: "serendipity",
      score: 48521,
      numSyllables: 5,
      tags: ["query", "n", "pron:ˌsɛɹənˈdɪpɪti", "f:1.906651"],
      defs: [
        "n\tgood luck in making unexpected and fortunate discoveries",
        "n\tThe faculty of making fortunate discoveries by accident.",
      ],
    },
  ],
  "sp=flibbertygrumpus": [{ word: "flibbertygrumpus", score: 0, tags: ["query", "f:0.000000"] }],
};

const SUGGEST: Record<string, { word: string; score: number }[]> = {
  serend: [
    { word: "serendipity", score: 2351 },
    { word: "serendipitous", score: 1410 },
    { word: "serendipitously", score: 509 },
  ],
  ephem: [
    { word: "ephemeral", score: 3117 },
    { word: "ephemera", score: 1508 },
  ],
};

const WORD_KEYS = [
  "rel_syn",
  "rel_ant",
  "rel_rhy",
  "rel_nry",
  "sl",
  "sp",
  "ml",
  "rel_trg",
  "rel_spc",
  "rel_gen",
];
const WORD_KEYS_2 = ["rel_jjb", "rel_jja"];

function datamuse(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`datamuse ${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host !== "api.datamuse.com") {
    unknownRequests.push(`datamuse host ${url.host}`);
    return text(res, 502, nginxPage(502, "Bad Gateway"), "text/html");
  }
  if (state.dmRateLimited)
    return text(
      res,
      429,
      "Too many requests. The Datamuse API allows 100,000 requests per day; please wait before retrying.\n",
      "text/plain; charset=utf-8",
      { "Retry-After": "3600" },
    );
  if (state.dmServerError) return text(res, 500, nginxPage(500, "Internal Server Error"), "text/html");
  if (state.dmBadGateway) return text(res, 502, nginxPage(502, "Bad Gateway"), "text/html");
  if (state.dmUnavailable)
    return text(res, 503, nginxPage(503, "Service Temporarily Unavailable"), "text/html", {
      "Retry-After": "120",
    });
  if (state.dmSlow) return later(15_000, () => json(res, 200, []));
  const q = url.searchParams;
  const max = Number(q.get("max") ?? "100");
  if (url.pathname === "/sug") {
    const found = SUGGEST[q.get("s") ?? ""];
    if (!found) unknownRequests.push(`datamuse /sug ${url.search}`);
    return json(res, 200, (found ?? []).slice(0, max));
  }
  if (url.pathname === "/words") {
    const key = [...WORD_KEYS, ...WORD_KEYS_2].find((k) => q.has(k));
    const rows = key ? WORDS[`${key}=${q.get(key)}`] : undefined;
    if (!rows) unknownRequests.push(`datamuse /words ${url.search}`);
    return json(res, 200, (rows ?? []).slice(0, max));
  }
  unknownRequests.push(`datamuse ${req.method} ${url.pathname}`);
  return text(res, 404, nginxPage(404, "Not Found"), "text/html");
}

// ── Urban Dictionary ─────────────────────────────────────────────────────────────────────────────────────────────────

type Definition = {
  definition: string;
  permalink: string;
  thumbs_up: number;
  author: string;
  word: string;
  defid: number;
  current_vote: string;
  written_on: string;
  example: string;
  thumbs_down: number;
};

const def = (
  defid: number,
  word: string,
  definition: string,
  example: string,
  author: string,
  up: number,
  down: number,
  writtenOn: string,
): Definition => ({
  definition,
  permalink: `http://${word.replace(/ /g, "-")}.urbanup.com/${defid}`,
  thumbs_up: up,
  author,
  word,
  defid,
  current_vote: "",
  written_on: writtenOn,
  example,
  thumbs_down: down,
});

const DEFINE: Record<string, Definition[]> = {
  "qzxv florpington": [],
  rizz: [
    def(
      15987012,
      "Rizz",
      "[Charisma]; the ability to [attract] someone with your words or presence.",
      "Bro has unspoken [rizz], she gave him her number without him saying a word.",
      "tallcoffee88",
      8211,
      1190,
      "2021-05-14T02:11:37.918Z",
    ),
    def(
      16401377,
      "rizz",
      "Short for charisma. Used as a verb too: to rizz someone up is to [flirt] successfully.",
      "He [rizzed] up the barista and got a free [muffin].",
      "lexicon_larry",
      3104,
      802,
      "2022-01-09T19:44:02.101Z",
    ),
    def(
      17220455,
      "rizz",
      "What you [think] you have and [do not].",
      "You call that rizz? That was a [hostage negotiation].",
      "quietcritic",
      981,
      377,
      "2023-02-27T08:15:50.640Z",
    ),
  ],
  ghosting: [
    def(
      8713001,
      "ghosting",
      "Ending a relationship by cutting off all [communication] without [explanation].",
      "We went on three dates and then she started [ghosting] me.",
      "moonpie_77",
      12044,
      1403,
      "2015-09-02T14:20:11.000Z",
    ),
    def(
      9304455,
      "Ghosting",
      "Leaving a [party] without telling anyone. Also called an [Irish goodbye].",
      "Where's Dan? He [ghosted] around midnight.",
      "nightowl",
      4470,
      610,
      "2016-03-18T22:05:44.000Z",
    ),
  ],
  "no cap": [
    def(
      13201220,
      "no cap",
      "No lie; for [real]. [Cap] means a lie.",
      "That was the best [burger] I've ever had, no cap.",
      "ATLslang",
      6530,
      702,
      "2018-11-30T03:12:09.000Z",
    ),
    def(
      14009871,
      "No Cap",
      "Said to show that you are [being honest].",
      "I finished the whole [essay] last night, no cap.",
      "kaybee",
      2009,
      391,
      "2019-06-21T17:40:33.000Z",
    ),
  ],
};

const RANDOM: Definition[] = [
  def(
    14562003,
    "snackish",
    "The state of being [hungry] but not enough for a [meal].",
    "I'm feeling a bit [snackish], got any chips?",
    "crumbtrail",
    412,
    55,
    "2020-02-11T12:00:00.000Z",
  ),
  def(
    11893442,
    "hangry",
    "[Hungry] to the point of being [angry].",
    "Don't talk to me before lunch, I'm [hangry].",
    "fooddude",
    9802,
    1120,
    "2017-04-03T09:30:00.000Z",
  ),
];

// Cloudflare's managed-challenge answer (urbandictionary.com sits behind Cloudflare); shortened, written for the capture.
const challengePage = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta name="robots" content="noindex,nofollow"></head><body><div class="main-wrapper" role="main"><div class="main-content"><h1 class="zone-name-title h1">api.urbandictionary.com</h1><h2 class="h2" id="challenge-running">Checking if the site connection is secure</h2><noscript><div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></noscript></div></div><div class="footer" role="contentinfo"><div class="footer-inner"><div class="clearfix diagnostic-wrapper"><div class="ray-id">Ray ID: <code>8f2a61c0de4b7a13</code></div></div><div class="text-center" id="footer-text">Performance &amp; security by Cloudflare</div></div></div></body></html>`;

function urban(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  seen.push(`urban ${req.method} ${url.host}${url.pathname}${url.search}`);
  if (url.host !== "api.urbandictionary.com") {
    unknownRequests.push(`urban host ${url.host}`);
    return text(res, 502, nginxPage(502, "Bad Gateway"), "text/html");
  }
  if (state.udRateLimited) return json(res, 429, { error: "Too Many Requests" }, { "Retry-After": "60" });
  if (state.udServerError) return json(res, 500, { error: "Internal Server Error" });
  if (state.udBadGateway)
    return text(
      res,
      502,
      cloudflare502("api.urbandictionary.com", "8f2a61d44c1e9b27"),
      "text/html; charset=UTF-8",
    );
  if (state.udChallenge)
    return text(res, 403, challengePage, "text/html; charset=UTF-8", { "cf-mitigated": "challenge" });
  if (state.udUnavailable)
    return text(res, 503, nginxPage(503, "Service Temporarily Unavailable"), "text/html", {
      "Retry-After": "300",
    });
  if (state.udSlow) return later(8_000, () => json(res, 200, { list: [] }));
  if (url.pathname === "/v0/define") {
    const term = (url.searchParams.get("term") ?? "").toLowerCase();
    const list = DEFINE[term];
    if (!list) unknownRequests.push(`urban define ${term}`);
    return json(res, 200, { list: list ?? [] });
  }
  if (url.pathname === "/v0/random") return json(res, 200, { list: state.udEmptyRandom ? [] : RANDOM });
  unknownRequests.push(`urban ${req.method} ${url.pathname}`);
  return json(res, 404, { error: "Not Found" });
}

export const datamuseProxy = forwardProxy(DATAMUSE_PROXY_PORT, ensureCertificate, datamuse);
export const urbanProxy = forwardProxy(URBAN_PROXY_PORT, ensureCertificate, urban);

export const ALL_STANDINS = [datamuseProxy, urbanProxy];
