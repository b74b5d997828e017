// Loopback stand-in for group r39-e, answering with the Umbraco Management API's bodies (README.md says where each
// comes from and which wordings were written for the capture):
// - The Umbraco CMS Management API (`/umbraco/management/api/v1/…`, resources as JSON, errors as ASP.NET Core
//   ProblemDetails `{type, title, status, detail?, operationStatus?, errors?}`), with its OpenIddict token endpoint
//   (`POST /umbraco/management/api/v1/security/back-office/token`, client credentials of an API user), for
//   @umbraco-cms/mcp-dev, whose Umbraco address is its own setting (`UMBRACO_BASE_URL`): a plain HTTP server on 44100.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { cloudflare502, httpStandin, json, later, parse, text } from "../../standin-kit.js";
import { clearTimers } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r39-e";

export const UMBRACO_PORT = 44100;

export const CLIENT_ID = "umbraco-back-office-mcp-agent";
export const CLIENT_SECRET = "Vq7rT2mX9pL4sK8wN3bF6hJ1dZ5cY0gA";
const ACCESS_TOKEN = "CfDJ8Nq3vR7xW2mK9pL4sT8yB1fH6jD0cZ5gA3eU7iO2nM9kQ4wX8rV1tY6bN3hJ0dF5sL";

export const state = {
  revoked: false,
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

// ── Content ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const IDS = {
  home: "5f3c1d2a-8b4e-4c6a-9d7f-1a2b3c4d5e6f",
  blog: "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
  spring: "c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f",
  studio: "d2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a",
  archive: "e3f4a5b6-c7d8-4e9f-8a1b-2c3d4e5f6a7b",
  lookbook2023: "f4a5b6c7-d8e9-4f0a-9b2c-3d4e5f6a7b8c",
  missing: "0b7e2f4c-9a1d-4e3b-8c5f-6d2a1e9b7c30",
  homeType: "a1b2c3d4-0001-4a5b-8c6d-7e8f9a0b1c2d",
  blogType: "a1b2c3d4-0002-4a5b-8c6d-7e8f9a0b1c2d",
  postType: "a1b2c3d4-0003-4a5b-8c6d-7e8f9a0b1c2d",
  missingType: "9e8d7c6b-5a4f-4e3d-9c2b-1a0f9e8d7c6b",
  postTemplate: "b7c8d9e0-f1a2-4b3c-8d4e-5f6a7b8c9d0e",
};

interface Doc {
  id: string;
  name: string;
  parent: string | null;
  type: string;
  icon: string;
  state: "Draft" | "Published" | "PublishedPendingChanges";
  created: string;
  updated: string;
  published: string | null;
  values: { editorAlias: string; alias: string; value: unknown }[];
}

const DOCS: Doc[] = [
  {
    id: IDS.home,
    name: "Home",
    parent: null,
    type: IDS.homeType,
    icon: "icon-home",
    state: "Published",
    created: "2025-02-03T09:12:44.107Z",
    updated: "2025-05-20T14:02:11.530Z",
    published: "2025-05-20T14:02:11.530Z",
    values: [{ editorAlias: "Umbraco.TextBox", alias: "heroTitle", value: "Linen & Loom — slow fashion" }],
  },
  {
    id: IDS.blog,
    name: "Journal",
    parent: null,
    type: IDS.blogType,
    icon: "icon-newspaper",
    state: "Published",
    created: "2025-02-03T09:20:05.881Z",
    updated: "2025-02-03T09:20:05.881Z",
    published: "2025-02-03T09:20:05.881Z",
    values: [],
  },
  {
    id: IDS.spring,
    name: "Introducing our spring collection",
    parent: IDS.blog,
    type: IDS.postType,
    icon: "icon-article",
    state: "Published",
    created: "2025-03-11T08:41:19.204Z",
    updated: "2025-03-14T10:05:37.662Z",
    published: "2025-03-14T10:05:37.662Z",
    values: [
      { editorAlias: "Umbraco.TextBox", alias: "title", value: "Introducing our spring collection" },
      {
        editorAlias: "Umbraco.TextArea",
        alias: "summary",
        value: "Twelve pieces in washed linen, dyed with madder and weld in our Porto studio.",
      },
      { editorAlias: "Umbraco.Tags", alias: "tags", value: ["spring", "linen", "collection"] },
    ],
  },
  {
    id: IDS.studio,
    name: "Behind the scenes at the dye studio",
    parent: IDS.blog,
    type: IDS.postType,
    icon: "icon-article",
    state: "Draft",
    created: "2025-05-28T16:22:03.019Z",
    updated: "2025-06-02T07:48:51.377Z",
    published: null,
    values: [
      { editorAlias: "Umbraco.TextBox", alias: "title", value: "Behind the scenes at the dye studio" },
      {
        editorAlias: "Umbraco.TextArea",
        alias: "summary",
        value: "How a batch of weld yellow comes together.",
      },
    ],
  },
  {
    id: IDS.archive,
    name: "Archive",
    parent: IDS.blog,
    type: IDS.blogType,
    icon: "icon-newspaper",
    state: "Draft",
    created: "2025-04-01T12:00:00.000Z",
    updated: "2025-04-01T12:00:00.000Z",
    published: null,
    values: [],
  },
  {
    id: IDS.lookbook2023,
    name: "Autumn lookbook 2023",
    parent: IDS.archive,
    type: IDS.postType,
    icon: "icon-article",
    state: "Draft",
    created: "2025-04-01T12:03:10.000Z",
    updated: "2025-04-01T12:03:10.000Z",
    published: null,
    values: [{ editorAlias: "Umbraco.TextBox", alias: "title", value: "Autumn lookbook 2023" }],
  },
];

const variantId = (id: string) => `${id.slice(0, 24)}${id.slice(-12).split("").reverse().join("")}`;

function treeItem(doc: Doc) {
  const ancestors: { id: string }[] = [];
  for (let p = doc.parent; p; p = DOCS.find((d) => d.id === p)?.parent ?? null) ancestors.unshift({ id: p });
  return {
    isProtected: false,
    ancestors,
    documentType: { id: doc.type, icon: doc.icon, collection: null },
    variants: [{ id: variantId(doc.id), flags: [], state: doc.state, name: doc.name, culture: null }],
    noAccess: false,
    isTrashed: false,
    createDate: doc.created,
    id: doc.id,
    parent: doc.parent ? { id: doc.parent } : null,
    flags: [],
    hasChildren: DOCS.some((d) => d.parent === doc.id),
  };
}

function searchItem(doc: Doc) {
  return {
    isTrashed: false,
    isProtected: false,
    parent: doc.parent ? { id: doc.parent } : null,
    hasChildren: DOCS.some((d) => d.parent === doc.id),
    documentType: { id: doc.type, icon: doc.icon, collection: null },
    variants: [{ id: variantId(doc.id), flags: [], state: doc.state, name: doc.name, culture: null }],
    id: doc.id,
    flags: [],
  };
}

function documentBody(doc: Doc) {
  return {
    template: doc.type === IDS.postType ? { id: IDS.postTemplate } : null,
    isTrashed: false,
    documentType: { id: doc.type, icon: doc.icon, collection: null },
    id: doc.id,
    flags: [],
    values: doc.values.map((v) => ({ ...v, culture: null, segment: null })),
    variants: [
      {
        id: variantId(doc.id),
        flags: [],
        state: doc.state,
        publishDate: doc.published,
        scheduledPublishDate: null,
        scheduledUnpublishDate: null,
        createDate: doc.created,
        updateDate: doc.updated,
        culture: null,
        segment: null,
        name: doc.name,
      },
    ],
  };
}

const POST_TYPE = {
  allowedTemplates: [{ id: IDS.postTemplate }],
  defaultTemplate: { id: IDS.postTemplate },
  cleanup: { preventCleanup: false, keepAllVersionsNewerThanDays: 7, keepLatestVersionPerDayForDays: 90 },
  alias: "blogPost",
  name: "Blog post",
  description: "A journal entry",
  icon: "icon-article",
  allowedAsRoot: false,
  variesByCulture: false,
  variesBySegment: false,
  collection: null,
  isElement: false,
  properties: [
    {
      id: "6c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      container: { id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b" },
      sortOrder: 0,
      alias: "title",
      name: "Title",
      description: null,
      dataType: { id: "0cc0eba1-9960-42c9-bf9b-60e150b429ae" },
      variesByCulture: false,
      variesBySegment: false,
      validation: { mandatory: true, mandatoryMessage: null, regEx: null, regExMessage: null },
      appearance: { labelOnTop: false },
    },
    {
      id: "7d2f3e4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a",
      container: { id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b" },
      sortOrder: 1,
      alias: "summary",
      name: "Summary",
      description: "At most 160 characters",
      dataType: { id: "c6bac0dd-4ab9-45b1-8e30-e4b619ee5da3" },
      variesByCulture: false,
      variesBySegment: false,
      validation: { mandatory: false, mandatoryMessage: null, regEx: "^.{0,160}$", regExMessage: null },
      appearance: { labelOnTop: false },
    },
  ],
  containers: [
    { id: "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b", parent: null, name: "Content", type: "Tab", sortOrder: 0 },
  ],
  allowedDocumentTypes: [],
  compositions: [],
  id: IDS.postType,
};

const LANGUAGES = {
  total: 2,
  items: [
    {
      name: "English (United States)",
      isoCode: "en-US",
      isDefault: true,
      isMandatory: true,
      fallbackIsoCode: null,
    },
    {
      name: "Danish (Denmark)",
      isoCode: "da-DK",
      isDefault: false,
      isMandatory: false,
      fallbackIsoCode: "en-US",
    },
  ],
};

// ── Errors, as the Management API and what stands in front of it answer ──────────────────────────────────────────────

// Umbraco's ProblemDetailsBuilder: `type: "Error"`, a title, a detail, and the operation status as an extension.
const problem = (
  res: http.ServerResponse,
  status: number,
  title: string,
  detail: string | null,
  operationStatus: string | null,
  extra: Record<string, unknown> = {},
) =>
  json(
    res,
    status,
    {
      type: "Error",
      title,
      status,
      ...(detail ? { detail } : {}),
      ...(operationStatus ? { operationStatus } : {}),
      ...extra,
    },
    { "content-type": "application/problem+json; charset=utf-8" },
  );

// Umbraco Cloud sits behind Cloudflare; its rate-limiting rule answers 429 with the "Error 1015" page.
const cloudflare1015 = (host: string, rayId: string) => `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>Access denied | ${host} used Cloudflare to restrict access</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
<div id="cf-wrapper">
<div id="cf-error-details" class="p-0">
<header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-15 antialiased">
<h1 class="inline-block md:block mr-2 md:mb-2 font-light text-60 md:text-3xl text-black-dark leading-tight">
<span data-translate="error">Error</span>
<span>1015</span>
</h1>
<span class="inline-block md:block heading-ray-id font-mono text-15 lg:text-sm lg:leading-relaxed">Ray ID: ${rayId} &bull;</span>
<h2 class="text-gray-600 leading-1.3 text-3xl lg:text-2xl font-light">You are being rate limited</h2>
</header>
<section class="w-240 lg:w-full mx-auto mb-8 lg:px-8">
<div id="what-happened-section" class="w-1/2 md:w-full">
<h2 class="text-3xl leading-tight font-normal mb-4 text-black-dark antialiased" data-translate="what_happened">What happened?</h2>
<p>The owner of this website (${host}) has banned you temporarily from accessing this website.</p>
</div>
</section>
</div>
</div>
</body>
</html>
`;

const HOST = "linen-and-loom.euwest01.umbraco.io";

function route(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const method = req.method ?? "GET";
  const p = url.pathname;
  seen.push(`${method} ${p}${url.search} ${body}`.trim());

  if (method === "POST" && p === "/umbraco/management/api/v1/security/back-office/token") {
    const form = parse(body);
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET) {
      return json(res, 400, {
        error: "invalid_client",
        error_description: "The specified client credentials are invalid.",
        error_uri: "https://documentation.openiddict.com/errors/ID2055",
      });
    }
    return json(res, 200, { access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600 });
  }
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}` || state.revoked) {
    // The API's authentication failure: no body, a Bearer challenge naming the error (OpenIddict validation).
    res.writeHead(401, {
      "www-authenticate":
        'Bearer error="invalid_token", error_description="The specified token is no longer valid.", error_uri="https://documentation.openiddict.com/errors/ID2019"',
      "content-length": "0",
    });
    return res.end();
  }
  if (state.rateLimited) {
    return text(res, 429, cloudflare1015(HOST, "8f3a2c1b9d7e4f60"), "text/html; charset=UTF-8", {
      "retry-after": "60",
      server: "cloudflare",
      "cf-ray": "8f3a2c1b9d7e4f60-AMS",
    });
  }
  if (state.serverError) {
    // ASP.NET Core's default ProblemDetails for an unhandled exception outside Development.
    return json(
      res,
      500,
      {
        type: "https://tools.ietf.org/html/rfc9110#section-15.6.1",
        title: "An error occurred while processing your request.",
        status: 500,
        traceId: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00",
      },
      { "content-type": "application/problem+json; charset=utf-8" },
    );
  }
  if (state.badGateway) {
    return text(res, 502, cloudflare502(HOST, "8f3a2c7e4b1d9a05"), "text/html; charset=UTF-8", {
      server: "cloudflare",
      "cf-ray": "8f3a2c7e4b1d9a05-AMS",
    });
  }
  if (state.slow) return later(15_000, () => answer(method, p, url, body, res));
  return answer(method, p, url, body, res);
}

const API = "/umbraco/management/api/v1";

function answer(method: string, p: string, url: URL, body: string, res: http.ServerResponse) {
  const ok = (value: unknown, status = 200) => json(res, status, value);
  const q = url.searchParams;

  if (method === "GET" && p === `${API}/user/current`) {
    return ok({
      email: "mcp-agent@linen-and-loom.com",
      userName: "mcp-agent@linen-and-loom.com",
      name: "MCP agent",
      userGroupIds: [{ id: "9fc2a16f-528c-46d6-a014-75bf4ec2480c" }],
      id: "1e70f841-e354-4b4e-9a37-2b4c7e7d3a10",
      languageIsoCode: "en-US",
      documentStartNodeIds: [],
      hasDocumentRootAccess: true,
      mediaStartNodeIds: [],
      hasMediaRootAccess: true,
      avatarUrls: [],
      languages: [],
      hasAccessToAllLanguages: true,
      hasAccessToSensitiveData: false,
      fallbackPermissions: [
        "Umb.Document.Read",
        "Umb.Document.Create",
        "Umb.Document.Update",
        "Umb.Document.Delete",
        "Umb.Document.Publish",
        "Umb.Document.Unpublish",
      ],
      permissions: [
        {
          $type: "DocumentPermissionPresentationModel",
          document: { id: IDS.spring },
          verbs: ["Umb.Document.Read", "Umb.Document.Update"],
        },
      ],
      allowedSections: ["Umb.Section.Content", "Umb.Section.Media", "Umb.Section.Settings"],
      isAdmin: false,
    });
  }
  if (method === "GET" && p === `${API}/server/information`) {
    return ok({
      version: "18.0.2",
      assemblyVersion: "18.0.2",
      baseUtcOffset: "00:00:00",
      runtimeMode: "Production",
    });
  }
  if (method === "GET" && p === `${API}/tree/document/root`) {
    const items = DOCS.filter((d) => d.parent === null).map(treeItem);
    return ok({ total: items.length, items });
  }
  if (method === "GET" && p === `${API}/tree/document/children`) {
    const items = DOCS.filter((d) => d.parent === q.get("parentId")).map(treeItem);
    return ok({ total: items.length, items });
  }
  if (method === "GET" && p === `${API}/item/document/search`) {
    const words = (q.get("query") ?? "").toLowerCase();
    const items = DOCS.filter((d) => d.name.toLowerCase().includes(words)).map(searchItem);
    return ok({ items, total: items.length });
  }
  if (method === "GET" && p === `${API}/document/urls`) {
    return ok(
      q.getAll("id").map((id) => {
        const doc = DOCS.find((d) => d.id === id);
        return {
          id,
          urlInfos:
            doc?.state === "Published"
              ? [
                  {
                    culture: null,
                    url: `https://www.linen-and-loom.com/journal/${doc.name.toLowerCase().replace(/\W+/g, "-")}/`,
                    message: null,
                    provider: "umbDocumentUrlProvider",
                  },
                ]
              : [],
        };
      }),
    );
  }
  if (method === "GET" && p === `${API}/language`) return ok(LANGUAGES);
  if (method === "GET" && p === `${API}/document-type/${IDS.postType}`) return ok(POST_TYPE);
  if (method === "GET" && p.startsWith(`${API}/document-type/`)) {
    return problem(res, 404, "The document type could not be found", null, "NotFound");
  }
  if (method === "POST" && p === `${API}/document`) {
    const sent = parse(body) as { id?: string; values?: { alias: string; value: unknown }[] };
    const values = sent.values ?? [];
    const errors: Record<string, string[]> = {};
    values.forEach((v, i) => {
      if (v.alias === "title" && (v.value === "" || v.value === null))
        errors[`$.values[${i}].value`] = ["Value cannot be empty"];
      if (v.alias === "summary" && typeof v.value === "string" && v.value.length > 160) {
        errors[`$.values[${i}].value`] = ["Value is invalid, it does not match the correct pattern"];
      }
    });
    if (Object.keys(errors).length) {
      return problem(
        res,
        400,
        "Validation failed",
        "One or more properties did not pass validation",
        "PropertyValidationError",
        { errors, missingProperties: [] },
      );
    }
    res.writeHead(201, {
      location: `http://127.0.0.1:${UMBRACO_PORT}${API}/document/${sent.id}`,
      "umb-generated-resource": String(sent.id),
      "content-length": "0",
    });
    return res.end();
  }
  const pub = /^\/umbraco\/management\/api\/v1\/document\/([^/]+)\/publish$/.exec(p);
  if (method === "PUT" && pub) {
    if (pub[1] === IDS.lookbook2023) {
      return problem(
        res,
        400,
        "Parent not published",
        "Could not publish the content because its parent was not published.",
        "PathNotPublished",
      );
    }
    res.writeHead(200, { "umb-notifications": "[]", "content-length": "0" });
    return res.end();
  }
  const recycle = /^\/umbraco\/management\/api\/v1\/document\/([^/]+)\/move-to-recycle-bin$/.exec(p);
  if (method === "PUT" && recycle) {
    // The API user's group has Read and Update only on this node (a granular permission): the authorization policy
    // refuses it with an empty 403.
    res.writeHead(403, { "content-length": "0" });
    return res.end();
  }
  const byId = /^\/umbraco\/management\/api\/v1\/document\/([^/]+)$/.exec(p);
  if (method === "GET" && byId) {
    const doc = DOCS.find((d) => d.id === byId[1]);
    if (!doc) return problem(res, 404, "The document could not be found", null, "NotFound");
    return ok(documentBody(doc));
  }
  unknownRequests.push(`${method} ${p}${url.search}`);
  return problem(res, 404, "Not Found", null, null);
}

export const umbraco = httpStandin(UMBRACO_PORT, route);

export const ALL_STANDINS = [umbraco];
