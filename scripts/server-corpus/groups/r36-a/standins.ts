// Loopback stand-ins for group r36-a: Apple's App Store Connect API (api.appstoreconnect.apple.com, built into
// appstore-connect-mcp-server, reached through a forward proxy its axios follows by HTTPS_PROXY), Google's Play
// Developer API and token endpoint (androidpublisher.googleapis.com and www.googleapis.com, built into googleapis,
// reached through a second forward proxy that gaxios follows by HTTPS_PROXY, trusted by NODE_EXTRA_CA_CERTS), and
// RevenueCat's REST API v2 (plain HTTP, the server's own RC_API_URL). README.md says where each body comes from.
// `state` is switched by the sessions' hooks.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  type Handler,
  later,
  parse,
  text,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r36-a";
export const ASC_PROXY_PORT = 43300;
export const GOOGLE_PROXY_PORT = 43301;
export const RC_PORT = 43302;

/** Made-up credentials: App Store Connect key ids and issuer, service-account e-mails, RevenueCat secret keys. */
export const ASC_KEY_ID = "7QK2M9XH4L";
export const ASC_REVOKED_KEY_ID = "R3V0K3D9ZZ";
export const ASC_ISSUER = "69a6de7e-2c4a-47e3-e053-5b8c7c11a4d1";
export const PLAY_SA = "play-publisher@northwind-mobile.iam.gserviceaccount.com";
export const PLAY_REVOKED_SA = "old-publisher@northwind-mobile.iam.gserviceaccount.com";
export const RC_KEY = "sk_r36aNorthwindHabits0123456789";
export const RC_WRONG_KEY = "sk_r36aRotatedAway9876543210xyz";
export const RC_PROJECT = "proj1ab2c3d4";
export const RC_OTHER_PROJECT = "proj9z8y7x6w";

export const state = {
  ascRateLimited: false,
  ascServerError: false,
  ascBadGateway: false,
  ascSlow: false,
  playRateLimited: false,
  playServerError: false,
  playUnavailable: false,
  playSlow: false,
  rcRateLimited: false,
  rcServerError: false,
  rcLocked: false,
  rcSlow: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

export function resetCounters() {
  unknownRequests.length = 0;
  seen.length = 0;
  testers.length = 0;
  testers.push(...seedTesters());
  offerings.clear();
  for (const o of seedOfferings()) offerings.set(o.id, o);
  editSeq = 0;
  releaseEdits.clear();
}

const tls = () =>
  certificate(DATA, [
    "api.appstoreconnect.apple.com",
    "androidpublisher.googleapis.com",
    "www.googleapis.com",
  ]);
export const CERT_PATH = () => path.join(DATA, "standin-cert.pem");

// ---- key files (made fresh under DATA) -------------------------------------------------------------------------

export const ascKeyPath = (keyId: string) => path.join(DATA, `AuthKey_${keyId}.p8`);
export const playKeyPath = (name: string) => path.join(DATA, `${name}.json`);

export function writeKeys() {
  fs.mkdirSync(DATA, { recursive: true });
  for (const keyId of [ASC_KEY_ID, ASC_REVOKED_KEY_ID]) {
    const { privateKey } = crypto.generateKeyPairSync("ec", {
      namedCurve: "prime256v1",
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    fs.writeFileSync(ascKeyPath(keyId), privateKey);
  }
  for (const [name, email] of [
    ["play-service-account", PLAY_SA],
    ["play-service-account-old", PLAY_REVOKED_SA],
  ] as const) {
    const { privateKey } = crypto.generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    fs.writeFileSync(
      playKeyPath(name),
      JSON.stringify(
        {
          type: "service_account",
          project_id: "northwind-mobile",
          private_key_id: crypto.createHash("sha1").update(email).digest("hex"),
          private_key: privateKey,
          client_email: email,
          client_id: "104729385610293847561",
          auth_uri: "https://accounts.google.com/o/oauth2/auth",
          token_uri: "https://oauth2.googleapis.com/token",
          auth_provider_x509_cert_url: "https://www.googleapis.com/oauth2/v1/certs",
          client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
        },
        null,
        2,
      ),
    );
  }
}

function jwtPart(token: string, index: 0 | 1): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split(".")[index] ?? "", "base64url").toString()) as Record<
      string,
      unknown
    >;
  } catch {
    return {};
  }
}

// ---- App Store Connect -----------------------------------------------------------------------------------------

const ASC = "https://api.appstoreconnect.apple.com/v1";
export const APP_HABITS = "1584723901";
export const APP_PANTRY = "1620459833";
export const GROUP_EXTERNAL = "0f4b2c1e-8d3a-4e6b-9c7d-2a1b3c4d5e6f";
export const GROUP_INTERNAL = "7e6d5c4b-3a2b-4c1d-8e9f-0a1b2c3d4e5f";

const ascError = (status: number, code: string, title: string, detail: string) => ({
  errors: [{ id: crypto.randomUUID(), status: String(status), code, title, detail }],
});

function app(id: string, name: string, bundleId: string, sku: string) {
  return {
    type: "apps",
    id,
    attributes: {
      name,
      bundleId,
      sku,
      primaryLocale: "en-US",
      isOrEverWasMadeForKids: false,
      subscriptionStatusUrl: null,
      subscriptionStatusUrlVersion: null,
      contentRightsDeclaration: "DOES_NOT_USE_THIRD_PARTY_CONTENT",
      streamlinedPurchasingEnabled: true,
    },
    relationships: {
      appStoreVersions: { links: { related: `${ASC}/apps/${id}/appStoreVersions` } },
      betaGroups: { links: { related: `${ASC}/apps/${id}/betaGroups` } },
      builds: { links: { related: `${ASC}/apps/${id}/builds` } },
    },
    links: { self: `${ASC}/apps/${id}` },
  };
}

const APPS = [
  app(APP_HABITS, "Northwind Habits", "com.northwind.habits", "NWHABITS01"),
  app(APP_PANTRY, "Northwind Pantry", "com.northwind.pantry", "NWPANTRY01"),
];

const BUILDS = [
  {
    type: "builds",
    id: "a1e2c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d",
    attributes: {
      version: "412",
      uploadedDate: "2026-12-04T18:22:41-08:00",
      expirationDate: "2027-03-04T18:22:41-08:00",
      expired: false,
      minOsVersion: "16.0",
      processingState: "VALID",
      buildAudienceType: "APP_STORE_ELIGIBLE",
      usesNonExemptEncryption: false,
    },
    links: { self: `${ASC}/builds/a1e2c3b4-5d6f-4a7b-8c9d-0e1f2a3b4c5d` },
  },
];

function betaGroup(id: string, name: string, internal: boolean, testerIds: string[]) {
  return {
    type: "betaGroups",
    id,
    attributes: {
      name,
      createdDate: "2026-03-11T09:14:02Z",
      isInternalGroup: internal,
      hasAccessToAllBuilds: internal,
      publicLinkEnabled: !internal,
      publicLinkId: internal ? null : "Xk3pQ9aZ",
      publicLinkLimitEnabled: false,
      publicLink: internal ? null : "https://testflight.apple.com/join/Xk3pQ9aZ",
      feedbackEnabled: true,
    },
    relationships: {
      app: { data: { type: "apps", id: APP_HABITS } },
      betaTesters: { data: testerIds.map((t) => ({ type: "betaTesters", id: t })) },
    },
    links: { self: `${ASC}/betaGroups/${id}` },
  };
}

function tester(id: string, first: string, last: string, email: string, groupId: string) {
  return {
    type: "betaTesters",
    id,
    groupId,
    attributes: { firstName: first, lastName: last, email, inviteType: "EMAIL", state: "ACCEPTED" },
    links: { self: `${ASC}/betaTesters/${id}` },
  };
}
function seedTesters() {
  return [
    tester("4c1f8e2a-0b9d-4e3c-a7f6-5d2e1b0c9a8f", "Ines", "Marchetti", "ines.m@example.org", GROUP_EXTERNAL),
    tester("9b8a7c6d-5e4f-4a3b-b2c1-d0e9f8a7b6c5", "Tomás", "Leiva", "t.leiva@example.net", GROUP_EXTERNAL),
  ];
}
const testers: ReturnType<typeof tester>[] = [];

const VERSIONS = [
  {
    type: "appStoreVersions",
    id: "e5d4c3b2-a190-4f8e-9d7c-6b5a4f3e2d1c",
    attributes: {
      platform: "IOS",
      versionString: "3.8.0",
      appStoreState: "WAITING_FOR_REVIEW",
      appVersionState: "WAITING_FOR_REVIEW",
      copyright: "2026 Northwind Labs",
      reviewType: "APP_STORE",
      releaseType: "AFTER_APPROVAL",
      earliestReleaseDate: null,
      downloadable: true,
      createdDate: "2026-12-05T08:01:17-08:00",
    },
    links: { self: `${ASC}/appStoreVersions/e5d4c3b2-a190-4f8e-9d7c-6b5a4f3e2d1c` },
  },
  {
    type: "appStoreVersions",
    id: "b7c6d5e4-f3a2-4b1c-8d9e-0f1a2b3c4d5e",
    attributes: {
      platform: "IOS",
      versionString: "3.7.2",
      appStoreState: "READY_FOR_DISTRIBUTION",
      appVersionState: "READY_FOR_DISTRIBUTION",
      copyright: "2026 Northwind Labs",
      reviewType: "APP_STORE",
      releaseType: "AFTER_APPROVAL",
      earliestReleaseDate: null,
      downloadable: true,
      createdDate: "2026-11-02T10:44:50-08:00",
    },
    links: { self: `${ASC}/appStoreVersions/b7c6d5e4-f3a2-4b1c-8d9e-0f1a2b3c4d5e` },
  },
];

const BUNDLE_IDS = [
  {
    type: "bundleIds",
    id: "K8L2M4N6P8",
    attributes: {
      name: "Northwind Habits",
      identifier: "com.northwind.habits",
      platform: "IOS",
      seedId: "9QX7A2B4C6",
    },
    links: { self: `${ASC}/bundleIds/K8L2M4N6P8` },
  },
  {
    type: "bundleIds",
    id: "Q1R3S5T7V9",
    attributes: {
      name: "Northwind Habits Widget",
      identifier: "com.northwind.habits.widget",
      platform: "IOS",
      seedId: "9QX7A2B4C6",
    },
    links: { self: `${ASC}/bundleIds/Q1R3S5T7V9` },
  },
];

const DEVICES = [
  {
    type: "devices",
    id: "D4E5F6G7H8",
    attributes: {
      name: "QA iPhone 15",
      platform: "IOS",
      udid: "00008120-001A2B3C4D5E6F70",
      deviceClass: "IPHONE",
      status: "ENABLED",
      model: "iPhone 15",
      addedDate: "2026-02-19T12:00:00.000+0000",
    },
    links: { self: `${ASC}/devices/D4E5F6G7H8` },
  },
];

const page = (url: URL, data: unknown[]) => ({
  data,
  links: { self: `${ASC}${url.pathname.replace(/^\/v1/, "")}${url.search}` },
  meta: { paging: { total: data.length, limit: Number(url.searchParams.get("limit") ?? 100) } },
});

const HTML_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n";

const appStoreConnect: Handler = (req, url, body, res) => {
  const p = url.pathname;
  seen.push(`asc ${req.method} ${p}${url.search}`);
  const token = String(req.headers.authorization ?? "").replace(/^Bearer /, "");
  const kid = jwtPart(token, 0).kid;
  if (kid !== ASC_KEY_ID)
    return json(
      res,
      401,
      ascError(
        401,
        "NOT_AUTHORIZED",
        "Authentication credentials are missing or invalid.",
        "Provide a properly configured and signed bearer token, and make sure that it has not expired. Learn more about Generating Tokens for API Requests https://developer.apple.com/go/?id=api-generating-tokens",
      ),
    );
  if (state.ascRateLimited)
    return json(
      res,
      429,
      ascError(
        429,
        "RATE_LIMIT_EXCEEDED",
        "The request rate limit has been reached.",
        "We've received too many requests for this API. Please wait and try again or slow down your request rate.",
      ),
      { "Retry-After": "60", "X-Rate-Limit": "user-hour-lim:3600;user-hour-rem:0;" },
    );
  if (state.ascServerError)
    return json(
      res,
      500,
      ascError(
        500,
        "UNEXPECTED_ERROR",
        "An unexpected error occurred.",
        "An unexpected error occurred on the server side. If this issue continues, contact us at https://developer.apple.com/contact/.",
      ),
    );
  if (state.ascBadGateway) return text(res, 502, HTML_502, "text/html");
  if (state.ascSlow) return later(15_000, () => json(res, 200, page(url, APPS)));

  if (p === "/v1/apps" && req.method === "GET") {
    const bundle = url.searchParams.get("filter[bundleId]");
    return json(res, 200, page(url, bundle ? APPS.filter((a) => a.attributes.bundleId === bundle) : APPS));
  }
  const appPath = /^\/v1\/apps\/([^/]+)(\/.*)?$/.exec(p);
  if (appPath) {
    const found = APPS.find((a) => a.id === appPath[1]);
    if (!found)
      return json(
        res,
        404,
        ascError(
          404,
          "NOT_FOUND",
          "The specified resource does not exist",
          `There is no resource of type 'apps' with id '${appPath[1]}'`,
        ),
      );
    if (!appPath[2]) {
      const include = url.searchParams.get("include");
      return json(res, 200, {
        data: found,
        ...(include?.includes("builds") ? { included: BUILDS } : {}),
        links: { self: `${ASC}/apps/${found.id}` },
      });
    }
  }
  if (p === "/v1/betaGroups" && req.method === "GET") {
    const groups = [
      betaGroup(
        GROUP_EXTERNAL,
        "Public Beta",
        false,
        testers.filter((t) => t.groupId === GROUP_EXTERNAL).map((t) => t.id),
      ),
      betaGroup(GROUP_INTERNAL, "Northwind QA", true, []),
    ];
    return json(res, 200, { ...page(url, groups), included: [APPS[0]] });
  }
  const groupTesters = /^\/v1\/betaGroups\/([^/]+)\/betaTesters$/.exec(p);
  if (groupTesters) {
    if (![GROUP_EXTERNAL, GROUP_INTERNAL].includes(groupTesters[1] ?? ""))
      return json(
        res,
        404,
        ascError(
          404,
          "NOT_FOUND",
          "The specified resource does not exist",
          `There is no resource of type 'betaGroups' with id '${groupTesters[1]}'`,
        ),
      );
    return json(
      res,
      200,
      page(
        url,
        testers.filter((t) => t.groupId === groupTesters[1]).map(({ groupId: _g, ...t }) => t),
      ),
    );
  }
  if (p === "/v1/betaTesters" && req.method === "POST") {
    const attrs = (parse(body) as { data?: { attributes?: Record<string, string> } }).data?.attributes ?? {};
    const email = attrs.email ?? "";
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return json(res, 409, {
        errors: [
          {
            id: crypto.randomUUID(),
            status: "409",
            code: "ENTITY_ERROR.ATTRIBUTE.INVALID",
            title: "An attribute value is invalid.",
            detail: `The provided entity includes an attribute with an invalid value: '${email}' is not a valid email address`,
            source: { pointer: "/data/attributes/email" },
          },
        ],
      });
    const created = tester(
      "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
      attrs.firstName ?? "",
      attrs.lastName ?? "",
      email,
      GROUP_EXTERNAL,
    );
    testers.push(created);
    const { groupId: _g, ...shown } = created;
    return json(res, 201, {
      data: { ...shown, attributes: { ...shown.attributes, state: "INVITED" } },
      links: { self: shown.links.self },
    });
  }
  if (p === "/v1/appStoreVersions" && req.method === "GET")
    return json(res, 200, page(url, url.searchParams.get("filter[app]") === APP_HABITS ? VERSIONS : []));
  if (p === "/v1/appStoreVersions" && req.method === "POST")
    return json(res, 409, {
      errors: [
        {
          id: crypto.randomUUID(),
          status: "409",
          code: "ENTITY_ERROR.RELATIONSHIP.INVALID",
          title: "The provided entity includes a relationship with an invalid value",
          detail: "You cannot create a new version of the App in the current state.",
          source: { pointer: "/data/relationships/app" },
        },
      ],
    });
  if (p === "/v1/bundleIds" && req.method === "GET") return json(res, 200, page(url, BUNDLE_IDS));
  if (p === "/v1/devices" && req.method === "GET") {
    const platform = url.searchParams.get("filter[platform]");
    return json(
      res,
      200,
      page(
        url,
        DEVICES.filter((d) => !platform || d.attributes.platform === platform),
      ),
    );
  }
  if (p === "/v1/users" && req.method === "GET")
    return json(
      res,
      403,
      ascError(
        403,
        "FORBIDDEN_ERROR",
        "This request is forbidden for security reasons",
        "The API key in use does not allow this request",
      ),
    );
  unknownRequests.push(`asc ${req.method} ${p}`);
  return json(
    res,
    404,
    ascError(
      404,
      "NOT_FOUND",
      "The specified resource does not exist",
      "The path provided does not match a defined resource type.",
    ),
  );
};

// ---- Google Play Developer API -----------------------------------------------------------------------------------

export const PKG_HABITS = "com.northwind.habits";
export const PKG_PANTRY = "com.northwind.pantry";
export const PKG_PARTNER = "com.contoso.fieldnotes";
let editSeq = 0;
/** Edits whose track was changed: committing them meets the review rule below. */
const releaseEdits = new Set<string>();

const googleError = (code: number, status: string, message: string, reason: string) => ({
  error: { code, message, errors: [{ message, domain: "global", reason }], status },
});

const REVIEWS = [
  {
    reviewId: "gp:AOqpTOFk2mZ0a7w1nB3c5D7e9F1h3J5l7N9p1R3t5V7x9Z1b3D5f7H9j1L3n5P7r",
    authorName: "Priya S.",
    comments: [
      {
        userComment: {
          text: "\tStreak reset after the 3.7 update, lost 140 days. Please fix!",
          lastModified: { seconds: "1764988200", nanos: 512000000 },
          starRating: 2,
          reviewerLanguage: "en",
          device: "a52q",
          androidOsVersion: 34,
          appVersionCode: 411,
          appVersionName: "3.7.2",
          thumbsUpCount: 17,
          thumbsDownCount: 1,
          deviceMetadata: { productName: "a52q (Galaxy A52)", manufacturer: "Samsung", ramMb: 5632 },
        },
      },
    ],
  },
  {
    reviewId: "gp:AOqpTOHb8kQ2s4u6w8y0A2C4E6G8I0K2M4O6Q8S0U2W4Y6a8c0e2g4i6k8m0o2q4",
    authorName: "Jonas Weber",
    comments: [
      {
        userComment: {
          text: "\tSimple and it works. Widgets are great.",
          lastModified: { seconds: "1764901800", nanos: 0 },
          starRating: 5,
          reviewerLanguage: "de",
          device: "husky",
          androidOsVersion: 35,
          appVersionCode: 411,
          appVersionName: "3.7.2",
          thumbsUpCount: 3,
          thumbsDownCount: 0,
        },
      },
      {
        developerComment: {
          text: "Thank you, Jonas!",
          lastModified: { seconds: "1764905400", nanos: 0 },
        },
      },
    ],
  },
];

const googleApi: Handler = (req, url, body, res) => {
  const host = String(req.headers.host ?? url.host).replace(/:\d+$/, "");
  const p = url.pathname;
  seen.push(`google ${req.method} ${host}${p}${url.search}`);
  if (host === "www.googleapis.com" && p === "/oauth2/v4/token") {
    const claims = jwtPart(String(parse(body).assertion ?? ""), 1);
    if (claims.iss !== PLAY_SA)
      return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
    return json(res, 200, {
      access_token: "ya29.c.r36aStandInAccessToken",
      expires_in: 3599,
      token_type: "Bearer",
    });
  }
  if (host !== "androidpublisher.googleapis.com") {
    unknownRequests.push(`google ${req.method} ${host}${p}`);
    return json(res, 404, googleError(404, "NOT_FOUND", "Not Found", "notFound"));
  }
  if (req.headers.authorization !== "Bearer ya29.c.r36aStandInAccessToken")
    return json(
      res,
      401,
      googleError(
        401,
        "UNAUTHENTICATED",
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
        "authError",
      ),
    );
  if (state.playRateLimited)
    return json(
      res,
      429,
      googleError(
        429,
        "RESOURCE_EXHAUSTED",
        "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'androidpublisher.googleapis.com' for consumer 'project_number:418273645012'.",
        "rateLimitExceeded",
      ),
    );
  if (state.playServerError)
    return json(res, 500, googleError(500, "INTERNAL", "Internal error encountered.", "backendError"));
  if (state.playUnavailable)
    return json(
      res,
      503,
      googleError(503, "UNAVAILABLE", "The service is currently unavailable.", "backendError"),
    );
  if (state.playSlow) return later(15_000, () => json(res, 200, { reviews: REVIEWS }));

  const m = /^\/androidpublisher\/v3\/applications\/([^/]+)\/(.*)$/.exec(p);
  if (!m) {
    unknownRequests.push(`google ${req.method} ${p}`);
    return json(res, 404, googleError(404, "NOT_FOUND", "Not Found", "notFound"));
  }
  const pkg = decodeURIComponent(m[1] ?? "");
  const rest = m[2] ?? "";
  if (![PKG_HABITS, PKG_PANTRY, PKG_PARTNER].includes(pkg))
    return json(res, 404, googleError(404, "NOT_FOUND", `Package not found: ${pkg}.`, "notFound"));
  if (pkg === PKG_PARTNER)
    return json(
      res,
      403,
      googleError(403, "PERMISSION_DENIED", "The caller does not have permission", "forbidden"),
    );

  if (rest === "edits" && req.method === "POST") {
    editSeq += 1;
    return json(res, 200, {
      id: `0871364${String(editSeq).padStart(2, "0")}5521098734`,
      expiryTimeSeconds: "1765112400",
    });
  }
  const edit = /^edits\/([^/:]+)(?:(\/.*)|(:commit))?$/.exec(rest);
  if (edit) {
    const [, editId, sub, commit] = edit;
    if (!sub && !commit && req.method === "DELETE") return text(res, 204, "");
    if (commit && !releaseEdits.has(editId ?? ""))
      return json(res, 200, { id: editId, expiryTimeSeconds: "1765112400" });
    if (commit)
      return json(
        res,
        400,
        googleError(
          400,
          "FAILED_PRECONDITION",
          "Changes cannot be sent for review automatically. Please set the query parameter changesNotSentForReview to true. Once committed, the changes in this edit can be sent for review from the Google Play Console UI.",
          "badRequest",
        ),
      );
    if (sub === "/details")
      return json(res, 200, {
        defaultLanguage: "en-US",
        contactWebsite: "https://northwind.example.com/habits",
        contactEmail: "support@northwind.example.com",
        contactPhone: "+1 206-555-0147",
      });
    const track = /^\/tracks\/([^/]+)$/.exec(sub ?? "");
    if (track && req.method === "GET") {
      if (track[1] === "production")
        return json(res, 200, {
          track: "production",
          releases: [
            {
              name: "3.7.2 (411)",
              versionCodes: ["411"],
              status: "completed",
              releaseNotes: [{ language: "en-US", text: "Streak widget fixes and faster sync." }],
            },
            { name: "3.8.0 (412)", versionCodes: ["412"], status: "inProgress", userFraction: 0.2 },
          ],
        });
      return json(res, 200, { track: track[1] });
    }
    if (track && req.method === "PUT") {
      releaseEdits.add(editId ?? "");
      return json(res, 200, parse(body));
    }
    const listing = /^\/listings\/([^/]+)$/.exec(sub ?? "");
    if (listing && req.method === "GET")
      return json(res, 200, {
        language: listing[1],
        title: "Northwind Habits: Daily Tracker",
        shortDescription: "Build streaks, track habits and hit your goals.",
        fullDescription:
          "Northwind Habits helps you build routines that stick.\n\n• Streaks and reminders\n• Home-screen widgets\n• Private by design",
        video: "",
      });
    if (listing && req.method === "PUT") return json(res, 200, { language: listing[1], ...parse(body) });
    unknownRequests.push(`google ${req.method} ${p} (edit ${editId})`);
  }
  if (rest === "reviews" && req.method === "GET")
    return json(
      res,
      200,
      pkg === PKG_HABITS
        ? { reviews: REVIEWS.slice(0, Number(url.searchParams.get("maxResults") ?? 10)) }
        : {},
    );
  const reply = /^reviews\/([^/:]+):reply$/.exec(rest);
  if (reply && req.method === "POST") {
    if (!REVIEWS.some((r) => r.reviewId === decodeURIComponent(reply[1] ?? "")))
      return json(res, 404, googleError(404, "NOT_FOUND", "Review not found.", "notFound"));
    return json(res, 200, {
      result: {
        replyText: String((parse(body) as { replyText?: string }).replyText ?? ""),
        lastEdited: { seconds: "1765110000", nanos: 0 },
      },
    });
  }
  unknownRequests.push(`google ${req.method} ${p}`);
  return json(res, 404, googleError(404, "NOT_FOUND", "Not Found", "notFound"));
};

// ---- RevenueCat REST API v2 --------------------------------------------------------------------------------------

type Offering = Record<string, unknown> & { id: string };

function seedOfferings(): Offering[] {
  return [
    {
      object: "offering",
      id: "ofrng1a2b3c4d5e",
      lookup_key: "default",
      display_name: "Standard paywall",
      is_current: true,
      created_at: 1741824000000,
      project_id: RC_PROJECT,
      metadata: null,
    },
    {
      object: "offering",
      id: "ofrng9f8e7d6c5b",
      lookup_key: "winback_50",
      display_name: "Win-back 50% off",
      is_current: false,
      created_at: 1760000000000,
      project_id: RC_PROJECT,
      metadata: { campaign: "q4-winback" },
    },
  ];
}
const offerings = new Map<string, Offering>();

const PRODUCTS = [
  {
    object: "product",
    id: "prod1a2b3c4d5e",
    store_identifier: "habits_pro_monthly",
    type: "subscription",
    subscription: { duration: "P1M" },
    created_at: 1741824000000,
    app_id: "app1a2b3c4d5e",
    display_name: "Habits Pro (monthly)",
  },
  {
    object: "product",
    id: "prod6f7g8h9i0j",
    store_identifier: "habits_pro_annual",
    type: "subscription",
    subscription: { duration: "P1Y" },
    created_at: 1741824000000,
    app_id: "app1a2b3c4d5e",
    display_name: "Habits Pro (annual)",
  },
  {
    object: "product",
    id: "prodk1l2m3n4o5",
    store_identifier: "habits.pro.monthly",
    type: "subscription",
    subscription: { duration: "P1M" },
    created_at: 1742256000000,
    app_id: "app6p7q8r9s0t",
    display_name: "Habits Pro (monthly, Play)",
  },
];

const rcError = (type: string, message: string, retryable: boolean, extra: Record<string, unknown> = {}) => ({
  object: "error",
  type,
  message,
  retryable,
  doc_url: `https://errors.rev.cat/${type.replace(/_/g, "-")}`,
  ...extra,
});

const rcList = (url: URL, items: unknown[]) => ({
  object: "list",
  items,
  next_page: null,
  url: url.pathname,
});

export const revenueCat = httpStandin(RC_PORT, (req, url, body, res) => {
  const p = url.pathname;
  seen.push(`revenuecat ${req.method} ${p}${url.search} ${body}`);
  if (req.headers.authorization !== `Bearer ${RC_KEY}`)
    return json(
      res,
      401,
      rcError("authentication_error", "Authentication is not valid for the given API key.", false),
    );
  if (state.rcRateLimited)
    return json(
      res,
      429,
      rcError("rate_limit_error", "Rate limit exceeded for this endpoint.", true, { backoff_ms: 60000 }),
      { "Retry-After": "60", "RevenueCat-Rate-Limit-Current-Limit": "480" },
    );
  if (state.rcServerError)
    return json(
      res,
      500,
      rcError("server_error", "Request is not able to be processed due to an internal server error.", true, {
        backoff_ms: 1000,
      }),
    );
  if (state.rcLocked)
    return json(
      res,
      423,
      rcError(
        "resource_locked_error",
        "The resource is currently being modified by a concurrent request.",
        true,
        { backoff_ms: 2000 },
      ),
    );
  if (state.rcSlow) return later(15_000, () => json(res, 200, rcList(url, [...offerings.values()])));

  const proj = /^\/v2\/projects\/([^/]+)\/(offerings|products)(?:\/([^/]+))?$/.exec(p);
  if (proj) {
    const [, projectId, kind, id] = proj;
    if (projectId !== RC_PROJECT)
      return json(
        res,
        403,
        rcError("authorization_error", "The API key does not belong to the project you specified.", false),
      );
    const all: { id: string }[] = kind === "offerings" ? [...offerings.values()] : PRODUCTS;
    if (!id && req.method === "GET") return json(res, 200, rcList(url, all));
    if (!id && req.method === "POST") {
      const missing = kind === "offerings" ? ["lookup_key", "display_name"] : ["store_identifier", "app_id"];
      const given = parse(body);
      const first = missing.find((field) => given[field] === undefined);
      if (first)
        return json(
          res,
          400,
          rcError("parameter_error", `${first} is a required field`, false, { param: first }),
        );
    }
    const found = all.find((item) => item.id === id);
    if (id && !found)
      return json(
        res,
        404,
        rcError(
          "resource_missing",
          `The ${kind === "offerings" ? "offering" : "product"} with id '${id}' does not exist.`,
          false,
        ),
      );
    if (found && req.method === "GET") return json(res, 200, found);
    if (found && req.method === "DELETE" && kind === "offerings") {
      offerings.delete(found.id);
      return json(res, 200, { object: "offering", id: found.id, deleted_at: 1765110000000 });
    }
  }
  // Paths the real API does not have (the server's entitlements, packages and price experiments sit outside a
  // project): the API's 404.
  unknownRequests.push(`revenuecat ${req.method} ${p}`);
  return json(res, 404, rcError("resource_missing", "The requested resource does not exist.", false));
});

export const ascProxy = forwardProxy(ASC_PROXY_PORT, tls, appStoreConnect);
export const googleProxy = forwardProxy(GOOGLE_PROXY_PORT, tls, googleApi);

export const ALL_STANDINS = [ascProxy, googleProxy, revenueCat];
