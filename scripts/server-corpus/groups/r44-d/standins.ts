// Loopback stand-in for group r44-d.
//
// freshrss-mcp-server takes the FreshRSS instance's root URL from FRESHRSS_API_URL and POSTs every request to
// `<root>/api/fever.php` as a form with `api_key` = md5("<user>:<password>") (the Fever API), so the stand-in is a plain
// HTTP server on loopback answering FreshRSS's Fever endpoint; nothing is proxied and no certificate is needed.
//
// README.md says where each body's shape comes from. `state` is switched by the session's hooks.

import crypto from "node:crypto";
import type http from "node:http";
import { clearTimers, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r44-d";

export const FRESHRSS_PORT = 45850;

export const USER = "marta";
export const PASSWORD = "fever-Q7mX2pLw9tRk";
export const OLD_PASSWORD = "fever-4hVn8cJs1eYd";
const FEVER_KEY = crypto.createHash("md5").update(`${USER}:${PASSWORD}`).digest("hex");

export const state = {
  apiDisabled: false,
  nginxBadGateway: false,
  ssoLoginPage: false,
  proxyRateLimited: false,
  proxyBasicAuth: false,
  phpFatal: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// Category ids and names (FreshRSS's default category is id 1, "Uncategorized").
const GROUPS = [
  { id: 1, title: "Uncategorized" },
  { id: 2, title: "Engineering" },
  { id: 3, title: "Security" },
  { id: 4, title: "Newsletters" },
];

// Fever `feeds`: FreshRSS's getFeeds() fields. Feed 7 is a quarterly blog whose items are older than the 50 newest.
const FEEDS = [
  {
    id: 2,
    cat: 2,
    title: "Julia Evans",
    url: "https://jvns.ca/atom.xml",
    site_url: "https://jvns.ca/",
    last_updated_on_time: 1796654412,
  },
  {
    id: 3,
    cat: 3,
    title: "Krebs on Security",
    url: "https://krebsonsecurity.com/feed/",
    site_url: "https://krebsonsecurity.com/",
    last_updated_on_time: 1796656021,
  },
  {
    id: 4,
    cat: 2,
    title: "The Cloudflare Blog",
    url: "https://blog.cloudflare.com/rss/",
    site_url: "https://blog.cloudflare.com/",
    last_updated_on_time: 1796655530,
  },
  {
    id: 5,
    cat: 3,
    title: "LWN.net",
    url: "https://lwn.net/headlines/rss",
    site_url: "https://lwn.net/",
    last_updated_on_time: 1796656102,
  },
  {
    id: 6,
    cat: 4,
    title: "Changelog Weekly",
    url: "https://changelog.com/weekly/feed",
    site_url: "https://changelog.com/weekly",
    last_updated_on_time: 1796640010,
  },
  {
    id: 7,
    cat: 2,
    title: "Dan Luu",
    url: "https://danluu.com/atom.xml",
    site_url: "https://danluu.com/",
    last_updated_on_time: 1796651877,
  },
];

interface Item {
  id: string;
  feed_id: number;
  title: string;
  author: string;
  html: string;
  url: string;
  is_saved: number;
  is_read: number;
  created_on_time: number;
}

const TITLES: Record<number, string[]> = {
  2: [
    "Some notes on DNS TTLs",
    "Why does git rebase rewrite commit dates?",
    "A little guide to terminal colours",
  ],
  3: [
    "Phishing kit abuses OAuth device codes",
    "Ransomware gang leaks hospital scheduling data",
    "Patch Tuesday, December 2026 Edition",
    "Breached retailer sat on logs for eight months",
  ],
  4: [
    "How we cut p99 latency on our edge cache",
    "Rolling out post-quantum key agreement everywhere",
    "Incident report: elevated 5xx in one region",
  ],
  5: [
    "Kernel prepatch 6.19-rc1",
    "A look at the new mount API",
    "Security updates for Monday",
    "Fedora's plans for a 64-bit time_t transition",
  ],
  6: ["Changelog Weekly #612", "Changelog Weekly #613"],
  7: ["Reasons software projects slip", "Notes on on-call load"],
};

// FreshRSS entry ids are microsecond timestamps (id = date * 1e6 + counter); the newest first.
function buildItems(): Item[] {
  const items: Item[] = [];
  let t = 1796656000;
  let n = 0;
  const recentFeeds = [2, 3, 4, 5, 6];
  for (let i = 0; i < 56; i++) {
    const feed = recentFeeds[i % recentFeeds.length]!;
    const titles = TITLES[feed]!;
    const title = `${titles[i % titles.length]}${i >= titles.length ? ` (${Math.floor(i / titles.length) + 1})` : ""}`;
    t -= 1337 + ((i * 97) % 900);
    n += 1;
    items.push({
      id: `${t}${String(100000 + n).slice(1)}0`,
      feed_id: feed,
      title,
      author: feed === 3 ? "BrianKrebs" : feed === 5 ? "corbet" : "",
      html: `<p>${title}.</p><p>Continue reading on the site.</p>`,
      url: `${FEEDS.find((f) => f.id === feed)!.site_url}${2026}/${12}/${String(i).padStart(3, "0")}-post/`,
      is_saved: i % 11 === 0 ? 1 : 0,
      is_read: i < 8 ? 0 : i % 3 === 0 ? 0 : 1,
      created_on_time: t,
    });
  }
  // Dan Luu's two posts are older than everything above, so they are not among the 50 newest.
  for (const [k, title] of TITLES[7]!.entries()) {
    const at = 1789001200 - k * 86400 * 30;
    items.push({
      id: `${at}0000${k + 1}0`,
      feed_id: 7,
      title,
      author: "Dan Luu",
      html: `<p>${title}.</p>`,
      url: `https://danluu.com/${title.toLowerCase().replace(/[^a-z]+/g, "-")}/`,
      is_saved: 0,
      is_read: 0,
      created_on_time: at,
    });
  }
  return items;
}

const ITEMS = buildItems();

export const IDS = {
  newest: ITEMS[0]!.id,
  second: ITEMS[1]!.id,
  third: ITEMS[2]!.id,
  purged: "1795000000123450",
};

function unreadIds(): string {
  return ITEMS.filter((i) => i.is_read === 0)
    .map((i) => i.id)
    .sort()
    .join(",");
}

function savedIds(): string {
  return ITEMS.filter((i) => i.is_saved === 1)
    .map((i) => i.id)
    .sort()
    .join(",");
}

function feedsGroups() {
  const by = new Map<number, number[]>();
  for (const f of FEEDS) by.set(f.cat, [...(by.get(f.cat) ?? []), f.id]);
  return [...by.entries()].map(([group_id, ids]) => ({ group_id, feed_ids: ids.join(",") }));
}

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.26.2</center>
</body>
</html>
`;

const NGINX_429 = `<html>
<head><title>429 Too Many Requests</title></head>
<body>
<center><h1>429 Too Many Requests</h1></center>
<hr><center>nginx/1.26.2</center>
</body>
</html>
`;

const NGINX_401 = `<html>
<head><title>401 Authorization Required</title></head>
<body>
<center><h1>401 Authorization Required</h1></center>
<hr><center>nginx/1.26.2</center>
</body>
</html>
`;

// What an Authelia-style forward-auth portal answers when its session cookie is missing: its login page, 200.
const SSO_LOGIN = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Login - Authelia</title>
<base href="https://auth.home.example/">
</head>
<body data-basepath="" data-rememberme="true" data-resetpassword="true" data-theme="light">
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>
<script type="module" src="./static/js/index.4f1c9b2e.js"></script>
</body>
</html>
`;

// PHP's fatal error as FreshRSS's php-fpm answers it with display_errors off: an empty 500.
function fever(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const form = parse(body) as Record<string, string>;
  const q = Object.fromEntries(url.searchParams) as Record<string, string>;
  const r = { ...q, ...form };
  seen.push(`${req.method} ${url.pathname} ${Object.keys(r).join(",")}`);

  if (url.pathname !== "/api/fever.php") {
    unknownRequests.push(`${req.method} ${url.pathname}`);
    return text(res, 404, "Not Found", "text/plain; charset=UTF-8");
  }
  if (state.proxyBasicAuth)
    return text(res, 401, NGINX_401, "text/html", { "www-authenticate": 'Basic realm="FreshRSS"' });
  if (state.proxyRateLimited) return text(res, 429, NGINX_429, "text/html", { "retry-after": "30" });
  if (state.nginxBadGateway) return text(res, 502, NGINX_502, "text/html");
  if (state.ssoLoginPage) return text(res, 200, SSO_LOGIN, "text/html; charset=utf-8");
  if (state.apiDisabled) return text(res, 503, "Service Unavailable!", "text/plain; charset=UTF-8");
  if (state.phpFatal) return text(res, 500, "", "text/html; charset=UTF-8");
  if (state.slow) return later(15_000, () => answer(r, res));
  answer(r, res);
}

function answer(r: Record<string, string>, res: http.ServerResponse) {
  const key = (r.api_key ?? "").trim().toLowerCase();
  if (key !== FEVER_KEY) return json(res, 200, { api_version: 3, auth: 0 });

  const out: Record<string, unknown> = {
    api_version: 3,
    auth: 1,
    last_refreshed_on_time: Math.max(...FEEDS.map((f) => f.last_updated_on_time)),
  };
  if ("groups" in r) {
    out.groups = GROUPS;
    out.feeds_groups = feedsGroups();
  }
  if ("feeds" in r) {
    out.feeds = FEEDS.map(({ cat: _cat, ...f }) => ({ ...f, favicon_id: f.id, is_spark: 0 }));
    out.feeds_groups = feedsGroups();
  }
  if ("items" in r) {
    out.total_items = ITEMS.length;
    let list = [...ITEMS];
    // FreshRSS reads `feed_ids` and `group_ids`; any other parameter (the server sends `feed_id`) is ignored.
    if (r.feed_ids) {
      const ids = r.feed_ids.split(",").map(Number);
      list = list.filter((i) => ids.includes(i.feed_id));
    }
    if (r.with_ids !== undefined) {
      const ids = r.with_ids.split(",");
      list = list.filter((i) => ids.includes(i.id));
    }
    out.items = list.slice(0, 50).map((i) => ({ ...i }));
  }
  if ("unread_item_ids" in r) out.unread_item_ids = unreadIds();
  if ("saved_item_ids" in r) out.saved_item_ids = savedIds();
  if (r.mark && r.as && r.id && /^\d+$/.test(r.id)) {
    if (r.mark === "item") {
      const item = ITEMS.find((i) => i.id === r.id);
      if (item && r.as === "read") item.is_read = 1;
      if (item && r.as === "unread") item.is_read = 0;
      if (item && r.as === "saved") item.is_saved = 1;
      if (item && r.as === "unsaved") item.is_saved = 0;
    } else if (r.mark === "feed" && r.as === "read") {
      const before = Number(r.before ?? 0);
      for (const i of ITEMS)
        if (i.feed_id === Number(r.id) && (!before || i.created_on_time <= before)) i.is_read = 1;
    }
    if (r.as === "read" || r.as === "unread") out.unread_item_ids = unreadIds();
    if (r.as === "saved" || r.as === "unsaved") out.saved_item_ids = savedIds();
  }
  json(res, 200, out);
}

export const freshrssStandin = httpStandin(FRESHRSS_PORT, fever);

export const ALL_STANDINS = [freshrssStandin];
