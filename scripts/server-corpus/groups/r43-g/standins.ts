// Loopback stand-ins for group r43-g.
//
// - Agent Secret Store's REST API (`<ASS_API_URL>/v1/…`) on plain HTTP 45500. `@agentsecretstore/mcp` reads its base URL
//   from `ASS_API_URL`, trades its agent key for short-lived scoped tokens at `POST /v1/tokens` and reads and writes
//   secrets with them, so no proxy and no certificate are needed.
// - The 1Password CLI (`op`) that `@jrejaud/op-mcp` runs for every tool: `op-standin.mjs`, started through a small shell
//   wrapper the server finds at `OP_PATH`. It answers like `op` 2.x signed in with a service account: JSON on stdout,
//   `[ERROR] <date> <time> <message>` on stderr with exit status 1. Its state (rate limited, a 500 from 1Password, no
//   network, a slow answer) is a JSON file the session's hooks write, since every `op` run is a new process.
//
// README.md says where each body's shape comes from and which values were written for the capture.

import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { clearTimers, cloudflare502, httpStandin, json, later, parse, text } from "../../standin-kit.js";

export { clearTimers };

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const DATA = "/tmp/faultline-corpus-r43-g";
export const ASS_PORT = 45500;

export const AGENT_KEY = "ass_live_7Qm2xK9vRt4LpW8nZc3HsB6yJd1F";
export const WRONG_AGENT_KEY = "ass_live_7Qm2xK9vRt4LpW8nZc3HsB6yJd1G";
export const APPROVAL_ID = "apr_01JF3W8N6Q2KX4T9ZB7MRC5D1H";

export const OP_TOKEN =
  "ops_eyJzaWduSW5BZGRyZXNzIjoibm9yZGJyb3QuMXBhc3N3b3JkLmV1IiwidXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy00MDk2In19";
export const REVOKED_OP_TOKEN =
  "ops_eyJzaWduSW5BZGRyZXNzIjoibm9yZGJyb3QuMXBhc3N3b3JkLmV1IiwidXNlckF1dGgiOnsibWV0aG9kIjoiU1JQZy0yMDQ4In19";

export const state = {
  rateLimited: false,
  serverError: false,
  badGateway: false,
  slow: false,
  tokenRevoked: false,
};

export const seen: string[] = [];
export const unknownRequests: string[] = [];

// ── Agent Secret Store ──────────────────────────────────────────────────────────────────────────────────────────────

const NOW = "2026-12-07T15:52:10Z";

interface Secret {
  key: string;
  value: string;
  secret_type: string;
  access_tier: "standard" | "sensitive" | "critical";
  version: number;
  description: string | null;
  created_at: string;
  updated_at: string;
}

const SECRETS: Record<string, Secret[]> = {
  "production/openai": [
    {
      key: "OPENAI_API_KEY",
      value: "sk-proj-Nb4rT8kW2mQ7xZ1vL9cH3sJ6pD0fG5yA",
      secret_type: "api_key",
      access_tier: "standard",
      version: 3,
      description: "Support-triage agent, project nordbrot-support",
      created_at: "2026-09-14T08:02:11Z",
      updated_at: "2026-11-30T17:44:05Z",
    },
    {
      key: "OPENAI_WEBHOOK_SECRET",
      value: "whsec_3kP9mV2qX7tR1nB8cL4zH6wJ0",
      secret_type: "custom",
      access_tier: "standard",
      version: 1,
      description: null,
      created_at: "2026-10-02T10:15:40Z",
      updated_at: "2026-10-02T10:15:40Z",
    },
  ],
  "production/stripe": [
    {
      key: "STRIPE_SECRET_KEY",
      value: "sk_live_51Hx…",
      secret_type: "api_key",
      access_tier: "sensitive",
      version: 2,
      description: "Live payments key — approval required",
      created_at: "2026-06-20T09:00:00Z",
      updated_at: "2026-11-02T11:30:12Z",
    },
  ],
  "staging/stripe": [],
  "staging/search": [],
};

const ALLOWED = ["production/openai", "production/stripe", "staging/stripe", "staging/search"];

const issued = new Set<string>();
let tokenCount = 0;

function nsOfScope(scope: string): string {
  // secrets:<action>:<namespace>/<key pattern>; namespaces:read has none
  const parts = scope.split(":");
  if (parts[0] !== "secrets") return "";
  const target = parts.slice(2).join(":");
  const cut = target.lastIndexOf("/");
  return cut > 0 ? target.slice(0, cut) : target;
}

function bearer(req: http.IncomingMessage): string {
  return (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
}

function assHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`ass ${req.method} ${url.pathname}${url.search}`);
  if (state.slow) return later(15_000, () => json(res, 200, { namespaces: [] }));
  if (state.rateLimited)
    return json(
      res,
      429,
      { detail: "Rate limit exceeded: 60 per 1 minute" },
      { "retry-after": "37", "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0" },
    );
  if (state.serverError) return json(res, 500, { detail: "Internal Server Error" });
  if (state.badGateway)
    return text(
      res,
      502,
      cloudflare502("api.agentsecretstore.com", "8e1f0c2b9d7a4c61"),
      "text/html; charset=UTF-8",
      {
        server: "cloudflare",
        "cf-ray": "8e1f0c2b9d7a4c61-FRA",
      },
    );

  const rawParts = url.pathname.split("/").filter(Boolean);
  const parts = rawParts.map((p) => decodeURIComponent(p));

  if (req.method === "POST" && url.pathname === "/v1/tokens") {
    if (bearer(req) !== AGENT_KEY) return json(res, 401, { detail: "Invalid or revoked agent key" });
    const { scopes = [], ttl = "1h" } = parse(body) as { scopes?: string[]; ttl?: string };
    for (const scope of scopes) {
      const ns = nsOfScope(scope);
      if (ns && !ALLOWED.some((allowed) => ns === allowed || allowed.startsWith(`${ns}/`)))
        return json(res, 403, {
          detail: `Scope '${scope}' is outside this agent's allowed namespaces`,
        });
    }
    if (scopes.some((scope) => scope.startsWith("secrets:read:production/stripe/")))
      return json(res, 202, {
        requires_approval: true,
        approval_id: APPROVAL_ID,
        status: "pending",
        tier: "sensitive",
        message: "Access to production/stripe/STRIPE_SECRET_KEY requires 1 approval",
        expires_at: "2026-12-07T16:52:10Z",
      });
    tokenCount += 1;
    const token = `eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZ3RfbmJfc3VwcG9ydCIsImp0aSI6InRva18${tokenCount}In0.c2lnbmF0dXJl${tokenCount}`;
    issued.add(token);
    return json(res, 201, {
      token,
      token_id: `tok_01JF3W9${String(tokenCount).padStart(3, "0")}`,
      scopes,
      ttl,
      expires_at: "2026-12-07T16:52:10Z",
    });
  }

  if (req.method === "GET" && parts[0] === "v1" && parts[1] === "approvals" && parts[2] === "agent") {
    if (bearer(req) !== AGENT_KEY) return json(res, 401, { detail: "Invalid or revoked agent key" });
    if (parts[3] !== APPROVAL_ID) return json(res, 404, { detail: "Approval request not found" });
    return json(res, 200, {
      approval_id: APPROVAL_ID,
      status: "pending",
      secret_path: "production/stripe/STRIPE_SECRET_KEY",
      tier: "sensitive",
      approvals_required: 1,
      approvals_received: 0,
      requested_at: "2026-12-07T15:52:10Z",
      expires_at: "2026-12-07T16:52:10Z",
    });
  }

  // Everything else needs a scoped token.
  const token = bearer(req);
  if (!issued.has(token)) return json(res, 401, { detail: "Invalid or expired token" });
  if (state.tokenRevoked) return json(res, 401, { detail: "Token has been revoked" });

  if (req.method === "GET" && url.pathname === "/v1/namespaces")
    return json(res, 200, {
      namespaces: ALLOWED.map((namespace) => ({
        namespace,
        secret_count: (SECRETS[namespace] ?? []).length,
      })),
      total: ALLOWED.length,
    });

  if (parts[0] === "v1" && parts[1] === "secrets" && parts.length === 3 && req.method === "GET") {
    const ns = parts[2]!;
    const list = SECRETS[ns];
    if (!list) return json(res, 404, { detail: `Namespace '${ns}' not found` });
    return json(res, 200, {
      namespace: ns,
      secrets: list.map(({ value: _value, ...meta }) => meta),
      total: list.length,
    });
  }

  if (parts[0] === "v1" && parts[1] === "secrets" && parts.length === 4) {
    const ns = parts[2]!;
    const key = parts[3]!;
    const list = SECRETS[ns];
    if (req.method === "GET") {
      const secret = list?.find((s) => s.key === key);
      if (!secret) return json(res, 404, { detail: "Secret not found" });
      return json(res, 200, {
        path: `${ns}/${key}`,
        value: secret.value,
        version: secret.version,
        tier: secret.access_tier,
        secret_type: secret.secret_type,
        description: secret.description,
        created_at: secret.created_at,
        updated_at: secret.updated_at,
        accessed_at: NOW,
        expires_at: null,
      });
    }
    if (req.method === "PUT") {
      const { value, secret_type, access_tier } = parse(body) as Record<string, string>;
      const existing = list?.find((s) => s.key === key);
      const version = existing ? existing.version + 1 : 1;
      if (list && !existing)
        list.push({
          key,
          value: value ?? "",
          secret_type: secret_type ?? "custom",
          access_tier: (access_tier as Secret["access_tier"]) ?? "standard",
          version,
          description: null,
          created_at: NOW,
          updated_at: NOW,
        });
      return json(res, existing ? 200 : 201, {
        path: `${ns}/${key}`,
        version,
        tier: access_tier ?? "standard",
        secret_type: secret_type ?? "custom",
        created_at: existing?.created_at ?? NOW,
        updated_at: NOW,
      });
    }
  }

  unknownRequests.push(`ass ${req.method} ${url.pathname}`);
  return json(res, 404, { detail: "Not Found" });
}

export const assStandin = httpStandin(ASS_PORT, assHandler);

// ── the 1Password CLI ───────────────────────────────────────────────────────────────────────────────────────────────

export const OP_WRAPPER = path.join(DATA, "bin", "op");
export const OP_STATE = path.join(DATA, "op-state.json");
export const OP_LOG = path.join(DATA, "op-calls.log");

export type OpFlag = "rateLimited" | "serverError" | "network" | "slow";

export function writeOpState(flags: Partial<Record<OpFlag, boolean>>) {
  fs.writeFileSync(OP_STATE, JSON.stringify(flags));
}

/** Writes the wrapper the server runs as `op` (OP_PATH), and a clean state. */
export function installOp() {
  fs.mkdirSync(path.dirname(OP_WRAPPER), { recursive: true });
  fs.writeFileSync(
    OP_WRAPPER,
    `#!/bin/sh\nexec ${process.execPath} ${path.join(HERE, "op-standin.mjs")} "$@"\n`,
    { mode: 0o755 },
  );
  writeOpState({});
}

export const ALL_STANDINS = [assStandin];
