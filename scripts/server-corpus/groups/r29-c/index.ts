// Group r29-c: personal notes, knowledge bases and link management — a self-hosted TriliumNext Notes knowledge base
// (triliumnext-mcp: search, resolve, read, list children, create and patch notes, labels and relations) and Dub's link
// management platform (the `mcp` server shipped in the `dub` SDK: short links, bulk creation, counts, analytics,
// tags, folders, domains, QR codes): each published MCP server behind a loopback stand-in that answers with the real
// service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r29-c && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r29-c

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  DATA,
  DUB_KEY,
  DUB_PORT,
  LINK_LAUNCH_KEY,
  LINK_MISSING_KEY,
  LINK_SLOW_KEY,
  LINK_TAKEN_KEY,
  NOTE_INBOX,
  NOTE_K8S,
  NOTE_LEAF,
  NOTE_MISSING,
  NOTE_SLOW,
  TRILIUM_PORT,
  TRILIUM_TOKEN,
  clearTimers,
  dubStandin,
  resetCounters,
  state,
  triliumStandin,
  unknownRequests,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "triliumnext-mcp": "0.3.17",
  dub: "0.64.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

const triliumEnv = (permissions: string) => ({
  TRILIUM_API_URL: `http://127.0.0.1:${TRILIUM_PORT}/etapi`,
  TRILIUM_API_TOKEN: TRILIUM_TOKEN,
  PERMISSIONS: permissions,
  HOME,
});

// ---------------------------------------------------------------------------------------- triliumnext-mcp (stdio)

const trilium: SessionSpec = {
  label: "r29-c-trilium",
  server: "triliumnext-mcp",
  transport: "stdio",
  start: stdioServer("r29-c-trilium", "triliumnext-mcp", {
    from: FROM,
    cwd: DATA,
    env: triliumEnv("READ;WRITE"),
  }),
  steps: [
    step("tri-001", "search_notes", { text: "kubernetes" }, "a keyword search (fast search)"),
    step("tri-002", "search_notes", { text: "zzqxv quorum" }, "a keyword nothing in the knowledge base has"),
    step(
      "tri-003",
      "search_notes",
      {
        searchCriteria: [{ property: "todo", type: "label", op: "exists" }],
        limit: 10,
      },
      "notes carrying the #todo label (structured criteria)",
    ),
    step("tri-004", "resolve_note_id", { noteName: "Reading list" }, "a note's id from its title"),
    step(
      "tri-005",
      "resolve_note_id",
      { noteName: "Project Phoenix" },
      "a title two notes share: the server asks the user to choose",
    ),
    step(
      "tri-006",
      "resolve_note_id",
      { noteName: "Gardening plan", exactMatch: true },
      "a title no note has",
    ),
    step("tri-007", "get_note", { noteId: NOTE_K8S }, "one note with its content and blobId"),
    step(
      "tri-008",
      "get_note",
      { noteId: NOTE_MISSING },
      "a note id that does not exist (404 NOTE_NOT_FOUND)",
    ),
    step("tri-009", "get_note", { noteId: NOTE_MISSING }, "the same call again, id unchanged"),
    step("tri-010", "list_children_notes", { noteId: NOTE_INBOX }, "the Inbox's children"),
    step("tri-011", "list_children_notes", { noteId: NOTE_LEAF }, "a note with no children"),
    step("tri-012", "read_attributes", { noteId: NOTE_K8S }, "a note's labels and relations"),
    step(
      "tri-013",
      "create_note",
      {
        parentNoteId: NOTE_INBOX,
        title: "Weekly review 2026-W49",
        type: "text",
        content: "<p>Shipped: cluster upgrade. Next: renew TLS certificates.</p>",
      },
      "a new text note in the Inbox",
    ),
    step(
      "tri-014",
      "manage_attributes",
      {
        noteId: NOTE_K8S,
        operation: "batch_create",
        attributes: [
          { type: "label", name: "priority", value: "high" },
          { type: "label", name: "reviewed" },
          { type: "relation", name: "runbook", value: "nOsUcHrUnBk1" },
        ],
      },
      "three attributes at once, one a relation to a note that does not exist",
    ),
    step(
      "tri-015",
      "patch_note",
      {
        noteId: NOTE_K8S,
        expectedHash: "staleBlob0000000",
        patches: [{ mode: "literal", operation: "replace", selector: "v1.31.4", content: "v1.32.0" }],
      },
      "a patch against a blobId that is no longer the note's",
    ),
    step(
      "tri-016",
      "update_note",
      { noteId: NOTE_K8S, content: "<p>Done.</p>", mode: "overwrite" },
      "an update without the required expectedHash",
    ),
    step(
      "tri-017",
      "read_attributes",
      { noteId: NOTE_LEAF },
      "attributes after the ETAPI token was deleted in Trilium's options (401)",
      flag("trTokenRevoked"),
    ),
    step(
      "tri-018",
      "resolve_note_id",
      { noteName: "Kubernetes" },
      "a lookup while the reverse proxy's rate limit answers 429 with Retry-After",
      flag("trRateLimited"),
    ),
    step(
      "tri-019",
      "search_notes",
      { text: "kubernetes" },
      "a search while Trilium answers 500 GENERIC (a malformed database)",
      flag("trServerError"),
    ),
    step(
      "tri-020",
      "list_children_notes",
      { noteId: NOTE_INBOX },
      "children while nginx answers its 502 page (Trilium's process not answering)",
      flag("trBadGateway"),
    ),
    step(
      "tri-021",
      "get_note",
      { noteId: NOTE_SLOW, includeContent: false },
      "a note Trilium takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "tri-022",
      "search_notes",
      { text: "dentist" },
      "a search while Trilium cannot be reached",
      down(triliumStandin),
    ),
    step("tri-023", "get_note_revisions", { noteId: NOTE_K8S }, "a tool the server does not have"),
  ],
};

const triliumReadOnly: SessionSpec = {
  label: "r29-c-trilium-readonly",
  server: "triliumnext-mcp",
  transport: "stdio",
  start: stdioServer("r29-c-trilium-readonly", "triliumnext-mcp", {
    from: FROM,
    cwd: DATA,
    env: triliumEnv("READ"),
  }),
  steps: [
    step("tri-024", "get_note", { noteId: NOTE_LEAF }, "a read on a server configured read-only"),
    step("tri-025", "delete_note", { noteId: NOTE_LEAF }, "a delete on a server configured PERMISSIONS=READ"),
  ],
};

// -------------------------------------------------------------------------------------------- dub `mcp` (stdio)

const dub: SessionSpec = {
  label: "r29-c-dub",
  server: "dub",
  transport: "stdio",
  start: stdioServer("r29-c-dub", "dub", {
    from: FROM,
    cwd: DATA,
    bin: "mcp",
    args: [
      "start",
      "--api-token",
      DUB_KEY,
      "--server-url",
      `http://127.0.0.1:${DUB_PORT}`,
      "--log-level",
      "error",
    ],
    env: { HOME },
  }),
  steps: [
    step("dub-001", "links-list", { request: { search: "launch", pageSize: 5 } }, "links matching 'launch'"),
    step("dub-002", "links-list", { request: { search: "zzqxv" } }, "a search no link matches"),
    step(
      "dub-003",
      "links-get",
      { request: { domain: "acme.link", key: LINK_LAUNCH_KEY } },
      "one link by domain and key",
    ),
    step(
      "dub-004",
      "links-get",
      { request: { domain: "acme.link", key: LINK_MISSING_KEY } },
      "a key that does not exist on the domain (404)",
    ),
    step(
      "dub-005",
      "links-get",
      { request: { domain: "acme.link", key: LINK_MISSING_KEY } },
      "the same call again, key unchanged",
    ),
    step(
      "dub-006",
      "links-create",
      {
        request: {
          url: "https://acme.com/pricing?plan=team",
          domain: "acme.link",
          key: "team-pricing",
          tagNames: ["campaign"],
        },
      },
      "a new short link",
    ),
    step(
      "dub-007",
      "links-create",
      { request: { url: "https://acme.com/newsletter/december", domain: "acme.link", key: LINK_TAKEN_KEY } },
      "a key already taken on the domain (409)",
    ),
    step(
      "dub-008",
      "links-create-many",
      {
        request: [
          { url: "https://acme.com/docs/api", domain: "acme.link", key: "api-docs" },
          { url: "https://acme.com/newsletter/january", domain: "acme.link", key: LINK_TAKEN_KEY },
          { url: "https://acme.com/changelog", domain: "acme.link", key: "changelog" },
        ],
      },
      "three links in bulk, one with a taken key",
    ),
    step("dub-009", "links-count", { request: { domain: "acme.link" } }, "how many links the domain has"),
    step(
      "dub-010",
      "analytics-retrieve",
      { request: { event: "clicks", groupBy: "countries", interval: "30d" } },
      "clicks by country over 30 days",
    ),
    step(
      "dub-011",
      "analytics-retrieve",
      { request: { event: "composite", groupBy: "count", domain: "acme.link", key: LINK_LAUNCH_KEY } },
      "one link's totals",
    ),
    step("dub-012", "tags-list", {}, "the workspace's tags"),
    step("dub-013", "folders-list", {}, "the workspace's folders: none"),
    step("dub-014", "domains-list", {}, "the workspace's domains"),
    step(
      "dub-015",
      "QR-codes-get",
      { request: { url: `https://acme.link/${LINK_LAUNCH_KEY}`, size: 600 } },
      "a QR code image for a short link",
    ),
    step(
      "dub-016",
      "links-create",
      { request: { domain: "acme.link", key: "no-destination" } },
      "a link without its required destination url",
    ),
    step(
      "dub-017",
      "links-create",
      { request: { url: "https://acme.com/careers", domain: "acme.link", key: "careers" } },
      "a link after the workspace's monthly links limit was reached (403 exceeded_limit)",
      flag("dubLinksLimit"),
    ),
    step(
      "dub-018",
      "links-delete",
      { linkId: "link_1JD2M4Q6S8U0W2Y4A6C8E0G2J4" },
      "a delete with a key scoped to links.read (403 forbidden)",
      flag("dubKeyReadOnly"),
    ),
    step(
      "dub-019",
      "links-list",
      { request: { tagNames: ["campaign"] } },
      "links after the API key was revoked (401)",
      flag("dubKeyRevoked"),
    ),
    step(
      "dub-020",
      "analytics-retrieve",
      { request: { event: "leads", groupBy: "timeseries", interval: "7d" } },
      "analytics while the key's rate limit is spent (429, Retry-After 41)",
      flag("dubRateLimited"),
    ),
    step("dub-021", "tags-list", {}, "tags while the API answers 500", flag("dubServerError")),
    step(
      "dub-022",
      "domains-list",
      {},
      "domains while Vercel's edge answers a 502 page",
      flag("dubBadGateway"),
    ),
    step(
      "dub-023",
      "links-get",
      { request: { domain: "acme.link", key: LINK_SLOW_KEY } },
      "a link the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "dub-024",
      "links-count",
      { request: {} },
      "a count while Dub's API cannot be reached",
      down(dubStandin),
    ),
    step(
      "dub-025",
      "links-archive",
      { linkId: "link_1JD2M4Q6S8U0W2Y4A6C8E0G2J4" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [trilium, triliumReadOnly, dub];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  resetCounters();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
