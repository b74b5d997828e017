// Group r39-e: headless CMS — Umbraco's own MCP server for its Management API (@umbraco-cms/mcp-dev: the content
// tree, documents, search, URLs, languages, creating and publishing documents, the recycle bin). The server asks
// for a client-credentials token as an Umbraco API user and calls the Management API at its own address setting
// (`UMBRACO_BASE_URL`), here a loopback stand-in of an Umbraco 18 site (standins.ts).
//
//   (cd scripts/server-corpus/groups/r39-e && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r39-e

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CLIENT_ID,
  CLIENT_SECRET,
  DATA,
  IDS,
  UMBRACO_PORT,
  clearTimers,
  seen,
  state,
  umbraco,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@umbraco-cms/mcp-dev": "18.1.7",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

const PUBLISH_INVARIANT = { publishSchedules: [{ culture: null }] };

// ── @umbraco-cms/mcp-dev (stdio) ─────────────────────────────────────────────────────────────────────────────────────

const umbracoSession: SessionSpec = {
  label: "r39-e-umbraco",
  server: "@umbraco-cms/mcp-dev",
  transport: "stdio",
  start: stdioServer("r39-e-umbraco", "@umbraco-cms/mcp-dev", {
    from: FROM,
    cwd: DATA,
    bin: "umbraco",
    env: {
      HOME,
      UMBRACO_CLIENT_ID: CLIENT_ID,
      UMBRACO_CLIENT_SECRET: CLIENT_SECRET,
      UMBRACO_BASE_URL: `http://127.0.0.1:${UMBRACO_PORT}`,
    },
  }),
  steps: [
    step("umb-001", "get-document-root", {}, "the content tree's root: Home and Journal"),
    step(
      "umb-002",
      "get-document-children",
      { parentId: IDS.blog },
      "the Journal's children: two posts and a folder",
    ),
    step("umb-003", "get-document-by-id", { id: IDS.spring }, "a published post with its property values"),
    step("umb-004", "get-document-by-id", { id: IDS.missing }, "a document id that does not exist: 404"),
    step("umb-005", "get-document-by-id", { id: IDS.missing }, "the same call again, unchanged"),
    step("umb-006", "search-document", { query: "spring" }, "a search that finds one post"),
    step("umb-007", "search-document", { query: "webinar recap" }, "a search that finds nothing"),
    step(
      "umb-008",
      "get-document-urls",
      { id: [IDS.spring, IDS.studio] },
      "the URLs of a published post and of a draft (which has none)",
    ),
    step("umb-009", "get-language", {}, "the site's two languages"),
    step(
      "umb-010",
      "create-document",
      {
        documentTypeId: IDS.postType,
        parentId: IDS.blog,
        name: "Autumn lookbook",
        values: [
          {
            editorAlias: "Umbraco.TextBox",
            culture: null,
            segment: null,
            alias: "title",
            value: "Autumn lookbook",
          },
          {
            editorAlias: "Umbraco.TextArea",
            culture: null,
            segment: null,
            alias: "summary",
            value: "Heavier linen, walnut and indigo.",
          },
        ],
      },
      "a new blog post under the Journal: 201",
    ),
    step(
      "umb-011",
      "create-document",
      {
        documentTypeId: IDS.postType,
        parentId: IDS.blog,
        name: "Winter care guide",
        values: [
          { editorAlias: "Umbraco.TextBox", culture: null, segment: null, alias: "title", value: "" },
          {
            editorAlias: "Umbraco.TextArea",
            culture: null,
            segment: null,
            alias: "summary",
            value:
              "How to wash, dry, store and mend washed linen through the winter months, with notes on natural dyes, on moth protection without chemicals, and on when to send a piece back to us.",
          },
        ],
      },
      "a post whose title is empty and summary too long: 400 property validation",
    ),
    step(
      "umb-012",
      "create-document",
      { documentTypeId: IDS.missingType, parentId: IDS.blog, name: "Press kit", values: [] },
      "a document type id that does not exist (the server looks the type up first): 404",
    ),
    step(
      "umb-013",
      "publish-document",
      { id: IDS.studio, data: PUBLISH_INVARIANT },
      "publishing a draft post: 200 with no body",
    ),
    step(
      "umb-014",
      "publish-document",
      { id: IDS.lookbook2023, data: PUBLISH_INVARIANT },
      "publishing a post whose parent folder is unpublished: 400 PathNotPublished",
    ),
    step(
      "umb-015",
      "move-document-to-recycle-bin",
      { id: IDS.spring },
      "trashing a post the API user may only read and update: an empty 403",
    ),
    step(
      "umb-016",
      "get-document-by-id",
      { id: "introducing-our-spring-collection" },
      "a slug where a GUID is expected",
    ),
    step(
      "umb-017",
      "get-document-root",
      { cursor: "page-2" },
      "a pagination cursor the server did not issue",
    ),
    step(
      "umb-018",
      "get-document-children",
      { parentId: IDS.blog },
      "Cloudflare in front of Umbraco Cloud answers 429 (Error 1015 page) with Retry-After",
      flag("rateLimited"),
    ),
    step(
      "umb-019",
      "search-document",
      { query: "linen" },
      "the API answers 500 with ASP.NET Core's ProblemDetails",
      flag("serverError"),
    ),
    step(
      "umb-020",
      "get-document-by-id",
      { id: IDS.home },
      "Cloudflare answers its 502 Bad gateway page",
      flag("badGateway"),
    ),
    step(
      "umb-021",
      "get-language",
      {},
      "the API user's token was revoked: an empty 401 with a Bearer invalid_token challenge",
      flag("revoked"),
    ),
    step(
      "umb-022",
      "get-document-by-id",
      { id: IDS.spring },
      "an answer 15 s late; the client waits 4 s",
      flag("slow", { timeoutMs: 4000 }),
    ),
    step(
      "umb-023",
      "get-document-root",
      {},
      "a call while the site is unreachable (connections refused)",
      down(umbraco),
    ),
    step("umb-024", "unpublish-page", { id: IDS.spring }, "a tool the server does not have"),
    step("umb-025", "get-document-root", {}, "umb-023's call once the site answers again"),
  ],
};

export const SESSIONS: SessionSpec[] = [umbracoSession];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
