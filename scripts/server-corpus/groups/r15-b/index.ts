// Group r15-b: calendars, documents, files and team productivity — Google Calendar, Microsoft 365 (Outlook
// calendar and OneDrive through Microsoft Graph), monday.com boards and Miro whiteboards — each published MCP
// server behind a loopback stand-in that answers with the real API's bodies and error bodies (standins.ts).
// All hosts are written into their servers; see standins.ts for how each server's HTTP client is brought to
// 127.0.0.1 without touching its code.
//
//   (cd scripts/server-corpus/groups/r15-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r15-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GCAL_ACCESS,
  GCAL_DELETED_EVENT,
  GCAL_EVENT,
  GCAL_PRIMARY,
  GCAL_PROXY_PORT,
  GCAL_REFRESH,
  GCAL_TEAM,
  MIRO_BOARD,
  MIRO_EMPTY_BOARD,
  MIRO_ITEM,
  MIRO_SLOW_BOARD,
  MIRO_TLS_PORT,
  MIRO_TOKEN,
  MIRO_VIEWER_BOARD,
  MONDAY_BOARD,
  MONDAY_ITEM,
  MONDAY_LOCKED_BOARD,
  MONDAY_SLOW_BOARD,
  MONDAY_TLS_PORT,
  MONDAY_TOKEN,
  MS_DOCS_FOLDER,
  MS_EVENT,
  MS_EXPIRED_TOKEN,
  MS_REVOKED_TOKEN,
  MS_MCP_PORT,
  MS_PROXY_PORT,
  MS_SHARED_FOLDER,
  MS_TOKEN,
  clearTimers,
  ensureCertificate,
  gcalStandin,
  graphStandin,
  miroStandin,
  mondayStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@cocal/google-calendar-mcp": "2.6.3",
  "@softeria/ms-365-mcp-server": "0.155.0",
  "@mondaydotcomorg/monday-api-mcp": "3.3.0",
  "@k-jarzyna/mcp-miro": "1.0.11",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");
const GCAL_KEYS = path.join(DATA, "gcp-oauth.keys.json");

// -------------------------------------------------------------------------------- Google Calendar

const gcal: SessionSpec = {
  label: "r15-b-gcal",
  server: "@cocal/google-calendar-mcp",
  transport: "stdio",
  start: stdioServer("r15-b-gcal", "@cocal/google-calendar-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      GOOGLE_OAUTH_CREDENTIALS: GCAL_KEYS,
      HTTPS_PROXY: `http://127.0.0.1:${GCAL_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      HOME,
    },
  }),
  steps: [
    step("gcal-001", "list-calendars", {}, "list the account's calendars"),
    step(
      "gcal-002",
      "list-events",
      { calendarId: "primary", timeMin: "2026-12-07T00:00:00", timeMax: "2026-12-13T23:59:59" },
      "next week's events on the primary calendar",
    ),
    step(
      "gcal-003",
      "search-events",
      {
        calendarId: "primary",
        query: "design review",
        timeMin: "2026-12-01T00:00:00",
        timeMax: "2026-12-31T23:59:59",
      },
      "search December for the design review",
    ),
    step(
      "gcal-004",
      "search-events",
      {
        calendarId: "primary",
        query: "zzz board offsite",
        timeMin: "2026-12-01T00:00:00",
        timeMax: "2026-12-31T23:59:59",
      },
      "a search that matches no event",
    ),
    step(
      "gcal-005",
      "list-events",
      { calendarId: "primary", timeMin: "2027-03-01T00:00:00", timeMax: "2027-03-07T23:59:59" },
      "a week in March with nothing booked",
    ),
    step("gcal-006", "get-event", { calendarId: "primary", eventId: GCAL_EVENT }, "one event by id"),
    step(
      "gcal-007",
      "get-event",
      { calendarId: "primary", eventId: "a1b2c3d4e5f6g7h8i9j0k1l2m3" },
      "an event id that does not exist",
    ),
    step(
      "gcal-008",
      "list-events",
      {
        calendarId: "ops-calendar@northwind-studio.com",
        timeMin: "2026-12-07T00:00:00",
        timeMax: "2026-12-13T23:59:59",
      },
      "events of a calendar the account cannot see",
    ),
    step(
      "gcal-009",
      "create-event",
      {
        calendarId: "primary",
        summary: "Print vendor call",
        start: "2026-12-11T15:00:00",
        end: "2026-12-11T15:30:00",
        timeZone: "Europe/Stockholm",
      },
      "create a 30-minute event",
    ),
    step(
      "gcal-010",
      "create-event",
      {
        calendarId: "primary",
        summary: "Retro",
        start: "2026-12-11T16:00:00",
        end: "2026-12-11T15:00:00",
        timeZone: "Europe/Stockholm",
      },
      "an event that ends before it starts",
    ),
    step(
      "gcal-011",
      "create-event",
      {
        calendarId: "primary",
        eventId: GCAL_EVENT,
        summary: "Design review (copy)",
        start: "2026-12-15T10:00:00",
        end: "2026-12-15T11:00:00",
        timeZone: "Europe/Stockholm",
      },
      "create an event with an id that is already taken",
    ),
    step(
      "gcal-012",
      "create-event",
      {
        calendarId: GCAL_TEAM,
        summary: "Offsite scouting",
        start: "2026-12-14T09:00:00",
        end: "2026-12-14T17:00:00",
        timeZone: "Europe/Stockholm",
      },
      "create an event on a calendar shared read-only",
    ),
    step(
      "gcal-013",
      "delete-event",
      { calendarId: "primary", eventId: GCAL_DELETED_EVENT, sendUpdates: "none" },
      "delete an event that was already deleted",
    ),
    step(
      "gcal-014",
      "delete-event",
      { calendarId: "primary", eventId: GCAL_DELETED_EVENT, sendUpdates: "none" },
      "the same delete again, unchanged",
    ),
    step(
      "gcal-015",
      "get-freebusy",
      {
        calendars: [{ id: GCAL_PRIMARY }, { id: "jonas.berg@partner-agency.se" }],
        timeMin: "2026-12-08T00:00:00Z",
        timeMax: "2026-12-10T00:00:00Z",
      },
      "free/busy for two calendars, one unknown to Google",
    ),
    step(
      "gcal-016",
      "create-events",
      {
        timeZone: "Europe/Stockholm",
        events: [
          {
            summary: "Standup",
            start: "2026-12-14T09:00:00",
            end: "2026-12-14T09:15:00",
            calendarId: "primary",
          },
          {
            summary: "Offsite logistics",
            start: "2026-12-14T10:00:00",
            end: "2026-12-14T11:00:00",
            calendarId: GCAL_TEAM,
          },
        ],
      },
      "create two events in one call, one on a read-only calendar",
    ),
    step("gcal-017", "get-event", { calendarId: "primary", eventId: 4417 }, "the event id given as a number"),
    step(
      "gcal-018",
      "list-events",
      { calendarId: "primary", timeMin: "2026-12-07T00:00:00", timeMax: "2026-12-13T23:59:59" },
      "events while Google answers 403 rateLimitExceeded",
      flag("gcalRateLimited"),
    ),
    step(
      "gcal-019",
      "create-event",
      {
        calendarId: "primary",
        summary: "Customer webinar dry run",
        start: "2026-12-16T13:00:00",
        end: "2026-12-16T14:00:00",
        timeZone: "Europe/Stockholm",
      },
      "create an event after the account hit Calendar's usage limits",
      flag("gcalQuota"),
    ),
    step(
      "gcal-020",
      "get-event",
      { calendarId: "primary", eventId: GCAL_EVENT },
      "an event while Google answers 500 backendError",
      flag("gcalBackend"),
    ),
    step(
      "gcal-021",
      "list-calendars",
      {},
      "calendars while Google's front end answers an HTML 502",
      flag("gcalBadGateway"),
    ),
    step(
      "gcal-022",
      "get-event",
      { calendarId: "primary", eventId: GCAL_EVENT },
      "an event after the user revoked the app's access (401, refresh invalid_grant)",
      flag("gcalRevoked"),
    ),
    step(
      "gcal-023",
      "list-events",
      {
        calendarId: "slow-calendar@group.calendar.google.com",
        timeMin: "2026-12-07T00:00:00",
        timeMax: "2026-12-13T23:59:59",
      },
      "a calendar Google takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("gcal-024", "list-tasks", { tasklist: "@default" }, "a tool the server does not have"),
    step(
      "gcal-025",
      "get-event",
      { calendarId: "primary", eventId: GCAL_EVENT },
      "an event while Google cannot be reached (stand-in stopped)",
      down(gcalStandin),
    ),
  ],
};

// ---------------------------------------------------------------------------- Microsoft 365 (Graph)

/** The bearer token the client sends to the MCP server (passed on to Graph); a step can swap it. */
let msToken: string | undefined = MS_TOKEN;
const withToken = (token: string | undefined) => ({
  before: async () => {
    msToken = token;
  },
  after: async () => {
    msToken = MS_TOKEN;
  },
});

const ms365: SessionSpec = {
  label: "r15-b-ms365",
  server: "@softeria/ms-365-mcp-server",
  transport: "http",
  start: httpServer("r15-b-ms365", "@softeria/ms-365-mcp-server", {
    from: FROM,
    port: MS_MCP_PORT,
    args: [
      "--http",
      `127.0.0.1:${MS_MCP_PORT}`,
      "--enabled-tools",
      "^(list-calendars|get-calendar-view|get-calendar-event|create-calendar-event|delete-calendar-event|list-folder-files|get-drive-item|get-drive-root-item|search-onedrive-files|create-onedrive-folder|upload-file-content|graph-batch)$",
    ],
    env: {
      HTTPS_PROXY: `http://127.0.0.1:${MS_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "proxy-preload.mjs")}`,
      MS365_MCP_LOG_DIR: path.join(DATA, "ms365-logs"),
      MS365_MCP_GRAPH_CIRCUIT_COOLDOWN_MS: "2000",
      MS365_MCP_RATE_LIMIT_DISABLED: "true",
      HOME,
    },
    headers: (): Record<string, string> => (msToken ? { Authorization: `Bearer ${msToken}` } : {}),
  }),
  steps: [
    step("ms-001", "list-calendars", {}, "list the user's calendars"),
    step(
      "ms-002",
      "get-calendar-view",
      { startDateTime: "2026-12-07T00:00:00Z", endDateTime: "2026-12-13T23:59:59Z" },
      "next week's calendar view",
    ),
    step(
      "ms-003",
      "get-calendar-view",
      { startDateTime: "2027-03-01T00:00:00Z", endDateTime: "2027-03-07T23:59:59Z" },
      "a week with no meetings",
    ),
    step("ms-004", "get-calendar-event", { eventId: MS_EVENT }, "one event by id"),
    step(
      "ms-005",
      "get-calendar-event",
      { eventId: "AAMkAGI2GONEAAA=" },
      "an event id that no longer exists",
    ),
    step("ms-006", "get-calendar-event", { eventId: "meeting-42" }, "an event id that is not a Graph id"),
    step(
      "ms-007",
      "create-calendar-event",
      {
        body: {
          subject: "Vendor onboarding",
          start: { dateTime: "2026-12-11T09:00:00", timeZone: "W. Europe Standard Time" },
          end: { dateTime: "2026-12-11T09:30:00", timeZone: "W. Europe Standard Time" },
        },
      },
      "create a meeting",
    ),
    step(
      "ms-008",
      "create-calendar-event",
      { body: { subject: "No times given" } },
      "create a meeting without start or end",
    ),
    step(
      "ms-009",
      "get-calendar-view",
      { startDateTime: "next monday", endDateTime: "2026-12-13T23:59:59Z" },
      "a calendar view whose start is not a date",
    ),
    step(
      "ms-010",
      "delete-calendar-event",
      { eventId: "AAMkAGI2GONEAAA=" },
      "delete an event that does not exist",
    ),
    step(
      "ms-011",
      "delete-calendar-event",
      { eventId: "AAMkAGI2GONEAAA=" },
      "the same delete again, unchanged",
    ),
    step(
      "ms-012",
      "list-folder-files",
      { driveId: "b!r15bDriveIdStandIn", driveItemId: MS_DOCS_FOLDER },
      "files in the Contracts folder",
    ),
    step(
      "ms-013",
      "get-drive-item",
      { driveId: "b!r15bDriveIdStandIn", driveItemId: "01BYE5RZNOSUCHITEM00000000000000" },
      "a drive item that does not exist",
    ),
    step(
      "ms-014",
      "list-folder-files",
      { driveId: "b!r15bDriveIdStandIn", driveItemId: MS_SHARED_FOLDER },
      "a folder shared with someone else's permissions only",
    ),
    step(
      "ms-015",
      "create-onedrive-folder",
      {
        driveId: "b!r15bDriveIdStandIn",
        driveItemId: MS_DOCS_FOLDER,
        body: { name: "Signed", folder: {}, "@microsoft.graph.conflictBehavior": "fail" },
      },
      "create a folder whose name is taken",
    ),
    step(
      "ms-016",
      "upload-file-content",
      {
        driveId: "b!r15bDriveIdStandIn",
        driveItemId: "01BYE5RZ7WQFVBXJCLZVFJ4S2KJ3FVWDYS",
        body: Buffer.from("Agenda v2\n").toString("base64"),
      },
      "upload new content to a drive that is full",
    ),
    step(
      "ms-017",
      "graph-batch",
      {
        body: {
          requests: [
            { id: "1", method: "GET", url: `/me/events/${MS_EVENT}` },
            { id: "2", method: "GET", url: "/me/events/AAMkAGI2GONEAAA=" },
          ],
        },
      },
      "a JSON batch of two event reads, one of a deleted event",
    ),
    step("ms-018", "get-calendar-event", { eventId: 42 }, "the event id given as a number"),
    step(
      "ms-019",
      "list-calendars",
      {},
      "calendars with an expired access token",
      withToken(MS_EXPIRED_TOKEN),
    ),
    step("ms-020", "list-calendars", {}, "calendars with no Authorization header", withToken(undefined)),
    step(
      "ms-021",
      "list-calendars",
      {},
      "calendars with an unexpired token that was revoked (continuous access evaluation)",
      withToken(MS_REVOKED_TOKEN),
    ),
    step(
      "ms-022",
      "get-calendar-event",
      { eventId: MS_EVENT },
      "an event while Graph throttles (429, Retry-After: 1)",
      flag("msThrottled"),
    ),
    step(
      "ms-023",
      "get-calendar-event",
      { eventId: MS_EVENT },
      "an event while Graph answers 503 serviceNotAvailable",
      flag("msUnavailable"),
    ),
    step(
      "ms-024",
      "list-calendars",
      {},
      "calendars right after those failures (the server's circuit breaker)",
    ),
    step("ms-025", "list-calendars", {}, "calendars while the gateway answers an HTML 502", {
      before: async () => {
        await sleep(2500);
        state.msBadGateway = true;
      },
      after: async () => {
        state.msBadGateway = false;
      },
    }),
    step(
      "ms-026",
      "get-calendar-event",
      { eventId: "AAMkAGI2SLOWAAA=" },
      "an event Graph takes 15 s for; the client waits 3 s",
      {
        timeoutMs: 3000,
        before: async () => {
          await sleep(2500);
        },
      },
    ),
    step(
      "ms-027",
      "send-mail",
      { body: { message: { subject: "hi" } } },
      "a tool the server does not expose",
    ),
    step("ms-028", "list-calendars", {}, "calendars while Graph cannot be reached (stand-in stopped)", {
      before: async () => {
        await sleep(2500);
        await graphStandin.stop();
        await sleep(300);
      },
      after: async () => {
        await graphStandin.start();
      },
    }),
  ],
};

// ------------------------------------------------------------------------------------------ monday.com

const monday: SessionSpec = {
  label: "r15-b-monday",
  server: "@mondaydotcomorg/monday-api-mcp",
  transport: "stdio",
  start: stdioServer("r15-b-monday", "@mondaydotcomorg/monday-api-mcp", {
    from: FROM,
    cwd: DATA,
    args: ["-t", MONDAY_TOKEN],
    env: {
      STANDIN_TLS_PORT: String(MONDAY_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step(
      "mon-001",
      "get_board_schema",
      { boardId: MONDAY_BOARD },
      "columns and groups of the campaign board",
    ),
    step("mon-002", "get_board_items_page", { boardId: MONDAY_BOARD, limit: 10 }, "the board's items"),
    step(
      "mon-003",
      "get_board_items_page",
      { boardId: MONDAY_BOARD, searchTerm: "zzz invoice", limit: 10 },
      "search the board for items that are not there",
    ),
    step("mon-004", "get_board_schema", { boardId: 7390200000 }, "a board id that does not exist"),
    step("mon-005", "list_workspaces", {}, "list workspaces"),
    step(
      "mon-006",
      "create_item",
      {
        boardId: MONDAY_BOARD,
        name: "Order banner stands",
        groupId: "topics",
        columnValues: '{"status":{"label":"Working on it"}}',
      },
      "create an item",
    ),
    step(
      "mon-007",
      "create_item",
      { boardId: MONDAY_BOARD, name: "Chase printer", columnValues: '{"status":{"label":"Stalled"}}' },
      "create an item with a status label the board does not have",
    ),
    step(
      "mon-008",
      "change_item_column_values",
      { boardId: MONDAY_BOARD, itemId: MONDAY_ITEM, columnValues: '{"date4":{"date":"next friday"}}' },
      "set a date column to words",
    ),
    step(
      "mon-009",
      "change_item_column_values",
      { boardId: MONDAY_BOARD, itemId: MONDAY_ITEM, columnValues: '{"date4":{"date":"next friday"}}' },
      "the same change again, unchanged",
    ),
    step(
      "mon-010",
      "change_item_column_values",
      { boardId: MONDAY_BOARD, itemId: MONDAY_ITEM, columnValues: '{"status":{"label":"Done"}}' },
      "mark an item done",
    ),
    step("mon-011", "delete_item", { itemId: 7390219999 }, "delete an item that does not exist"),
    step(
      "mon-012",
      "create_item",
      { boardId: MONDAY_LOCKED_BOARD, name: "Add budget line", columnValues: "{}" },
      "create an item on a board the user may only view",
    ),
    step(
      "mon-013",
      "create_items",
      {
        boardId: MONDAY_BOARD,
        items: [
          { name: "Draft social copy", columnValues: '{"status":{"label":"Working on it"}}' },
          { name: "Approve visuals", columnValues: '{"status":{"label":"Stalled"}}' },
        ],
      },
      "create two items in one call, one with an unknown status label",
    ),
    step(
      "mon-014",
      "create_update",
      { itemId: MONDAY_ITEM, body: "Illustrator briefed, first sketches due Wednesday." },
      "post an update on an item",
    ),
    step("mon-015", "get_board_schema", { boardId: "campaign" }, "the board id given as a word"),
    step(
      "mon-016",
      "get_board_items_page",
      { boardId: MONDAY_BOARD, limit: 10 },
      "items after the complexity budget is exhausted (429)",
      flag("mondayBudget"),
    ),
    step(
      "mon-017",
      "get_board_schema",
      { boardId: MONDAY_BOARD },
      "the schema while the API answers 500",
      flag("mondayServerError"),
    ),
    step(
      "mon-018",
      "get_board_schema",
      { boardId: MONDAY_BOARD },
      "the schema while Cloudflare answers an HTML 502",
      flag("mondayBadGateway"),
    ),
    step(
      "mon-019",
      "list_workspaces",
      {},
      "workspaces after the API token was regenerated (401)",
      flag("mondayRevoked"),
    ),
    step(
      "mon-020",
      "get_board_schema",
      { boardId: MONDAY_SLOW_BOARD },
      "a board the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("mon-021", "archive_board", { boardId: MONDAY_BOARD }, "a tool the server does not have"),
    step("mon-022", "list_users_and_teams", { getMe: true }, "who the token belongs to"),
    step(
      "mon-023",
      "all_api_read",
      { query: "mutation { delete_board(board_id: 7390214455) { id } }", variables: "{}" },
      "a mutation sent to the read-only GraphQL tool",
    ),
    step(
      "mon-024",
      "get_board_schema",
      { boardId: MONDAY_BOARD },
      "the schema while monday.com cannot be reached (stand-in stopped)",
      down(mondayStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------------ Miro

const miro: SessionSpec = {
  label: "r15-b-miro",
  server: "@k-jarzyna/mcp-miro",
  transport: "stdio",
  start: stdioServer("r15-b-miro", "@k-jarzyna/mcp-miro", {
    from: FROM,
    cwd: DATA,
    env: {
      MIRO_ACCESS_TOKEN: MIRO_TOKEN,
      STANDIN_TLS_PORT: String(MIRO_TLS_PORT),
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import=${path.join(FROM, "https-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("miro-001", "list-boards", { limit: 10 }, "list the user's boards"),
    step("miro-002", "get-specific-board", { boardId: MIRO_BOARD }, "one board by id"),
    step("miro-003", "get-items-on-board", { boardId: MIRO_BOARD, limit: 10 }, "the retro board's items"),
    step(
      "miro-004",
      "get-items-on-board",
      { boardId: MIRO_EMPTY_BOARD, limit: 10 },
      "items of an empty board",
    ),
    step("miro-005", "get-specific-board", { boardId: "uXjVNoSuch0=" }, "a board id that does not exist"),
    step(
      "miro-006",
      "get-specific-item",
      { boardId: MIRO_BOARD, itemId: "3458764612399999999" },
      "an item id that does not exist",
    ),
    step(
      "miro-007",
      "create-sticky-note-item",
      {
        boardId: MIRO_BOARD,
        data: { content: "Ship smaller PRs", shape: "square" },
        position: { x: 300, y: 80, origin: "center" },
      },
      "add a sticky note",
    ),
    step(
      "miro-008",
      "create-sticky-note-item",
      {
        boardId: MIRO_BOARD,
        data: { content: "Ship smaller PRs", shape: "circle" },
        position: { x: 300, y: 320 },
      },
      "a sticky note with a shape sticky notes do not have",
    ),
    step(
      "miro-009",
      "create-sticky-note-item",
      {
        boardId: MIRO_VIEWER_BOARD,
        data: { content: "Use the new logo", shape: "square" },
        position: { x: 0, y: 0 },
      },
      "a sticky note on a board the user may only view",
    ),
    step(
      "miro-010",
      "create-sticky-note-item",
      {
        boardId: MIRO_VIEWER_BOARD,
        data: { content: "Use the new logo", shape: "square" },
        position: { x: 0, y: 0 },
      },
      "the same sticky note again, unchanged",
    ),
    step(
      "miro-011",
      "create-items-in-bulk",
      {
        boardId: MIRO_BOARD,
        items: [
          {
            type: "sticky_note",
            data: { content: "Action: trunk-based releases", shape: "square" },
            position: { x: 0, y: 400 },
          },
          { type: "sticky_note", data: { content: "", shape: "square" }, position: { x: 240, y: 400 } },
        ],
      },
      "create two sticky notes in bulk, the second with empty content",
    ),
    step(
      "miro-012",
      "create-items-in-bulk",
      {
        boardId: MIRO_BOARD,
        items: [
          {
            type: "sticky_note",
            data: { content: "Action: pair on flaky tests", shape: "square" },
            position: { x: 0, y: 640 },
          },
          {
            type: "sticky_note",
            data: { content: "Action: release notes owner", shape: "square" },
            position: { x: 240, y: 640 },
          },
        ],
      },
      "create two sticky notes in bulk",
    ),
    step("miro-013", "delete-item", { boardId: MIRO_BOARD, itemId: MIRO_ITEM }, "delete a sticky note"),
    step(
      "miro-014",
      "delete-item",
      { boardId: MIRO_BOARD, itemId: "3458764612399999999" },
      "delete an item that does not exist",
    ),
    step("miro-015", "get-all-tags", { boardId: MIRO_BOARD }, "tags on a board that has none"),
    step(
      "miro-016",
      "get-organization-info",
      { orgId: "3458764517517818000" },
      "organization info on a Business plan (Enterprise-only API)",
    ),
    step("miro-017", "get-specific-board", { boardId: 3458764 }, "the board id given as a number"),
    step(
      "miro-018",
      "list-boards",
      { limit: 10 },
      "boards after the access token expired",
      flag("miroExpired"),
    ),
    step(
      "miro-019",
      "get-items-on-board",
      { boardId: MIRO_BOARD, limit: 10 },
      "items while Miro answers 429",
      flag("miroRateLimited"),
    ),
    step(
      "miro-020",
      "get-specific-board",
      { boardId: MIRO_BOARD },
      "a board while Miro answers 500",
      flag("miroServerError"),
    ),
    step(
      "miro-021",
      "list-boards",
      { limit: 10 },
      "boards while nginx in front of Miro answers an HTML 503",
      flag("miroUnavailable"),
    ),
    step(
      "miro-022",
      "get-specific-board",
      { boardId: MIRO_SLOW_BOARD },
      "a board Miro takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("miro-023", "get-board-comments", { boardId: MIRO_BOARD }, "a tool the server does not have"),
    step(
      "miro-024",
      "get-specific-board",
      { boardId: MIRO_BOARD },
      "a board while Miro cannot be reached (stand-in stopped)",
      down(miroStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [gcal, ms365, monday, miro];

/** The Google OAuth client file and the token file the Calendar server reads (as its `auth` command leaves them). */
function writeHome() {
  fs.rmSync(HOME, { recursive: true, force: true });
  fs.mkdirSync(path.join(HOME, ".config", "google-calendar-mcp"), { recursive: true });
  fs.writeFileSync(
    GCAL_KEYS,
    JSON.stringify({
      installed: {
        client_id: "1048573926481-r15bcorpusstandin.apps.googleusercontent.com",
        project_id: "northwind-calendar",
        auth_uri: "https://accounts.google.com/o/oauth2/auth",
        token_uri: "https://oauth2.googleapis.com/token",
        client_secret: "GOCSPX-r15bCorpusStandInSecret0",
        redirect_uris: ["http://localhost"],
      },
    }),
  );
  fs.writeFileSync(
    path.join(HOME, ".config", "google-calendar-mcp", "tokens.json"),
    JSON.stringify(
      {
        normal: {
          access_token: GCAL_ACCESS,
          refresh_token: GCAL_REFRESH,
          scope: "https://www.googleapis.com/auth/calendar",
          token_type: "Bearer",
          expiry_date: 4102444800000,
          cached_email: GCAL_PRIMARY,
        },
      },
      null,
      2,
    ),
  );
}

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  fs.rmSync(path.join(DATA, "unhandled.log"), { force: true });
  writeHome();
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
  };
}
