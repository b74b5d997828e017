// Group r41-h: cloud file storage and sharing — a Nextcloud user's files and shares through nextcloud-mcp-server
// (WebDAV and the OCS sharing API), and a Dropbox account's files and shared links through dbx-mcp-server (the
// Dropbox API v2 through the official SDK). Both published servers run behind loopback stand-ins (standins.ts).
//
//   (cd scripts/server-corpus/groups/r41-h && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r41-h

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  DROPBOX_PORT,
  DROPBOX_TOKEN,
  NEXTCLOUD_APP_PASSWORD,
  NEXTCLOUD_PORT,
  NEXTCLOUD_USER,
  clearTimers,
  dropboxApi,
  ensureCertificate,
  nextcloudApi,
  seen,
  state,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "nextcloud-mcp-server": "1.1.0",
  "dbx-mcp-server": "1.3.2",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");
const NC_DIR = path.join(DATA, "nextcloud");
const DBX_DIR = path.join(DATA, "dropbox");
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");

const nextcloudSession: SessionSpec = {
  label: "r41-h-nextcloud",
  server: "nextcloud-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-h-nextcloud", "nextcloud-mcp-server", {
    from: FROM,
    cwd: NC_DIR,
    env: {
      HOME,
      NEXTCLOUD_URL: `http://127.0.0.1:${NEXTCLOUD_PORT}`,
      NEXTCLOUD_USERNAME: NEXTCLOUD_USER,
      NEXTCLOUD_PASSWORD: NEXTCLOUD_APP_PASSWORD,
    },
  }),
  steps: [
    step("nc-001", "test-connection", {}, "status.php answers installed, version 30.0.4"),
    step("nc-002", "list-files", {}, "the root folder (the default path)"),
    step("nc-003", "list-files", { path: "/Projects" }, "a folder with a subfolder and two files"),
    step("nc-004", "list-files", { path: "/Projects/Empty" }, "an empty folder"),
    step("nc-005", "list-files", { path: "/Clients" }, "a folder that does not exist: WebDAV 404 NotFound"),
    step("nc-006", "list-files", { path: "/Clients" }, "the same call again, unchanged"),
    step("nc-007", "create-directory", { path: "/Projects/Q1" }, "MKCOL a new folder: 201"),
    step(
      "nc-008",
      "create-directory",
      { path: "/Projects" },
      "MKCOL a folder that exists: 405 MethodNotAllowed",
    ),
    step(
      "nc-009",
      "upload-file",
      { remotePath: "/Projects/Q1/plan.md", content: b64("# Q1 plan\n\n1. hire\n2. ship\n") },
      "PUT a new file: 201",
    ),
    step(
      "nc-010",
      "upload-file",
      { remotePath: "/Projects/Q1/footage.mov", content: b64("mov-bytes".repeat(40)) },
      "the user's quota is used up: 507 InsufficientStorage",
      flag("ncQuotaFull"),
    ),
    step("nc-011", "download-file", { path: "/Projects/report.md" }, "GET a file's bytes"),
    step("nc-012", "create-share", { path: "/Projects/report.md" }, "a public link share (type 3) via OCS"),
    step(
      "nc-013",
      "create-share",
      { path: "/Projects/missing.pdf", shareType: 3 },
      "a share of a path that does not exist: OCS 404",
    ),
    step("nc-014", "list-shares", {}, "every share the user made"),
    step("nc-015", "list-shares", { path: "/Projects/Q1" }, "shares of a folder that has none"),
    step(
      "nc-016",
      "move-file",
      { sourcePath: "/Projects/report.md", destinationPath: "/Archive/report-2025.md" },
      "MOVE onto an existing file without overwrite: 412 PreconditionFailed",
    ),
    step(
      "nc-017",
      "search-files",
      { query: "report" },
      "search: the OCS route it calls is not Nextcloud's (404), the server falls back to listing the root",
    ),
    step(
      "nc-018",
      "get-file-versions",
      { path: "/Projects/report.md" },
      "versions of an existing file: the OCS route it calls is not Nextcloud's (404)",
    ),
    step(
      "nc-019",
      "delete-file",
      { path: "/Projects/budget-2027.xlsx" },
      "DELETE a file another client holds open: 423 FileLocked",
    ),
    step(
      "nc-020",
      "list-files",
      { path: "/Photos" },
      "the app password revoked: 401 NotAuthenticated",
      flag("ncWrongPassword"),
    ),
    step(
      "nc-021",
      "list-files",
      { path: "/Archive" },
      "the instance in maintenance mode: 503 ServiceUnavailable",
      flag("ncMaintenance"),
    ),
    step(
      "nc-022",
      "list-files",
      { path: "/Projects" },
      "Nextcloud answers 15 s late; the client waits 4 s",
      flag("ncSlow", { timeoutMs: 4000 }),
    ),
    step("nc-023", "test-connection", {}, "Nextcloud unreachable (connection refused)", down(nextcloudApi)),
    step("nc-024", "create-directory", {}, "no path argument"),
    step(
      "nc-025",
      "rename-file",
      { path: "/Readme.md", newName: "README.md" },
      "a tool the server does not have",
    ),
  ],
};

const dropboxSession: SessionSpec = {
  label: "r41-h-dropbox",
  server: "dbx-mcp-server",
  transport: "stdio",
  start: stdioServer("r41-h-dropbox", "dbx-mcp-server", {
    from: FROM,
    cwd: DBX_DIR,
    // The SDK and the server's own fetch name the Dropbox hosts; the preload sends both to the stand-in. The
    // server's README configures an app key and secret, a redirect URI and an encryption key for its token store; a
    // generated access token (DROPBOX_ACCESS_TOKEN) skips its OAuth flow.
    env: {
      HOME,
      NODE_ENV: "production",
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "dropbox-preload.mjs")}`,
      R41H_DROPBOX_PORT: String(DROPBOX_PORT),
      DROPBOX_APP_KEY: "q3v8x1m6k2p9w4z",
      DROPBOX_APP_SECRET: "h7c2n5t8r1y4u6e",
      DROPBOX_REDIRECT_URI: "http://localhost",
      TOKEN_ENCRYPTION_KEY: "Fh3kT9wQz2LmP8xVr5NcB7yJd4Gs6KaE",
      DROPBOX_ACCESS_TOKEN: DROPBOX_TOKEN,
      // Its document indexer builds an OpenRouter client when loaded and refuses to start without a key; no tool
      // called here reaches OpenRouter.
      OPENROUTER_API_KEY: "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",
    },
  }),
  steps: [
    step("dbx-001", "get_account_info", {}, "the token's account (a personal Pro account)"),
    step("dbx-002", "list_files", { path: "" }, "the root folder"),
    step("dbx-003", "list_files", { path: "/Projects/Acme" }, "a folder with three files"),
    step("dbx-004", "list_files", { path: "/Archive/2019" }, "an empty folder"),
    step(
      "dbx-005",
      "list_files",
      { path: "/Clients/Globex" },
      "a folder that does not exist: 409 path/not_found",
    ),
    step("dbx-006", "list_files", { path: "/Clients/Globex" }, "the same call again, unchanged"),
    step("dbx-007", "get_file_metadata", { path: "/Projects/Acme/brief.pdf" }, "one file's metadata"),
    step("dbx-008", "search_file_db", { query: "invoice" }, "a file-name search with two matches"),
    step("dbx-009", "search_file_db", { query: "zeppelin" }, "a search that finds nothing"),
    step(
      "dbx-010",
      "get_file_content",
      { path: "/Projects/Acme/notes.md" },
      "a text file's content (base64)",
    ),
    step(
      "dbx-011",
      "get_file_content",
      { path: "/Projects/Acme" },
      "content of a folder: the server answers 'is not a file'",
    ),
    step("dbx-012", "create_folder", { path: "/Projects/Initech" }, "a new folder"),
    step(
      "dbx-013",
      "create_folder",
      { path: "/Projects/Acme" },
      "a folder that exists: 409 path/conflict/folder",
    ),
    step(
      "dbx-014",
      "upload_file",
      { path: "/Projects/Initech/kickoff.md", content: b64("# Initech kickoff\n") },
      "upload a small file",
    ),
    step(
      "dbx-015",
      "upload_file",
      { path: "/Projects/Initech/site-survey.mp4", content: b64("mp4-bytes".repeat(50)) },
      "the account is out of space: 409 path/insufficient_space",
      flag("dbxQuotaFull"),
    ),
    step("dbx-016", "get_sharing_link", { path: "/Projects/Acme/brief.pdf" }, "a new public shared link"),
    step(
      "dbx-017",
      "get_sharing_link",
      { path: "/Projects/Acme/notes.md" },
      "a link already exists: 409 shared_link_already_exists, the server lists the existing one",
    ),
    step(
      "dbx-018",
      "get_sharing_link",
      { path: "/Invoices summary.xlsx" },
      "the app lacks the sharing.write scope: 401 missing_scope",
      flag("dbxMissingScope"),
    ),
    step(
      "dbx-019",
      "move_item",
      { from_path: "/Projects/Acme/invoice-2026-11.pdf", to_path: "/Invoices summary.xlsx" },
      "a move onto an existing file: 409 to/conflict/file",
    ),
    step(
      "dbx-020",
      "list_files",
      { path: "/Projects" },
      "the access token expired: 401 expired_access_token",
      flag("dbxExpiredToken"),
    ),
    step(
      "dbx-021",
      "list_files",
      { path: "/Archive" },
      "429 too_many_requests with Retry-After: 300",
      flag("dbxRateLimited"),
    ),
    step("dbx-022", "get_account_info", {}, "Dropbox answers 500 with an empty body", flag("dbxServerError")),
    step(
      "dbx-023",
      "get_file_metadata",
      { path: "/Projects/Acme/notes.md" },
      "Dropbox answers 15 s late; the client waits 4 s",
      flag("dbxSlow", { timeoutMs: 4000 }),
    ),
    step(
      "dbx-024",
      "list_files",
      { path: "/Projects" },
      "Dropbox unreachable (connection refused)",
      down(dropboxApi),
    ),
    step("dbx-025", "delete_folder", { path: "/Archive/2019" }, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [nextcloudSession, dropboxSession];

export async function prepare(): Promise<() => Promise<void>> {
  // Fresh working folders: dbx-mcp-server keeps logs, a token store and its schema file in its cwd.
  fs.rmSync(NC_DIR, { recursive: true, force: true });
  fs.rmSync(DBX_DIR, { recursive: true, force: true });
  for (const dir of [HOME, NC_DIR, DBX_DIR]) fs.mkdirSync(dir, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
