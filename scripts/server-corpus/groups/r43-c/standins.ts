// Loopback stand-in for group r43-c: the Google APIs the Firebase CLI's MCP server calls when it sends push
// notifications through Firebase Cloud Messaging — the OAuth token endpoint (www.googleapis.com/oauth2/v3/token, the
// CLI's refresh-token grant), FCM's HTTP v1 API (fcm.googleapis.com), the Firebase Management API
// (firebase.googleapis.com), Cloud Resource Manager (the project lookup), Cloud Billing (the billing check the server
// makes before each call) and Service Usage (its best-effort "is the API enabled" check). The CLI writes these hosts
// into its client and follows HTTPS_PROXY through undici's ProxyAgent, so the stand-in is the kit's forward proxy on
// 45300, which terminates each CONNECT tunnel with the stand-in certificate (trusted through NODE_EXTRA_CA_CERTS) and
// answers by Host. Bodies are Google's error shape (google.rpc.Status: `{error: {code, message, status, details[]}}`,
// FCM's `google.firebase.fcm.v1.FcmError` detail with its `errorCode`) — README.md says where each comes from.
//
// `state` is switched by the sessions' hooks.

import type http from "node:http";
import { certificate, clearTimers, forwardProxy, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r43-c";
export const PROXY_PORT = 45300;

export const PROJECT_ID = "harbor-alerts-prod";
export const PROJECT_NUMBER = "418275306912";
export const OTHER_PROJECT_ID = "harbor-alerts-staging";

/** A refresh token from `firebase login:ci` (Google's `1//0…` form), the CLI's FIREBASE_TOKEN. */
export const REFRESH_TOKEN =
  "1//0gK7pXw3Yq2LrCgYIARAAGBASNwF-L9IrTq8mZ4vN1cD6eH0jS5kW2xA7bP3uQ9yR4tE8oG1iM6nV0zC3fJ5hL2sB7dK9gT1";
/** A refresh token that was revoked (the user removed the CLI's access to their Google account). */
export const REVOKED_REFRESH_TOKEN =
  "1//0fR3mN8vQ1wX6zT4yCgYIARAAGA8SNwF-L9Ir2bH7kP0sD5gJ9lA3qW6eZ1xV8cN4mT2uY7iO5rE0tB3fK6hS9dL1jG4pU8a";
const ACCESS_TOKEN =
  "ya29.a0AeDClZB7qL2mX9vR4tK8pW1nS6cF3hJ0dG5yT8uE2iO7aQ4zN1bV9xM6kC3rP0sL5fH8jD2gY7wU4eI1oA9tZ6nB3mQ0vX";

/** A registration token of the on-call phone (an FCM token: instance id, colon, APA91b payload). */
export const PHONE_TOKEN =
  "eK3v9pQ7RmO2xL5tY8wZ1a:APA91bF4nT7kW2qR9vX3mB6pL1sD8hJ0gC5yU2iE7oA4zN9bV1xM3kQ6rP0sL5fH8jD2gY7wU4eI1oA9tZ6nB3mQ0vXcK7pLw";
/** A token of the ops tablet that uninstalled the app (FCM answers UNREGISTERED). */
export const STALE_TOKEN =
  "dJ8q2vN5RkE7yT1wM4xC6z:APA91bH2gT5kP8qW3vR9mL6nS1cF4jD7yU0iE5oA2zN8bV3xM6kC1rP9sL4fH7jD0gY5wU2eI8oA3tZ1nB6mQ9vXdL4pRk";
/** An iOS token whose app's APNs auth key was revoked in the Apple developer account. */
export const IOS_TOKEN =
  "fT6w1pL9QmA3xR8vN2yK5z:APA91bE7hR2kN9qT4vW1mP6sL3cF8jD5yU0iG2oA7zN4bV9xM1kC6rQ3sL8fH5jD2gY0wU7eI4oA1tZ9nB3mQ6vXfT2pWq";
/** A token registered to another Firebase project's sender id. */
export const FOREIGN_TOKEN =
  "cM4r8pV2QkT6xN1wL9yB3z:APA91bG1kT8nR5qW2vX7mL4pS9cF6jD3yU1iE8oA5zN2bV7xM4kC9rP6sL1fH3jD8gY4wU0eI6oA2tZ5nB9mQ1vXcM8pRv";
/** A token whose payload was cut off when it was pasted (FCM: not a valid registration token). */
export const TRUNCATED_TOKEN = "eK3v9pQ7RmO2xL5tY8wZ1a:APA91bF4nT7kW2qR9vX3";

export const ANDROID_APP_ID = "1:418275306912:android:5c2e8f1a9b3d7e60c4a1f2";
export const IOS_APP_ID = "1:418275306912:ios:8d4b1e7f3a2c9d05b6e3a7";
export const MISSING_APP_ID = "1:418275306912:android:0f9e8d7c6b5a493827160f";

export const state = {
  revoked: false,
  rateLimited: false,
  unavailable: false,
  serverError: false,
  badGateway: false,
  slow: false,
  noPermission: false,
};

export const unknownRequests: string[] = [];
export const seen: string[] = [];

const HOSTS = [
  "www.googleapis.com",
  "oauth2.googleapis.com",
  "fcm.googleapis.com",
  "firebase.googleapis.com",
  "cloudresourcemanager.googleapis.com",
  "cloudbilling.googleapis.com",
  "serviceusage.googleapis.com",
  "firebaserules.googleapis.com",
];

const CERT = () => certificate(DATA, HOSTS);
export const certificateFile = () => CERT().cert;

/** Google's JSON error envelope (google.rpc.Status) as every googleapis.com REST API answers it. */
function googleError(
  res: http.ServerResponse,
  code: number,
  status: string,
  message: string,
  details: unknown[] = [],
  headers: Record<string, string> = {},
) {
  json(res, code, { error: { code, message, status, ...(details.length ? { details } : {}) } }, headers);
}

const fcmDetail = (errorCode: string) => ({
  "@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError",
  errorCode,
});

/** The front end's own 502 page (Google's "That's an error." HTML). */
const GOOGLE_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <style>
    *{margin:0;padding:0}html,code{font:15px/22px arial,sans-serif}html{background:#fff;color:#222;padding:15px}body{margin:7% auto 0;max-width:390px;min-height:180px;padding:30px 0 15px}
  </style>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
`;

const PROJECT = {
  projectNumber: PROJECT_NUMBER,
  projectId: PROJECT_ID,
  lifecycleState: "ACTIVE",
  name: "Harbor Alerts",
  createTime: "2024-03-11T09:42:17.318Z",
  parent: { type: "organization", id: "731904528816" },
};

const APPS = [
  {
    name: `projects/${PROJECT_ID}/androidApps/${ANDROID_APP_ID}`,
    appId: ANDROID_APP_ID,
    displayName: "Harbor Alerts (Android)",
    projectId: PROJECT_ID,
    packageName: "com.harborlogistics.alerts",
    apiKeyId: "2b7c1d9e-4f3a-4e8b-9c6d-1a5f0e2b3c7d",
    state: "ACTIVE",
    expireTime: "1970-01-01T00:00:00Z",
    platform: "ANDROID",
  },
  {
    name: `projects/${PROJECT_ID}/iosApps/${IOS_APP_ID}`,
    appId: IOS_APP_ID,
    displayName: "Harbor Alerts (iOS)",
    projectId: PROJECT_ID,
    bundleId: "com.harborlogistics.alerts",
    apiKeyId: "8e3f5a1c-7d2b-4c9e-a6f0-3b1d8e5c2a4f",
    state: "ACTIVE",
    expireTime: "1970-01-01T00:00:00Z",
    platform: "IOS",
  },
];

let messageCounter = 0;

function fcm(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const m = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(url.pathname);
  if (req.method !== "POST" || !m) return unknown(req, url, res);
  if (state.slow) {
    return later(15_000, () => json(res, 200, { name: `projects/${m[1]}/messages/0:1` }));
  }
  if (state.badGateway) return text(res, 502, GOOGLE_502, "text/html; charset=UTF-8");
  if (state.rateLimited) {
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      `Quota exceeded for quota metric 'Send requests' and limit 'Send requests per minute' of service 'fcm.googleapis.com' for consumer 'project_number:${PROJECT_NUMBER}'.`,
      [
        fcmDetail("QUOTA_EXCEEDED"),
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "RATE_LIMIT_EXCEEDED",
          domain: "googleapis.com",
          metadata: {
            quota_metric: "fcm.googleapis.com/send_requests",
            quota_limit: "SendRequestsPerMinutePerProject",
            service: "fcm.googleapis.com",
            consumer: `projects/${PROJECT_NUMBER}`,
          },
        },
      ],
      { "retry-after": "60" },
    );
  }
  if (state.unavailable) {
    return googleError(
      res,
      503,
      "UNAVAILABLE",
      "The service is currently unavailable.",
      [fcmDetail("UNAVAILABLE")],
      {
        "retry-after": "30",
      },
    );
  }
  if (state.serverError) {
    return googleError(res, 500, "INTERNAL", "Internal error encountered.", [fcmDetail("INTERNAL")]);
  }
  const msg = (parse(body).message ?? {}) as { token?: string; topic?: string };
  if (msg.topic !== undefined && !/^[a-zA-Z0-9-_.~%]{1,900}$/.test(msg.topic)) {
    return googleError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.", [
      fcmDetail("INVALID_ARGUMENT"),
      {
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        fieldViolations: [{ field: "message.topic", description: "Invalid topic name provided" }],
      },
    ]);
  }
  if (msg.token === STALE_TOKEN) {
    return googleError(res, 404, "NOT_FOUND", "Requested entity was not found.", [fcmDetail("UNREGISTERED")]);
  }
  if (msg.token === TRUNCATED_TOKEN) {
    return googleError(
      res,
      400,
      "INVALID_ARGUMENT",
      "The registration token is not a valid FCM registration token",
      [fcmDetail("INVALID_ARGUMENT")],
    );
  }
  if (msg.token === FOREIGN_TOKEN) {
    return googleError(res, 403, "PERMISSION_DENIED", "SenderId mismatch", [fcmDetail("SENDER_ID_MISMATCH")]);
  }
  if (msg.token === IOS_TOKEN) {
    return googleError(res, 401, "UNAUTHENTICATED", "Auth error from APNS or Web Push Service", [
      fcmDetail("THIRD_PARTY_AUTH_ERROR"),
    ]);
  }
  messageCounter += 1;
  json(res, 200, {
    name: `projects/${m[1]}/messages/${msg.topic ? "" : "0:"}${1765118400000000 + messageCounter * 7919}%31bd1c9631bd1c96`,
  });
}

function management(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const p = url.pathname;
  if (req.method === "GET" && p === `/v1beta1/projects/${PROJECT_ID}:searchApps`) {
    return json(res, 200, { apps: APPS });
  }
  if (req.method === "GET" && p === `/v1beta1/projects/${PROJECT_ID}/webApps`) {
    return json(res, 200, {});
  }
  if (req.method === "GET" && p === `/v1beta1/projects/${PROJECT_ID}/androidApps`) {
    return json(res, 200, { apps: APPS.filter((a) => a.platform === "ANDROID") });
  }
  const cfg = /^\/v1beta1\/projects\/-\/(androidApps|iosApps|webApps)\/([^/]+)\/config$/.exec(p);
  if (req.method === "GET" && cfg) {
    if (cfg[2] === ANDROID_APP_ID) {
      return json(res, 200, {
        configFilename: "google-services.json",
        configFileContents: Buffer.from(
          JSON.stringify({
            project_info: {
              project_number: PROJECT_NUMBER,
              project_id: PROJECT_ID,
              storage_bucket: `${PROJECT_ID}.firebasestorage.app`,
            },
            client: [
              {
                client_info: {
                  mobilesdk_app_id: ANDROID_APP_ID,
                  android_client_info: { package_name: "com.harborlogistics.alerts" },
                },
                api_key: [{ current_key: "AIzaSyD3kT8nR5qW2vX7mL4pS9cF6jD3yU1iE8o" }],
              },
            ],
            configuration_version: "1",
          }),
        ).toString("base64"),
      });
    }
    return googleError(res, 404, "NOT_FOUND", `Requested entity was not found.`);
  }
  const proj = /^\/v1beta1\/projects\/([^/:]+)$/.exec(p);
  if (req.method === "GET" && proj) {
    if (proj[1] !== PROJECT_ID) {
      return googleError(res, 403, "PERMISSION_DENIED", "The caller does not have permission");
    }
    return json(res, 200, {
      name: `projects/${PROJECT_ID}`,
      projectId: PROJECT_ID,
      projectNumber: PROJECT_NUMBER,
      displayName: "Harbor Alerts",
      resources: { hostingSite: PROJECT_ID, storageBucket: `${PROJECT_ID}.firebasestorage.app` },
      state: "ACTIVE",
      etag: "1_7c4e2d9a-5b3f-4e1a-8c6d-0f2b9e7a3d51",
    });
  }
  return unknown(req, url, res);
}

function resourceManager(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const m = /^\/v1\/projects\/([^/]+)$/.exec(url.pathname);
  if (req.method !== "GET" || !m) return unknown(req, url, res);
  if (state.rateLimited) {
    return googleError(
      res,
      429,
      "RESOURCE_EXHAUSTED",
      `Quota exceeded for quota metric 'Read requests' and limit 'Read requests per minute' of service 'cloudresourcemanager.googleapis.com' for consumer 'project_number:${PROJECT_NUMBER}'.`,
      [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "RATE_LIMIT_EXCEEDED",
          domain: "googleapis.com",
          metadata: {
            quota_metric: "cloudresourcemanager.googleapis.com/read_requests",
            quota_limit: "ReadRequestsPerMinutePerProject",
            service: "cloudresourcemanager.googleapis.com",
            consumer: `projects/${PROJECT_NUMBER}`,
          },
        },
      ],
    );
  }
  if (state.noPermission || m[1] !== PROJECT_ID) {
    // Resource Manager answers a project the caller cannot see, or that does not exist, with the same 403.
    return googleError(res, 403, "PERMISSION_DENIED", "The caller does not have permission");
  }
  if (state.serverError) return googleError(res, 500, "INTERNAL", "Internal error encountered.");
  return json(res, 200, PROJECT);
}

function token(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  if (req.method !== "POST" || url.pathname !== "/oauth2/v3/token") return unknown(req, url, res);
  // The grant arrives as multipart form data; the refresh token is one of its parts.
  const refresh = /name="refresh_token"\r\n\r\n([^\r\n]+)/.exec(body)?.[1] ?? "";
  if (refresh === REVOKED_REFRESH_TOKEN || state.revoked) {
    return json(res, 400, {
      error: "invalid_grant",
      error_description: "Token has been expired or revoked.",
    });
  }
  if (refresh !== REFRESH_TOKEN) {
    return json(res, 400, { error: "invalid_grant", error_description: "Bad Request" });
  }
  json(res, 200, {
    access_token: ACCESS_TOKEN,
    expires_in: 3599,
    scope: "https://www.googleapis.com/auth/cloud-platform",
    token_type: "Bearer",
  });
}

function unknown(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  unknownRequests.push(`${req.method} ${url.host}${url.pathname}`);
  googleError(res, 404, "NOT_FOUND", "Requested entity was not found.");
}

function handler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(
    `${req.method} ${url.host}${url.pathname}${url.search} ${req.headers.authorization ?? ""} ${body.slice(0, 400)}`,
  );
  const host = url.hostname;
  if (host === "www.googleapis.com" || host === "oauth2.googleapis.com") return token(req, url, body, res);
  // Every API below wants the access token the refresh grant returned.
  if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
    return googleError(
      res,
      401,
      "UNAUTHENTICATED",
      "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
      [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "ACCESS_TOKEN_TYPE_UNSUPPORTED",
          metadata: { service: host, method: "unknown" },
        },
      ],
    );
  }
  if (host === "fcm.googleapis.com") return fcm(req, url, body, res);
  if (host === "firebase.googleapis.com") return management(req, url, res);
  if (host === "cloudresourcemanager.googleapis.com") return resourceManager(req, url, res);
  if (host === "cloudbilling.googleapis.com") {
    const m = /^\/v1\/projects\/([^/]+)\/billingInfo$/.exec(url.pathname);
    if (m) {
      return json(res, 200, {
        name: `projects/${m[1]}/billingInfo`,
        projectId: m[1],
        billingAccountName: "billingAccounts/01A2B3-C4D5E6-F7A8B9",
        billingEnabled: true,
      });
    }
  }
  if (host === "serviceusage.googleapis.com") {
    const m = /^\/v1\/projects\/([^/]+)\/services\/([^/]+)$/.exec(url.pathname);
    if (m) {
      return json(res, 200, {
        name: `projects/${PROJECT_NUMBER}/services/${m[2]}`,
        config: { name: m[2] },
        state: "ENABLED",
        parent: `projects/${PROJECT_NUMBER}`,
      });
    }
  }
  return unknown(req, url, res);
}

export const googleProxy = forwardProxy(PROXY_PORT, CERT, handler);
export const ALL_STANDINS = [googleProxy];
