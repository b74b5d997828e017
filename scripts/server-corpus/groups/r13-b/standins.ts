// Loopback stand-ins for the services behind this group's servers, answering with the real APIs' bodies
// and error bodies: Reddit's OAuth API (`www.reddit.com/api/v1/access_token`, `oauth.reddit.com`), a
// Discourse forum (plain HTTP on loopback: its URL is the server's `--site`), the YouTube Data API v3
// (`youtube.googleapis.com/youtube/v3/...`) with YouTube's watch page and caption endpoint
// (`youtube.com/watch`, `www.youtube.com/api/timedtext`), and Ashby's RPC API (`api.ashbyhq.com/<endpoint>`).
//
// Reddit's, YouTube's and Ashby's hosts are written into their servers. Each of those services sits behind
// its own loopback forward proxy that accepts CONNECT, terminates TLS with an `openssl` certificate for the
// real hosts (trusted through NODE_EXTRA_CA_CERTS) and answers inside the tunnel. googleapis (gaxios) honours
// HTTPS_PROXY by itself; Node's built-in fetch (reddit-mcp-buddy, ashby-mcp, youtube-captions-scraper) does
// not on Node 20, so those servers start with `proxy-preload.mjs` (undici's ProxyAgent as the global
// dispatcher). The servers' own code is not touched. `state` is switched by the sessions' hooks.

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import path from "node:path";

export const DATA = "/tmp/faultline-corpus-r13-b";
export const CERT = path.join(DATA, "standin-cert.pem");
const KEY = path.join(DATA, "standin-key.pem");

export const DISCOURSE_PORT = 39780;
export const REDDIT_PROXY_PORT = 39781;
export const YOUTUBE_PROXY_PORT = 39782;
export const ASHBY_PROXY_PORT = 39783;
export const REDDIT_MCP_PORT = 39784;

export const REDDIT_CLIENT_ID = "p8Xq2LmN4vR7tYw1Zk3Jca";
export const REDDIT_CLIENT_SECRET = "Qn5uB2xH8kL0pV6sD9fG3jR1wE7yT4mA";
export const REDDIT_USERNAME = "cal_sync_bot";
export const REDDIT_PASSWORD = "r13b-corpus-password";
export const DISCOURSE_KEY = "6f1c2e9b7a3d4c5e8f0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6a";
export const YOUTUBE_KEY = "AIzaSyR13bCorpusStandInKey0123456789abcd";
export const ASHBY_KEY = "ashby_r13b_corpus_4f2a9c7e1b3d5f6a8c0e2b4d6f8a1c3e5b7d9f0a";

export const state = {
  redditCredsRevoked: false,
  redditRateLimited: false,
  redditServerError: false,
  redditCdnError: false,
  redditHtmlPage: false,
  discourseKeyRevoked: false,
  discourseRateLimited: false,
  discourseServerError: false,
  discourseBadGateway: false,
  discourseAccessGate: false,
  youtubeKeyInvalid: false,
  youtubeQuotaExceeded: false,
  youtubeRateLimited: false,
  youtubeBackendError: false,
  youtubeGoogle502: false,
  ashbyKeyRevoked: false,
  ashbyRateLimited: false,
  ashbyServerError: false,
  ashbyBadGateway: false,
  ashbyHtml200: false,
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
    return {};
  }
}

/** A self-signed certificate for the real API hosts and 127.0.0.1, made once per data directory. */
export function ensureCertificate() {
  if (fs.existsSync(CERT) && fs.existsSync(KEY)) return;
  fs.mkdirSync(DATA, { recursive: true });
  const names = [
    "www.reddit.com",
    "oauth.reddit.com",
    "youtube.googleapis.com",
    "youtube.com",
    "www.youtube.com",
    "api.ashbyhq.com",
  ];
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
      "/CN=r13-b corpus stand-in",
      "-addext",
      `subjectAltName=${names.map((name) => `DNS:${name}`).join(",")},IP:127.0.0.1`,
    ],
    { stdio: "ignore" },
  );
}

function onRequest(port: number, handler: Handler) {
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const host = req.headers.host ?? `127.0.0.1:${port}`;
      handler(req, new URL(req.url ?? "/", `http://${host}`), body, res);
    });
  };
}

/** A plain HTTP server on its own loopback port. */
function server(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let created: http.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const made = http.createServer(onRequest(port, handler));
        made.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
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
 * A forward proxy on its own port that accepts CONNECT for any host, terminates TLS with the stand-in
 * certificate and answers every request inside the tunnel with `handler` (the real host is in the Host
 * header).
 */
function mitmProxy(port: number, handler: Handler): Standin {
  const sockets = new Set<Socket>();
  let proxy: http.Server | undefined;
  let tls: https.Server | undefined;
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        ensureCertificate();
        tls = https.createServer(
          { key: fs.readFileSync(KEY), cert: fs.readFileSync(CERT) },
          onRequest(port, handler),
        );
        const inner = tls;
        inner.on("secureConnection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        const created = http.createServer((_req, res) =>
          text(res, 400, "this proxy only tunnels (CONNECT)\n"),
        );
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.on("connect", (_req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          inner.emit("connection", socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        tls?.close();
        tls = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>\n<html lang="en-US"><head><title>${host} | 502: Bad gateway</title><meta charset="UTF-8" /></head><body><div id="cf-wrapper"><div id="cf-error-details"><h1><span class="inline-block">Bad gateway</span> <span class="code-label">Error code 502</span></h1><div class="cf-error-footer">Visit <a href="https://www.cloudflare.com/5xx-error-landing">cloudflare.com</a> for more information.</div><p>Cloudflare Ray ID: <strong>8f3c2a1b9d7e6f54</strong> &bull; Performance &amp; security by Cloudflare</p></div></div></body></html>\n`;

// ------------------------------------------------------------------------------------------ Reddit

const REDDIT_TOKEN =
  "eyJhbGciOiJSUzI1NiIsImtpZCI6IlNIQTI1NjpzS3dsMnlsV0VtMjVmcXhwTU40cWY4MXE2OWFFdWFyMnpLMUdhVGxjdWNZIiwidHlwIjoiSldUIn0.r13b-reddit-corpus-token";

/** Reddit's JSON error envelope (`{"message": "Not Found", "error": 404}`, with `reason` on some). */
const redditError = (status: number, message: string, reason?: string) => ({
  ...(reason ? { reason } : {}),
  message,
  error: status,
});

const FASTLY_503 = `<!DOCTYPE html>
<html>
  <head><title>Reddit - Dive into anything</title></head>
  <body>
    <h1>Our CDN was unable to reach our servers</h1>
    <p>Please check <a href="https://www.redditstatus.com/">www.redditstatus.com</a> if you consistently get this error.</p>
    <p class="sub">error: 502 Bad Gateway</p>
  </body>
</html>
`;

const REDDIT_BLOCKED_HTML = `<!doctype html><html><head><title>Blocked</title></head><body><h1>whoa there, pardner!</h1><p>Your request has been blocked due to a network policy.</p><p>Try logging in or creating an account <a href="https://www.reddit.com/login/">here</a> to get back to browsing.</p><p>If you're running a script or application, please register or sign in with your developer credentials <a href="https://www.reddit.com/wiki/api/">here</a>. Additionally make sure your User-Agent is not empty and is something unique and descriptive and try again.</p></body></html>`;

const post = (
  id: string,
  sub: string,
  title: string,
  author: string,
  score: number,
  comments: number,
  selftext = "",
) => ({
  kind: "t3",
  data: {
    id,
    name: `t3_${id}`,
    title,
    author,
    subreddit: sub,
    subreddit_name_prefixed: `r/${sub}`,
    score,
    ups: score,
    upvote_ratio: 0.96,
    num_comments: comments,
    created_utc: 1796900000 + comments * 37,
    url: `https://www.reddit.com/r/${sub}/comments/${id}/`,
    permalink: `/r/${sub}/comments/${id}/`,
    is_self: true,
    is_video: false,
    selftext,
    over_18: false,
    stickied: false,
    link_flair_text: "Question",
    locked: false,
  },
});

const SELFHOSTED_POSTS = [
  post(
    "1h8k2zq",
    "selfhosted",
    "Cal.com vs Easy!Appointments for a small clinic?",
    "pinecone_ops",
    412,
    88,
    "We need online booking with SMS reminders, self-hosted. Which one has held up for you?",
  ),
  post(
    "1h8m0aa",
    "selfhosted",
    "My calendar stack: Radicale + DAVx5 + Thunderbird",
    "davx_fan",
    287,
    41,
    "Been running this for two years, zero sync conflicts.",
  ),
  post(
    "1h8n7cd",
    "selfhosted",
    "Typeform alternatives that store data on my own box",
    "formsmith",
    198,
    57,
    "Looking at Formbricks, Tally exports and OhMyForm.",
  ),
];

const listing = (children: unknown[], after: string | null = null) => ({
  kind: "Listing",
  data: { after, dist: children.length, modhash: "", geo_filter: "", children, before: null },
});

const comment = (id: string, author: string, body: string, score: number, depth = 0) => ({
  kind: "t1",
  data: {
    id,
    author,
    body,
    score,
    depth,
    created_utc: 1796901000 + score,
    is_submitter: false,
    permalink: `/r/selfhosted/comments/1h8k2zq/_/${id}/`,
    replies: "",
  },
});

function reddit(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  if (host === "www.reddit.com" && url.pathname === "/api/v1/access_token") {
    if (state.redditCredsRevoked) return json(res, 401, redditError(401, "Unauthorized"));
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "password") return json(res, 200, { error: "unsupported_grant_type" });
    return json(res, 200, {
      access_token: REDDIT_TOKEN,
      token_type: "bearer",
      expires_in: 86400,
      scope: "*",
    });
  }
  if (host !== "oauth.reddit.com") return json(res, 404, redditError(404, "Not Found"));
  const rl = { "x-ratelimit-used": "4", "x-ratelimit-remaining": "596.0", "x-ratelimit-reset": "412" };
  if (state.redditCredsRevoked)
    return json(res, 401, redditError(401, "Unauthorized"), {
      "www-authenticate": 'Bearer realm="reddit", error="invalid_token"',
    });
  if (state.redditRateLimited)
    return json(res, 429, redditError(429, "Too Many Requests"), {
      "retry-after": "1",
      "x-ratelimit-used": "600",
      "x-ratelimit-remaining": "0.0",
      "x-ratelimit-reset": "1",
    });
  if (state.redditServerError) return json(res, 500, redditError(500, "Internal Server Error"));
  if (state.redditCdnError) return text(res, 502, FASTLY_503, "text/html; charset=utf-8");
  if (state.redditHtmlPage) return text(res, 200, REDDIT_BLOCKED_HTML, "text/html; charset=utf-8");

  const p = url.pathname;
  let m: RegExpMatchArray | null;
  if ((m = p.match(/^\/r\/([^/]+)\/(hot|new|top|rising|controversial)\.json$/))) {
    const sub = decodeURIComponent(m[1]!).toLowerCase();
    if (sub === "selfhosted") return json(res, 200, listing(SELFHOSTED_POSTS, "t3_1h8n7cd"), rl);
    if (sub === "caldav") return json(res, 200, listing([]), rl);
    if (sub === "acme_staff") return json(res, 403, redditError(403, "Forbidden", "private"), rl);
    if (sub === "freebookings") return json(res, 404, redditError(404, "Not Found", "banned"), rl);
    if (sub === "slowcalendars") return later(15_000, () => json(res, 200, listing(SELFHOSTED_POSTS), rl));
    // A subreddit that does not exist: Reddit redirects to the subreddit search for its name.
    res.writeHead(302, {
      location: `https://oauth.reddit.com/subreddits/search.json?q=${encodeURIComponent(sub)}`,
    });
    return res.end();
  }
  if (p === "/subreddits/search.json") {
    const q = url.searchParams.get("q") ?? "";
    return json(
      res,
      200,
      listing([
        {
          kind: "t5",
          data: {
            id: "2r9x1c",
            name: "t5_2r9x1c",
            display_name: "calendars",
            title: "Calendars — planners, apps and scheduling",
            subscribers: 18214,
            public_description: `Subreddit search results for ${q}`,
            url: "/r/calendars/",
            created_utc: 1318000000,
            over18: false,
            subreddit_type: "public",
          },
        },
      ]),
      rl,
    );
  }
  if ((m = p.match(/^\/r\/([^/]+)\/about\.json$/))) {
    const sub = decodeURIComponent(m[1]!).toLowerCase();
    if (sub === "selfhosted")
      return json(
        res,
        200,
        {
          kind: "t5",
          data: {
            display_name: "selfhosted",
            subscribers: 512884,
            public_description:
              "A place to share alternatives to popular online services that can be self-hosted.",
            subreddit_type: "public",
            created_utc: 1308000000,
            over18: false,
          },
        },
        rl,
      );
    return json(res, 404, redditError(404, "Not Found"), rl);
  }
  if (p === "/search.json" || (m = p.match(/^\/r\/([^/]+)\/search\.json$/))) {
    const sub = m ? decodeURIComponent(m[1]!).toLowerCase() : undefined;
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (sub === "acme_staff") return json(res, 403, redditError(403, "Forbidden", "private"), rl);
    if (q.includes("qzxv")) return json(res, 200, listing([]), rl);
    if (sub && sub !== "selfhosted") return json(res, 200, listing([]), rl);
    return json(res, 200, listing(SELFHOSTED_POSTS.slice(0, 2)), rl);
  }
  if ((m = p.match(/^\/r\/([^/]+)\/comments\/([^/.]+)\.json$/))) {
    const id = m[2]!;
    if (id !== "1h8k2zq") return json(res, 404, redditError(404, "Not Found"), rl);
    return json(
      res,
      200,
      [
        listing([SELFHOSTED_POSTS[0]]),
        listing([
          comment(
            "m2a1b3c",
            "clinic_it",
            "We moved to Cal.com last spring. Self-hosting needs Postgres and some patience with the SMS workflows.",
            120,
          ),
          comment(
            "m2a1b4d",
            "tz_wrangler",
            "Easy!Appointments is simpler but the timezone handling bit us twice.",
            64,
          ),
        ]),
      ],
      rl,
    );
  }
  if (p === "/api/info.json") {
    const id = (url.searchParams.get("id") ?? "").replace(/^t3_/, "");
    if (id === "1h8k2zq") return json(res, 200, listing([SELFHOSTED_POSTS[0]]), rl);
    return json(res, 200, listing([]), rl);
  }
  if ((m = p.match(/^\/user\/([^/]+)\/(about|submitted|comments)\.json$/))) {
    const user = decodeURIComponent(m[1]!).toLowerCase();
    const what = m[2]!;
    if (user === "pinecone_ops") {
      if (what === "about")
        return json(
          res,
          200,
          {
            kind: "t2",
            data: {
              name: "pinecone_ops",
              id: "8kq2x",
              created_utc: 1577000000,
              link_karma: 4120,
              comment_karma: 18833,
              total_karma: 22953,
              is_gold: false,
              is_mod: true,
              verified: true,
              has_verified_email: true,
            },
          },
          rl,
        );
      if (what === "submitted") return json(res, 200, listing([SELFHOSTED_POSTS[0]]), rl);
      return json(
        res,
        200,
        listing([
          comment("m1z9y8x", "pinecone_ops", "Radicale has been rock solid for our team calendars.", 33),
        ]),
        rl,
      );
    }
    if (user === "bookingspam24") {
      // A suspended account: Reddit answers about.json with 200 and only the name and is_suspended.
      if (what === "about")
        return json(
          res,
          200,
          {
            kind: "t2",
            data: {
              name: "bookingspam24",
              is_suspended: true,
              awardee_karma: 0,
              awarder_karma: 0,
              is_blocked: false,
              total_karma: 0,
            },
          },
          rl,
        );
      return json(res, 403, redditError(403, "Forbidden"), rl);
    }
    return json(res, 404, redditError(404, "Not Found"), rl);
  }
  return json(res, 404, redditError(404, "Not Found"), rl);
}

// --------------------------------------------------------------------------------------- Discourse

const DISCOURSE_404 = {
  errors: ["The requested URL or resource could not be found."],
  error_type: "not_found",
};
const DISCOURSE_403 = {
  errors: ["You are not permitted to view the requested resource."],
  error_type: "invalid_access",
};
const DISCOURSE_BAD_KEY = {
  errors: ["You are not permitted to view the requested resource. The API username or key is invalid."],
  error_type: "invalid_access",
};
const DISCOURSE_429 = {
  errors: ["You’ve performed this action too many times. Please wait 12 seconds before trying again."],
  error_type: "rate_limit",
  extras: { wait_seconds: 12, time_left: "12 seconds" },
};

const CF_ACCESS_LOGIN = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Sign in ・ Cloudflare Access</title></head><body><div class="AuthBox"><h1>community.calsync.example</h1><p>Get a login code emailed to you</p><form method="POST" action="/cdn-cgi/access/login"><input type="email" name="email" placeholder="you@example.com"><button type="submit">Send me a code</button></form><p class="footer">Secured by Cloudflare Access</p></div></body></html>`;

const dcTopic = (id: number, title: string, category: number) => ({
  id,
  title,
  fancy_title: title,
  slug: title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""),
  posts_count: 3,
  reply_count: 2,
  category_id: category,
  tags: ["sync", "google-calendar"],
  created_at: "2026-11-28T09:12:44.102Z",
  last_posted_at: "2026-12-01T16:40:02.551Z",
  views: 214,
  like_count: 9,
  closed: false,
  archived: false,
  has_accepted_answer: true,
});

const dcPost = (id: number, topic: number, n: number, user: string, raw: string) => ({
  id,
  topic_id: topic,
  post_number: n,
  username: user,
  name: user,
  created_at: `2026-11-2${n}T10:00:00.000Z`,
  cooked: `<p>${raw}</p>`,
  raw,
  reply_count: 0,
  reads: 40 + n,
  accepted_answer: n === 3,
});

const DC_TOPIC_1042 = {
  ...dcTopic(1042, "Google Calendar sync stops after token refresh", 7),
  post_stream: {
    posts: [
      dcPost(
        5501,
        1042,
        1,
        "maria_ops",
        "Since Tuesday our two-way sync stops every morning. The log shows invalid_grant after the refresh.",
      ),
      dcPost(
        5502,
        1042,
        2,
        "sync_support",
        "Can you check whether the OAuth client is still in testing mode? Testing-mode refresh tokens expire after 7 days.",
      ),
      dcPost(
        5503,
        1042,
        3,
        "maria_ops",
        "That was it: the consent screen was still in testing. Published it and the sync has held for 3 days.",
      ),
    ],
    stream: [5501, 5502, 5503],
  },
  accepted_answer: {
    post_number: 3,
    username: "maria_ops",
    excerpt: "That was it: the consent screen was still in testing.",
  },
};

function discourse(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname;
  if (p === "/about.json")
    return json(res, 200, {
      about: {
        title: "CalSync Community",
        description: "Help and discussion for the CalSync scheduling app",
        version: "3.4.0.beta3",
        https: true,
        stats: { topic_count: 1880, post_count: 14211, user_count: 3310 },
      },
    });
  if (p.startsWith("/cdn-cgi/access/login"))
    return text(res, 200, CF_ACCESS_LOGIN, "text/html; charset=utf-8");
  if (state.discourseAccessGate) {
    res.writeHead(302, {
      location: `/cdn-cgi/access/login/community.calsync.example?redirect_url=${encodeURIComponent(p)}`,
    });
    return res.end();
  }
  const headers = { "x-discourse-route": "list/latest", "x-request-id": "b8a4c2e1-r13b" };
  if (state.discourseKeyRevoked) return json(res, 403, DISCOURSE_BAD_KEY, headers);
  if (state.discourseRateLimited)
    return json(res, 429, DISCOURSE_429, {
      ...headers,
      "retry-after": "12",
      "discourse-rate-limit-error-code": "ip_10_secs_limit",
    });
  if (state.discourseServerError)
    return json(
      res,
      500,
      {
        errors: [
          "Oops! The software powering this discussion forum encountered an unexpected problem. We apologize for the inconvenience.",
        ],
      },
      headers,
    );
  if (state.discourseBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (req.headers["api-key"] !== DISCOURSE_KEY) return json(res, 403, DISCOURSE_BAD_KEY, headers);

  let m: RegExpMatchArray | null;
  if (p === "/search.json") {
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (q.includes("sync"))
      return json(res, 200, {
        posts: [
          {
            id: 5501,
            topic_id: 1042,
            username: "maria_ops",
            blurb: "Since Tuesday our two-way sync stops every morning…",
            post_number: 1,
          },
        ],
        topics: [
          dcTopic(1042, "Google Calendar sync stops after token refresh", 7),
          dcTopic(1017, "Outlook sync duplicates recurring events", 7),
        ],
        users: [],
        categories: [],
        tags: [],
        groups: [],
        grouped_search_result: {
          more_posts: null,
          more_users: null,
          more_categories: null,
          term: q,
          search_log_id: 88121,
          more_full_page_results: null,
          can_create_topic: true,
          error: null,
          post_ids: [5501],
          user_ids: [],
          category_ids: [],
          tag_ids: [],
          group_ids: [],
        },
      });
    return json(res, 200, {
      posts: [],
      topics: [],
      users: [],
      categories: [],
      tags: [],
      groups: [],
      grouped_search_result: {
        more_posts: null,
        more_users: null,
        more_categories: null,
        term: q,
        search_log_id: 88122,
        more_full_page_results: null,
        can_create_topic: true,
        error: null,
        post_ids: [],
        user_ids: [],
        category_ids: [],
        tag_ids: [],
        group_ids: [],
      },
    });
  }
  if ((m = p.match(/^\/t\/(\d+)\.json$/))) {
    const id = Number(m[1]);
    if (id === 1042) return json(res, 200, DC_TOPIC_1042);
    if (id === 1077) return json(res, 403, DISCOURSE_403);
    return json(res, 404, DISCOURSE_404);
  }
  if ((m = p.match(/^\/posts\/(\d+)\.json$/))) {
    const id = Number(m[1]);
    const found = DC_TOPIC_1042.post_stream.posts.find((item) => item.id === id);
    return found ? json(res, 200, found) : json(res, 404, DISCOURSE_404);
  }
  if ((m = p.match(/^\/u\/([^/]+)\.json$/))) {
    const name = decodeURIComponent(m[1]!);
    if (name === "maria_ops")
      return json(res, 200, {
        user: {
          id: 412,
          username: "maria_ops",
          name: "Maria Okafor",
          trust_level: 2,
          created_at: "2025-04-02T08:00:00.000Z",
          bio_raw: "Ops lead at a 40-person clinic.",
          admin: false,
          moderator: false,
        },
      });
    return json(res, 404, DISCOURSE_404);
  }
  if (p === "/filter.json") {
    const q = url.searchParams.get("q") ?? "";
    const topics = q.includes("status:solved")
      ? []
      : [dcTopic(1042, "Google Calendar sync stops after token refresh", 7)];
    return json(res, 200, {
      users: [],
      primary_groups: [],
      topic_list: { can_create_topic: true, per_page: 20, topics },
    });
  }
  if ((m = p.match(/^\/admin\/users\/list\/([a-z]+)\.json$/))) {
    if (m[1] === "suspended") return json(res, 200, []);
    return json(res, 200, [
      {
        id: 412,
        username: "maria_ops",
        name: "Maria Okafor",
        active: true,
        admin: false,
        moderator: false,
        trust_level: 2,
        created_at: "2025-04-02T08:00:00.000Z",
        last_seen_at: "2026-12-05T17:02:11.000Z",
      },
      {
        id: 3,
        username: "sync_support",
        name: "CalSync Support",
        active: true,
        admin: true,
        moderator: true,
        trust_level: 4,
        created_at: "2024-01-10T08:00:00.000Z",
        last_seen_at: "2026-12-06T08:14:52.000Z",
      },
    ]);
  }
  if ((m = p.match(/^\/admin\/plugins\/explorer\/queries\/(\d+)\/run\.json$/)) && req.method === "POST") {
    const id = Number(m[1]);
    if (id === 7)
      return json(res, 200, {
        success: true,
        errors: [],
        duration: 14.2,
        result_count: 3,
        params: { months: "3" },
        columns: ["month", "new_topics", "solved"],
        default_limit: 1000,
        relations: {},
        colrender: {},
        rows: [
          ["2026-10-01", 412, 301],
          ["2026-11-01", 438, 329],
          ["2026-12-01", 91, 55],
        ],
      });
    if (id === 8)
      return json(res, 422, {
        success: false,
        errors: [
          "PG::UndefinedColumn: ERROR:  column t.solved_at does not exist\nLINE 3:        count(t.solved_at) AS solved\n                     ^\n",
        ],
      });
    if (id === 9)
      return later(20_000, () =>
        json(res, 200, {
          success: true,
          errors: [],
          duration: 19980.1,
          result_count: 0,
          columns: ["n"],
          rows: [],
        }),
      );
    return json(res, 404, DISCOURSE_404);
  }
  return json(res, 404, DISCOURSE_404);
}

// ----------------------------------------------------------------------------------------- YouTube

/** Google's JSON error envelope, as the YouTube Data API answers it. */
const googleError = (
  code: number,
  message: string,
  reason: string,
  status: string,
  domain = "global",
  details?: unknown[],
) => ({
  error: {
    code,
    message,
    errors: [{ message, domain, reason }],
    status,
    ...(details ? { details } : {}),
  },
});

const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const ytVideo = (
  id: string,
  title: string,
  channel: string,
  views: number,
  likes: number,
  comments: number,
) => ({
  kind: "youtube#video",
  etag: `etag-${id}`,
  id,
  snippet: {
    publishedAt: "2026-09-14T15:00:07Z",
    channelId: "UCq1CalSyncOfficial0001",
    title,
    description: `${title} — a walkthrough.`,
    channelTitle: channel,
    categoryId: "28",
    liveBroadcastContent: "none",
    defaultAudioLanguage: "en",
  },
  contentDetails: {
    duration: "PT12M41S",
    dimension: "2d",
    definition: "hd",
    caption: "true",
    licensedContent: false,
    projection: "rectangular",
  },
  statistics: {
    viewCount: String(views),
    likeCount: String(likes),
    favoriteCount: "0",
    commentCount: String(comments),
  },
});

const YT_VIDEOS: Record<string, ReturnType<typeof ytVideo>> = {
  Qk7sYc2LmNo: ytVideo("Qk7sYc2LmNo", "Self-hosting Cal.com in 15 minutes", "CalSync", 184223, 6120, 412),
  Rt3wZb9XpAe: ytVideo(
    "Rt3wZb9XpAe",
    "Tally vs Typeform: building a booking form",
    "Forms Weekly",
    52877,
    1904,
    133,
  ),
  Hn1dMv8QaWs: ytVideo("Hn1dMv8QaWs", "Zoom scheduling tips for remote teams", "Remote Ops", 9021, 311, 27),
};

const searchItem = (id: string) => {
  const video = YT_VIDEOS[id]!;
  return {
    kind: "youtube#searchResult",
    etag: `s-${id}`,
    id: { kind: "youtube#video", videoId: id },
    snippet: { ...video.snippet, thumbnails: {}, publishTime: video.snippet.publishedAt },
  };
};

function youtube(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const p = url.pathname;
  if (host === "youtube.com" || host === "www.youtube.com") {
    if (p === "/watch") {
      const v = url.searchParams.get("v") ?? "";
      if (v === "Qk7sYc2LmNo" || v === "Rt3wZb9XpAe") {
        const tracks = [
          {
            baseUrl: `https://www.youtube.com/api/timedtext?v=${v}&ei=r13b&caps=asr&opi=112496729&exp=xpe&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=1797000000&sparams=ip%2Cipbits%2Cexpire%2Cv%2Cei%2Ccaps%2Copi%2Cexp%2Cxoaf&signature=r13b&key=yt8&kind=asr&lang=en`,
            name: { simpleText: "English (auto-generated)" },
            vssId: "a.en",
            languageCode: "en",
            kind: "asr",
            isTranslatable: true,
          },
        ];
        const page = `<!DOCTYPE html><html><head><title>${YT_VIDEOS[v]!.snippet.title} - YouTube</title></head><body><script>var ytInitialPlayerResponse = {"playabilityStatus":{"status":"OK"},"captions":{"playerCaptionsTracklistRenderer":{"captionTracks":${JSON.stringify(tracks)},"audioTracks":[{"captionTrackIndices":[0]}]}},"videoDetails":{"videoId":"${v}"}};</script></body></html>`;
        return text(res, 200, page, "text/html; charset=utf-8");
      }
      // A video without captions: the watch page carries no captionTracks.
      const page = `<!DOCTYPE html><html><head><title>YouTube</title></head><body><script>var ytInitialPlayerResponse = {"playabilityStatus":{"status":"OK"},"videoDetails":{"videoId":"${v}"}};</script></body></html>`;
      return text(res, 200, page, "text/html; charset=utf-8");
    }
    if (p === "/api/timedtext") {
      const v = url.searchParams.get("v");
      if (v === "Rt3wZb9XpAe")
        return text(
          res,
          200,
          '<?xml version="1.0" encoding="utf-8" ?><transcript><text start="0.32" dur="3.1">today we build a booking form in Tally</text><text start="3.42" dur="2.8">and then the same form in Typeform</text></transcript>',
          "text/xml; charset=UTF-8",
        );
      // YouTube's caption URLs without a proof-of-origin token: HTTP 200 with an empty body.
      return text(res, 200, "", "text/html; charset=UTF-8");
    }
    return text(res, 404, "Not Found", "text/html");
  }
  if (host !== "youtube.googleapis.com") return text(res, 404, "Not Found", "text/html");
  const key = url.searchParams.get("key");
  if (state.youtubeKeyInvalid || key !== YOUTUBE_KEY)
    return json(
      res,
      400,
      googleError(
        400,
        "API key not valid. Please pass a valid API key.",
        "badRequest",
        "INVALID_ARGUMENT",
        "global",
        [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "API_KEY_INVALID",
            domain: "googleapis.com",
            metadata: { service: "youtube.googleapis.com" },
          },
          {
            "@type": "type.googleapis.com/google.rpc.LocalizedMessage",
            locale: "en-US",
            message: "API key not valid. Please pass a valid API key.",
          },
        ],
      ),
    );
  if (state.youtubeQuotaExceeded)
    return json(
      res,
      403,
      googleError(
        403,
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        "quotaExceeded",
        "PERMISSION_DENIED",
        "youtube.quota",
      ),
    );
  if (state.youtubeRateLimited)
    return json(
      res,
      429,
      googleError(
        429,
        "Resource has been exhausted (e.g. check quota).",
        "rateLimitExceeded",
        "RESOURCE_EXHAUSTED",
      ),
      { "retry-after": "1" },
    );
  if (state.youtubeBackendError)
    return json(
      res,
      503,
      googleError(503, "The service is currently unavailable.", "backendError", "UNAVAILABLE"),
    );
  if (state.youtubeGoogle502) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");

  const ids = url.searchParams
    .getAll("id")
    .flatMap((value) => value.split(","))
    .filter(Boolean);
  if (p === "/youtube/v3/videos") {
    if (url.searchParams.get("chart") === "mostPopular") {
      const category = url.searchParams.get("videoCategoryId");
      if (category === "44")
        return json(
          res,
          404,
          googleError(
            404,
            "The requested video chart is not supported or is not available.",
            "videoChartNotFound",
            "NOT_FOUND",
            "youtube.video",
          ),
        );
      return json(res, 200, {
        kind: "youtube#videoListResponse",
        etag: "trend",
        items: Object.values(YT_VIDEOS),
        nextPageToken: "CAMQAA",
        pageInfo: { totalResults: 200, resultsPerPage: 3 },
      });
    }
    const items = ids.map((id) => YT_VIDEOS[id]).filter(Boolean);
    return json(res, 200, {
      kind: "youtube#videoListResponse",
      etag: "videos",
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    });
  }
  if (p === "/youtube/v3/search") {
    if (url.searchParams.has("relatedToVideoId"))
      return json(
        res,
        400,
        googleError(400, "Request contains an invalid argument.", "badRequest", "INVALID_ARGUMENT"),
      );
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const channelId = url.searchParams.get("channelId");
    if (q.includes("slow"))
      return later(15_000, () => json(res, 200, { kind: "youtube#searchListResponse", items: [] }));
    if (channelId === "UCq1CalSyncOfficial0001")
      return json(res, 200, {
        kind: "youtube#searchListResponse",
        etag: "ch",
        regionCode: "US",
        pageInfo: { totalResults: 2, resultsPerPage: 2 },
        items: ["Qk7sYc2LmNo", "Hn1dMv8QaWs"].map((id) => ({
          kind: "youtube#searchResult",
          etag: `c-${id}`,
          id: { kind: "youtube#video", videoId: id },
        })),
      });
    if (channelId)
      return json(res, 200, {
        kind: "youtube#searchListResponse",
        etag: "ch0",
        regionCode: "US",
        pageInfo: { totalResults: 0, resultsPerPage: 0 },
        items: [],
      });
    if (q.includes("zqxv"))
      return json(res, 200, {
        kind: "youtube#searchListResponse",
        etag: "none",
        regionCode: "US",
        pageInfo: { totalResults: 0, resultsPerPage: 0 },
        items: [],
      });
    return json(res, 200, {
      kind: "youtube#searchListResponse",
      etag: "srch",
      regionCode: "US",
      pageInfo: { totalResults: 3, resultsPerPage: 3 },
      items: Object.keys(YT_VIDEOS).map(searchItem),
    });
  }
  if (p === "/youtube/v3/channels") {
    if (ids.includes("UCq1CalSyncOfficial0001"))
      return json(res, 200, {
        kind: "youtube#channelListResponse",
        etag: "chn",
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [
          {
            kind: "youtube#channel",
            id: "UCq1CalSyncOfficial0001",
            snippet: { title: "CalSync", description: "Scheduling, self-hosted." },
            statistics: {
              viewCount: "1822044",
              subscriberCount: "48100",
              hiddenSubscriberCount: false,
              videoCount: "212",
            },
          },
        ],
      });
    // An unknown channel id: 200 with no items.
    return json(res, 200, {
      kind: "youtube#channelListResponse",
      etag: "chn0",
      pageInfo: { totalResults: 0, resultsPerPage: 5 },
    });
  }
  return json(res, 404, googleError(404, "Not Found", "notFound", "NOT_FOUND"));
}

// ------------------------------------------------------------------------------------------- Ashby

const ASHBY_JOB = {
  id: "5d2f8a3e-1c4b-4e6a-9b7d-2f1e0c3a4b51",
  title: "Customer Support Lead",
  status: "Open",
  employmentType: "FullTime",
  locationId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  departmentId: "7e8f9a0b-1c2d-4e3f-8a5b-6c7d8e9f0a1b",
  defaultInterviewPlanId: "9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d",
  interviewPlanIds: ["9c8b7a6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"],
  createdAt: "2026-10-02T09:00:00.000Z",
  updatedAt: "2026-11-30T14:22:10.000Z",
};
const ASHBY_JOB_2 = {
  ...ASHBY_JOB,
  id: "6e3a9b4f-2d5c-4f7b-8c8e-3a2f1d4b5c62",
  title: "Scheduling Engineer (Calendar Integrations)",
  departmentId: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b",
};

const CANDIDATE = {
  id: "c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607",
  name: "Priya Raman",
  primaryEmailAddress: { value: "priya.raman@example.com", type: "Personal", isPrimary: true },
  primaryPhoneNumber: { value: "+1 415 555 0142", type: "Mobile", isPrimary: true },
  socialLinks: [{ type: "LinkedIn", url: "https://www.linkedin.com/in/priya-raman-example" }],
  tags: [{ id: "t-0001", title: "Referral", isArchived: false }],
  source: { id: "s-01", title: "Referral", isArchived: false },
  fileHandles: [{ id: "f-01", name: "Priya_Raman_CV.pdf", handle: "eyJoYW5kbGUiOiJyMTNiLWN2In0" }],
  customFields: [],
  profileUrl: "https://app.ashbyhq.com/candidates/c1a2b3c4-d5e6-4f70-8a91-b2c3d4e5f607",
  applicationIds: ["a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c01"],
};
const APPLICATION = {
  id: "a7b8c9d0-e1f2-4a3b-8c4d-5e6f7a8b9c01",
  status: "Active",
  createdAt: "2026-11-12T10:31:00.000Z",
  candidate: { id: CANDIDATE.id, name: CANDIDATE.name },
  job: { id: ASHBY_JOB.id, title: ASHBY_JOB.title },
  currentInterviewStage: {
    id: "st-02",
    title: "Phone Screen",
    type: "Active",
    orderInInterviewPlan: 2,
    interviewPlanId: ASHBY_JOB.defaultInterviewPlanId,
  },
  source: { id: "s-01", title: "Referral" },
  hiringTeam: [
    {
      userId: "u-01",
      firstName: "Dana",
      lastName: "Whitfield",
      email: "dana@calsync.example",
      role: "Hiring Manager",
    },
  ],
};
const APPLICATION_2 = {
  ...APPLICATION,
  id: "b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d12",
  candidate: { id: "c2", name: "Tomás Ibarra" },
};

const ashbyFail = (code: string, message: string) => ({
  success: false,
  errors: [code],
  errorInfo: { code, message },
});

function ashby(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const auth = req.headers.authorization ?? "";
  const key = Buffer.from(auth.replace(/^Basic /, ""), "base64")
    .toString()
    .replace(/:$/, "");
  if (!auth)
    return json(
      res,
      401,
      ashbyFail(
        "missing_api_key",
        "No API key was provided. Use HTTP Basic auth with your API key as the username.",
      ),
    );
  if (state.ashbyKeyRevoked || key !== ASHBY_KEY)
    return json(
      res,
      403,
      ashbyFail("invalid_api_key", "The API key provided is invalid or has been deactivated."),
    );
  if (state.ashbyRateLimited)
    return json(
      res,
      429,
      ashbyFail(
        "rate_limit_exceeded",
        "Too many requests. Please retry after the time given in the Retry-After header.",
      ),
      { "retry-after": "1" },
    );
  if (state.ashbyServerError)
    return json(res, 500, ashbyFail("internal_server_error", "An unexpected error occurred."));
  if (state.ashbyBadGateway)
    return text(res, 502, CLOUDFLARE_502("api.ashbyhq.com"), "text/html; charset=UTF-8");
  if (state.ashbyHtml200)
    return text(
      res,
      200,
      CLOUDFLARE_502("api.ashbyhq.com").replace("502: Bad gateway", "Attention Required!"),
      "text/html; charset=UTF-8",
    );

  const params = parse(body);
  const endpoint = url.pathname.replace(/^\//, "");
  const ok = (results: unknown, extra: Record<string, unknown> = {}) =>
    json(res, 200, { success: true, results, ...extra });
  switch (endpoint) {
    case "job.list": {
      const status = (params.status as string[] | undefined)?.[0];
      if (status === "Archived") return ok([], { moreDataAvailable: false });
      return ok([ASHBY_JOB, ASHBY_JOB_2], { moreDataAvailable: false });
    }
    case "job.info":
      if (params.id === ASHBY_JOB.id) return ok(ASHBY_JOB);
      return json(res, 200, ashbyFail("job_not_found", "Job not found"));
    case "candidate.search": {
      const name = String(params.name ?? "").toLowerCase();
      if (name.includes("priya")) return ok([CANDIDATE]);
      return ok([]);
    }
    case "candidate.info":
      if (params.id === CANDIDATE.id) return ok(CANDIDATE);
      if (typeof params.id === "string" && !/^[0-9a-f-]{36}$/.test(params.id))
        return json(res, 200, ashbyFail("invalid_input", "id must be a valid UUID"));
      return json(res, 200, ashbyFail("candidate_not_found", "Candidate not found"));
    case "application.info":
      if (params.applicationId === APPLICATION.id) return ok(APPLICATION);
      if (params.applicationId === APPLICATION_2.id) return ok(APPLICATION_2);
      return json(res, 200, ashbyFail("application_not_found", "Application not found"));
    case "candidate.listNotes":
      if (params.candidateId === CANDIDATE.id)
        return ok(
          [
            {
              id: "n-01",
              createdAt: "2026-11-20T16:00:00.000Z",
              content: "Strong phone screen; wants hybrid.",
              author: { id: "u-01", firstName: "Dana", lastName: "Whitfield", email: "dana@calsync.example" },
            },
          ],
          { moreDataAvailable: false },
        );
      return json(res, 200, ashbyFail("candidate_not_found", "Candidate not found"));
    case "candidate.createNote":
      if (!String(params.note ?? "").trim())
        return json(res, 200, ashbyFail("invalid_input", "note must not be empty"));
      return ok({ id: "n-02", createdAt: "2026-12-06T11:00:00.000Z", content: params.note });
    case "interviewStage.list":
      return ok(
        [
          {
            id: "st-01",
            title: "Application Review",
            type: "PreInterviewScreen",
            orderInInterviewPlan: 1,
            interviewPlanId: params.interviewPlanId,
          },
          {
            id: "st-02",
            title: "Phone Screen",
            type: "Active",
            orderInInterviewPlan: 2,
            interviewPlanId: params.interviewPlanId,
          },
          {
            id: "st-09",
            title: "Archived",
            type: "Archived",
            orderInInterviewPlan: 9,
            interviewPlanId: params.interviewPlanId,
          },
        ],
        { moreDataAvailable: false },
      );
    case "application.changeStage":
      return ok({ ...APPLICATION, id: params.applicationId, status: "Archived" });
    case "offer.list":
      return json(
        res,
        403,
        ashbyFail(
          "missing_endpoint_permission",
          "The API key is missing the permission required for offer.list (offersRead).",
        ),
      );
    case "application.list":
      if (params.jobId === "6e3a9b4f-2d5c-4f7b-8c8e-3a2f1d4b5c62")
        return later(15_000, () => ok([], { moreDataAvailable: false }));
      return ok([APPLICATION, APPLICATION_2], { moreDataAvailable: false });
    default:
      return json(res, 404, ashbyFail("endpoint_not_found", `No endpoint named ${endpoint}`));
  }
}

export const redditStandin = mitmProxy(REDDIT_PROXY_PORT, reddit);
export const discourseStandin = server(DISCOURSE_PORT, discourse);
export const youtubeStandin = mitmProxy(YOUTUBE_PROXY_PORT, youtube);
export const ashbyStandin = mitmProxy(ASHBY_PROXY_PORT, ashby);

export const ALL_STANDINS = [redditStandin, discourseStandin, youtubeStandin, ashbyStandin];
