// Loopback stand-in for group r41-e: Pipedream's REST API (`https://api.pipedream.com/v1`), which @pipedream/mcp's
// SDK calls with its host written in. The server is reached through a forward proxy on 44700 that terminates CONNECT
// with the stand-in certificate (trusted by NODE_EXTRA_CA_CERTS); the group's preload points Node's fetch at it.
// The stand-in answers:
// - the OAuth client-credentials token endpoint (`/v1/oauth/token`);
// - Pipedream Connect: the Mastodon app's actions and their definitions (`/connect/{project}/actions`,
//   `/connect/{project}/components/{key}`), the end user's connected accounts (`/connect/{project}/accounts`), Connect
//   tokens (`/connect/{project}/tokens`), and `/connect/{project}/actions/run`, which runs one action;
// - inside an action run, what Pipedream's Mastodon components (PipedreamHQ/pipedream components/mastodon) return
//   from a Mastodon instance: `{exports: {$summary}, os: [], ret}` on success, and on a failed Mastodon request the
//   error Pipedream's axios wrapper raises (`name` "AxiosError - Request failed with status code N", `message` the
//   JSON of the response body) logged in `os` with `k: "error"`, and the response exported as `debug`.
// README.md says where each body comes from. `state` is switched by the session's hooks.

import type http from "node:http";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  type Certificate,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r41-e";
export const PROXY_PORT = 44700;
export const CERT = `${DATA}/standin-cert.pem`;
export const ensureCertificate = (): Certificate => certificate(DATA, ["api.pipedream.com"]);

export const PROJECT_ID = "proj_Kq4mTz8";
export const CLIENT_ID = "Rb7vN2xQkLp9sW3mYd5cFh8JtG1aZe4u";
export const CLIENT_SECRET = "pd_cs_5f2a9c7e1b84d36a0e97f1c2b5d84a63e0f7c19b";
export const EXTERNAL_USER_ID = "user-8841";
export const ACCESS_TOKEN = "pd_at_2QW8nVx4LmKc7Rt1Yb9Hs5Jf3Dg6Ae0Zu";

export const INSTANCE = "toot.kestrel.example";
export const ME_ID = "109384721550193847";
export const OWN_STATUS = "113598201744120533";
export const FRIEND_STATUS = "113598114470081926";
export const PRIVATE_STATUS = "113597990312650741";
export const MISSING_STATUS = "113591234567890123";

export const state = {
  noAccount: false,
  mastodonTokenRevoked: false,
  mastodonRateLimited: false,
  mastodonBadGateway: false,
  pipedreamRateLimited: false,
  pipedreamServerError: false,
  pipedreamClientRevoked: false,
  slow: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

// ── Mastodon entities (docs.joinmastodon.org/entities/Account, /entities/Status) ─────────────────────────────────────

function account(id: string, username: string, display: string, followers: number, statuses: number) {
  return {
    id,
    username,
    acct: username,
    display_name: display,
    locked: false,
    bot: false,
    discoverable: true,
    group: false,
    created_at: "2022-11-08T00:00:00.000Z",
    note: "",
    url: `https://${INSTANCE}/@${username}`,
    uri: `https://${INSTANCE}/users/${username}`,
    avatar: `https://files.${INSTANCE}/accounts/avatars/${id}/original.png`,
    avatar_static: `https://files.${INSTANCE}/accounts/avatars/${id}/original.png`,
    header: `https://${INSTANCE}/headers/original/missing.png`,
    header_static: `https://${INSTANCE}/headers/original/missing.png`,
    followers_count: followers,
    following_count: 212,
    statuses_count: statuses,
    last_status_at: "2026-12-07",
    emojis: [],
    fields: [],
  };
}

const ME = account(ME_ID, "rowan", "Rowan Ellery", 1843, 2210);
const FRIENDS = [
  account("109361118840572210", "marisol", "Marisol Vega 🪶", 612, 3341),
  account("109372205561873301", "birdsofthebay", "Birds of the Bay", 4120, 9876),
  account("109402993018845512", "tomasz", "Tomasz Wróbel", 288, 415),
  account("110003814002716623", "kestrelnews", "Kestrel Instance News", 9211, 134),
];

let nextId = 113598300000000000n;

function status(
  id: string,
  by: ReturnType<typeof account>,
  content: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    created_at: "2026-12-07T08:41:12.000Z",
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    sensitive: false,
    spoiler_text: "",
    visibility: "public",
    language: "en",
    uri: `https://${INSTANCE}/users/${by.username}/statuses/${id}`,
    url: `https://${INSTANCE}/@${by.username}/${id}`,
    replies_count: 2,
    reblogs_count: 5,
    favourites_count: 17,
    edited_at: null,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    content: `<p>${content}</p>`,
    filtered: [],
    reblog: null,
    application: { name: "Web", website: null },
    account: by,
    media_attachments: [],
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
    ...extra,
  };
}

const [MARISOL, BIRDS, TOMASZ, NEWS] = FRIENDS as [
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
  ReturnType<typeof account>,
];

const HOME = [
  status(FRIEND_STATUS, MARISOL, "First merlin of the winter over the salt marsh this morning. #birding", {
    tags: [{ name: "birding", url: `https://${INSTANCE}/tags/birding` }],
  }),
  status("113598077301446180", BIRDS, "Saturday's count is on: meet at the north levee, 7:30. Bring layers."),
  status(
    "113597861220937512",
    TOMASZ,
    "Finally finished the nest-box camera write-up. Long, but it has pictures.",
  ),
  status(
    "113597712006550319",
    NEWS,
    "Maintenance window tonight 23:00–23:30 UTC: media uploads may be slow.",
  ),
  status("113597588814027744", MARISOL, "Anyone else seeing the short-eared owls at Pillar Point again?"),
];

const OWN: Record<string, Record<string, unknown>> = {
  [OWN_STATUS]: status(OWN_STATUS, ME, "Trying the new field guide app on today's walk. Verdict tonight."),
};
const OTHERS: Record<string, Record<string, unknown>> = {
  [FRIEND_STATUS]: HOME[0]!,
  [PRIVATE_STATUS]: status(
    PRIVATE_STATUS,
    TOMASZ,
    "Followers only: the nest location, please keep it quiet.",
    {
      visibility: "private",
    },
  ),
};

const HASHTAG_BIRDING = [
  HOME[0]!,
  status(
    "113598010233718402",
    BIRDS,
    "Count results: 61 species, best day since 2023. #birding #citizenscience",
    {
      tags: [
        { name: "birding", url: `https://${INSTANCE}/tags/birding` },
        { name: "citizenscience", url: `https://${INSTANCE}/tags/citizenscience` },
      ],
    },
  ),
  status("113597440098812271", TOMASZ, "Wren in the hedge, singing like it owns the street. #birding", {
    tags: [{ name: "birding", url: `https://${INSTANCE}/tags/birding` }],
  }),
];

function tag(name: string, uses: number) {
  return {
    name,
    url: `https://${INSTANCE}/tags/${name}`,
    history: [
      { day: "1733529600", uses: String(uses), accounts: String(Math.ceil(uses / 2)) },
      { day: "1733443200", uses: String(uses + 7), accounts: String(Math.ceil(uses / 2) + 3) },
    ],
    following: false,
  };
}

// ── Pipedream's Mastodon actions (PipedreamHQ/pipedream components/mastodon/actions/*) ─────────────────────────────

const APP_PROP = { name: "mastodon", type: "app", app: "mastodon" };
const STATUS_ID_PROP = {
  name: "statusId",
  type: "string",
  label: "Status ID",
  description:
    "The ID of the Status in the database. The Status ID can be extracted from the link that copied from `Copy link to post` button on the status with the pattern `https://mastodon-domain/@username/[Status ID]`",
};
const MAX_PROP = {
  name: "max",
  type: "integer",
  label: "Max Results",
  description: "The maximum number of results to return. Defaults to 20.",
  optional: true,
  default: 20,
};
const VISIBILITY = ["public", "unlisted", "private", "direct"];
const POST_PROPS = [
  {
    name: "inReplyToId",
    type: "string",
    label: "In Reply To ID",
    description: "ID of the status being replied to, if the status is a reply.",
    optional: true,
  },
  {
    name: "sensitive",
    type: "boolean",
    label: "Sensitive",
    description: "Mark the status and attached media as sensitive? Defaults to false.",
    optional: true,
    default: false,
  },
  {
    name: "spoilerText",
    type: "string",
    label: "Spoiler Text",
    description:
      "Text to be shown as a warning or subject before the actual content. Statuses are generally collapsed behind this field.",
    optional: true,
  },
  {
    name: "visibility",
    type: "string",
    label: "Visibility",
    description: "Set the visibility of the posted status to `public`, `unlisted`, `private`, or `direct`.",
    options: VISIBILITY,
    optional: true,
  },
  {
    name: "scheduledAt",
    type: "string",
    label: "Scheduled At",
    description: "ISO 8601 DateTime at which to schedule a status. Must be at least 5 minutes in the future.",
    optional: true,
  },
];

interface Component {
  key: string;
  name: string;
  version: string;
  description: string;
  configurable_props: Record<string, unknown>[];
}

const COMPONENTS: Component[] = [
  {
    key: "mastodon-post-status",
    name: "Post Status",
    version: "0.0.2",
    description:
      "Publish a status with the given parameters. [See the documentation](https://docs.joinmastodon.org/methods/statuses/#create)",
    configurable_props: [
      APP_PROP,
      { name: "status", type: "string", label: "Status", description: "The text content of the status." },
      ...POST_PROPS,
      {
        name: "shouldSplit",
        type: "boolean",
        label: "Split to multiple messages",
        description:
          "If the status content is longer than 500 characters, it will be split, respecting words, and posted to the subsequent thread.\n\nThis action will return the array of submitted posts.",
        optional: true,
        default: false,
      },
    ],
  },
  {
    key: "mastodon-post-multiple-statuses",
    name: "Post Multiple Statuses",
    version: "0.0.3",
    description:
      "Publish multiple statuses with the given parameters, the subsequent statuses will be posted as a reply of of the first status. [See the documentation](https://docs.joinmastodon.org/methods/statuses/#create)",
    configurable_props: [
      APP_PROP,
      {
        name: "statuses",
        type: "string[]",
        label: "Statuses",
        description:
          "Array of statuses to be published in sequence; each status must be fewer than 500 characters long.",
      },
      ...POST_PROPS,
    ],
  },
  {
    key: "mastodon-view-home-timeline",
    name: "View Home Timeline",
    version: "0.0.1",
    description:
      "View statuses from followed users. [See the docs here](https://docs.joinmastodon.org/methods/timelines/#home)",
    configurable_props: [APP_PROP, MAX_PROP],
  },
  {
    key: "mastodon-view-hashtag-timeline",
    name: "View Hashtag Timeline",
    version: "0.0.2",
    description:
      "View public statuses containing the given hashtag. [See the docs here](https://docs.joinmastodon.org/methods/timelines/#tag)",
    configurable_props: [
      APP_PROP,
      {
        name: "hashtag",
        type: "string",
        label: "Hashtag",
        description: "The name of the hashtag (not including the # symbol)",
      },
      {
        name: "any",
        type: "string[]",
        label: "Any",
        description: "Return statuses that contain ANY of these additional tags",
        optional: true,
      },
      {
        name: "local",
        type: "boolean",
        label: "Local",
        description: "Show only local statuses? Defaults to false.",
        optional: true,
        default: false,
      },
      MAX_PROP,
    ],
  },
  {
    key: "mastodon-perform-search",
    name: "Perform Search",
    version: "0.0.3",
    description:
      "Search for content in accounts, statuses or hashtags. [See the docs here](https://docs.joinmastodon.org/methods/search/#v2)",
    configurable_props: [
      APP_PROP,
      { name: "q", type: "string", label: "Query", description: "The search query" },
      {
        name: "type",
        type: "string",
        label: "Type",
        description: "Specify whether to search for only `accounts`, `hashtags`, `statuses`",
        options: ["accounts", "hashtags", "statuses"],
      },
      {
        name: "resolve",
        type: "boolean",
        label: "Resolve",
        description: "Attempt WebFinger lookup? Defaults to false.",
        optional: true,
        default: false,
      },
      MAX_PROP,
    ],
  },
  {
    key: "mastodon-view-single-status",
    name: "View Single Status",
    version: "0.0.2",
    description:
      "Obtain information about a status. [See the docs here](https://docs.joinmastodon.org/methods/statuses/#get)",
    configurable_props: [APP_PROP, STATUS_ID_PROP],
  },
  {
    key: "mastodon-delete-status",
    name: "Delete Status",
    version: "0.0.1",
    description:
      "Delete one of your own statuses. [See the docs here](https://docs.joinmastodon.org/methods/statuses/#delete)",
    configurable_props: [APP_PROP, STATUS_ID_PROP],
  },
  {
    key: "mastodon-favorite-status",
    name: "Favorite Status",
    version: "0.0.2",
    description:
      "Add a status to your favourites list. [See the docs here](https://docs.joinmastodon.org/methods/statuses/#favourite)",
    configurable_props: [APP_PROP, STATUS_ID_PROP],
  },
  {
    key: "mastodon-boost-status",
    name: "Boost Status",
    version: "0.0.2",
    description:
      "Reshare a status on your own profile. [See the docs here](https://docs.joinmastodon.org/methods/statuses/#boost)",
    configurable_props: [APP_PROP, STATUS_ID_PROP],
  },
  {
    key: "mastodon-get-accounts-following",
    name: "Get Accounts Following",
    version: "0.0.3",
    description:
      "Get the accounts that the given account is following. [See the documentation](https://docs.joinmastodon.org/methods/accounts/#following)",
    configurable_props: [
      APP_PROP,
      MAX_PROP,
      {
        name: "maxId",
        type: "string",
        label: "Max ID",
        description: "The max ID from a previous response for pagination",
        optional: true,
      },
    ],
  },
];

// ── What one action run answers ──────────────────────────────────────────────────────────────────────────────────

type Run = { exports: Record<string, unknown>; os: Record<string, unknown>[]; ret?: unknown };

const ok = (summary: string, ret: unknown): Run => ({ exports: { $summary: summary }, os: [], ret });

/** A Mastodon request that failed inside the action, as @pipedream/platform's axios raises and exports it. */
function mastodonFailed(
  method: string,
  path: string,
  status: number,
  statusText: string,
  data: unknown,
  headers: Record<string, string> = {},
): Run {
  const message = JSON.stringify(data);
  return {
    exports: {
      debug: {
        status,
        statusText,
        headers: {
          "content-type": typeof data === "string" ? "text/html" : "application/json; charset=utf-8",
          ...headers,
        },
        config: {
          url: `https://${INSTANCE}/api${path}`,
          method,
          headers: { Accept: "application/json, text/plain, */*", Authorization: "Bearer [REDACTED]" },
        },
        data,
      },
    },
    os: [
      {
        ts: Date.now(),
        k: "error",
        err: {
          name: `AxiosError - Request failed with status code ${status}`,
          message,
          stack: `AxiosError: Request failed with status code ${status}\n    at settle (/pipedream/dist/code/node_modules/axios/lib/core/settle.js:19:12)\n    at IncomingMessage.handleStreamEnd (/pipedream/dist/code/node_modules/axios/lib/adapters/http.js:599:11)\n    at Axios.request (/pipedream/dist/code/node_modules/axios/lib/core/Axios.js:45:41)\n    at async Object.run (file:///pipedream/dist/code/actions/${path.includes("statuses") ? "status" : "timeline"}.mjs:1:1)`,
        },
      },
    ],
  };
}

const NOT_FOUND = { error: "Record not found" };

function runAction(key: string, props: Record<string, unknown>): Run {
  const mastodonGuard = (method: string, path: string): Run | undefined => {
    if (state.mastodonTokenRevoked)
      return mastodonFailed(
        method,
        path,
        401,
        "Unauthorized",
        { error: "The access token was revoked" },
        {
          "www-authenticate":
            'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token was revoked"',
        },
      );
    if (state.mastodonRateLimited)
      return mastodonFailed(
        method,
        path,
        429,
        "Too Many Requests",
        { error: "Too many requests" },
        {
          "x-ratelimit-limit": "300",
          "x-ratelimit-remaining": "0",
          "x-ratelimit-reset": "2026-12-07T12:00:00.000Z",
        },
      );
    if (state.mastodonBadGateway)
      return mastodonFailed(
        method,
        path,
        502,
        "Bad Gateway",
        "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
      );
    return undefined;
  };
  const max = typeof props.max === "number" ? props.max : 20;
  const statusId = String(props.statusId ?? "");

  switch (key) {
    case "mastodon-view-home-timeline": {
      const failed = mastodonGuard("get", "/v1/timelines/home");
      if (failed) return failed;
      const timeline = HOME.slice(0, max);
      return ok(`Successfully retrieved ${timeline.length} item(s) from home timeline`, timeline);
    }
    case "mastodon-view-hashtag-timeline": {
      const hashtag = String(props.hashtag ?? "");
      const failed = mastodonGuard("get", `/v1/timelines/tag/${hashtag}`);
      if (failed) return failed;
      const timeline = hashtag.toLowerCase() === "birding" ? HASHTAG_BIRDING.slice(0, max) : [];
      return ok(`Successfully retrieved ${timeline.length} item(s) from hashtag timeline`, timeline);
    }
    case "mastodon-perform-search": {
      const failed = mastodonGuard("get", "/v2/search");
      if (failed) return failed;
      const q = String(props.q ?? "").toLowerCase();
      let results: unknown[] = [];
      if (props.type === "hashtags" && q.includes("bird"))
        results = [tag("birding", 148), tag("birdwatching", 37), tag("birdsofmastodon", 22)].slice(0, max);
      if (props.type === "accounts" && q.includes("bird")) results = [BIRDS];
      return ok(`Successfully retrieved ${results.length} item(s)`, results);
    }
    case "mastodon-view-single-status": {
      const failed = mastodonGuard("get", `/v1/statuses/${statusId}`);
      if (failed) return failed;
      const found = OWN[statusId] ?? OTHERS[statusId];
      if (!found) return mastodonFailed("get", `/v1/statuses/${statusId}`, 404, "Not Found", NOT_FOUND);
      return ok(`Successfully retrieved status with ID ${statusId}`, found);
    }
    case "mastodon-post-status": {
      const failed = mastodonGuard("post", "/v1/statuses");
      if (failed) return failed;
      const text = String(props.status ?? "");
      if (text.length > 500)
        return mastodonFailed("post", "/v1/statuses", 422, "Unprocessable Entity", {
          error: "Validation failed: Text character limit of 500 exceeded",
        });
      const id = String(nextId++);
      const posted = status(id, ME, text, {
        created_at: "2026-12-07T09:12:40.512Z",
        visibility: props.visibility ?? "public",
        replies_count: 0,
        reblogs_count: 0,
        favourites_count: 0,
        application: { name: "Pipedream", website: "https://pipedream.com" },
      });
      OWN[id] = posted;
      return ok("Successfully posted 1 status(es)", posted);
    }
    case "mastodon-post-multiple-statuses": {
      const statuses = Array.isArray(props.statuses) ? props.statuses.map(String) : [];
      if (statuses.some((s) => s.length > 500))
        return {
          exports: {},
          os: [
            {
              ts: Date.now(),
              k: "error",
              err: {
                name: "ConfigurationError",
                message: "Each status must be fewer than 500 characters long.",
                stack:
                  "ConfigurationError: Each status must be fewer than 500 characters long.\n    at Object.validateStatuses (file:///pipedream/dist/code/actions/post-multiple-statuses/post-multiple-statuses.mjs:64:17)\n    at Object.run (file:///pipedream/dist/code/actions/post-multiple-statuses/post-multiple-statuses.mjs:72:10)",
              },
            },
          ],
        };
      const failed = mastodonGuard("post", "/v1/statuses");
      if (failed) return failed;
      const results: Record<string, unknown>[] = [];
      let inReplyTo = (props.inReplyToId as string | undefined) ?? null;
      for (const text of statuses) {
        const id = String(nextId++);
        const posted = status(id, ME, text, {
          created_at: "2026-12-07T09:20:03.118Z",
          in_reply_to_id: inReplyTo,
          in_reply_to_account_id: inReplyTo ? ME_ID : null,
          visibility: props.visibility ?? "public",
          replies_count: 0,
          reblogs_count: 0,
          favourites_count: 0,
          application: { name: "Pipedream", website: "https://pipedream.com" },
        });
        OWN[id] = posted;
        results.push(posted);
        inReplyTo ??= id;
      }
      return ok(`Successfully posted ${statuses.length} statuses.`, results);
    }
    case "mastodon-delete-status": {
      const failed = mastodonGuard("delete", `/v1/statuses/${statusId}`);
      if (failed) return failed;
      const own = OWN[statusId];
      // Mastodon looks the status up among the caller's own: anyone else's is "not found".
      if (!own) return mastodonFailed("delete", `/v1/statuses/${statusId}`, 404, "Not Found", NOT_FOUND);
      delete OWN[statusId];
      const text = String(own.content).replace(/<[^>]*>/g, "");
      return ok(`Successfully deleted status with ID ${statusId}`, { ...own, text });
    }
    case "mastodon-favorite-status": {
      const failed = mastodonGuard("post", `/v1/statuses/${statusId}/favourite`);
      if (failed) return failed;
      const found = OWN[statusId] ?? OTHERS[statusId];
      if (!found)
        return mastodonFailed("post", `/v1/statuses/${statusId}/favourite`, 404, "Not Found", NOT_FOUND);
      return ok(`Successfully favorited status with ID ${statusId}`, {
        ...found,
        favourited: true,
        favourites_count: Number(found.favourites_count) + 1,
      });
    }
    case "mastodon-boost-status": {
      const failed = mastodonGuard("post", `/v1/statuses/${statusId}/reblog`);
      if (failed) return failed;
      const found = OWN[statusId] ?? OTHERS[statusId];
      if (!found)
        return mastodonFailed("post", `/v1/statuses/${statusId}/reblog`, 404, "Not Found", NOT_FOUND);
      if (found.visibility === "private" || found.visibility === "direct")
        return mastodonFailed("post", `/v1/statuses/${statusId}/reblog`, 403, "Forbidden", {
          error: "This action is not allowed",
        });
      return ok(`Successfully boosted status with ID ${String(nextId)}`, {
        ...status(String(nextId++), ME, "", { reblogged: true }),
        reblog: { ...found, reblogged: true },
      });
    }
    case "mastodon-get-accounts-following": {
      const failed = mastodonGuard("get", `/v1/accounts/${ME_ID}/following`);
      if (failed) return failed;
      const accounts = FRIENDS.slice(0, max);
      return ok(`Successfully retrieved ${accounts.length} account(s) that the user is following`, {
        accounts,
      });
    }
    default:
      return ok("", undefined);
  }
}

// ── The Pipedream REST API ───────────────────────────────────────────────────────────────────────────────────────

const PD_HEADERS = { "x-request-id": "3b8f0e2a-6c1d-4f7a-9e52-8d0b1c4a7f63" };

const pdError = (
  res: http.ServerResponse,
  status: number,
  error: string,
  headers: Record<string, string> = {},
) => json(res, status, { error }, { ...PD_HEADERS, ...headers });

const ACCOUNT = {
  id: "apn_Ojh7xRa",
  name: `@rowan@${INSTANCE}`,
  external_id: EXTERNAL_USER_ID,
  healthy: true,
  dead: false,
  app: {
    id: "app_1yhKB9",
    name_slug: "mastodon",
    name: "Mastodon",
    auth_type: "oauth",
    description:
      "Mastodon is free and open-source software for running self-hosted social networking services.",
    img_src: "https://assets.pipedream.net/s.v0/app_1yhKB9/logo/orig",
    custom_fields_json: '[{"name":"site_domain","label":"Instance","description":"e.g. mastodon.social"}]',
    categories: ["Social Media"],
  },
  created_at: "2026-10-14T17:02:51.000Z",
  updated_at: "2026-12-01T08:30:12.000Z",
};

function pipedream(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const route = url.pathname;
  seen.push(`${method} ${route}${url.search}`);

  if (method === "POST" && route === "/v1/oauth/token") {
    const form = parse(body);
    if (
      state.pipedreamClientRevoked ||
      form.client_id !== CLIENT_ID ||
      form.client_secret !== CLIENT_SECRET ||
      form.grant_type !== "client_credentials"
    )
      return json(res, 401, {
        error: "invalid_client",
        error_description:
          "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.",
      });
    return json(res, 200, {
      access_token: ACCESS_TOKEN,
      token_type: "Bearer",
      expires_in: 3600,
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  const prefix = `/v1/connect/${PROJECT_ID}`;
  if (!route.startsWith(prefix)) {
    unknownRequests.push(`${method} ${route}`);
    return pdError(res, 404, "not found");
  }
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
    return pdError(res, 401, "invalid authentication", {
      "www-authenticate": 'Bearer error="invalid_token"',
    });
  const path = route.slice(prefix.length);

  if (method === "GET" && path === "/actions") {
    const data =
      url.searchParams.get("app") === "mastodon"
        ? COMPONENTS.map(({ key, name, version }) => ({ key, name, version }))
        : [];
    return json(
      res,
      200,
      {
        page_info: { total_count: data.length, count: data.length, start_cursor: "", end_cursor: "" },
        data,
      },
      PD_HEADERS,
    );
  }
  const component = /^\/components\/([\w-]+)$/.exec(path);
  if (method === "GET" && component) {
    const found = COMPONENTS.find((c) => c.key === component[1]);
    if (!found) return pdError(res, 404, "component not found");
    return json(res, 200, { data: { ...found, component_type: "action" } }, PD_HEADERS);
  }
  if (method === "GET" && path === "/accounts") {
    const data = state.noAccount ? [] : [ACCOUNT];
    return json(
      res,
      200,
      { page_info: { total_count: data.length, count: data.length, start_cursor: "", end_cursor: "" }, data },
      PD_HEADERS,
    );
  }
  if (method === "POST" && path === "/tokens") {
    return json(
      res,
      200,
      {
        token: "ctok_8f3a6b1e9d2c47a05e6f1b3d9c8a2e74",
        expires_at: "2026-12-07T13:45:00.000Z",
        connect_link_url:
          "https://pipedream.com/_static/connect.html?token=ctok_8f3a6b1e9d2c47a05e6f1b3d9c8a2e74&connectLink=true",
      },
      PD_HEADERS,
    );
  }
  if (method === "POST" && path === "/actions/run") {
    if (state.pipedreamRateLimited)
      return pdError(res, 429, "rate limit exceeded, retry in 60 seconds", { "retry-after": "60" });
    if (state.pipedreamServerError) return pdError(res, 500, "internal server error");
    const request = parse(body);
    const key = String(request.id ?? "");
    const props = (request.configured_props ?? {}) as Record<string, unknown>;
    const answer = () => json(res, 200, runAction(key, props), PD_HEADERS);
    if (state.slow) return later(15_000, answer);
    return answer();
  }
  unknownRequests.push(`${method} ${route}`);
  return pdError(res, 404, "not found");
}

export const proxy = forwardProxy(PROXY_PORT, ensureCertificate, (req, url, body, res) => {
  if (url.hostname !== "api.pipedream.com") {
    unknownRequests.push(`${req.method ?? "GET"} ${url.href}`);
    return json(res, 502, { error: "no stand-in for this host" });
  }
  pipedream(req, url, body, res);
});

export const ALL_STANDINS = [proxy];
