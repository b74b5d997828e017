// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Karakeep's REST API (`/api/v1/…`, the Hono app of karakeep-app/karakeep's packages/api) for @karakeep/mcp,
//   whose base URL is the documented `KARAKEEP_API_ADDR`: a plain HTTP listener.
// - Hacker News for hn-mcp: the Firebase API (`hacker-news.firebaseio.com/v0/…`) and Algolia's HN Search API
//   (`hn.algolia.com/api/v1/search`). Both hosts are written into the server, which calls them with Node's own
//   `fetch`: proxy-preload.mjs routes it through standin-kit's `forwardProxy`.
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
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r27-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const KARAKEEP_PORT = 42000;
export const HN_PROXY_PORT = 42001;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["hacker-news.firebaseio.com", "hn.algolia.com"]);

export const state = {
  kkKeyRevoked: false,
  kkReadOnlyKey: false,
  kkRateLimited: false,
  kkServerError: false,
  kkBadGateway: false,
  hnFirebase503: false,
  hnAlgolia429: false,
  hnComment500: false,
};

export const unknownRequests: string[] = [];

// ------------------------------------------------------------------------------------------------ shared pages

// What nginx in front of a self-hosted Karakeep answers while the app container restarts.
const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.27.3</center>
</body>
</html>
`;

// ---------------------------------------------------------------------------------------------------- Karakeep

export const KARAKEEP_KEY = "ak2_1d9c3f5a7e0b2d4f6a8c_0e2f4a6c8e1b3d5f7a9c0e2f4a6c8e1b";
const USER_ID = "x1xrj6hg6mmbsmv2rwbsgf0c";

export const BM_ASYNC = "ieidlxygmwj87oxz5hxttoc8";
export const BM_CORRODE = "q8c2v1m0k7b4n3x9z5l6a2sd";
export const BM_PENDING = "w3e4r5t6y7u8i9o0p1a2s3d4";
export const BM_MISSING = "zz9yx8wv7ut6sr5qp4on3ml2";
export const BM_SLOW = "s1o2w3b4o5o6k7m8a9r0k1xx";
const BM_NEW = "c4v6b8n0m2a4s6d8f0g2h4j6";

export const LIST_READ_LATER = "l7k3n9p2q5r8t1v4x6z0b3m5";
export const LIST_RUST = "r9u8s7t6l5i4s3t2a1b0c9d8";
export const LIST_UNREAD_HN = "s5m4a3r2t1h0n9q8w7e6r5t4";
export const LIST_WEEKEND = "w0e9e8k7e6n5d4r3e2a1d0s9";

const TAG_RUST = "t1r2u3s4t5a6g7i8d9r0u1s2";
const TAG_ASYNC = "t9a8s7y6n5c4t3a2g1i0d9x8";
const TAG_HN = "t4h5n6t7a8g9i0d1h2n3t4a5";

const ASYNC_HTML = `<div><h1>Why async Rust?</h1><p>Async/await syntax in Rust was initially released to much fanfare and excitement. To quote Hacker News at the time:</p><blockquote><p>This is going to open the flood gates. I am sure lot of people were just waiting for this moment for Rust adoption.</p></blockquote><p>Here I want to explain the design decisions that led to async/await, and why I think they were the right choices: a <em>stackless coroutine</em> model that compiles each async function into a state machine, with no allocation and no runtime built into the language.</p><h2>Green threads</h2><p>Early Rust had green threads. They were removed before 1.0, because a language that wants to be usable for systems programming cannot impose a runtime on every program.</p></div>`;

function tag(id: string, name: string, attachedBy: "ai" | "human") {
  return { id, name, attachedBy };
}

function linkBookmark(
  id: string,
  fields: {
    url: string;
    title: string | null;
    description?: string | null;
    author?: string | null;
    publisher?: string | null;
    htmlContent?: string | null;
    crawlStatus?: "success" | "failure" | "pending" | null;
    createdAt: string;
    favourited?: boolean;
    archived?: boolean;
    tags?: ReturnType<typeof tag>[];
    summary?: string | null;
    note?: string | null;
    source?: string;
  },
  includeContent: boolean,
) {
  return {
    id,
    createdAt: fields.createdAt,
    modifiedAt: fields.createdAt,
    title: null,
    archived: fields.archived ?? false,
    favourited: fields.favourited ?? false,
    taggingStatus: fields.crawlStatus === "pending" ? "pending" : "success",
    summarizationStatus: fields.summary ? "success" : null,
    embeddingStatus: fields.crawlStatus === "pending" ? "pending" : "success",
    note: fields.note ?? null,
    summary: fields.summary ?? null,
    source: fields.source ?? "extension",
    userId: USER_ID,
    tags: fields.tags ?? [],
    content: {
      type: "link",
      url: fields.url,
      title: fields.title,
      description: fields.description ?? null,
      imageUrl: null,
      imageAssetId: null,
      screenshotAssetId: fields.crawlStatus === "success" ? "a8s7d6f5g4h3j2k1l0z9x8c7" : null,
      favicon: null,
      htmlContent: includeContent ? (fields.htmlContent ?? null) : undefined,
      crawledAt: fields.crawlStatus === "success" ? fields.createdAt : null,
      crawlStatus: fields.crawlStatus ?? "success",
      author: fields.author ?? null,
      publisher: fields.publisher ?? null,
      datePublished: null,
      dateModified: null,
    },
    assets:
      fields.crawlStatus === "success"
        ? [{ id: "a8s7d6f5g4h3j2k1l0z9x8c7", assetType: "screenshot", fileName: null }]
        : [],
  };
}

const BOOKMARKS: Record<string, (includeContent: boolean) => unknown> = {
  [BM_ASYNC]: (c) =>
    linkBookmark(
      BM_ASYNC,
      {
        url: "https://without.boats/blog/why-async-rust/",
        title: "Why async Rust?",
        description:
          "Async/await syntax in Rust was initially released to much fanfare and excitement. Here I want to explain the design decisions that led to it.",
        author: "Without boats",
        publisher: "without.boats",
        htmlContent: ASYNC_HTML,
        crawlStatus: "success",
        createdAt: "2026-11-18T21:04:11.000Z",
        favourited: true,
        tags: [tag(TAG_RUST, "rust", "human"), tag(TAG_ASYNC, "async", "ai")],
        summary:
          "The author defends Rust's stackless-coroutine async/await design: zero-cost futures compiled into state machines, no built-in runtime, and the trade-offs that came with it.",
      },
      c,
    ),
  [BM_CORRODE]: (c) =>
    linkBookmark(
      BM_CORRODE,
      {
        url: "https://corrode.dev/blog/async/",
        title: "The State of Async Rust: Runtimes",
        description: "A look at the async runtime ecosystem in Rust, and why Tokio dominates it.",
        author: "Matthias Endler",
        publisher: "corrode Rust Consulting",
        htmlContent:
          "<article><p>Recently, I found myself returning to a compelling series of blog posts titled <em>Zero-cost futures in Rust</em> by Aaron Turon about what would become the foundation of Rust's async ecosystem.</p></article>",
        crawlStatus: "success",
        createdAt: "2026-11-20T08:31:45.000Z",
        tags: [tag(TAG_RUST, "rust", "human"), tag(TAG_ASYNC, "async", "ai"), tag(TAG_HN, "hn", "human")],
      },
      c,
    ),
  [BM_PENDING]: (c) =>
    linkBookmark(
      BM_PENDING,
      {
        url: "https://www.scattered-thoughts.net/writing/the-shape-of-data/",
        title: null,
        crawlStatus: "pending",
        createdAt: "2026-12-06T23:58:02.000Z",
        source: "rss",
      },
      c,
    ),
};

function list(
  id: string,
  name: string,
  icon: string,
  type: "manual" | "smart",
  extra: { description?: string | null; query?: string | null; parentId?: string | null } = {},
) {
  return {
    id,
    name,
    description: extra.description ?? null,
    icon,
    parentId: extra.parentId ?? null,
    type,
    query: extra.query ?? null,
    public: false,
    hasCollaborators: false,
    userRole: "owner",
  };
}

const LISTS = [
  list(LIST_READ_LATER, "Read later", "📚", "manual", { description: "Articles saved from the feed reader" }),
  list(LIST_RUST, "Rust", "🦀", "manual", { parentId: LIST_READ_LATER }),
  list(LIST_UNREAD_HN, "Unread from HN", "🟧", "smart", { query: "#hn -is:archived" }),
  list(LIST_WEEKEND, "Weekend reads", "☕", "manual"),
];

const TAGS = [
  { id: TAG_RUST, name: "rust", numBookmarks: 14, numBookmarksByAttachedType: { human: 11, ai: 3 } },
  { id: TAG_ASYNC, name: "async", numBookmarks: 6, numBookmarksByAttachedType: { ai: 6 } },
  { id: TAG_HN, name: "hn", numBookmarks: 31, numBookmarksByAttachedType: { human: 31 } },
];

const HIGHLIGHTS = [
  {
    id: "h1g2h3l4i5g6h7t8a9b0c1d2",
    bookmarkId: BM_ASYNC,
    startOffset: 412,
    endOffset: 529,
    color: "yellow",
    text: "a stackless coroutine model that compiles each async function into a state machine, with no allocation",
    note: "the core argument",
    userId: USER_ID,
    createdAt: "2026-11-19T07:12:40.000Z",
  },
  {
    id: "h9i8g7h6l5i4g3h2t1x0y9z8",
    bookmarkId: BM_CORRODE,
    startOffset: 96,
    endOffset: 171,
    color: "green",
    text: "Zero-cost futures in Rust by Aaron Turon",
    note: null,
    userId: USER_ID,
    createdAt: "2026-11-21T19:40:02.000Z",
  },
];

// Hono's HTTPException answers its message as text/plain (hono/http-exception, `getResponse()`); Karakeep's
// trpcAdapter turns each TRPCError into one, so NOT_FOUND, FORBIDDEN, BAD_REQUEST and UNAUTHORIZED reach a client
// as plain text with the tRPC error's status.
function plain(res: http.ServerResponse, status: number, message: string) {
  text(res, status, message, "text/plain; charset=UTF-8");
}

// @hono/zod-validator 0.7.6's default hook: `if (!result.success) return c.json(result, 400)`, where the result is
// zod 4's safeParse result (the ZodError serializes as its name and its issues as a JSON message).
function zodFailure(res: http.ServerResponse, issues: unknown[]) {
  json(res, 400, {
    success: false,
    error: { name: "ZodError", message: JSON.stringify(issues, null, 2) },
  });
}

const RUST_QUERY = /\b(rust|async)\b/i;

function karakeepHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const p = url.pathname.replace(/^\/api\/v1/, "");
  const method = req.method ?? "GET";
  res.setHeader("x-powered-by", "Hono");
  if (req.headers.authorization !== `Bearer ${KARAKEEP_KEY}` || state.kkKeyRevoked) {
    return plain(res, 401, "Unauthorized");
  }
  if (state.kkRateLimited) return plain(res, 429, "Rate limit exceeded. Try again in 42 seconds.");
  if (state.kkBadGateway) return text(res, 502, NGINX_502, "text/html", { server: "nginx/1.27.3" });
  if (state.kkServerError) return plain(res, 500, "Internal server error");

  let m: RegExpMatchArray | null;
  if (method === "GET" && p === "/lists") return json(res, 200, { lists: LISTS });
  if (method === "GET" && (m = p.match(/^\/lists\/([^/]+)$/))) {
    const found = LISTS.find((l) => l.id === m![1]);
    return found ? json(res, 200, found) : plain(res, 404, "List not found");
  }
  if (method === "GET" && (m = p.match(/^\/lists\/([^/]+)\/bookmarks$/))) {
    if (m[1] === LIST_WEEKEND) return json(res, 200, { bookmarks: [], nextCursor: null });
    if (m[1] === LIST_RUST)
      return json(res, 200, {
        bookmarks: [BOOKMARKS[BM_CORRODE]!(false), BOOKMARKS[BM_ASYNC]!(false)],
        nextCursor: null,
      });
    return plain(res, 404, "List not found");
  }
  if (method === "PUT" && (m = p.match(/^\/lists\/([^/]+)\/bookmarks\/([^/]+)$/))) {
    if (m[1] === LIST_UNREAD_HN) return plain(res, 400, "Smart lists cannot be added to");
    res.writeHead(204);
    return res.end();
  }
  if (method === "GET" && p === "/bookmarks/search") {
    const q = url.searchParams.get("q") ?? "";
    const hits = RUST_QUERY.test(q) ? [BOOKMARKS[BM_ASYNC]!(false), BOOKMARKS[BM_CORRODE]!(false)] : [];
    return json(res, 200, { bookmarks: hits, nextCursor: null });
  }
  if (method === "POST" && p === "/bookmarks") {
    const input = parse(body) as { type?: string; url?: string; title?: string };
    if (input.type === "link" && !/^https?:\/\/[^\s]+$/.test(input.url ?? "")) {
      return zodFailure(res, [
        { code: "invalid_format", format: "url", path: ["url"], message: "Invalid URL" },
        { code: "custom", path: ["url"], message: "Only http and https URLs are allowed" },
      ]);
    }
    return json(
      res,
      201,
      linkBookmark(
        BM_NEW,
        {
          url: input.url ?? "",
          title: input.title ?? null,
          crawlStatus: "pending",
          createdAt: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
          source: "api",
        },
        false,
      ),
    );
  }
  if ((m = p.match(/^\/bookmarks\/([^/]+)$/))) {
    const id = m[1]!;
    if (method === "GET" && id === BM_SLOW) {
      return later(15_000, () => json(res, 200, BOOKMARKS[BM_ASYNC]!(false)));
    }
    const make = BOOKMARKS[id];
    if (!make) return plain(res, 404, "Bookmark not found");
    if (method === "GET") return json(res, 200, make(url.searchParams.get("includeContent") === "true"));
    if (method === "PATCH") {
      if (state.kkReadOnlyKey)
        return plain(res, 403, "API key is missing required scope: bookmarks:readwrite");
      return json(res, 200, { ...(make(false) as object), ...parse(body) });
    }
  }
  if ((m = p.match(/^\/bookmarks\/([^/]+)\/tags$/)) && method === "POST") {
    if (!BOOKMARKS[m[1]!] && m[1] !== BM_NEW) return plain(res, 404, "Bookmark not found");
    const tags = ((parse(body) as { tags?: { tagName: string }[] }).tags ?? []).map(
      (t) => TAGS.find((known) => known.name === t.tagName)?.id ?? "t0n1e2w3t4a5g6i7d8x9y0z1",
    );
    return json(res, 200, { attached: tags });
  }
  if ((m = p.match(/^\/bookmarks\/([^/]+)\/lists$/)) && method === "GET") {
    if (m[1] === BM_ASYNC) return json(res, 200, { lists: [LISTS[0], LISTS[1]] });
    if (BOOKMARKS[m[1]!]) return json(res, 200, { lists: [] });
    return plain(res, 404, "Bookmark not found");
  }
  if (method === "GET" && p === "/tags") {
    const contains = url.searchParams.get("nameContains");
    const tags = contains ? TAGS.filter((t) => t.name.includes(contains)) : TAGS;
    return json(res, 200, { tags, nextCursor: null });
  }
  if (method === "GET" && p === "/highlights")
    return json(res, 200, { highlights: HIGHLIGHTS, nextCursor: null });
  if ((m = p.match(/^\/highlights\/([^/]+)$/)) && method === "DELETE") {
    const found = HIGHLIGHTS.find((h) => h.id === m![1]);
    return found ? json(res, 200, found) : plain(res, 404, "Highlight not found");
  }
  unknownRequests.push(`karakeep ${method} ${p}`);
  return plain(res, 404, "404 Not Found");
}

export const karakeepStandin = httpStandin(KARAKEEP_PORT, karakeepHandler);

// ------------------------------------------------------------------------------------------------- Hacker News

// Items as the Firebase API returns them (GET /v0/item/<id>.json). 8863 and its comments are real public items
// (the Dropbox launch thread); the front-page stories are made up in the same shape, dated from the capture's hour.
const NOW = Math.floor(Date.now() / 3_600_000) * 3600;

type Item = Record<string, unknown>;

const ITEMS: Record<number, Item> = {
  8863: {
    by: "dhouston",
    descendants: 71,
    id: 8863,
    kids: [9224, 8917, 8884],
    score: 104,
    time: 1175714200,
    title: "My YC app: Dropbox - Throw away your USB drive",
    type: "story",
    url: "http://www.getdropbox.com/u/2/screencast.html",
  },
  9224: {
    by: "BrandonM",
    id: 9224,
    kids: [9272],
    parent: 8863,
    text: "I have a few qualms with this app:<p>1. For a Linux user, you can already build such a system yourself quite trivially by getting an FTP account, mounting it locally with curlftpfs, and then using SVN or CVS on the mounted filesystem.",
    time: 1175786214,
    type: "comment",
  },
  9272: {
    by: "dhouston",
    id: 9272,
    parent: 9224,
    text: "thanks for the feedback! i'll respond to all three :)",
    time: 1175796458,
    type: "comment",
  },
  8917: {
    by: "pg",
    id: 8917,
    parent: 8863,
    text: "Nice. Do you have a version for Windows yet?",
    time: 1175727287,
    type: "comment",
  },
  8884: { deleted: true, id: 8884, parent: 8863, time: 1175719541, type: "comment" },
  // The front page.
  42471001: story(
    42471001,
    "tptacek",
    "Why async Rust?",
    "https://without.boats/blog/why-async-rust/",
    612,
    388,
  ),
  42471002: story(
    42471002,
    "ingve",
    "The State of Async Rust: Runtimes",
    "https://corrode.dev/blog/async/",
    341,
    207,
  ),
  42471003: story(
    42471003,
    "todsacerdoti",
    "SQLite's WAL mode, explained",
    "https://fly.io/blog/sqlite-internals-wal/",
    288,
    95,
  ),
  42471004: story(
    42471004,
    "mfiguiere",
    "Zig 0.14 Release Notes",
    "https://ziglang.org/download/0.14.0/release-notes.html",
    455,
    264,
  ),
  42471005: story(
    42471005,
    "jlaneve",
    "Show HN: A terminal RSS reader in 400 lines of Go",
    "https://github.com/jlaneve/feedtui",
    187,
    61,
  ),
  42471006: {
    by: "throwaway_pm",
    descendants: 148,
    id: 42471006,
    kids: [42471090],
    score: 231,
    text: "I run a small team that still reads everything through RSS. Which reader do you use in 2026, and how do you keep up with HN without the firehose?",
    time: NOW - 5400,
    title: "Ask HN: What RSS reader do you use in 2026?",
    type: "story",
  },
  42471007: {
    by: "kevinwoods",
    descendants: 12,
    id: 42471007,
    score: 64,
    text: "",
    time: NOW - 9000,
    title: "Ask HN: Is Pocket's shutdown pushing you to self-host read-later?",
    type: "story",
  },
  42471008: {
    by: "whoishiring",
    id: 42471008,
    score: 1,
    time: NOW - 21_600,
    title: "Feedly (YC S09?) is hiring a senior backend engineer – Remote (EU)",
    type: "job",
    url: "https://feedly.com/jobs",
  },
  42471009: {
    by: "mattlevy",
    id: 42471009,
    score: 1,
    time: NOW - 30_000,
    title: "Readwise (YC S17) Is Hiring a Senior Full-Stack Engineer",
    type: "job",
    url: "https://readwise.io/careers",
  },
  42471090: {
    by: "linkdump",
    id: 42471090,
    parent: 42471006,
    text: "Miniflux on a $5 VPS, and hnrss.org for the front page above 300 points. Been the same setup for six years.",
    time: NOW - 4800,
    type: "comment",
  },
  42471095: {
    by: "pg",
    id: 42471095,
    parent: 42471006,
    text: "I still read HN through the RSS feed most days.",
    time: NOW - 2400,
    type: "comment",
  },
  // A story whose first comment fails to load (hnComment500).
  42471010: {
    by: "pavel_lishin",
    descendants: 2,
    id: 42471010,
    kids: [42471011, 42471012],
    score: 98,
    time: NOW - 12_000,
    title: "Inoreader raises prices for Pro plans",
    type: "story",
    url: "https://www.inoreader.com/blog/2026/11/pricing-update.html",
  },
  42471011: {
    by: "jrockway",
    id: 42471011,
    parent: 42471010,
    text: "Still cheaper than the time I spend curating feeds.",
    time: NOW - 11_000,
    type: "comment",
  },
  42471012: {
    by: "arp242",
    id: 42471012,
    parent: 42471010,
    text: "FreshRSS does everything I used Inoreader for.",
    time: NOW - 10_800,
    type: "comment",
  },
};

function story(id: number, by: string, title: string, url: string, score: number, descendants: number): Item {
  return {
    by,
    descendants,
    id,
    kids: [],
    score,
    time: NOW - 3600 - (id % 100) * 600,
    title,
    type: "story",
    url,
  };
}

const LISTS_HN: Record<string, number[]> = {
  top: [42471001, 42471002, 42471003, 42471004, 42471005, 42471006, 42471010],
  ask: [42471006, 42471007],
  job: [42471008, 42471009],
  new: [42471010, 42471005, 42471003],
  show: [42471005],
  best: [42471001, 42471004],
};

const USERS: Record<string, Item> = {
  pg: {
    about:
      'Bug fixer.<p>Founder of YC, co-founder of <a href="http:&#x2F;&#x2F;news.ycombinator.com">Hacker News</a>.',
    created: 1160418092,
    id: "pg",
    karma: 157316,
    submitted: [42471095, 8917],
  },
  dhouston: { created: 1172794227, id: "dhouston", karma: 2817, submitted: [9272, 8863] },
  lurker_no_posts: { created: 1700000000, id: "lurker_no_posts", karma: 1 },
};

// Algolia's HN Search answers (GET /api/v1/search), in its hit shape.
function hit(objectID: string, fields: Record<string, unknown>, tags: string[]) {
  return { ...fields, objectID, _tags: tags, _highlightResult: {} };
}

const SEARCH_HITS: Record<string, unknown[]> = {
  "rust async": [
    hit(
      "42471001",
      {
        title: "Why async Rust?",
        url: "https://without.boats/blog/why-async-rust/",
        author: "tptacek",
        points: 612,
        story_text: null,
        num_comments: 388,
        story_id: 42471001,
        created_at: new Date((NOW - 13_800) * 1000).toISOString().replace(".000", ""),
        created_at_i: NOW - 13_800,
      },
      ["story", "author_tptacek", "story_42471001", "front_page"],
    ),
    hit(
      "37849230",
      {
        title: "Async Rust is a bad language",
        url: "https://bitbashing.io/async-rust.html",
        author: "ingve",
        points: 494,
        story_text: null,
        num_comments: 511,
        story_id: 37849230,
        created_at: "2023-10-12T09:12:46Z",
        created_at_i: 1697101966,
      },
      ["story", "author_ingve", "story_37849230"],
    ),
  ],
  miniflux: [
    hit(
      "42471090",
      {
        comment_text:
          "Miniflux on a $5 VPS, and hnrss.org for the front page above 300 points. Been the same setup for six years.",
        author: "linkdump",
        points: null,
        story_id: 42471006,
        story_title: "Ask HN: What RSS reader do you use in 2026?",
        story_url: null,
        parent_id: 42471006,
        created_at: new Date((NOW - 4800) * 1000).toISOString().replace(".000", ""),
        created_at_i: NOW - 4800,
      },
      ["comment", "author_linkdump", "story_42471006"],
    ),
  ],
};

export const HN_SLOW_QUERY = "pocket shutdown export";
export const HN_SLOW_USER = "patio11";

function searchBody(query: string, hits: unknown[], hitsPerPage: number) {
  return {
    exhaustive: { nbHits: true, typo: true },
    exhaustiveNbHits: true,
    exhaustiveTypo: true,
    hits,
    hitsPerPage,
    nbHits: hits.length,
    nbPages: hits.length ? 1 : 0,
    page: 0,
    params: `query=${encodeURIComponent(query)}&hitsPerPage=${hitsPerPage}&advancedSyntax=true&analyticsTags=backend`,
    processingTimeMS: 3,
    query,
    serverTimeMS: 5,
  };
}

function firebaseHandler(url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  let m: RegExpMatchArray | null;
  if ((m = p.match(/^\/v0\/(\w+)stories\.json$/))) {
    if (state.hnFirebase503) {
      return json(res, 503, { error: "The database is temporarily unavailable." });
    }
    const ids = LISTS_HN[m[1]!];
    return ids ? json(res, 200, ids) : json(res, 401, { error: "Permission denied" });
  }
  if ((m = p.match(/^\/v0\/item\/(.+)\.json$/))) {
    const id = Number(m[1]);
    if (state.hnComment500 && id === 42471011) {
      return json(res, 500, { error: "Internal server error." });
    }
    return json(res, 200, ITEMS[id] ?? null);
  }
  if ((m = p.match(/^\/v0\/user\/(.+)\.json$/))) {
    const name = decodeURIComponent(m[1]!);
    // Firebase keys cannot hold ".", "#", "$", "[" or "]": the REST API refuses the path (400).
    if (/[.#$[\]]/.test(name)) return json(res, 400, { error: "Invalid path: Invalid token in path" });
    if (name === HN_SLOW_USER) {
      return later(15_000, () => json(res, 200, { created: 1200000000, id: HN_SLOW_USER, karma: 110000 }));
    }
    return json(res, 200, USERS[name] ?? null);
  }
  return null;
}

function hnHandler(req: http.IncomingMessage, url: URL, _body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  if (host === "hacker-news.firebaseio.com") {
    if (firebaseHandler(url, res) !== null) return;
  }
  if (host === "hn.algolia.com" && url.pathname === "/api/v1/search") {
    const query = url.searchParams.get("query") ?? "";
    const perPage = Number(url.searchParams.get("hitsPerPage") ?? "20");
    if (state.hnAlgolia429) {
      return json(res, 429, { message: "Too many requests", status: 429 }, { "retry-after": "3600" });
    }
    if (query === HN_SLOW_QUERY) return later(15_000, () => json(res, 200, searchBody(query, [], perPage)));
    const hits = SEARCH_HITS[query.toLowerCase()] ?? [];
    const tags = url.searchParams.get("tags");
    const filtered = tags ? hits.filter((h) => (h as { _tags: string[] })._tags.includes(tags)) : hits;
    return json(res, 200, searchBody(query, filtered.slice(0, perPage), perPage));
  }
  unknownRequests.push(`hn ${req.method} ${host}${url.pathname}`);
  return json(res, 404, { error: "Not found" });
}

export const hnStandin = forwardProxy(HN_PROXY_PORT, ensureCertificate, hnHandler);

export const ALL_STANDINS = [karakeepStandin, hnStandin];
