// Group r8-content: content and document servers (a WordPress site, a Contentful space, an Obsidian
// vault, a Confluence Cloud wiki, a Paperless-ngx archive) behind loopback stand-ins that answer
// with the real APIs' bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r8-content && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r8-content

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import { killMidCall, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CF_CERT,
  CF_PORT,
  CF_SPACE,
  CF_TOKEN,
  CFL_EMAIL,
  CFL_PORT,
  CFL_TOKEN,
  DATA,
  OBS_KEY,
  OBS_PORT,
  PL_PORT,
  PL_TOKEN,
  WP_APP_PASSWORD,
  WP_PORT,
  WP_USER,
  addSlowNote,
  cfStandin,
  cflStandin,
  obsStandin,
  plStandin,
  resetVault,
  state,
  wpStandin,
  type Standin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "mcp-wordpress": "3.3.35",
  "@ivotoby/contentful-management-mcp-server": "1.21.0",
  "obsidian-mcp-server": "2.0.7",
  "@answerai/confluence-mcp": "1.0.0",
  "@baruchiro/paperless-mcp": "2.2.1",
};

/** Sets one of the stand-ins' switches for the duration of a step. */
function during(flag: keyof typeof state, extra: Partial<Step> = {}): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      state[flag] = true;
    },
    after: async () => {
      state[flag] = false;
    },
  };
}

/** Stops a stand-in for the duration of a step (an unreachable backend). */
function down(standin: Standin, extra: Partial<Step> = {}): Partial<Step> {
  return {
    ...extra,
    before: async () => {
      await standin.stop();
      await sleep(300);
    },
    after: async () => {
      await standin.start();
    },
  };
}

// ---------------------------------------------------------------- WordPress

const wordpress: SessionSpec = {
  label: "r8-content-wordpress",
  server: "mcp-wordpress",
  transport: "stdio",
  start: stdioServer("r8-content-wordpress", "mcp-wordpress", {
    from: FROM,
    cwd: DATA,
    env: {
      WORDPRESS_SITE_URL: `http://127.0.0.1:${WP_PORT}`,
      WORDPRESS_USERNAME: WP_USER,
      WORDPRESS_APP_PASSWORD: WP_APP_PASSWORD,
      // the server refuses http:// and loopback site URLs unless told these are intended
      ALLOW_INSECURE_HTTP: "true",
      ALLOW_PRIVATE_URLS: "true",
      NODE_ENV: "production",
    },
  }),
  steps: [
    step("wp-001", "wp_list_posts", { per_page: 5 }, "list the site's latest posts"),
    step("wp-002", "wp_get_post", { id: 101 }, "get one post by id"),
    step("wp-003", "wp_list_posts", { search: "zeppelin" }, "search posts for a word none has"),
    step("wp-004", "wp_get_post", { id: 9999 }, "get a post id that does not exist"),
    step("wp-005", "wp_get_post", { id: 9999 }, "the same missing post again, unchanged"),
    step("wp-006", "wp_list_posts", { status: "archived" }, "a post status outside the enum"),
    step("wp-007", "wp_get_post", { id: "one hundred" }, "a post id given as words"),
    step("wp-008", "wp_list_posts", { per_page: 500 }, "per_page above the API's maximum of 100"),
    step(
      "wp-009",
      "wp_create_user",
      {
        username: "intern",
        email: "intern@brassoak.example",
        password: "Tr0ub4dor&3-long",
        roles: ["editor"],
      },
      "create a user as an author (WordPress answers 403 rest_cannot_create_user)",
    ),
    step(
      "wp-010",
      "wp_delete_post",
      { id: 102 },
      "move a draft to the trash (WordPress answers with the trashed post)",
    ),
    step("wp-011", "wp_list_categories", { search: "zeppelin" }, "categories matching a word none has"),
    step(
      "wp-012",
      "wp_list_tags",
      {},
      "list tags while the host's nginx rate-limits (429 HTML, Retry-After)",
      during("wpRateLimited"),
    ),
    step("wp-013", "wp_list_pages", { per_page: 5 }, "list pages while a plugin's fatal error gives a 500"),
    step(
      "wp-014",
      "wp_list_comments",
      { post: 101 },
      "list comments while the site is in maintenance mode (503 HTML)",
      during("wpMaintenance", { timeoutMs: 20_000 }),
    ),
    step(
      "wp-015",
      "wp_get_current_user",
      {},
      "who am I, after the application password was revoked",
      during("wpPasswordRevoked"),
    ),
    step(
      "wp-016",
      "wp_get_post",
      { id: 103 },
      "get an existing post while the web server blocks /wp-json and ?rest_route= (nginx 404 page)",
      during("wpRestBlocked"),
    ),
    step("wp-017", "wp_publish_everything", {}, "a tool the server does not have"),
    step(
      "wp-018",
      "wp_list_users",
      {},
      "list users while the site is down (stand-in stopped)",
      down(wpStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "wp-019",
      "wp_search_site",
      { term: "hinge" },
      "a site search that takes 15 s; the client waits 3 s",
      {
        timeoutMs: 3000,
      },
    ),
  ],
};

// ---------------------------------------------------------------- Contentful

const contentful: SessionSpec = {
  label: "r8-content-contentful",
  server: "@ivotoby/contentful-management-mcp-server",
  transport: "stdio",
  start: stdioServer("r8-content-contentful", "@ivotoby/contentful-management-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      CONTENTFUL_MANAGEMENT_ACCESS_TOKEN: CF_TOKEN,
      CONTENTFUL_HOST: `127.0.0.1:${CF_PORT}`,
      SPACE_ID: CF_SPACE,
      ENVIRONMENT_ID: "master",
      NODE_EXTRA_CA_CERTS: CF_CERT,
    },
  }),
  steps: [
    step("cf-001", "list_content_types", {}, "list the space's content types"),
    step("cf-002", "search_entries", { query: { content_type: "article" } }, "search the article entries"),
    step("cf-003", "get_entry", { entryId: "article-hinges" }, "get one entry by id"),
    step(
      "cf-004",
      "search_entries",
      { query: { content_type: "article", "fields.title[match]": "zeppelin" } },
      "search articles by a title word none has",
    ),
    step("cf-005", "get_entry", { entryId: "article-zeppelin" }, "get an entry id that does not exist"),
    step("cf-006", "get_entry", { entryId: "article-zeppelin" }, "the same missing entry again, unchanged"),
    step(
      "cf-007",
      "search_entries",
      { query: { content_type: "article", "fields.colour": "red" } },
      "filter on a field the content type does not have (400 InvalidQuery)",
    ),
    step(
      "cf-008",
      "create_entry",
      { contentTypeId: "article", fields: { body: { "en-US": "Draft text" } } },
      "create an article without its required title and slug (422 ValidationFailed)",
    ),
    step(
      "cf-009",
      "update_entry",
      { entryId: "article-pricing", fields: { title: { "en-US": "Spring price list 2027" } } },
      "update an entry another editor saved in between (409 VersionMismatch)",
    ),
    step(
      "cf-010",
      "publish_entry",
      { entryId: ["article-hinges", "article-pricing"] },
      "bulk-publish two entries, one with a link to a missing entry (the bulk action fails)",
      { timeoutMs: 20_000 },
    ),
    step(
      "cf-011",
      "delete_entry",
      { entryId: "article-hinges" },
      "delete an entry the role may not delete (403 AccessDenied)",
    ),
    step("cf-012", "get_entry", {}, "get_entry without its entryId"),
    step("cf-013", "archive_space", { spaceId: CF_SPACE }, "a tool the server does not have"),
    step(
      "cf-014",
      "get_entry",
      { entryId: "article-pricing" },
      "get an entry while every request is rate-limited (429, X-Contentful-RateLimit-Reset: 1)",
      during("cfRateLimited", { timeoutMs: 30_000 }),
    ),
    step(
      "cf-015",
      "list_content_types",
      { limit: 5 },
      "list content types while the API answers 500 ServerError",
      during("cfServerError", { timeoutMs: 40_000 }),
    ),
    step(
      "cf-016",
      "search_entries",
      { query: { content_type: "article", limit: 2 } },
      "search after the hourly limit is spent (429, X-Contentful-RateLimit-Reset: 1800); the client waits 5 s",
      during("cfHourlyLimit", { timeoutMs: 5000 }),
    ),
    step(
      "cf-017",
      "get_entry",
      { entryId: "article-hinges" },
      "get an entry after the management token was revoked (401 AccessTokenInvalid)",
      during("cfTokenRevoked"),
    ),
    step(
      "cf-018",
      "list_content_types",
      { limit: 3 },
      "list content types while the API is unreachable (stand-in stopped)",
      down(cfStandin, { timeoutMs: 45_000 }),
    ),
  ],
};

// ---------------------------------------------------------------- Obsidian

const obsidian: SessionSpec = {
  label: "r8-content-obsidian",
  server: "obsidian-mcp-server",
  transport: "stdio",
  start: async (reporter) => {
    resetVault();
    return stdioServer("r8-content-obsidian", "obsidian-mcp-server", {
      from: FROM,
      cwd: DATA,
      env: {
        OBSIDIAN_API_KEY: OBS_KEY,
        OBSIDIAN_BASE_URL: `http://127.0.0.1:${OBS_PORT}`,
        OBSIDIAN_API_SEARCH_TIMEOUT_MS: "2000",
        MCP_LOG_LEVEL: "warning",
      },
    })(reporter);
  },
  steps: [
    step("obs-001", "obsidian_list_notes", { dirPath: "/" }, "list the vault's top folder"),
    step("obs-002", "obsidian_read_note", { filePath: "Projects/Hinge launch.md" }, "read one note"),
    step(
      "obs-003",
      "obsidian_global_search",
      { query: "zeppelin" },
      "search the vault for a word no note has",
    ),
    step(
      "obs-004",
      "obsidian_read_note",
      { filePath: "Projects/Roadmap 2027.md" },
      "read a note that does not exist",
    ),
    step(
      "obs-005",
      "obsidian_read_note",
      { filePath: "Projects/Roadmap 2027.md" },
      "the same missing note again, unchanged",
    ),
    step("obs-006", "obsidian_list_notes", { dirPath: "Archive" }, "list a folder that does not exist"),
    step(
      "obs-007",
      "obsidian_update_note",
      {
        targetType: "filePath",
        targetIdentifier: "Inbox.md",
        content: "- call the supplier about February\n",
        modificationType: "wholeFile",
        wholeFileMode: "append",
      },
      "append a line to a note",
    ),
    step(
      "obs-008",
      "obsidian_manage_frontmatter",
      { filePath: "Projects/Hinge launch.md", operation: "get", key: "status" },
      "read one frontmatter key",
    ),
    step(
      "obs-009",
      "obsidian_manage_frontmatter",
      { filePath: "Projects/Hinge launch.md", operation: "get", key: "deadline" },
      "read a frontmatter key the note does not have",
    ),
    step(
      "obs-010",
      "obsidian_search_replace",
      {
        targetType: "filePath",
        targetIdentifier: "Projects/Hinge launch.md",
        replacements: [{ search: "([0-9]+ mm", replace: "$1 millimetre" }],
        useRegex: true,
      },
      "search-and-replace with a regex that does not compile",
    ),
    step(
      "obs-011",
      "obsidian_update_note",
      {
        targetType: "periodicNote",
        targetIdentifier: "daily",
        content: "- standup notes\n",
        modificationType: "wholeFile",
        wholeFileMode: "append",
      },
      "append to today's daily note when the Periodic Notes plugin has no daily period enabled",
    ),
    step(
      "obs-012",
      "obsidian_global_search",
      { query: "supplier" },
      "search while Obsidian takes 6 s per search (the server's API search times out at 2 s)",
      during("obsSearchSlow", { timeoutMs: 30_000 }),
    ),
    step("obs-013", "obsidian_delete_note", { filePath: "Projects/Old plan.md" }, "delete a note"),
    step("obs-014", "obsidian_export_vault", { format: "zip" }, "a tool the server does not have"),
    step(
      "obs-015",
      "obsidian_read_note",
      { filePath: "Inbox.md" },
      "read a note after the plugin's API key was regenerated",
      during("obsKeyRotated"),
    ),
    step(
      "obs-016",
      "obsidian_list_notes",
      { dirPath: "Projects" },
      "list a folder while Obsidian is closed (stand-in stopped)",
      down(obsStandin, { timeoutMs: 20_000 }),
    ),
    step(
      "obs-017",
      "obsidian_read_note",
      { filePath: "Attachments/scan.md" },
      "read a note the plugin takes 15 s to answer; the client waits 3 s",
      {
        timeoutMs: 3000,
        before: async () => {
          addSlowNote();
        },
      },
    ),
  ],
};

// ---------------------------------------------------------------- Confluence

const confluence: SessionSpec = {
  label: "r8-content-confluence",
  server: "@answerai/confluence-mcp",
  transport: "stdio",
  start: stdioServer("r8-content-confluence", "@answerai/confluence-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      CONFLUENCE_BASE_URL: `http://127.0.0.1:${CFL_PORT}/wiki`,
      CONFLUENCE_USER_EMAIL: CFL_EMAIL,
      CONFLUENCE_API_TOKEN: CFL_TOKEN,
    },
  }),
  steps: [
    step("cfl-001", "get_spaces", {}, "list the wiki's spaces"),
    step(
      "cfl-002",
      "search_pages",
      { query: 'type = page AND space = OPS AND title ~ "runbook"', limit: 5 },
      "search runbook pages with CQL",
    ),
    step("cfl-003", "get_page", { pageId: "98311", format: "markdown" }, "get one page as Markdown"),
    step("cfl-004", "search_pages", { query: 'text ~ "zeppelin"' }, "search for a word no page has"),
    step("cfl-005", "get_page", { pageId: "99999" }, "get a page id that does not exist"),
    step("cfl-006", "get_page", { pageId: "99999" }, "the same missing page again, unchanged"),
    step(
      "cfl-007",
      "search_pages",
      { query: 'space = OPS AND title ~ "runbook' },
      "CQL with an unterminated string",
    ),
    step(
      "cfl-008",
      "create_page",
      { spaceKey: "OPS", title: "Escalation runbook", content: "<p>Escalate to the duty manager.</p>" },
      "create a page whose title already exists in the space",
    ),
    step(
      "cfl-009",
      "create_page",
      { spaceKey: "HR", title: "Hiring checklist", content: "<p>Draft</p>" },
      "create a page in a space the user may only read",
    ),
    step(
      "cfl-010",
      "update_page",
      {
        pageId: "98311",
        title: "On-call runbook",
        content: "<p>Page the secondary after 10 minutes.</p>",
        version: 10,
      },
      "update a page from a stale version (the page is at version 12)",
    ),
    step(
      "cfl-011",
      "add_comment",
      { pageId: "98311", content: "<p>Should this be <b>10 minutes</p>?" },
      "a comment whose storage-format XHTML is malformed",
    ),
    step("cfl-012", "get_attachments", { pageId: "98344" }, "attachments of a page that has none"),
    step("cfl-013", "get_page", {}, "get_page without its pageId"),
    step("cfl-014", "delete_space", { spaceKey: "OPS" }, "a tool the server does not have"),
    step(
      "cfl-015",
      "search_pages",
      { query: 'label = "runbook"' },
      "search while the site rate-limits (429, Retry-After)",
      during("cflRateLimited"),
    ),
    step(
      "cfl-016",
      "get_comments",
      { pageId: "98311" },
      "comments while the site is in maintenance (503 HTML page)",
      during("cflMaintenance"),
    ),
    step(
      "cfl-017",
      "get_spaces",
      { limit: 10 },
      "list spaces after the API token was revoked",
      during("cflTokenRevoked"),
    ),
    step(
      "cfl-018",
      "get_page",
      { pageId: "98344" },
      "get a page while the site is unreachable (stand-in stopped)",
      down(cflStandin),
    ),
  ],
};

// ---------------------------------------------------------------- Paperless-ngx

const paperless: SessionSpec = {
  label: "r8-content-paperless",
  server: "@baruchiro/paperless-mcp",
  transport: "stdio",
  start: stdioServer("r8-content-paperless", "@baruchiro/paperless-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      PAPERLESS_URL: `http://127.0.0.1:${PL_PORT}`,
      PAPERLESS_API_KEY: PL_TOKEN,
    },
  }),
  steps: [
    step("pl-001", "list_documents", { page_size: 5 }, "list documents"),
    step("pl-002", "get_document", { id: 12 }, "get one document by id"),
    step("pl-003", "search_documents", { query: "zeppelin" }, "full-text search for a word no document has"),
    step("pl-004", "get_document", { id: 999 }, "get a document id that does not exist"),
    step("pl-005", "get_document", { id: 999 }, "the same missing document again, unchanged"),
    step("pl-006", "get_document", { id: "twelve" }, "a document id given as a word"),
    step("pl-007", "create_tag", { name: "Invoices" }, "create a tag whose name already exists"),
    step(
      "pl-008",
      "list_documents",
      { created__date__gte: "last tuesday" },
      "a created-after filter that is not a date",
    ),
    step(
      "pl-009",
      "bulk_edit_documents",
      { documents: [12, 9999], method: "add_tag", tag: 3 },
      "bulk-tag two documents, one of which does not exist",
    ),
    step("pl-010", "delete_tag", { id: 3, confirm: false }, "delete a tag without confirming"),
    step(
      "pl-011",
      "update_document",
      { id: 14, title: "Invoice 2026-0287 (paid)" },
      "retitle a document another user owns (view-only)",
    ),
    step(
      "pl-012",
      "get_document_content",
      { id: 12 },
      "read a document's text while the server hits a 500 (Django's HTML error page)",
      during("plServerError"),
    ),
    step(
      "pl-013",
      "list_tags",
      {},
      "list tags while the webserver behind nginx restarts (502 Bad Gateway)",
      during("plBadGateway"),
    ),
    step(
      "pl-014",
      "get_document_content",
      { id: 14 },
      "read a document's text through a forward-auth proxy that redirects to its sign-in page",
      during("plSsoLogin"),
    ),
    step(
      "pl-015",
      "list_correspondents",
      {},
      "list correspondents after the API token was deleted",
      during("plTokenRevoked"),
    ),
    step("pl-016", "share_document", { id: 12 }, "a tool the server does not have"),
    step(
      "pl-017",
      "list_document_types",
      {},
      "list document types while Paperless is unreachable (stand-in stopped)",
      down(plStandin),
    ),
    step(
      "pl-018",
      "list_mail_accounts",
      {},
      "list mail accounts from a slow server; the server process is killed mid-call",
      killMidCall,
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [wordpress, contentful, obsidian, confluence, paperless];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  for (const key of Object.keys(state) as (keyof typeof state)[]) state[key] = false;
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  return async () => {
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
