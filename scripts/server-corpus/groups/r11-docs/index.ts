// Group r11-docs: content management, documents and file storage — a self-hosted Strapi v5 CMS and Google
// Drive (through two different servers) — each behind a loopback stand-in that answers with the real API's
// bodies and error bodies (standins.ts). Strapi is reached at the URL its server is given; Google's hosts
// are written into `googleapis`, so the Drive servers reach them through a loopback HTTPS proxy.
//
//   (cd scripts/server-corpus/groups/r11-docs && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r11-docs

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, killMidCall, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  DRIVE,
  GDRIVE_MCP_PORT,
  GDRIVE_PROXY_PORT,
  GOOGLE_ACCESS_TOKEN,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_REFRESH_TOKEN,
  MCPGD_PROXY_PORT,
  STRAPI_ADMIN_EMAIL,
  STRAPI_ADMIN_PASSWORD,
  STRAPI_API_TOKEN,
  STRAPI_PORT,
  clearTimers,
  ensureCertificate,
  gdriveStandin,
  mcpgdStandin,
  resetDrive,
  state,
  strapiStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(FROM, "proxy-preload.mjs");

export const PACKAGES: Record<string, string> = {
  "strapi-mcp": "0.2.3",
  "@piotr-agier/google-drive-mcp": "2.10.0",
  "mcp-google-drive": "1.6.2",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

/** Trust for the stand-in certificate, and a proxy that answers as Google. */
function proxied(port: number): Record<string, string> {
  return {
    HTTPS_PROXY: `http://127.0.0.1:${port}`,
    NODE_EXTRA_CA_CERTS: CERT,
    HOME: path.join(DATA, "home"),
    NODE_OPTIONS: `--import=${PRELOAD}`,
  };
}

// --------------------------------------------------------------------------------------- Strapi

const ARTICLE = "api::article.article";

const strapi: SessionSpec = {
  label: "r11-docs-strapi",
  server: "strapi-mcp",
  transport: "stdio",
  start: stdioServer("r11-docs-strapi", "strapi-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      STRAPI_URL: `http://127.0.0.1:${STRAPI_PORT}`,
      STRAPI_API_TOKEN,
      STRAPI_ADMIN_EMAIL,
      STRAPI_ADMIN_PASSWORD,
      HOME: path.join(DATA, "home"),
    },
  }),
  steps: [
    step("stp-001", "list_content_types", {}, "list the content types"),
    step("stp-002", "get_entries", { contentType: ARTICLE }, "list the articles"),
    step(
      "stp-003",
      "get_entries",
      { contentType: ARTICLE, options: JSON.stringify({ filters: { title: { $containsi: "zeppelin" } } }) },
      "a filtered article list that matches nothing",
    ),
    step(
      "stp-004",
      "get_entries",
      { contentType: "api::author.author" },
      "list an empty collection (no authors yet)",
    ),
    step(
      "stp-005",
      "get_entries",
      { contentType: "api::podcast.podcast" },
      "list a content type that does not exist",
    ),
    step(
      "stp-006",
      "get_entry",
      { contentType: ARTICLE, id: "ktb3w7q9z2m1x8c4v6n0p5rd" },
      "get one article by its documentId",
    ),
    step(
      "stp-007",
      "get_entry",
      { contentType: ARTICLE, id: "nosuchdoc0000000000000000" },
      "get an article that does not exist",
    ),
    step(
      "stp-008",
      "get_entry",
      { contentType: ARTICLE, id: "nosuchdoc0000000000000000" },
      "the same missing article again, unchanged",
    ),
    step("stp-009", "get_content_type_schema", { contentType: ARTICLE }, "the article schema"),
    step(
      "stp-010",
      "create_entry",
      {
        contentType: ARTICLE,
        data: { title: "Autumn readings", slug: "autumn-readings", body: "Six evenings of readings." },
      },
      "create a draft article",
    ),
    step(
      "stp-011",
      "create_entry",
      { contentType: ARTICLE, data: { title: 42, slug: "forty-two" } },
      "create an article whose title has the wrong type",
    ),
    step(
      "stp-012",
      "create_entry",
      { contentType: ARTICLE, data: { title: "Spring catalogue again", slug: "spring-catalogue-whats-new" } },
      "create an article whose slug is taken",
    ),
    step(
      "stp-013",
      "update_entry",
      { contentType: ARTICLE, id: "h2f8j4k6l0q3w5e7r9t1y3ua", data: { title: "Meet our translators" } },
      "rename a draft article",
    ),
    step(
      "stp-014",
      "publish_entry",
      { contentType: ARTICLE, id: "h2f8j4k6l0q3w5e7r9t1y3ua" },
      "publish the draft",
    ),
    step(
      "stp-015",
      "delete_entry",
      { contentType: ARTICLE, id: "h2f8j4k6l0q3w5e7r9t1y3ua" },
      "delete an article while the editor role may not delete (403)",
      flag("strapiForbidden"),
    ),
    step("stp-016", "get_entries", { options: "{}" }, "a list without the required contentType"),
    step(
      "stp-017",
      "get_entries",
      { contentType: ARTICLE, options: "{filters: title}" },
      "a list whose options are not JSON",
    ),
    step(
      "stp-018",
      "get_entry",
      { contentType: ARTICLE, id: "ktb3w7q9z2m1x8c4v6n0p5rd" },
      "get an article after the admin password was changed (session and login refused)",
      flag("strapiAdminRevoked"),
    ),
    step(
      "stp-019",
      "get_entries",
      { contentType: ARTICLE },
      "list while the login endpoint is rate limited (429)",
      flag("strapiLoginRateLimited"),
    ),
    step(
      "stp-020",
      "get_entry",
      { contentType: ARTICLE, id: "ktb3w7q9z2m1x8c4v6n0p5rd" },
      "get an article while Strapi answers 500",
      flag("strapiServerError"),
    ),
    step(
      "stp-021",
      "get_entries",
      { contentType: ARTICLE },
      "list while nginx answers 502 (Strapi's node process down)",
      flag("strapiBadGateway"),
    ),
    step(
      "stp-022",
      "get_entries",
      { contentType: "api::event.event" },
      "a list that takes Strapi 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
    step("stp-023", "delete_media", { id: 42 }, "a tool the server does not have"),
    step(
      "stp-024",
      "get_entries",
      { contentType: ARTICLE },
      "list while Strapi cannot be reached (server stopped)",
      down(strapiStandin),
    ),
    step(
      "stp-025",
      "get_entries",
      { contentType: "api::event.event" },
      "a slow list; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------- Google Drive (piotr-agier)

const gdrive: SessionSpec = {
  label: "r11-docs-gdrive",
  server: "@piotr-agier/google-drive-mcp",
  transport: "http",
  start: httpServer("r11-docs-gdrive", "@piotr-agier/google-drive-mcp", {
    from: FROM,
    port: GDRIVE_MCP_PORT,
    env: {
      GOOGLE_DRIVE_MCP_ACCESS_TOKEN: GOOGLE_ACCESS_TOKEN,
      MCP_TRANSPORT: "http",
      MCP_HTTP_PORT: String(GDRIVE_MCP_PORT),
      MCP_HTTP_HOST: "127.0.0.1",
      XDG_CONFIG_HOME: path.join(DATA, "home", ".config"),
      ...proxied(GDRIVE_PROXY_PORT),
    },
  }),
  steps: [
    step("gd-001", "search", { query: "launch brief" }, "a full-text search"),
    step("gd-002", "search", { query: "zeppelin timetable" }, "a search that finds nothing"),
    step("gd-003", "listFolder", { folderId: DRIVE.launches }, "list a folder"),
    step("gd-004", "listFolder", { folderId: DRIVE.emptyFolder }, "list an empty folder"),
    step("gd-005", "listFolder", { folderId: DRIVE.missing }, "list a folder that does not exist"),
    step("gd-006", "readTextFile", { fileId: DRIVE.notes }, "read a markdown file"),
    step("gd-007", "readTextFile", { fileId: DRIVE.missing }, "read a file that does not exist"),
    step("gd-008", "readTextFile", { fileId: DRIVE.missing }, "the same missing file again, unchanged"),
    step(
      "gd-009",
      "createTextFile",
      { name: "press-contacts.txt", content: "Nordic desk: +46 8 555 0100", parentFolderId: DRIVE.press },
      "create a text file in a folder",
    ),
    step(
      "gd-010",
      "createFolder",
      { name: "Launches 2027", parent: DRIVE.missing },
      "create a folder under a parent that does not exist",
    ),
    step("gd-011", "deleteItem", { itemId: DRIVE.minutes }, "delete a file the account may only read"),
    step(
      "gd-012",
      "addPermission",
      { fileId: DRIVE.brief, emailAddress: "not-an-email", role: "reader", type: "user" },
      "share with an address that is not an e-mail (the tool's schema)",
    ),
    step("gd-013", "listPermissions", { fileId: DRIVE.brief }, "who the brief is shared with"),
    step(
      "gd-014",
      "search",
      { query: "name contains 'brief' and starred = maybe", rawQuery: true },
      "a raw Drive query the API cannot parse",
    ),
    step("gd-015", "search", { query: "" }, "a search with an empty query"),
    step(
      "gd-016",
      "search",
      { query: "catalogue" },
      "a search after the access token was revoked",
      flag("driveTokenInvalid"),
    ),
    step(
      "gd-017",
      "listFolder",
      { folderId: DRIVE.press },
      "list a folder over the per-user query quota (429 RESOURCE_EXHAUSTED)",
      flag("driveRateLimited"),
    ),
    step(
      "gd-018",
      "readTextFile",
      { fileId: DRIVE.notes },
      "read a file while Drive answers 500 backendError",
      flag("driveBackendError"),
    ),
    step(
      "gd-019",
      "search",
      { query: "catalogue" },
      "a search while Google's front end answers its HTML 502 page",
      flag("driveHtml502"),
    ),
    step(
      "gd-020",
      "createTextFile",
      { name: "autumn-plan.md", content: "# Autumn\n", parentFolderId: DRIVE.launches },
      "create a file when the Drive storage quota is full",
      flag("driveStorageQuota"),
    ),
    step(
      "gd-021",
      "search",
      { query: "'slow' in parents", rawQuery: true },
      "a search that takes Drive 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("gd-022", "deleteFolderRecursive", { folderId: DRIVE.press }, "a tool the server does not have"),
    step(
      "gd-023",
      "search",
      { query: "catalogue" },
      "a search while Google cannot be reached (proxy stopped)",
      down(gdriveStandin),
    ),
    step(
      "gd-024",
      "search",
      { query: "'slow' in parents", rawQuery: true },
      "a slow search; the MCP server (Streamable HTTP) is killed mid-call",
      killMidCall,
    ),
  ],
};

// ------------------------------------------------------------------------ mcp-google-drive

const mcpgd: SessionSpec = {
  label: "r11-docs-mcpgd",
  server: "mcp-google-drive",
  transport: "stdio",
  start: stdioServer("r11-docs-mcpgd", "mcp-google-drive", {
    from: FROM,
    cwd: DATA,
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET,
      GOOGLE_REFRESH_TOKEN,
      ...proxied(MCPGD_PROXY_PORT),
    },
  }),
  steps: [
    step("mgd-001", "list_files", { pageSize: 10 }, "list files"),
    step("mgd-002", "search_files", { query: "catalogue" }, "search by name and content"),
    step("mgd-003", "search_files", { query: "zeppelin timetable" }, "a search that finds nothing"),
    step("mgd-004", "get_file", { fileId: DRIVE.notes }, "file metadata"),
    step("mgd-005", "get_file", { fileId: DRIVE.missing }, "metadata of a file that does not exist"),
    step("mgd-006", "get_file_content", { fileId: DRIVE.notes }, "read a markdown file"),
    step("mgd-007", "get_file_content", { fileId: DRIVE.brief }, "read a Google Doc"),
    step("mgd-008", "get_file_content", { fileId: DRIVE.minutes }, "read a PDF"),
    step(
      "mgd-009",
      "list_files",
      { q: `'${DRIVE.emptyFolder}' in parents and trashed = false` },
      "list an empty folder",
    ),
    step("mgd-010", "list_files", { q: "title = 'Press'" }, "a Drive v2 query the v3 API rejects"),
    step("mgd-011", "list_files", { q: "title = 'Press'" }, "the same rejected query again, unchanged"),
    step("mgd-012", "create_folder", { name: "Launches 2027", parentId: DRIVE.press }, "create a folder"),
    step(
      "mgd-013",
      "delete_file",
      { fileId: DRIVE.minutes, permanent: true },
      "delete a file the account may only read",
    ),
    step(
      "mgd-014",
      "share_file",
      { fileId: DRIVE.brief, email: "not-an-email", role: "reader" },
      "share with an address that is not an e-mail",
    ),
    step("mgd-015", "get_file_permissions", { fileId: DRIVE.brief }, "who the brief is shared with"),
    step("mgd-016", "get_drive_info", {}, "the account's storage quota"),
    step(
      "mgd-017",
      "create_file",
      { name: "notes.txt", mimeType: "text/plain" },
      "create a file without the required content",
    ),
    step(
      "mgd-018",
      "list_files",
      { pageSize: 10 },
      "list after the user revoked the app's access (401 from the API, invalid_grant from the token endpoint)",
      {
        ...flag("refreshRevoked"),
        before: async (live) => {
          state.refreshRevoked = true;
          state.driveTokenInvalid = true;
          void live;
        },
        after: async () => {
          state.refreshRevoked = false;
          state.driveTokenInvalid = false;
        },
      },
    ),
    step(
      "mgd-019",
      "search_files",
      { query: "release" },
      "a search over the per-user rate limit (403 userRateLimitExceeded)",
      flag("driveUserRateLimit"),
    ),
    step(
      "mgd-020",
      "get_file",
      { fileId: DRIVE.notes },
      "metadata while Google's front end answers its HTML 502 page",
      flag("driveHtml502"),
    ),
    step(
      "mgd-021",
      "list_files",
      { q: "'slow' in parents" },
      "a list that takes Drive 15 s; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mgd-022", "empty_trash", {}, "a tool the server does not have"),
    step(
      "mgd-023",
      "get_file",
      { fileId: DRIVE.brief },
      "metadata while Google cannot be reached (proxy stopped)",
      down(mcpgdStandin),
    ),
    step(
      "mgd-024",
      "list_files",
      { q: "'slow' in parents" },
      "a slow list; the MCP server is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [strapi, gdrive, mcpgd];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(path.join(DATA, "home", ".config"), { recursive: true });
  ensureCertificate();
  resetDrive();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
