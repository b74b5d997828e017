// Group r19-a: publishing and content management — Sanity (through Sanity's own published server), Webflow's CMS
// and sites (through Webflow's published server) and a WordPress site running the MCP Adapter plugin (through
// Automattic's published stdio proxy) — each behind a loopback stand-in that answers with the real service's
// bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r19-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r19-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  EMPTY_SITE_ID,
  PODCAST_COLLECTION,
  POSTS_COLLECTION,
  SANITY_DATASET,
  SANITY_PROJECT,
  SANITY_PROXY_PORT,
  SANITY_TOKEN,
  SITE_ID,
  WEBFLOW_PROXY_PORT,
  WEBFLOW_TOKEN,
  WORDPRESS_PORT,
  WP_APP_PASSWORD,
  WP_PATH,
  WP_USER,
  clearTimers,
  ensureCertificate,
  sanityStandin,
  state,
  webflowStandin,
  wordpressStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@sanity/mcp-server": "0.12.1",
  "webflow-mcp-server": "1.0.0",
  "@automattic/mcp-wordpress-remote": "0.4.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------------- Sanity

const resource = { target: "dataset", projectId: SANITY_PROJECT, dataset: SANITY_DATASET };

const sanity: SessionSpec = {
  label: "r19-a-sanity",
  server: "@sanity/mcp-server",
  transport: "stdio",
  start: stdioServer("r19-a-sanity", "@sanity/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      SANITY_PROJECT_ID: SANITY_PROJECT,
      SANITY_DATASET,
      SANITY_API_TOKEN: SANITY_TOKEN,
      MCP_USER_ROLE: "developer",
      HTTPS_PROXY: `http://127.0.0.1:${SANITY_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("san-001", "get_initial_context", {}, "load the initial context (schema, releases, embeddings)"),
    step(
      "san-002",
      "query_documents",
      {
        resource,
        query: '*[_type == "post"] | order(publishedAt desc)[0...5]{_id, title, slug, publishedAt}',
      },
      "the five newest posts",
    ),
    step(
      "san-003",
      "query_documents",
      { resource, query: '*[_type == "post" && "podcast" in tags]{_id, title}' },
      "posts tagged podcast (there are none)",
    ),
    step(
      "san-004",
      "query_documents",
      { resource, query: '*[_type == "post" && slug.current == $slug][0]{_id, title}', single: true },
      "a query with a $slug parameter that was not passed",
    ),
    step(
      "san-005",
      "query_documents",
      { resource, query: '*[_type == "post" && slug.current == $slug][0]{_id, title}', single: true },
      "the same query again, unchanged",
    ),
    step(
      "san-006",
      "query_documents",
      { resource, query: '*[_type == "post"]{title, slug' },
      "a GROQ query with an unclosed projection",
    ),
    step(
      "san-007",
      "query_documents",
      { resource, query: '*[_type == "post" && slug.current == "fixing-500-errors"]{title, excerpt}' },
      "a post whose title and excerpt talk about 500 errors",
    ),
    step(
      "san-008",
      "get_schema",
      { resource, workspaceName: "default", type: "post" },
      "the post type's fields",
    ),
    step(
      "san-009",
      "get_schema",
      { resource, workspaceName: "default", type: "podcastEpisode" },
      "a schema type the studio does not have",
    ),
    step("san-010", "list_datasets", { resource }, "the project's datasets"),
    step(
      "san-011",
      "create_dataset",
      { resource, name: "staging", aclMode: "private" },
      "create a dataset whose name is taken",
    ),
    step(
      "san-012",
      "create_dataset",
      { resource, name: "newsletter-2027", aclMode: "private" },
      "create a dataset",
    ),
    step("san-013", "list_releases", { resource, state: "archived" }, "archived releases (there are none)"),
    step(
      "san-014",
      "create_document",
      {
        resource,
        type: "post",
        workspaceName: "default",
        instruction: ["Write a short post answering five questions readers asked about our RSS feed"],
      },
      "generate one draft post with Agent Actions",
    ),
    step(
      "san-015",
      "create_document",
      {
        resource,
        type: "post",
        workspaceName: "default",
        instruction: ["Draft the embargoed announcement of the spring podcast season"],
      },
      "generate a draft the token may not create (Agent Actions answer 403)",
    ),
    step(
      "san-016",
      "create_document",
      {
        resource,
        type: "post",
        workspaceName: "default",
        instruction: [
          "Write a post listing three newsletter tools we tried",
          "Write a post about our redesign and use the cover image from the November issue",
        ],
      },
      "generate two drafts; the second references an image asset that does not exist",
    ),
    step(
      "san-017",
      "patch_document",
      {
        resource,
        documentId: "post-7b3d1f80",
        workspaceName: "default",
        operation: { op: "set", path: "title", value: "Fixing 500 errors in preview routes" },
      },
      "retitle a post with a token that has no update permission",
    ),
    step("san-018", "publish_document", { resource, id: "post-9e6a2c14" }, "publish a draft"),
    step(
      "san-019",
      "list_projects",
      { resource },
      "the account's projects after the API token was deleted",
      flag("sanityRevoked"),
    ),
    step(
      "san-020",
      "query_documents",
      { resource, query: '*[_type == "author"]{name}' },
      "authors while the API answers 429",
      flag("sanityRateLimited"),
    ),
    step(
      "san-021",
      "list_datasets",
      { resource },
      "datasets while the API answers 500",
      flag("sanityServerError"),
    ),
    step(
      "san-022",
      "query_documents",
      { resource, query: '*[_type == "post"]{title}' },
      "posts while the load balancer answers an HTML 502",
      flag("sanityBadGateway"),
    ),
    step(
      "san-023",
      "query_documents",
      { resource, query: '*[_type == "post" && slug.current == "slow-sync"]' },
      "a query the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "san-024",
      "list_datasets",
      { resource },
      "datasets while Sanity cannot be reached",
      down(sanityStandin),
    ),
    step(
      "san-025",
      "query_documents",
      { resource, query: '*[_type == "post"]{title}', limit: 500 },
      "a limit above the tool's maximum of 100",
    ),
    step("san-026", "list_documents", { resource, type: "post" }, "a tool the server does not have"),
  ],
};

// ------------------------------------------------------------------------------------------------ Webflow

const webflow: SessionSpec = {
  label: "r19-a-webflow",
  server: "webflow-mcp-server",
  transport: "stdio",
  start: stdioServer("r19-a-webflow", "webflow-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      WEBFLOW_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${WEBFLOW_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("wf-001", "sites_list", {}, "the sites the token can see"),
    step("wf-002", "sites_get", { site_id: SITE_ID }, "one site"),
    step("wf-003", "sites_get", { site_id: "6738a1f2c4e9b05d7a31ffff" }, "a site id that does not exist"),
    step(
      "wf-004",
      "sites_get",
      { site_id: "6738a1f2c4e9b05d7a31ffff" },
      "the same missing site again, unchanged",
    ),
    step("wf-005", "collections_list", { site_id: SITE_ID }, "the site's CMS collections"),
    step(
      "wf-006",
      "collections_items_list_items",
      { collection_id: POSTS_COLLECTION },
      "blog posts (one is about fixing 404 errors)",
    ),
    step(
      "wf-007",
      "collections_items_list_items",
      { collection_id: PODCAST_COLLECTION },
      "podcast episodes in a collection that has none yet",
    ),
    step(
      "wf-008",
      "collections_items_create_item",
      {
        collection_id: POSTS_COLLECTION,
        request: {
          items: [
            {
              isDraft: true,
              fieldData: {
                name: "Our winter reading list",
                slug: "winter-reading-list",
                "post-summary": "Six books.",
              },
            },
          ],
        },
      },
      "create a draft blog post",
    ),
    step(
      "wf-009",
      "collections_items_create_item",
      {
        collection_id: POSTS_COLLECTION,
        request: {
          items: [{ isDraft: true, fieldData: { name: "Fixing 404s, again", slug: "fixing-404-errors" } }],
        },
      },
      "create a post with a slug that is already used",
    ),
    step(
      "wf-010",
      "collections_items_create_item_live",
      {
        collection_id: PODCAST_COLLECTION,
        request: { items: [{ fieldData: { name: "Episode 1: Feeds", slug: "episode-1-feeds" } }] },
      },
      "publish a podcast episode without its required audio URL",
    ),
    step(
      "wf-011",
      "collections_items_publish_items",
      { collection_id: POSTS_COLLECTION, itemIds: ["6740c3e1a9b2d84f1c7e0a11"] },
      "publish one item",
    ),
    step("wf-012", "pages_list", { site_id: SITE_ID }, "the site's pages"),
    step(
      "wf-013",
      "sites_publish",
      { site_id: SITE_ID, publishToWebflowSubdomain: true },
      "publish the site with a token that lacks sites:write",
    ),
    step(
      "wf-014",
      "de_page_tool",
      { siteId: SITE_ID, actions: [{ get_current_page: true }] },
      "a Designer tool while no Designer app is connected",
    ),
    step(
      "wf-015",
      "delete_all_site_scripts",
      { site_id: EMPTY_SITE_ID },
      "remove the custom code of a site that has none",
    ),
    step(
      "wf-016",
      "add_inline_site_script",
      {
        site_id: SITE_ID,
        request: {
          sourceCode: `console.log(${JSON.stringify("x".repeat(2100))});`,
          version: "1.0.0",
          displayName: "Newsletterpopup",
          location: "footer",
        },
      },
      "register an inline script longer than 2000 characters",
    ),
    step(
      "wf-017",
      "collections_list",
      { site_id: SITE_ID },
      "collections after the site token was revoked",
      flag("webflowRevoked"),
    ),
    step(
      "wf-018",
      "pages_list",
      { site_id: SITE_ID },
      "pages while the API answers 429 (Retry-After: 1)",
      flag("webflowRateLimited"),
    ),
    step(
      "wf-019",
      "sites_get",
      { site_id: SITE_ID },
      "a site while the API answers 500",
      flag("webflowServerError"),
    ),
    step(
      "wf-020",
      "collections_items_list_items",
      { collection_id: POSTS_COLLECTION },
      "posts while Cloudflare answers an HTML 502",
      flag("webflowBadGateway"),
    ),
    step(
      "wf-021",
      "sites_get",
      { site_id: "slow-site-00000000000000" },
      "a site the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("wf-022", "sites_list", {}, "sites while Webflow cannot be reached", down(webflowStandin)),
    step("wf-023", "sites_get", { site_id: 6738 }, "a site id given as a number"),
    step(
      "wf-024",
      "collections_delete",
      { collection_id: PODCAST_COLLECTION },
      "a tool the server does not have",
    ),
  ],
};

// ---------------------------------------------------------------------------------------------- WordPress

const EXEC = "mcp-adapter-execute-ability";

const wordpress: SessionSpec = {
  label: "r19-a-wordpress",
  server: "@automattic/mcp-wordpress-remote",
  transport: "stdio",
  start: stdioServer("r19-a-wordpress", "@automattic/mcp-wordpress-remote", {
    from: FROM,
    cwd: DATA,
    env: {
      WP_API_URL: `http://127.0.0.1:${WORDPRESS_PORT}${WP_PATH}`,
      WP_API_USERNAME: WP_USER,
      WP_API_PASSWORD: WP_APP_PASSWORD,
      OAUTH_ENABLED: "false",
      LOG_LEVEL: "error",
      HOME,
    },
  }),
  steps: [
    step("wp-001", "mcp-adapter-discover-abilities", {}, "the abilities the site exposes"),
    step(
      "wp-002",
      "mcp-adapter-get-ability-info",
      { ability_name: "fieldnotes/list-posts" },
      "one ability's description and input schema",
    ),
    step(
      "wp-003",
      "mcp-adapter-get-ability-info",
      { ability_name: "fieldnotes/schedule-newsletter" },
      "an ability the site does not have",
    ),
    step("wp-004", EXEC, { ability_name: "fieldnotes/list-posts", parameters: {} }, "published posts"),
    step(
      "wp-005",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: { search: "podcast" } },
      "posts matching a word none has",
    ),
    step(
      "wp-006",
      EXEC,
      { ability_name: "fieldnotes/get-post", parameters: { id: 9999 } },
      "a post id that does not exist",
    ),
    step(
      "wp-007",
      EXEC,
      { ability_name: "fieldnotes/get-post", parameters: { id: 9999 } },
      "the same missing post again, unchanged",
    ),
    step(
      "wp-008",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: { per_page: 500 } },
      "a page size above the ability's maximum of 100",
    ),
    step(
      "wp-009",
      EXEC,
      { ability_name: "fieldnotes/create-draft", parameters: { title: "Notes from the reader survey" } },
      "create a draft post",
    ),
    step(
      "wp-010",
      EXEC,
      { ability_name: "fieldnotes/publish-post", parameters: { id: 1851 } },
      "publish a post as a contributor (no publish_posts capability)",
    ),
    step(
      "wp-011",
      EXEC,
      { ability_name: "fieldnotes/delete-post", parameters: { id: 1836 } },
      "an ability that is not registered",
    ),
    step(
      "wp-012",
      EXEC,
      { ability_name: "fieldnotes/delete-post", parameters: { id: 1836 } },
      "the same unregistered ability again, unchanged",
    ),
    step(
      "wp-013",
      EXEC,
      { ability_name: "core/get-user-info", parameters: {} },
      "who the application password belongs to",
    ),
    step(
      "wp-014",
      EXEC,
      { ability_name: "core/get-site-info", parameters: {} },
      "site info after the adapter dropped the MCP session (the proxy re-initializes)",
      flag("wpSessionExpired"),
    ),
    step(
      "wp-015",
      EXEC,
      { ability_name: "fieldnotes/get-post" },
      "execute an ability without its required parameters object",
    ),
    step("wp-016", "wp_posts_search", { search: "rss" }, "a tool the site does not have"),
    step(
      "wp-017",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: {} },
      "posts after the application password was revoked",
      flag("wpBadPassword"),
    ),
    step(
      "wp-018",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: {} },
      "posts while the host answers 429",
      flag("wpRateLimited"),
    ),
    step(
      "wp-019",
      EXEC,
      { ability_name: "core/get-site-info", parameters: {} },
      "site info while a plugin's fatal error gives WordPress's critical-error 500",
      flag("wpCriticalError"),
    ),
    step(
      "wp-020",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: {} },
      "posts during a core update (WordPress's 503 maintenance page)",
      flag("wpMaintenance"),
    ),
    step(
      "wp-021",
      EXEC,
      { ability_name: "fieldnotes/list-posts", parameters: { search: "slow" } },
      "a search the site takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "wp-022",
      EXEC,
      { ability_name: "core/get-site-info", parameters: {} },
      "site info while the site cannot be reached",
      down(wordpressStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [sanity, webflow, wordpress];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
