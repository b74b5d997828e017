// Group r24-b: telephony, SMS and voice-AI agents — Vapi (Vapi's own @vapi-ai/mcp-server), Retell AI
// (@abhaybabbar/retellai-mcp-server, a community server) and Vonage (Vonage's @vonage/vonage-mcp-server-api-bindings):
// each published MCP server behind a loopback stand-in that answers with the real service's bodies and error bodies
// (standins.ts).
//
//   (cd scripts/server-corpus/groups/r24-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r24-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  RETELL_KEY,
  RETELL_PORT,
  RTL_AGENT,
  RTL_AGENT_MISSING,
  RTL_AGENT_QUIET,
  RTL_CALL,
  RTL_CALL_MISSING,
  RTL_CALL_SLOW,
  VAPI_ASSISTANT,
  VAPI_ASSISTANT_2,
  VAPI_ASSISTANT_MISSING,
  VAPI_ASSISTANT_SLOW,
  VAPI_CALL,
  VAPI_CALL_MISSING,
  VAPI_PHONE_2,
  VAPI_PROXY_PORT,
  VAPI_TOKEN,
  VONAGE_APP,
  VONAGE_APP_2,
  VONAGE_KEY,
  VONAGE_NUMBER,
  VONAGE_PRIVATE_KEY64,
  VONAGE_PROXY_PORT,
  VONAGE_SECRET,
  VONAGE_TLS_PORT,
  clearTimers,
  ensureCertificate,
  retellStandin,
  state,
  vapiStandin,
  vonageStandin,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@vapi-ai/mcp-server": "0.0.11",
  "@abhaybabbar/retellai-mcp-server": "1.0.2",
  "@vonage/vonage-mcp-server-api-bindings": "1.4.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------------- Vapi

const vapi: SessionSpec = {
  label: "r24-b-vapi",
  server: "@vapi-ai/mcp-server",
  transport: "stdio",
  start: stdioServer("r24-b-vapi", "@vapi-ai/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      VAPI_TOKEN,
      HTTPS_PROXY: `http://127.0.0.1:${VAPI_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("vapi-001", "list_assistants", {}, "the organisation's voice assistants"),
    step("vapi-002", "get_assistant", { assistantId: VAPI_ASSISTANT }, "one assistant by id"),
    step(
      "vapi-003",
      "get_assistant",
      { assistantId: VAPI_ASSISTANT_MISSING },
      "an assistant id that does not exist (404)",
    ),
    step(
      "vapi-004",
      "get_assistant",
      { assistantId: VAPI_ASSISTANT_MISSING },
      "the same missing assistant again, unchanged",
    ),
    step(
      "vapi-005",
      "create_assistant",
      {
        name: "Lakeside Dental — Recall campaign",
        instructions:
          "You call patients who are overdue for a cleaning. Offer the next three free slots and book one. Be brief.",
        voice: { provider: "11labs", voiceId: "myra" },
        firstMessage: "Hi, this is Riley from Lakeside Dental. Do you have a minute to book your cleaning?",
      },
      "create an assistant for a recall campaign",
    ),
    step(
      "vapi-006",
      "update_assistant",
      {
        assistantId: VAPI_ASSISTANT,
        firstMessage: "Thanks for calling Lakeside Dental. We're open until 7 tonight — how can I help?",
      },
      "change an assistant's greeting",
    ),
    step("vapi-007", "list_phone_numbers", {}, "the organisation's phone numbers"),
    step("vapi-008", "get_phone_number", { phoneNumberId: VAPI_PHONE_2 }, "one phone number by id"),
    step("vapi-009", "list_tools", {}, "the organisation's tools, of which there are none"),
    step(
      "vapi-010",
      "create_tool",
      {
        type: "sms",
        name: "send_booking_confirmation",
        description: "Text the caller a confirmation of the appointment that was just booked.",
        sms: { metadata: { from: "+14155550101" } },
      },
      "create an SMS tool",
    ),
    step(
      "vapi-011",
      "create_call",
      {
        assistantId: VAPI_ASSISTANT_2,
        phoneNumberId: VAPI_PHONE_2,
        customer: { number: "+14155550132" },
        assistantOverrides: { variableValues: { patient_name: "Dana", appointment: "Tue 9 Dec, 10:30" } },
      },
      "place an outbound reminder call",
    ),
    step(
      "vapi-012",
      "create_call",
      {
        assistantId: VAPI_ASSISTANT_2,
        phoneNumberId: VAPI_PHONE_2,
        customer: { number: "(415) 555-0177" },
      },
      "a call to a number written without its country code (400, E.164)",
    ),
    step(
      "vapi-013",
      "create_call",
      {
        assistantId: VAPI_ASSISTANT_MISSING,
        phoneNumberId: VAPI_PHONE_2,
        customer: { number: "+14155550177" },
      },
      "a call with an assistant id that does not exist (400)",
    ),
    step(
      "vapi-014",
      "create_call",
      {
        assistantId: VAPI_ASSISTANT_2,
        phoneNumberId: VAPI_PHONE_2,
        customer: { number: "+16505550144" },
      },
      "a call while the wallet has no credits (201, the call ended at once: insufficient credits)",
      flag("vapiNoCredits"),
    ),
    step("vapi-015", "list_calls", {}, "recent calls"),
    step("vapi-016", "get_call", { callId: VAPI_CALL }, "one call by id"),
    step("vapi-017", "get_call", { callId: VAPI_CALL_MISSING }, "a call id that does not exist (404)"),
    step(
      "vapi-018",
      "list_assistants",
      {},
      "assistants after the API key was rotated (401 Invalid Key)",
      flag("vapiBadKey"),
    ),
    step(
      "vapi-019",
      "create_call",
      {
        assistantId: VAPI_ASSISTANT_2,
        phoneNumberId: VAPI_PHONE_2,
        customer: { number: "+14155550132" },
      },
      "a call while the API rate-limits the key (429; the SDK retries twice)",
      flag("vapiRateLimited"),
    ),
    step(
      "vapi-020",
      "list_calls",
      {},
      "calls while the API answers 500 (the SDK retries twice)",
      flag("vapiServerError"),
    ),
    step(
      "vapi-021",
      "list_phone_numbers",
      {},
      "phone numbers while Cloudflare answers an HTML 502 (the SDK retries twice)",
      flag("vapiBadGateway"),
    ),
    step(
      "vapi-022",
      "get_assistant",
      { assistantId: VAPI_ASSISTANT_SLOW },
      "an assistant the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "vapi-023",
      "delete_assistant",
      { assistantId: VAPI_ASSISTANT_2 },
      "a tool the server does not have",
    ),
    step("vapi-024", "get_call", {}, "a call lookup without its id"),
    step(
      "vapi-025",
      "list_assistants",
      {},
      "assistants while api.vapi.ai cannot be reached (proxy stopped)",
      down(vapiStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Retell

const retell: SessionSpec = {
  label: "r24-b-retell",
  server: "@abhaybabbar/retellai-mcp-server",
  transport: "stdio",
  start: stdioServer("r24-b-retell", "@abhaybabbar/retellai-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      RETELL_API_KEY: RETELL_KEY,
      RETELL_BASE_URL: `http://127.0.0.1:${RETELL_PORT}`,
      HOME,
    },
  }),
  steps: [
    step("rtl-001", "list_agents", {}, "the workspace's voice agents"),
    step("rtl-002", "get_agent", { agentId: RTL_AGENT }, "one agent by id"),
    step(
      "rtl-003",
      "get_agent",
      { agentId: RTL_AGENT_MISSING },
      "an agent id that does not exist (422 'Cannot find requested asset')",
    ),
    step("rtl-004", "list_voices", {}, "the voices available"),
    step("rtl-005", "get_voice", { voiceId: "11labs-Myra" }, "one voice by id"),
    step("rtl-006", "list_retell_llms", {}, "the Retell LLM response engines"),
    step(
      "rtl-007",
      "update_agent",
      {
        agentId: RTL_AGENT,
        agent_name: "Northwind HVAC — service booking (winter)",
        voice_id: "11labs-Myra",
      },
      "rename an agent and change its voice",
    ),
    step("rtl-008", "list_phone_numbers", {}, "the workspace's phone numbers"),
    step(
      "rtl-009",
      "create_phone_call",
      {
        fromNumber: "+12137771234",
        toNumber: "+12137775521",
        overrideAgentId: RTL_AGENT,
        metadata: { work_order: "WO-18873" },
        retellLlmDynamicVariables: { customer_name: "Priya", window: "Thursday 8–10 am" },
      },
      "place an outbound confirmation call",
    ),
    step(
      "rtl-010",
      "create_phone_call",
      { fromNumber: "+12137771234", toNumber: "213-777-5521" },
      "a call to a number that is not E.164 (400)",
    ),
    step("rtl-011", "list_calls", { limit: 20 }, "recent calls"),
    step(
      "rtl-012",
      "list_calls",
      { agentId: RTL_AGENT_QUIET, limit: 20 },
      "calls of an agent that has made none",
    ),
    step("rtl-013", "get_call", { callId: RTL_CALL }, "one call by id, with its transcript"),
    step("rtl-014", "get_call", { callId: RTL_CALL_MISSING }, "a call id that does not exist (422)"),
    step("rtl-015", "get_call", { callId: RTL_CALL_MISSING }, "the same missing call again, unchanged"),
    step(
      "rtl-016",
      "create_phone_call",
      { fromNumber: "+12137771234", toNumber: "+12137775599" },
      "a call after the free trial ended (402)",
      flag("rtlTrialEnded"),
    ),
    step("rtl-017", "list_agents", {}, "agents with an API key that was deleted (401)", flag("rtlBadKey")),
    step(
      "rtl-018",
      "list_calls",
      { limit: 20 },
      "calls while the account is rate-limited (429, Retry-After 1; the SDK retries twice)",
      flag("rtlRateLimited"),
    ),
    step(
      "rtl-019",
      "get_agent",
      { agentId: RTL_AGENT },
      "an agent while the API answers 500 (the SDK retries twice)",
      flag("rtlServerError"),
    ),
    step(
      "rtl-020",
      "list_voices",
      {},
      "voices while Cloudflare answers an HTML 502 (the SDK retries twice)",
      flag("rtlBadGateway"),
    ),
    step(
      "rtl-021",
      "get_call",
      { callId: RTL_CALL_SLOW },
      "a call the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step("rtl-022", "get_retell_llm", { llmId: 42 }, "an LLM id given as a number"),
    step("rtl-023", "publish_agent", { agentId: RTL_AGENT }, "a tool the server does not have"),
    step(
      "rtl-024",
      "list_agents",
      {},
      "agents while Retell cannot be reached (stand-in stopped; the SDK retries twice)",
      down(retellStandin),
    ),
  ],
};

// ----------------------------------------------------------------------------------------------- Vonage

const vonage: SessionSpec = {
  label: "r24-b-vonage",
  server: "@vonage/vonage-mcp-server-api-bindings",
  transport: "stdio",
  start: stdioServer("r24-b-vonage", "@vonage/vonage-mcp-server-api-bindings", {
    from: FROM,
    cwd: DATA,
    env: {
      VONAGE_API_KEY: VONAGE_KEY,
      VONAGE_API_SECRET: VONAGE_SECRET,
      VONAGE_APPLICATION_ID: VONAGE_APP_2,
      VONAGE_PRIVATE_KEY64,
      VONAGE_VIRTUAL_NUMBER: VONAGE_NUMBER,
      VONAGE_WHATSAPP_NUMBER: "14157386102",
      VONAGE_STANDIN_PORT: String(VONAGE_TLS_PORT),
      HTTPS_PROXY: `http://127.0.0.1:${VONAGE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "vonage-https-preload.mjs")} --import ${path.join(FROM, "proxy-preload.mjs")}`,
      HOME,
    },
  }),
  steps: [
    step("von-001", "balance", {}, "the account balance"),
    step("von-002", "list-purchased-numbers", {}, "the numbers the account owns"),
    step("von-003", "list-applications", {}, "the account's Vonage applications"),
    step(
      "von-004",
      "search-available-numbers",
      { country: "US", features: "SMS,VOICE", size: 5 },
      "US numbers with SMS and voice to buy",
    ),
    step(
      "von-005",
      "search-available-numbers",
      { country: "GB", pattern: "44207*", features: "MMS" },
      "London numbers with MMS, of which there are none",
    ),
    step(
      "von-006",
      "SMS",
      {
        to: "+14155550132",
        message: "Lakeside Dental: your cleaning is confirmed for Tue 9 Dec at 10:30. Reply C to cancel.",
      },
      "send an appointment SMS",
    ),
    step(
      "von-007",
      "SMS",
      { to: "555-0199", message: "Lakeside Dental: please call us to reschedule." },
      "an SMS to a number without country or area code (Number Insight status 3)",
    ),
    step(
      "von-008",
      "SMS",
      { to: "555-0199", message: "Lakeside Dental: please call us to reschedule." },
      "the same SMS to the same number again, unchanged",
    ),
    step(
      "von-009",
      "whatsapp-send-text",
      {
        to: "+447700900461",
        message: "Hi Tom, your crown is ready. Reply with a time that suits you this week.",
      },
      "send a WhatsApp message",
    ),
    step(
      "von-010",
      "rcs-send-text",
      { to: "+14155550132", message: "Your appointment is tomorrow at 10:30." },
      "an RCS message on a server with no RCS sender configured",
    ),
    step(
      "von-011",
      "outbound-voice-message",
      {
        to: "+14155550132",
        message: "This is Lakeside Dental. Your appointment tomorrow at 10:30 is confirmed.",
      },
      "a text-to-speech reminder call",
    ),
    step(
      "von-012",
      "get-records-report",
      {
        product: "SMS",
        direction: "outbound",
        date_start: "2026-11-29T00:00:00Z",
        date_end: "2026-12-06T00:00:00Z",
      },
      "outbound SMS of the last week",
    ),
    step(
      "von-013",
      "get-records-report",
      { product: "VOICE-CALL", date_start: "2026-12-05T00:00:00Z", date_end: "2026-12-06T00:00:00Z" },
      "yesterday's voice calls, of which there were none",
    ),
    step(
      "von-014",
      "get-records-report",
      { product: "SMS", date_start: "2026-11-29T00:00:00Z" },
      "an SMS report without the direction the Reports API requires (400)",
    ),
    step(
      "von-015",
      "link-number-to-vonage-application",
      { msisdn: "+14155550100", applicationId: VONAGE_APP },
      "link an owned number, written in E.164 as the tool asks, to an application",
    ),
    step(
      "von-016",
      "link-number-to-vonage-application",
      { msisdn: "14155550100", applicationId: VONAGE_APP },
      "the same number without the plus sign",
    ),
    step("von-017", "create-application", { name: "Lakeside Dental — recall SMS" }, "create an application"),
    step("von-018", "balance", {}, "the balance after the API secret was rotated (401)", flag("vonBadKey")),
    step(
      "von-019",
      "list-applications",
      {},
      "applications after the API secret was rotated (401)",
      flag("vonBadKey"),
    ),
    step(
      "von-020",
      "SMS",
      { to: "+14155550132", message: "Lakeside Dental: reminder — cleaning tomorrow at 10:30." },
      "an SMS while the Messages API throttles (429)",
      flag("vonRateLimited"),
    ),
    step(
      "von-021",
      "list-purchased-numbers",
      {},
      "owned numbers while the numbers API answers 500",
      flag("vonServerError"),
    ),
    step(
      "von-022",
      "get-records-report",
      { product: "MESSAGES", direction: "outbound", date_start: "2026-12-01T00:00:00Z" },
      "a messages report while Cloudflare answers an HTML 502",
      flag("vonBadGateway"),
    ),
    step(
      "von-023",
      "get-records-report",
      { product: "WHATSAPP", direction: "outbound" },
      "a report for a product name the tool does not accept",
    ),
    step(
      "von-024",
      "send-mms",
      { to: "+14155550132", image_url: "https://lakeside-dental.example/map.png" },
      "a tool the server does not have",
    ),
    step(
      "von-025",
      "SMS",
      { to: "+14155550132", message: "Lakeside Dental: we're running 15 minutes late today." },
      "an SMS the Messages API takes 15 s to accept; the client waits 3 s",
      flag("vonSlow", { timeoutMs: 3000 }),
    ),
    step(
      "von-026",
      "balance",
      {},
      "the balance while Vonage cannot be reached (stand-ins stopped)",
      down(vonageStandin),
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [vapi, retell, vonage];

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
