// Group r5-ai: servers that wrap LLM and weather APIs, each pointed at a loopback stand-in
// (standins.ts). Run: npx tsx scripts/server-corpus/capture-group.ts r5-ai

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, stdioServer, type Live, type SessionSpec, type Step } from "../../harness.js";
import {
  CALDAV_PASSWORD,
  CALDAV_USER,
  freezeRadicale,
  RADICALE_PORT,
  setPassword,
  setupRadicale,
  startRadicale,
  stopRadicale,
} from "./radicale.js";
import { ALL, lm, meteo, ollama, openai, PORTS, type StandIn } from "./standins.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const FROM = path.dirname(fileURLToPath(import.meta.url));
const DATA = "/tmp/faultline-corpus-r5-ai";
const CODE = path.join(DATA, "code");

export const PACKAGES: Record<string, string> = {
  "open-meteo-mcp-server": "2.1.0",
  "o3-search-mcp": "0.0.3",
  "@houtini/lm": "3.2.4",
  "ollama-mcp": "2.1.0",
  "caldav-mcp": "0.10.0",
};

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  more: Partial<Step> = {},
): Step => ({
  id,
  tool,
  args,
  scenario,
  ...more,
});
/** Puts a stand-in into a failure mode for one step. */
const inMode = (standIn: StandIn, mode: string): Partial<Step> => ({
  before: async () => {
    standIn.mode = mode;
  },
  after: async () => {
    standIn.mode = null;
  },
});
/** Stops a stand-in for one step (an unreachable backend), then starts it again. */
const down = (standIn: StandIn): Partial<Step> => ({
  before: async () => standIn.stop(),
  after: async () => standIn.start(),
});
/** Kills the server process one second into the call. */
const killMidCall = (standIn: StandIn): Partial<Step> => ({
  before: async () => {
    standIn.mode = "slow";
  },
  during: async (live: Live) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    live.kill();
  },
  after: async () => {
    standIn.mode = null;
  },
  timeoutMs: 8000,
});

const BERLIN = { latitude: 52.52, longitude: 13.41 };

// ---------------------------------------------------------------------------------------------
const meteoEnv = {
  OPEN_METEO_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_ARCHIVE_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_GEOCODING_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_AIR_QUALITY_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_MARINE_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_FLOOD_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_SEASONAL_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_ENSEMBLE_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
  OPEN_METEO_CLIMATE_API_URL: `http://127.0.0.1:${PORTS.meteo}`,
};

const meteoStdio: SessionSpec = {
  label: "r5-ai-meteo",
  server: "open-meteo-mcp-server",
  transport: "stdio",
  start: stdioServer("r5-ai-meteo", "open-meteo-mcp-server", { from: FROM, env: meteoEnv }),
  steps: [
    step("om-001", "geocoding", { name: "Berlin", count: 1 }, "find Berlin's coordinates"),
    step(
      "om-002",
      "weather_forecast",
      { ...BERLIN, hourly: ["temperature_2m", "precipitation_probability"], forecast_days: 1 },
      "hourly forecast for Berlin",
    ),
    step("om-003", "geocoding", { name: "Xqzvbrtplk" }, "geocode a place name that does not exist"),
    step("om-004", "elevation", BERLIN, "elevation of Berlin"),
    step(
      "om-005",
      "weather_forecast",
      { latitude: 123.4, longitude: 13.41 },
      "latitude out of range (123.4)",
    ),
    step(
      "om-006",
      "weather_forecast",
      { latitude: "fifty-two", longitude: 13.41 },
      "latitude given as a word",
    ),
    step(
      "om-007",
      "weather_forecast",
      { ...BERLIN, hourly: ["tempeture_2m"] },
      "an hourly variable that is not in the list (misspelt)",
    ),
    step(
      "om-008",
      "geocoding",
      { name: "Paris", countryCode: "france" },
      "country code not in ISO-3166 alpha-2 form",
    ),
    step(
      "om-009",
      "weather_archive",
      { ...BERLIN, start_date: "2024-03-05", end_date: "2024-03-01", daily: ["temperature_2m_max"] },
      "archive with the end date before the start date; the API refuses it",
    ),
    step(
      "om-010",
      "weather_archive",
      { ...BERLIN, start_date: "2024-03-05", end_date: "2024-03-01", daily: ["temperature_2m_max"] },
      "the same archive call again, same arguments",
    ),
    step(
      "om-011",
      "weather_archive",
      { ...BERLIN, start_date: "2024-03-01", end_date: "2024-03-05", daily: ["temperature_2m_max"] },
      "archive with a valid date range",
    ),
    step(
      "om-012",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "the API answers 429 (minutely limit)",
      inMode(meteo, "rate"),
    ),
    step(
      "om-013",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "the API's proxy answers 502 (nginx HTML)",
      inMode(meteo, "badgateway"),
    ),
    step(
      "om-014",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "the API is stopped (connection refused)",
      down(meteo),
    ),
    step("om-015", "weather_now", BERLIN, "a tool name that does not exist"),
    step(
      "om-016",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "the API hangs; the client gives up after 3 s",
      {
        ...inMode(meteo, "slow"),
        timeoutMs: 3000,
      },
    ),
  ],
};

// Over Streamable HTTP with the server's own API key and rate limit (RATE_LIMIT_RPM).
let meteoKey = "om-corpus-key";
const meteoHttp: SessionSpec = {
  label: "r5-ai-meteo-http",
  server: "open-meteo-mcp-server",
  transport: "http",
  start: httpServer("r5-ai-meteo-http", "open-meteo-mcp-server", {
    port: PORTS.meteoHttp,
    path: "/mcp",
    from: FROM,
    env: {
      ...meteoEnv,
      TRANSPORT: "http",
      PORT: String(PORTS.meteoHttp),
      HOST: "127.0.0.1",
      API_KEY: "om-corpus-key",
      RATE_LIMIT_RPM: "14",
    },
    headers: () => ({ authorization: `Bearer ${meteoKey}` }),
  }),
  steps: [
    step("omh-001", "geocoding", { name: "Berlin", count: 1 }, "find Berlin over HTTP"),
    step(
      "omh-002",
      "weather_forecast",
      { ...BERLIN, current_weather: true },
      "current weather for Berlin over HTTP",
    ),
    step(
      "omh-003",
      "elevation",
      { latitude: [52.52, 48.85], longitude: [13.41, 2.35] },
      "elevation of two points",
    ),
    step("omh-004", "geocoding", { name: "Berlin", count: 1 }, "the client sends a wrong API key", {
      before: async () => {
        meteoKey = "om-wrong-key";
      },
      after: async () => {
        meteoKey = "om-corpus-key";
      },
    }),
    step(
      "omh-005",
      "weather_forecast",
      { ...BERLIN, forecast_days: 40 },
      "forecast_days beyond the allowed 16",
    ),
    step("omh-006", "geocoding", { name: "B" }, "a one-letter place name (minimum two)"),
    step(
      "omh-007",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "the API is stopped (connection refused)",
      down(meteo),
    ),
    step("omh-008", "geocoding", { name: "Atlantis" }, "geocode a place that is not found"),
    step("omh-009", "weather_forecast", { ...BERLIN, daily: ["temperature_2m_max"] }, "forecast again"),
    step(
      "omh-010",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "forecast again (the server's own limit is 14 requests a minute)",
    ),
    step(
      "omh-011",
      "weather_forecast",
      { ...BERLIN, daily: ["temperature_2m_max"] },
      "forecast again, beyond the server's rate limit",
    ),
    step("omh-012", "geocoding", { name: "Berlin", count: 1 }, "geocode again, still beyond the limit"),
  ],
};

// ---------------------------------------------------------------------------------------------
const o3: SessionSpec = {
  label: "r5-ai-o3search",
  server: "o3-search-mcp",
  transport: "stdio",
  start: stdioServer("r5-ai-o3search", "o3-search-mcp", {
    from: FROM,
    env: {
      OPENAI_API_KEY: "sk-proj-corpusR5aiKey0000demo",
      OPENAI_BASE_URL: `http://127.0.0.1:${PORTS.openai}/v1`,
    },
  }),
  steps: [
    step(
      "o3-001",
      "o3-search",
      { input: "What is the latest Node.js LTS release?" },
      "ask a question the model answers",
    ),
    step(
      "o3-002",
      "o3-search",
      { input: "Why does undici throw ECONNRESET on keep-alive sockets?" },
      "troubleshooting question answered",
    ),
    step("o3-003", "o3-search", { input: "" }, "an empty question; the API refuses an empty input"),
    step("o3-004", "o3-search", { input: "" }, "the same empty question again"),
    step("o3-005", "o3-search", { input: 42 }, "input given as a number"),
    step(
      "o3-006",
      "o3-search",
      { input: "Summarise this log: " + "GET /health 200 3ms\n".repeat(240) },
      "an input beyond the model's context window",
    ),
    step(
      "o3-007",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the account's quota is used up (429 insufficient_quota)",
      inMode(openai, "quota"),
    ),
    step(
      "o3-008",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the organisation's token rate limit is hit (429 rate_limit_exceeded, Retry-After)",
      inMode(openai, "rate"),
    ),
    step(
      "o3-009",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the API key was revoked (401 invalid_api_key)",
      inMode(openai, "revoked"),
    ),
    step(
      "o3-010",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the API answers 500 server_error",
      inMode(openai, "server"),
    ),
    step(
      "o3-011",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the project has no access to the model (404 model_not_found)",
      inMode(openai, "nomodel"),
    ),
    step(
      "o3-012",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the API is unreachable",
      down(openai),
    ),
    step("o3-013", "search", { input: "Kubernetes 1.35" }, "a tool name that does not exist"),
    step(
      "o3-014",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the API hangs; the client gives up after 4 s",
      {
        ...inMode(openai, "slow"),
        timeoutMs: 4000,
      },
    ),
    step(
      "o3-015",
      "o3-search",
      { input: "Status of the Kubernetes 1.35 release?" },
      "the server process is killed mid-call",
      killMidCall(openai),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const LONG_LOG = "2026-12-05T21:00:00Z ERROR payments timeout after 30000ms order=1234\n".repeat(260);
const houtini: SessionSpec = {
  label: "r5-ai-houtini",
  server: "@houtini/lm",
  transport: "stdio",
  start: stdioServer("r5-ai-houtini", "@houtini/lm", {
    from: FROM,
    bin: "houtini-lm",
    env: {
      HOUTINI_LM_ENDPOINT_URL: `http://127.0.0.1:${PORTS.lm}`,
      HOUTINI_LM_API_KEY: "lm-local-key",
      HOUTINI_LM_FILE_ROOTS: CODE,
    },
  }),
  steps: [
    step("hl-001", "discover", {}, "is the local model online"),
    step("hl-002", "list_models", {}, "list the models"),
    step(
      "hl-003",
      "code_task",
      {
        code: "function last(items) { for (let i = 0; i < items.length - 1; i++) {} }",
        task: "Find the bug",
        language: "javascript",
      },
      "ask the model to find a bug",
    ),
    step(
      "hl-004",
      "embed",
      { input: "payments timeout", model: "text-embedding-nomic-embed-text-v1.5" },
      "embed a phrase",
    ),
    step(
      "hl-005",
      "embed",
      { input: "payments timeout", model: "text-embedding-3-large" },
      "embed with a model the server does not have",
    ),
    step(
      "hl-006",
      "embed",
      { input: "payments timeout", model: "text-embedding-3-large" },
      "the same embed call again",
    ),
    step(
      "hl-007",
      "code_task_files",
      { paths: ["/etc/passwd"], task: "Explain this file" },
      "a file outside the allowed roots",
    ),
    step(
      "hl-008",
      "code_task_files",
      { paths: [path.join(CODE, "missing.ts")], task: "Explain this module" },
      "a file under the root that does not exist",
    ),
    step(
      "hl-009",
      "code_task_files",
      { paths: [path.join(CODE, "reverse.ts")], task: "Suggest a shorter version" },
      "a file under the root",
    ),
    step(
      "hl-010",
      "chat",
      { message: "Group these log lines by cause:\n" + LONG_LOG },
      "a message beyond the model's context (400 context_length_exceeded)",
    ),
    step(
      "hl-011",
      "chat",
      { message: "Say hello" },
      "the endpoint's API key was rotated (401 invalid_api_key)",
      inMode(lm, "revoked"),
    ),
    step(
      "hl-012",
      "chat",
      { message: "Say hello" },
      "the endpoint answers 503 model_overloaded",
      inMode(lm, "unavailable"),
    ),
    step("hl-013", "chat", { message: 17 }, "message given as a number"),
    step("hl-014", "discover", {}, "is the model online, with the endpoint stopped", down(lm)),
    step("hl-015", "chat", { message: "Say hello" }, "chat with the endpoint stopped", down(lm)),
    step("hl-016", "summarize", { text: "x" }, "a tool name that does not exist"),
  ],
};

// ---------------------------------------------------------------------------------------------
const ollamaSession: SessionSpec = {
  label: "r5-ai-ollama",
  server: "ollama-mcp",
  transport: "stdio",
  start: stdioServer("r5-ai-ollama", "ollama-mcp", {
    from: FROM,
    env: { OLLAMA_HOST: `http://127.0.0.1:${PORTS.ollama}` },
  }),
  steps: [
    step("ol-001", "ollama_list", {}, "list the installed models"),
    step("ol-002", "ollama_ps", {}, "list the running models (none loaded)"),
    step("ol-003", "ollama_show", { model: "llama3.2:3b" }, "show one model"),
    step(
      "ol-004",
      "ollama_chat",
      { model: "llama3.2:3b", messages: [{ role: "user", content: "Capital of France? Answer in JSON." }] },
      "chat with the model",
    ),
    step(
      "ol-005",
      "ollama_embed",
      { model: "nomic-embed-text", input: "payments timeout" },
      "embed a phrase",
    ),
    step("ol-006", "ollama_show", { model: "mistral:7b" }, "show a model that is not installed"),
    step("ol-007", "ollama_show", { model: "mistral:7b" }, "the same show again"),
    step(
      "ol-008",
      "ollama_generate",
      { model: "nomic-embed-text", prompt: "Hello" },
      "generate with an embedding-only model",
    ),
    step(
      "ol-009",
      "ollama_chat",
      { model: "llama3.2:3b", messages: [{ role: "robot", content: "hi" }] },
      "a message role that is not allowed",
    ),
    step(
      "ol-010",
      "ollama_generate",
      { model: "llama3.2:3b", prompt: "Hello", options: "{temperature: 0.2" },
      "options that are not valid JSON",
    ),
    step("ol-011", "ollama_pull", { model: "llama9:400b" }, "pull a model the registry does not have"),
    step("ol-012", "ollama_delete", { model: "phi3:mini" }, "delete a model that is not installed"),
    step(
      "ol-013",
      "ollama_web_search",
      { query: "ollama release notes" },
      "web search without OLLAMA_API_KEY",
    ),
    step("ol-014", "ollama_list", {}, "list with Ollama stopped", down(ollama)),
    step("ol-015", "ollama_run", { model: "llama3.2:3b" }, "a tool name that does not exist"),
    step(
      "ol-016",
      "ollama_chat",
      { model: "llama3.2:3b", messages: [{ role: "user", content: "Write a haiku" }] },
      "the server process is killed mid-call",
      killMidCall(ollama),
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
const WORK = "/ana/work/";
const HOLIDAYS = "/ana/holidays/";
const frozen: Partial<Step> = {
  before: async () => freezeRadicale(true),
  after: async () => freezeRadicale(false),
};
const caldav: SessionSpec = {
  label: "r5-ai-caldav",
  server: "caldav-mcp",
  transport: "stdio",
  start: stdioServer("r5-ai-caldav", "caldav-mcp", {
    from: FROM,
    env: {
      CALDAV_BASE_URL: `http://127.0.0.1:${RADICALE_PORT}/`,
      CALDAV_USERNAME: CALDAV_USER,
      CALDAV_PASSWORD: CALDAV_PASSWORD,
    },
  }),
  steps: [
    step("cd-001", "list-calendars", {}, "list the calendars"),
    step(
      "cd-002",
      "create-event",
      {
        calendarUrl: WORK,
        summary: "Incident review",
        start: "2026-12-08T10:00:00Z",
        end: "2026-12-08T11:00:00Z",
      },
      "create an event in the work calendar",
    ),
    step(
      "cd-003",
      "list-events",
      { calendarUrl: WORK, start: "2026-12-07T00:00:00Z", end: "2026-12-14T00:00:00Z" },
      "list next week's events",
    ),
    step(
      "cd-004",
      "list-events",
      { calendarUrl: WORK, start: "2020-01-01T00:00:00Z", end: "2020-01-31T00:00:00Z" },
      "list events in a month with none",
    ),
    step(
      "cd-005",
      "create-todo",
      { calendarUrl: WORK, summary: "Rotate the on-call key", due: "2026-12-10T17:00:00Z" },
      "create a task",
    ),
    step("cd-006", "list-todos", { calendarUrl: WORK }, "list open tasks"),
    step(
      "cd-007",
      "create-event",
      {
        calendarUrl: HOLIDAYS,
        summary: "Team offsite",
        start: "2026-12-18T09:00:00Z",
        end: "2026-12-18T17:00:00Z",
      },
      "create an event in the read-only holidays calendar",
    ),
    step(
      "cd-008",
      "create-event",
      { calendarUrl: WORK, summary: "Planning", start: "2026-02-30T10:00:00Z", end: "2026-02-30T11:00:00Z" },
      "an event on 30 February",
    ),
    step(
      "cd-009",
      "delete-event",
      { calendarUrl: WORK, uid: "no-such-event-4711" },
      "delete an event that does not exist",
    ),
    step("cd-010", "delete-event", { calendarUrl: WORK, uid: "no-such-event-4711" }, "the same delete again"),
    step(
      "cd-011",
      "list-events",
      { calendarUrl: "/ana/personal/", start: "2026-12-07T00:00:00Z", end: "2026-12-14T00:00:00Z" },
      "list events of a calendar that does not exist",
    ),
    step(
      "cd-012",
      "list-todos",
      { calendarUrl: WORK, status: "DONE" },
      "a task status that is not in the list",
    ),
    step("cd-013", "list-calendars", {}, "the account's password was changed on the server (401)", {
      before: async () => setPassword("rotated-secret"),
      after: async () => setPassword(CALDAV_PASSWORD),
    }),
    step(
      "cd-014",
      "list-events",
      { calendarUrl: WORK, start: "2026-12-07T00:00:00Z", end: "2026-12-14T00:00:00Z" },
      "the CalDAV server is stopped",
      {
        before: async () => stopRadicale(),
        after: async () => startRadicale(),
      },
    ),
    step(
      "cd-015",
      "list-events",
      { calendarUrl: WORK, start: "2026-12-07T00:00:00Z", end: "2026-12-14T00:00:00Z" },
      "the CalDAV server hangs; the client gives up after 3 s",
      {
        ...frozen,
        timeoutMs: 3000,
      },
    ),
    step("cd-016", "share-calendar", { calendarUrl: WORK, with: "bob" }, "a tool name that does not exist"),
  ],
};

export const SESSIONS: SessionSpec[] = [meteoStdio, meteoHttp, o3, houtini, ollamaSession, caldav];

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(CODE, { recursive: true });
  fs.mkdirSync(path.join(DATA, "home"), { recursive: true });
  fs.writeFileSync(
    path.join(CODE, "reverse.ts"),
    "export function reverse(s: string): string {\n  let out = '';\n  for (let i = s.length - 1; i >= 0; i--) out += s[i];\n  return out;\n}\n",
  );
  for (const standIn of ALL) {
    standIn.mode = null;
    await standIn.start();
  }
  setupRadicale();
  await startRadicale();
  return async () => {
    for (const standIn of ALL) await standIn.stop();
    await stopRadicale();
  };
}
