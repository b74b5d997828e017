// Loopback stand-ins for the service behind this group's servers: Wiki.js 2.5's GraphQL endpoint (`POST /graphql`),
// answering with Wiki.js's own bodies and error bodies (README.md cites where each comes from), with nginx in front of
// it as the Wiki.js docs deploy it (nginx's 429 with the operator's Retry-After, nginx's 502 page).
// - 42800: the wiki behind wikijs-mcp (WIKIJS_URL, configurable, plain HTTP).
// - 42801: the wiki behind mcp-wikijs (WIKIJS_BASE_URL, configurable, plain HTTP).
// Two listeners, so one can be stopped alone. Each answers only the fields the query selects, in its order, as
// GraphQL does (a small selection-set reader below), so the two servers' different queries get different shapes.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r32-c";

export const WIKI_A_PORT = 42800;
export const WIKI_B_PORT = 42801;
export const MCP_HTTP_PORT = 42802;

export const state = {
  rateLimited: false,
  badGateway: false,
  dbPoolTimeout: false,
  apiDisabled: false,
};

export const unknownRequests: string[] = [];

/** Requests each stand-in received (the README reports them). */
export const hits: Record<string, number> = {};

// Wiki.js API keys are RS256 JWTs (`{api, grp}` claims) made in Administration > API Access; these are made up.
const jwt = (payload: string, sig: string) =>
  `eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(payload).toString("base64url")}.${sig}`;
/** A key of the "API Full Access" group. */
export const KEY_FULL = jwt(
  '{"api":4,"grp":3,"iat":1788163200,"exp":1819699200,"aud":"urn:wiki.js","iss":"urn:wiki.js"}',
  "k3Qm9vXw2LpZr8TnY4sB7cHd1fJg6aKe0uWiEoRt5yU",
);
/** A key whose expiration date has passed: passport-jwt rejects it and Wiki.js serves the request as the Guest user. */
export const KEY_EXPIRED = jwt(
  '{"api":2,"grp":3,"iat":1756627200,"exp":1780272000,"aud":"urn:wiki.js","iss":"urn:wiki.js"}',
  "Zr2Lx8Nq4Vt6Bw0Yc3Mh9Kd5Pf1Sg7Jn2Ua8Ee4Io6",
);
/** A key an administrator revoked: Wiki.js's auth middleware calls next(new Error('API Key is invalid or was revoked.')). */
export const KEY_REVOKED = jwt(
  '{"api":3,"grp":3,"iat":1772323200,"exp":1803859200,"aud":"urn:wiki.js","iss":"urn:wiki.js"}',
  "Hq7Wz1Xc4Vb8Nm2Lk6Jh0Gf3Ds9Ap5Oi1Uy7Tr4Ee2",
);
export const LOGIN_USER = "svc-docs-bot@northwind.example";

// ------------------------------------------------------------------------------------------------- the wiki

interface Page {
  id: number;
  path: string;
  locale: string;
  title: string;
  description: string;
  content: string;
  tags: string[];
  isPublished: boolean;
  isPrivate: boolean;
  createdAt: string;
  updatedAt: string;
  /** Page rules deny the API key's group on this path (read or delete). */
  denyRead?: boolean;
  denyDelete?: boolean;
}

const PAGES: Page[] = [
  {
    id: 3,
    path: "home",
    locale: "en",
    title: "Northwind IT Wiki",
    description: "Start here: how the IT wiki is organised",
    content:
      "# Northwind IT Wiki\n\nNetwork, backup and on-call documentation for the Northwind operations team.\n\n- [VPN setup](/en/it/network/vpn-setup)\n- [Restoring from restic](/en/it/backup/restic-restore)\n- [Runbooks](/en/ops/runbooks)\n",
    tags: [],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-03-02T09:14:51.208Z",
    updatedAt: "2026-08-19T15:02:33.771Z",
  },
  {
    id: 12,
    path: "it/network/vpn-setup",
    locale: "en",
    title: "VPN setup (WireGuard)",
    description: "Connecting a laptop to the office VPN with WireGuard",
    content:
      "# VPN setup (WireGuard)\n\n1. Install the WireGuard client.\n2. Request a peer config in #it-helpdesk; it is valid for 90 days.\n3. Import `northwind-wg0.conf` and activate the tunnel.\n\nThe VPN endpoint is `vpn.northwind.example:51820`. Split tunnelling routes `10.40.0.0/16` only.\n",
    tags: ["vpn", "network", "onboarding"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-04-11T12:40:07.532Z",
    updatedAt: "2026-10-02T08:21:37.112Z",
  },
  {
    id: 14,
    path: "it/backup/restic-restore",
    locale: "en",
    title: "Restoring files from restic",
    description: "Restore a file or a whole host from the nightly restic snapshots",
    content:
      "# Restoring files from restic\n\n```\nrestic -r s3:s3.northwind.example/backups snapshots --host fs01\nrestic -r s3:s3.northwind.example/backups restore latest --target /restore --include /srv/share/finance\n```\n",
    tags: ["backup", "runbook"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-05-20T07:03:18.004Z",
    updatedAt: "2026-09-28T17:45:10.663Z",
  },
  {
    id: 15,
    path: "it/backup/nightly-jobs",
    locale: "en",
    title: "Nightly backup jobs",
    description: "Which hosts are backed up when, and where the logs are",
    content:
      "# Nightly backup jobs\n\n| host | time | retention |\n| --- | --- | --- |\n| fs01 | 01:00 | 30 daily, 12 monthly |\n| db01 | 02:30 | 14 daily |\n",
    tags: ["backup"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-05-20T07:31:44.918Z",
    updatedAt: "2026-07-14T10:12:05.390Z",
  },
  {
    id: 18,
    path: "it/network/firewall-rules",
    locale: "en",
    title: "Firewall rules",
    description: "Inbound and VPN rules on the edge firewall",
    content:
      "# Firewall rules\n\nInbound is closed except 443/tcp to the reverse proxy and 51820/udp to the VPN concentrator.\n",
    tags: ["network", "vpn"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-06-03T13:22:09.871Z",
    updatedAt: "2026-09-09T11:48:26.245Z",
  },
  {
    id: 21,
    path: "hr/onboarding",
    locale: "en",
    title: "Onboarding checklist",
    description: "Accounts, laptop and VPN access for new staff",
    content:
      "# Onboarding checklist\n\n- [ ] Entra ID account\n- [ ] Laptop enrolled in Intune\n- [ ] VPN peer requested (see [VPN setup](/en/it/network/vpn-setup))\n",
    tags: ["onboarding"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-03-15T08:00:12.449Z",
    updatedAt: "2026-06-30T14:05:58.120Z",
  },
  {
    id: 22,
    path: "hr/onboarding",
    locale: "de",
    title: "Onboarding-Checkliste",
    description: "Konten, Laptop und VPN-Zugang für neue Mitarbeitende",
    content:
      "# Onboarding-Checkliste\n\n- [ ] Entra-ID-Konto\n- [ ] Laptop in Intune registriert\n- [ ] VPN-Peer angefordert\n",
    tags: ["onboarding"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-03-15T08:20:44.090Z",
    updatedAt: "2026-06-30T14:09:13.577Z",
  },
  {
    id: 31,
    path: "hr/payroll/2026-salary-bands",
    locale: "en",
    title: "2026 salary bands",
    description: "Salary bands by grade (HR only)",
    content: "# 2026 salary bands\n\n(restricted)\n",
    tags: ["payroll"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2026-01-08T10:30:00.000Z",
    updatedAt: "2026-01-21T16:12:47.303Z",
    denyRead: true,
  },
  {
    id: 40,
    path: "ops/runbooks/db-failover",
    locale: "en",
    title: "PostgreSQL failover",
    description: "Promoting the replica when db01 is lost",
    content:
      "# PostgreSQL failover\n\n1. Confirm db01 is down (not just the network).\n2. `patronictl -c /etc/patroni.yml failover --candidate db02`\n3. Update the `db-primary` DNS record.\n",
    tags: ["runbook", "database"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2025-08-12T19:44:31.617Z",
    updatedAt: "2026-10-05T06:58:02.884Z",
  },
  {
    id: 57,
    path: "it/legacy/exchange-2013-notes",
    locale: "en",
    title: "Exchange 2013 notes (archived)",
    description: "Notes from the on-premises Exchange server, decommissioned 2024",
    content: "# Exchange 2013 notes\n\nKept for the audit trail. Do not delete.\n",
    tags: ["legacy"],
    isPublished: true,
    isPrivate: false,
    createdAt: "2023-11-02T09:00:00.000Z",
    updatedAt: "2024-05-17T12:31:20.556Z",
    denyDelete: true,
  },
];

/** Pages created through the API in this run (mcp-wikijs's wikijs_create_page). */
let created: Page[] = [];
let nextId = 88;

export function resetState() {
  created = [];
  nextId = 88;
  for (const key of Object.keys(hits)) delete hits[key];
  unknownRequests.length = 0;
}

const allPages = () => [...PAGES, ...created];

// --------------------------------------------------------------------------------------------- GraphQL bits

type Selection = Map<string, Selection | null>;

/** The selection set `{ … }` after the first occurrence of `field` (with or without arguments) in `query`. */
function selectionOf(query: string, field: string): Selection | null {
  const at = query.search(new RegExp(`\\b${field}\\s*(\\(|\\{)`));
  if (at < 0) return null;
  const tokens = query.slice(at + field.length).match(/\([^)]*\)|[A-Za-z_][A-Za-z0-9_]*|\{|\}/g) ?? [];
  let i = 0;
  if (tokens[i]?.startsWith("(")) i++;
  if (tokens[i] !== "{") return null;
  const read = (): Selection => {
    const sel: Selection = new Map();
    i++; // the "{"
    while (i < tokens.length && tokens[i] !== "}") {
      const name = tokens[i++]!;
      if (tokens[i]?.startsWith("(")) i++;
      if (tokens[i] === "{") sel.set(name, read());
      else sel.set(name, null);
    }
    i++; // the "}"
    return sel;
  };
  return read();
}

function project(value: unknown, sel: Selection | null): unknown {
  if (value === null || value === undefined) return null;
  if (!sel) return value;
  if (Array.isArray(value)) return value.map((item) => project(item, sel));
  const out: Record<string, unknown> = {};
  for (const [name, sub] of sel) out[name] = project((value as Record<string, unknown>)[name] ?? null, sub);
  return out;
}

/** Line and column of the first `$name` in the query text, as graphql-js reports a variable. */
function locationOf(query: string, name: string) {
  const at = query.indexOf(`$${name}`);
  const before = query.slice(0, Math.max(at, 0));
  const line = before.split("\n").length;
  const column = at - before.lastIndexOf("\n");
  return { line, column };
}

function fieldLocation(query: string, field: string) {
  const at = query.search(new RegExp(`\\b${field}\\s*\\(`));
  const before = query.slice(0, Math.max(at, 0));
  return { line: before.split("\n").length, column: at - before.lastIndexOf("\n") };
}

/** Apollo Server 2's formatting of an error thrown in a resolver (production: no stacktrace). */
function resolverError(query: string, field: string, message: string) {
  return {
    message,
    locations: [fieldLocation(query, field)],
    path: ["pages", field],
    extensions: { code: "INTERNAL_SERVER_ERROR" },
  };
}

/** Wiki.js's server/helpers/graph.js generateSuccess / generateError. */
const success = (message: string) => ({ succeeded: true, errorCode: 0, slug: "ok", message });
const failure = (slug: string, errorCode: number, message: string) => ({
  succeeded: false,
  errorCode,
  slug,
  message,
});

const NGINX_PAGE = (status: string) =>
  `<html>\r\n<head><title>${status}</title></head>\r\n<body>\r\n<center><h1>${status}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

const pageObject = (page: Page) => ({
  ...page,
  tags: page.tags.map((tag, index) => ({ id: page.id * 10 + index, tag, title: tag })),
  contentType: "markdown",
  editor: "markdown",
  render: `<div>${page.title}</div>`,
});

const listItem = (page: Page) => ({
  id: page.id,
  path: page.path,
  locale: page.locale,
  title: page.title,
  description: page.description,
  contentType: "markdown",
  isPublished: page.isPublished,
  isPrivate: page.isPrivate,
  privateNS: null,
  createdAt: page.createdAt,
  updatedAt: page.updatedAt,
  tags: page.tags,
});

/** What the basic "Database - PostgreSQL" search engine matches: words in the title and description. */
function searchPages(query: string, path?: string, locale?: string) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return allPages().filter(
    (page) =>
      !page.denyRead &&
      words.every((word) => `${page.title} ${page.description}`.toLowerCase().includes(word)) &&
      (!path || page.path.startsWith(path)) &&
      (!locale || page.locale === locale),
  );
}

// ------------------------------------------------------------------------------------------------- handler

function wikiHandler(name: string) {
  return (req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) => {
    hits[name] = (hits[name] ?? 0) + 1;
    if (req.method !== "POST" || url.pathname !== "/graphql") {
      unknownRequests.push(`${name} ${req.method} ${url.pathname}`);
      return json(res, 404, { data: {}, errors: [{ message: "Not Found", path: [] }] });
    }
    const nginx = { server: "nginx/1.24.0" };
    if (state.rateLimited) {
      // nginx's limit_req with `limit_req_status 429;` and the operator's `add_header Retry-After 60 always;`.
      return text(res, 429, NGINX_PAGE("429 Too Many Requests"), "text/html", {
        ...nginx,
        "retry-after": "60",
      });
    }
    if (state.badGateway) return text(res, 502, NGINX_PAGE("502 Bad Gateway"), "text/html", nginx);

    let payload: { query?: string; variables?: Record<string, unknown> };
    try {
      payload = JSON.parse(body) as typeof payload;
    } catch {
      return json(res, 400, {
        errors: [{ message: "POST body missing. Did you forget use body-parser middleware?" }],
      });
    }
    const query = payload.query ?? "";
    const vars = payload.variables ?? {};
    const auth = String(req.headers.authorization ?? "");
    const token = auth.replace(/^Bearer\s+/i, "");

    // server/master.js: an error passed to next() on /graphql.
    if (state.apiDisabled && token) {
      return json(res, 500, {
        data: {},
        errors: [
          { message: "API is disabled. You must enable it from the Administration Area first.", path: [] },
        ],
      });
    }
    if (token === KEY_REVOKED) {
      return json(res, 500, {
        data: {},
        errors: [{ message: "API Key is invalid or was revoked.", path: [] }],
      });
    }
    const answer = (data: unknown, errors?: unknown[]) =>
      json(res, 200, errors ? { errors, data } : { data }, nginx);

    // Login (mcp-wikijs with WIKIJS_USERNAME / WIKIJS_PASSWORD): the local strategy refuses the password.
    if (/\blogin\s*\(/.test(query)) {
      const sel = selectionOf(query, "login");
      return answer({
        authentication: {
          login: project(
            {
              responseResult: failure("AuthLoginFailed", 1002, "Invalid email / username or password."),
              jwt: null,
              mustChangePwd: null,
              mustProvideTFA: null,
              mustSetupTFA: null,
            },
            sel,
          ),
        },
      });
    }

    // Int variables outside GraphQL's 32-bit Int: graphql-js rejects them before execution, Apollo answers 400.
    if (typeof vars.id === "number" && (vars.id > 2147483647 || !Number.isInteger(vars.id))) {
      const detail = Number.isInteger(vars.id)
        ? `Int cannot represent non 32-bit signed integer value: ${vars.id}`
        : `Int cannot represent non-integer value: ${vars.id}`;
      return json(
        res,
        400,
        {
          errors: [
            {
              message: `Variable "$id" got invalid value ${vars.id}; ${detail}`,
              locations: [locationOf(query, "id")],
              extensions: { code: "INTERNAL_SERVER_ERROR" },
            },
          ],
        },
        nginx,
      );
    }

    const guest = token !== KEY_FULL; // an expired or unknown key is the Guest user, who may read nothing here
    const slow = (ms: number, send: () => void) => later(ms, send);

    // --- queries
    if (/\bsearch\s*\(/.test(query)) {
      const q = String(vars.query ?? "");
      const send = () => {
        if (state.dbPoolTimeout) {
          return answer({ pages: null }, [
            resolverError(
              query,
              "search",
              "Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a `.transacting(trx)` call?",
            ),
          ]);
        }
        const found = guest
          ? []
          : searchPages(q, vars.path as string | undefined, vars.locale as string | undefined);
        const results = found.map((page) => ({
          id: String(page.id),
          title: page.title,
          description: page.description,
          path: page.path,
          locale: page.locale,
        }));
        answer({
          pages: {
            search: project(
              { results, suggestions: [], totalHits: results.length },
              selectionOf(query, "search"),
            ),
          },
        });
      };
      if (/disaster recovery|kubernetes drain/i.test(q)) return slow(15_000, send);
      return send();
    }
    if (/\blist\s*\(/.test(query)) {
      if (state.dbPoolTimeout) {
        return answer({ pages: null }, [
          resolverError(
            query,
            "list",
            "Knex: Timeout acquiring a connection. The pool is probably full. Are you missing a `.transacting(trx)` call?",
          ),
        ]);
      }
      let pages = guest ? [] : allPages().filter((page) => !page.denyRead);
      if (vars.locale) pages = pages.filter((page) => page.locale === vars.locale);
      const tags = vars.tags as string[] | undefined;
      if (tags?.length) pages = pages.filter((page) => tags.every((tag) => page.tags.includes(tag)));
      pages = [...pages].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      if (typeof vars.limit === "number") pages = pages.slice(0, vars.limit);
      return answer({ pages: { list: project(pages.map(listItem), selectionOf(query, "list")) } });
    }
    for (const field of ["singleByPath", "single"] as const) {
      if (!new RegExp(`\\b${field}\\s*\\(`).test(query)) continue;
      const page =
        field === "single"
          ? allPages().find((p) => p.id === vars.id)
          : allPages().find((p) => p.path === vars.path && p.locale === vars.locale);
      const send = () => {
        if (!page)
          return answer({ pages: { [field]: null } }, [
            resolverError(query, field, "This page does not exist."),
          ]);
        if (guest || page.denyRead) {
          return answer({ pages: { [field]: null } }, [
            resolverError(query, field, "You are not authorized to view this page."),
          ]);
        }
        answer({ pages: { [field]: project(pageObject(page), selectionOf(query, field)) } });
      };
      // The restic page on wiki B renders slowly while the storage module rebuilds its cache.
      if (name === "wiki-b" && field === "single" && vars.id === 14) return slow(15_000, send);
      return send();
    }

    // --- mutations (mcp-wikijs)
    if (/\bcreate\s*\(/.test(query)) {
      const sel = selectionOf(query, "create");
      const path = String(vars.path ?? "");
      const locale = String(vars.locale ?? "en");
      if (allPages().some((page) => page.path === path && page.locale === locale)) {
        return answer({
          pages: {
            create: project(
              {
                responseResult: failure(
                  "PageDuplicateCreate",
                  6002,
                  "Cannot create this page because an entry already exists at the same path.",
                ),
                page: null,
              },
              sel,
            ),
          },
        });
      }
      const now = new Date().toISOString();
      const page: Page = {
        id: nextId++,
        path,
        locale,
        title: String(vars.title ?? ""),
        description: String(vars.description ?? ""),
        content: String(vars.content ?? ""),
        tags: (vars.tags as string[] | undefined) ?? [],
        isPublished: vars.isPublished !== false,
        isPrivate: vars.isPrivate === true,
        createdAt: now,
        updatedAt: now,
      };
      created.push(page);
      return answer({
        pages: {
          create: project(
            { responseResult: success("Page created successfully."), page: pageObject(page) },
            sel,
          ),
        },
      });
    }
    if (/\bupdate\s*\(/.test(query)) {
      const sel = selectionOf(query, "update");
      const page = allPages().find((p) => p.id === vars.id);
      if (!page) {
        return answer({
          pages: {
            update: project(
              { responseResult: failure("PageNotFound", 6003, "This page does not exist."), page: null },
              sel,
            ),
          },
        });
      }
      const updated: Page = {
        ...page,
        ...(vars.title !== undefined ? { title: String(vars.title) } : {}),
        ...(vars.content !== undefined ? { content: String(vars.content) } : {}),
        ...(vars.description !== undefined ? { description: String(vars.description) } : {}),
        ...(vars.tags !== undefined ? { tags: vars.tags as string[] } : {}),
        updatedAt: new Date().toISOString(),
      };
      return answer({
        pages: {
          update: project(
            { responseResult: success("Page has been updated."), page: pageObject(updated) },
            sel,
          ),
        },
      });
    }
    if (/\bdelete\s*\(/.test(query)) {
      const sel = selectionOf(query, "delete");
      const page = allPages().find((p) => p.id === vars.id);
      const result = !page
        ? failure("PageNotFound", 6003, "This page does not exist.")
        : page.denyDelete
          ? failure("PageDeleteForbidden", 6010, "You are not authorized to delete this page.")
          : success("Page has been deleted.");
      return answer({ pages: { delete: project({ responseResult: result }, sel) } });
    }

    unknownRequests.push(`${name} ${query.slice(0, 80).replace(/\s+/g, " ")}`);
    return json(res, 400, {
      errors: [{ message: "Unknown operation", extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }],
    });
  };
}

export const wikiA = httpStandin(WIKI_A_PORT, wikiHandler("wiki-a"));
export const wikiB = httpStandin(WIKI_B_PORT, wikiHandler("wiki-b"));
export const ALL_STANDINS = [wikiA, wikiB];
