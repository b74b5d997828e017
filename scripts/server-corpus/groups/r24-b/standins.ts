// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Vapi's REST API (api.vapi.ai) for @vapi-ai/mcp-server: assistants, calls, phone numbers, tools; errors in the
//   API's NestJS envelope `{"message","error","statusCode"}`. The host is written into Vapi's SDK (Fern, Node's own
//   fetch): the server reaches a forward proxy (standin-kit's `forwardProxy`) through the group's proxy-preload.mjs.
// - Retell AI's REST API for @abhaybabbar/retellai-mcp-server: agents, calls, voices, Retell LLMs, phone numbers;
//   errors `{"status":"error","message"}` as Retell's OpenAPI document lists them. retell-sdk reads
//   RETELL_BASE_URL: a plain loopback listener.
// - Vonage's APIs for @vonage/vonage-mcp-server-api-bindings: the legacy REST host (rest.nexmo.com: balance,
//   numbers) and the API host (api.nexmo.com: applications, Number Insight, Messages, Voice, Reports). The SDK calls
//   them with node-fetch over Node's https module (vonage-https-preload.mjs sends those TLS connections to a
//   loopback TLS listener); the Reports tool uses Node's own fetch (proxy-preload.mjs, the forward proxy). Both
//   listeners answer with one handler and stop together.
//
// `state` is switched by the sessions' hooks.

import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  httpStandin,
  json,
  later,
  text,
  tlsStandin,
  type Certificate,
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r24-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const VAPI_PROXY_PORT = 41550;
export const RETELL_PORT = 41551;
export const VONAGE_TLS_PORT = 41552;
export const VONAGE_PROXY_PORT = 41553;

export const ensureCertificate = (): Certificate =>
  certificate(DATA, ["api.vapi.ai", "rest.nexmo.com", "api.nexmo.com"]);

export const state = {
  vapiBadKey: false,
  vapiRateLimited: false,
  vapiServerError: false,
  vapiBadGateway: false,
  vapiNoCredits: false,
  rtlBadKey: false,
  rtlRateLimited: false,
  rtlServerError: false,
  rtlBadGateway: false,
  rtlTrialEnded: false,
  vonBadKey: false,
  vonRateLimited: false,
  vonServerError: false,
  vonBadGateway: false,
  vonSlow: false,
};

const CLOUDFLARE_502 = (host: string) =>
  `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<!--[if gt IE 8]><!--> <html class="no-js" lang="en-US"> <!--<![endif]-->
<head>
<title>${host} | 502: Bad gateway</title>
<meta charset="UTF-8" />
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
<meta name="robots" content="noindex, nofollow" />
</head>
<body>
<div id="cf-wrapper">
  <div id="cf-error-details" class="p-0">
    <header class="mx-auto pt-10 lg:pt-6 lg:px-8 w-240 lg:w-full mb-8">
      <h1 class="inline-block sm:block sm:mb-2 font-light text-60 lg:text-4xl text-black-dark leading-tight mr-2">
        <span class="inline-block">Bad gateway</span>
        <span class="code-label">Error code 502</span>
      </h1>
      <div>Visit <a href="https://www.cloudflare.com/5xx-error-landing?utm_source=errorcode_502&utm_campaign=${host}" target="_blank" rel="noopener noreferrer">cloudflare.com</a> for more information.</div>
      <div class="mt-3">2026-12-06 23:41:07 UTC</div>
    </header>
    <div class="w-240 lg:w-full mx-auto mb-8 lg:px-8">
      <div class="clearfix">
        <div class="w-1/2 md:w-full float-left pr-6 md:pb-10 md:pr-0 leading-relaxed">
          <h2 class="text-3xl font-normal leading-1.3 mb-4">What happened?</h2>
          <p>The web server reported a bad gateway error.</p>
        </div>
        <div class="w-1/2 md:w-full float-left leading-relaxed">
          <h2 class="text-3xl font-normal leading-1.3 mb-4">What can I do?</h2>
          <p class="mb-6">Please try again in a few minutes.</p>
        </div>
      </div>
    </div>
    <div class="cf-error-footer cf-wrapper w-240 lg:w-full py-10 sm:py-4 sm:px-8 mx-auto text-center sm:text-left border-solid border-0 border-t border-gray-300">
      <p class="text-13">
        <span class="cf-footer-item sm:block sm:mb-1">Cloudflare Ray ID: <strong class="font-semibold">8f2c61d4ab9e7c21</strong></span>
      </p>
    </div>
  </div>
</div>
</body>
</html>
`;

// ---------------------------------------------------------------------------------------------------- Vapi

export const VAPI_TOKEN = "8c5b1f0e-4d7a-4b5e-9f3a-2d61c7e0a914";
export const VAPI_ORG = "5f0c2a7e-91b4-4d0e-8a63-2c4f7b1d9e05";
export const VAPI_ASSISTANT = "a3f1c2d4-5b6e-47a8-9c0d-1e2f3a4b5c6d";
export const VAPI_ASSISTANT_2 = "b7e2d9c1-0a4f-4c3b-8e5d-6f7a8b9c0d1e";
export const VAPI_ASSISTANT_MISSING = "c0ffee00-1234-4abc-9def-000000000000";
export const VAPI_ASSISTANT_SLOW = "d4c3b2a1-9e8f-4d7c-b6a5-f0e1d2c3b4a5";
export const VAPI_PHONE = "3701f662-ed3e-440e-9a34-9c3eda663145";
export const VAPI_PHONE_2 = "8e1b5c3d-2f4a-4b6c-9d8e-7f0a1b2c3d4e";
export const VAPI_CALL = "019d2ad0-6eb1-7aac-9377-0fc25d8bc1ad";
export const VAPI_CALL_MISSING = "019d0000-0000-7000-8000-000000000000";

const vapiAssistant = (id: string, name: string, first: string, createdAt: string) => ({
  id,
  orgId: VAPI_ORG,
  name,
  voice: { provider: "11labs", voiceId: "sarah", model: "eleven_turbo_v2_5" },
  model: {
    provider: "openai",
    model: "gpt-4o",
    messages: [
      {
        role: "system",
        content: "You are the front desk of Lakeside Dental. Book, move and confirm appointments.",
      },
    ],
    toolIds: [],
  },
  transcriber: { provider: "deepgram", model: "nova-3", language: "en" },
  firstMessage: first,
  firstMessageMode: "assistant-speaks-first",
  createdAt,
  updatedAt: createdAt,
  isServerUrlSecretSet: false,
});

const VAPI_ASSISTANTS = [
  vapiAssistant(
    VAPI_ASSISTANT,
    "Lakeside Dental — Reception",
    "Thanks for calling Lakeside Dental, this is Riley. How can I help?",
    "2026-10-02T14:11:09.402Z",
  ),
  vapiAssistant(
    VAPI_ASSISTANT_2,
    "Lakeside Dental — Reminder calls",
    "Hi, this is Riley from Lakeside Dental calling about your appointment.",
    "2026-11-18T09:40:51.117Z",
  ),
];

const vapiCall = (overrides: Record<string, unknown>) => ({
  id: VAPI_CALL,
  orgId: VAPI_ORG,
  type: "outboundPhoneCall",
  assistantId: VAPI_ASSISTANT_2,
  phoneNumberId: VAPI_PHONE,
  customer: { number: "+14155550132" },
  status: "ended",
  endedReason: "customer-ended-call",
  createdAt: "2026-12-05T16:02:11.903Z",
  updatedAt: "2026-12-05T16:04:40.218Z",
  startedAt: "2026-12-05T16:02:14.511Z",
  endedAt: "2026-12-05T16:04:39.870Z",
  cost: 0.1892,
  phoneCallProvider: "twilio",
  phoneCallTransport: "pstn",
  ...overrides,
});

function vapiError(res: http.ServerResponse, status: number, message: unknown, error: string, headers = {}) {
  json(res, status, { message, error, statusCode: status }, headers);
}

function vapiHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const [first, second] = url.pathname.split("/").filter(Boolean);
  const method = req.method ?? "GET";
  if (req.headers.authorization !== `Bearer ${VAPI_TOKEN}` || state.vapiBadKey)
    return vapiError(
      res,
      401,
      "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.",
      "Unauthorized",
    );
  if (state.vapiRateLimited)
    return vapiError(res, 429, "Rate limit exceeded", "Too Many Requests", { "retry-after": "10" });
  if (state.vapiServerError) return json(res, 500, { statusCode: 500, message: "Internal server error" });
  if (state.vapiBadGateway) return text(res, 502, CLOUDFLARE_502("api.vapi.ai"), "text/html; charset=UTF-8");

  if (first === "assistant") {
    if (!second && method === "GET") return json(res, 200, VAPI_ASSISTANTS);
    if (!second && method === "POST") {
      const dto = JSON.parse(body || "{}") as Record<string, unknown>;
      return json(res, 201, {
        id: "e5f6a7b8-c9d0-4e1f-a2b3-c4d5e6f7a8b9",
        orgId: VAPI_ORG,
        ...dto,
        createdAt: "2026-12-06T23:38:02.551Z",
        updatedAt: "2026-12-06T23:38:02.551Z",
        isServerUrlSecretSet: false,
      });
    }
    if (second === VAPI_ASSISTANT_SLOW)
      return later(15_000, () =>
        json(
          res,
          200,
          vapiAssistant(VAPI_ASSISTANT_SLOW, "After-hours line", "Hi!", "2026-09-01T00:00:00.000Z"),
        ),
      );
    const found = VAPI_ASSISTANTS.find((a) => a.id === second);
    if (!found)
      return vapiError(
        res,
        404,
        `Couldn't Get Assistant. \`assistantId\` ${second} Does Not Exist.`,
        "Not Found",
      );
    if (method === "PATCH") {
      const dto = JSON.parse(body || "{}") as Record<string, unknown>;
      return json(res, 200, { ...found, ...dto, updatedAt: "2026-12-06T23:39:15.020Z" });
    }
    return json(res, 200, found);
  }

  if (first === "call") {
    if (!second && method === "GET")
      return json(res, 200, [
        vapiCall({}),
        vapiCall({
          id: "019d27ab-b7fb-7eec-a64b-a1e039958b22",
          customer: { number: "+14155550177" },
          endedReason: "voicemail",
          createdAt: "2026-12-05T15:58:03.004Z",
          updatedAt: "2026-12-05T15:58:49.611Z",
          cost: 0.0611,
        }),
        vapiCall({
          id: "019d1f42-3c8e-7b10-9d2e-5a6b7c8d9e0f",
          type: "inboundPhoneCall",
          assistantId: VAPI_ASSISTANT,
          customer: { number: "+16505550144" },
          endedReason: "assistant-ended-call",
          createdAt: "2026-12-04T10:21:37.440Z",
          updatedAt: "2026-12-04T10:27:02.913Z",
          cost: 0.4127,
        }),
      ]);
    if (!second && method === "POST") {
      const dto = JSON.parse(body || "{}") as {
        assistantId?: string;
        phoneNumberId?: string;
        customer?: { number?: string };
      };
      const number = dto.customer?.number ?? "";
      if (!/^\+[1-9]\d{6,14}$/.test(number))
        return vapiError(
          res,
          400,
          [
            "customer.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).",
          ],
          "Bad Request",
        );
      if (dto.assistantId && !VAPI_ASSISTANTS.some((a) => a.id === dto.assistantId))
        return vapiError(
          res,
          400,
          `Couldn't Get Assistant. \`assistantId\` ${dto.assistantId} Does Not Exist.`,
          "Bad Request",
        );
      const created = {
        id: state.vapiNoCredits
          ? "019d3b71-44c2-7f0e-8b1a-9c2d3e4f5a6b"
          : "019d3b70-1a2b-7c3d-8e4f-5a6b7c8d9e0f",
        orgId: VAPI_ORG,
        type: "outboundPhoneCall",
        assistantId: dto.assistantId,
        phoneNumberId: dto.phoneNumberId,
        customer: { number },
        createdAt: "2026-12-06T23:40:12.145Z",
        updatedAt: "2026-12-06T23:40:12.145Z",
        cost: 0,
        phoneCallProvider: "twilio",
        phoneCallTransport: "pstn",
        subscriptionLimits: { concurrencyBlocked: false, concurrencyLimit: 10, remainingConcurrentCalls: 9 },
      };
      if (state.vapiNoCredits)
        return json(res, 201, {
          ...created,
          status: "ended",
          endedReason: "call.start.error-subscription-insufficient-credits",
          endedAt: "2026-12-06T23:40:12.160Z",
        });
      return json(res, 201, { ...created, status: "queued" });
    }
    if (second === VAPI_CALL) return json(res, 200, vapiCall({}));
    return json(res, 404, { message: "Not Found", statusCode: 404 });
  }

  if (first === "phone-number") {
    const numbers = [
      {
        id: VAPI_PHONE,
        orgId: VAPI_ORG,
        provider: "vapi",
        number: "+14155550100",
        name: "Lakeside main line",
        assistantId: VAPI_ASSISTANT,
        status: "active",
        createdAt: "2026-10-02T14:20:00.000Z",
        updatedAt: "2026-10-02T14:20:00.000Z",
      },
      {
        id: VAPI_PHONE_2,
        orgId: VAPI_ORG,
        provider: "twilio",
        number: "+14155550101",
        name: "Reminders (outbound)",
        assistantId: VAPI_ASSISTANT_2,
        status: "active",
        twilioAccountSid: "AC57b5608bda45832fdb97b15a3f739b6a",
        createdAt: "2026-11-18T09:45:00.000Z",
        updatedAt: "2026-11-18T09:45:00.000Z",
      },
    ];
    if (!second) return json(res, 200, numbers);
    const found = numbers.find((n) => n.id === second);
    if (!found) return json(res, 404, { message: "Not Found", statusCode: 404 });
    return json(res, 200, found);
  }

  if (first === "tool") {
    if (!second && method === "GET") return json(res, 200, []);
    if (!second && method === "POST") {
      const dto = JSON.parse(body || "{}") as Record<string, unknown>;
      return json(res, 201, {
        id: "f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9",
        orgId: VAPI_ORG,
        ...dto,
        createdAt: "2026-12-06T23:42:30.801Z",
        updatedAt: "2026-12-06T23:42:30.801Z",
      });
    }
    return json(res, 404, { message: "Not Found", statusCode: 404 });
  }
  return json(res, 404, { message: `Cannot ${method} ${url.pathname}`, error: "Not Found", statusCode: 404 });
}

export const vapiStandin = forwardProxy(VAPI_PROXY_PORT, ensureCertificate, vapiHandler);

// -------------------------------------------------------------------------------------------------- Retell

export const RETELL_KEY = "key_4f8e2a61c9d04b7fb3e15a2c";
export const RTL_AGENT = "agent_oJASLqwE1tVoDcxEjtt0Kw";
export const RTL_AGENT_2 = "agent_9a2c7e14b3d0f5a8c6e1d2b4";
export const RTL_AGENT_QUIET = "agent_77f0e3c2a1b9d8e6f5c4b3a2";
export const RTL_AGENT_MISSING = "agent_0000000000000000000000";
export const RTL_LLM = "llm_234sdertfsdsfsdf";
export const RTL_CALL = "call_a4441234567890777c4a4a123e6";
export const RTL_CALL_MISSING = "call_ffffffffffffffffffffffffff0";
export const RTL_CALL_SLOW = "call_5l0w5l0w5l0w5l0w5l0w5l0w5l0";

const rtlAgent = (id: string, name: string, version: number) => ({
  agent_id: id,
  response_engine: { type: "retell-llm", llm_id: RTL_LLM, version: 0 },
  agent_name: name,
  version,
  is_published: true,
  voice_id: "11labs-Adrian",
  voice_model: "eleven_turbo_v2",
  voice_temperature: 1,
  voice_speed: 1,
  volume: 1,
  responsiveness: 1,
  interruption_sensitivity: 1,
  enable_backchannel: true,
  backchannel_frequency: 0.8,
  language: "en-US",
  webhook_url: "https://hooks.northwind-hvac.example/retell",
  end_call_after_silence_ms: 600000,
  max_call_duration_ms: 3600000,
  last_modification_timestamp: 1764934800000,
});

const RTL_AGENTS = [
  rtlAgent(RTL_AGENT, "Northwind HVAC — service booking", 7),
  rtlAgent(RTL_AGENT_2, "Northwind HVAC — after-hours triage", 3),
  rtlAgent(RTL_AGENT_QUIET, "Northwind HVAC — maintenance-plan renewals", 1),
];

const rtlCall = (overrides: Record<string, unknown> = {}) => ({
  call_type: "phone_call",
  from_number: "+12137771234",
  to_number: "+12137771235",
  direction: "outbound",
  call_id: RTL_CALL,
  agent_id: RTL_AGENT,
  version: 7,
  call_status: "ended",
  metadata: { work_order: "WO-18841" },
  start_timestamp: 1765036800000,
  end_timestamp: 1765036963000,
  duration_ms: 163000,
  transcript:
    "Agent: Hi, this is Northwind HVAC calling to confirm your furnace tune-up tomorrow between 8 and 10.\nUser: Yes, that works.\nAgent: Great, the technician will text you 30 minutes before arrival.",
  recording_url: "https://retellai.s3.us-west-2.amazonaws.com/call_a4441234567890777c4a4a123e6/recording.wav",
  disconnection_reason: "agent_hangup",
  call_analysis: {
    call_summary: "The customer confirmed the furnace tune-up for tomorrow, 8–10 am.",
    user_sentiment: "Positive",
    call_successful: true,
    in_voicemail: false,
  },
  call_cost: { combined_cost: 19.6, total_duration_seconds: 163 },
  ...overrides,
});

function rtlError(res: http.ServerResponse, status: number, message: string, headers = {}) {
  json(res, status, { status: "error", message }, headers);
}

function retellHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const parts = url.pathname.split("/").filter(Boolean);
  const [op, id] = parts[0] === "v2" ? [parts[1], parts[2]] : [parts[0], parts[1]];
  if (req.headers.authorization !== `Bearer ${RETELL_KEY}` || state.rtlBadKey)
    return rtlError(res, 401, "API key is missing or invalid.");
  if (state.rtlRateLimited)
    return rtlError(res, 429, "Account rate limited, please throttle your requests.", { "retry-after": "1" });
  if (state.rtlServerError) return rtlError(res, 500, "An unexpected server error occurred.");
  if (state.rtlBadGateway)
    return text(res, 502, CLOUDFLARE_502("api.retellai.com"), "text/html; charset=UTF-8");
  const notFound = () => rtlError(res, 422, "Cannot find requested asset under given api key.");

  switch (op) {
    case "list-agents":
      return json(res, 200, RTL_AGENTS);
    case "get-agent": {
      const agent = RTL_AGENTS.find((a) => a.agent_id === id);
      return agent ? json(res, 200, agent) : notFound();
    }
    case "update-agent": {
      const agent = RTL_AGENTS.find((a) => a.agent_id === id);
      if (!agent) return notFound();
      const dto = JSON.parse(body || "{}") as Record<string, unknown>;
      return json(res, 200, {
        ...agent,
        ...dto,
        version: agent.version + 1,
        is_published: false,
        last_modification_timestamp: 1765065540000,
      });
    }
    case "list-voices":
      return json(res, 200, [
        {
          voice_id: "11labs-Adrian",
          voice_name: "Adrian",
          provider: "elevenlabs",
          accent: "American",
          gender: "male",
          age: "Young",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/adrian.mp3",
        },
        {
          voice_id: "11labs-Myra",
          voice_name: "Myra",
          provider: "elevenlabs",
          accent: "American",
          gender: "female",
          age: "Young",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/myra.mp3",
        },
        {
          voice_id: "openai-Alloy",
          voice_name: "Alloy",
          provider: "openai",
          accent: "American",
          gender: "female",
          age: "Middle Aged",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/alloy.mp3",
        },
        {
          voice_id: "deepgram-Angus",
          voice_name: "Angus",
          provider: "deepgram",
          accent: "Irish",
          gender: "male",
          age: "Middle Aged",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/angus.mp3",
        },
      ]);
    case "get-voice":
      if (id === "11labs-Myra")
        return json(res, 200, {
          voice_id: "11labs-Myra",
          voice_name: "Myra",
          provider: "elevenlabs",
          accent: "American",
          gender: "female",
          age: "Young",
          preview_audio_url: "https://retell-utils-public.s3.us-west-2.amazonaws.com/myra.mp3",
        });
      return notFound();
    case "list-retell-llms":
      return json(res, 200, [
        {
          llm_id: RTL_LLM,
          version: 0,
          is_published: true,
          model: "gpt-4.1",
          model_temperature: 0,
          model_high_priority: false,
          tool_call_strict_mode: true,
          general_prompt:
            "You are the booking line of Northwind HVAC. Collect the address, the unit type and a two-hour window.",
          begin_message:
            "Hi, you've reached Northwind HVAC. Are you calling about a repair or a maintenance visit?",
          default_dynamic_variables: { company_phone: "+1 (213) 777-1200" },
          knowledge_base_ids: [],
          last_modification_timestamp: 1764934700000,
        },
      ]);
    case "list-phone-numbers":
      return json(res, 200, [
        {
          phone_number: "+12137771234",
          phone_number_type: "retell-twilio",
          phone_number_pretty: "+1 (213) 777-1234",
          inbound_agent_id: RTL_AGENT_2,
          outbound_agent_id: RTL_AGENT,
          inbound_agent_version: 3,
          outbound_agent_version: 7,
          area_code: 213,
          nickname: "Northwind main",
          inbound_webhook_url: null,
          last_modification_timestamp: 1764934800000,
        },
      ]);
    case "create-phone-call": {
      if (state.rtlTrialEnded) return rtlError(res, 402, "Trial has ended, please add payment method.");
      const dto = JSON.parse(body || "{}") as Record<string, unknown>;
      const e164 = /^\+[1-9]\d{6,14}$/;
      if (!e164.test(String(dto.to_number ?? "")) || !e164.test(String(dto.from_number ?? "")))
        return rtlError(res, 400, "Invalid request format, please check API reference.");
      return json(res, 201, {
        call_type: "phone_call",
        from_number: dto.from_number,
        to_number: dto.to_number,
        direction: "outbound",
        call_id: "call_3b5e0d9c41f84a7e92c1d0b6a8f2",
        agent_id: dto.override_agent_id ?? RTL_AGENT,
        version: 7,
        call_status: "registered",
        metadata: dto.metadata ?? {},
        retell_llm_dynamic_variables: dto.retell_llm_dynamic_variables ?? {},
      });
    }
    case "list-calls": {
      const dto = JSON.parse(body || "{}") as { agent_id?: string };
      if (dto.agent_id === RTL_AGENT_QUIET) return json(res, 200, []);
      return json(res, 200, [
        rtlCall(),
        rtlCall({
          call_id: "call_8c2f7a1e5d3b9c4f6a0e2d8b1c7",
          to_number: "+12137779876",
          start_timestamp: 1765033200000,
          end_timestamp: 1765033231000,
          duration_ms: 31000,
          transcript: "Agent: Hi, this is Northwind HVAC calling to confirm your furnace tune-up tomorrow.",
          disconnection_reason: "voicemail_reached",
          call_analysis: {
            call_summary: "Reached voicemail.",
            user_sentiment: "Neutral",
            call_successful: false,
            in_voicemail: true,
          },
          call_cost: { combined_cost: 4.1, total_duration_seconds: 31 },
          metadata: { work_order: "WO-18850" },
        }),
      ]);
    }
    case "get-call":
      if (id === RTL_CALL) return json(res, 200, rtlCall());
      if (id === RTL_CALL_SLOW)
        return later(15_000, () => json(res, 200, rtlCall({ call_id: RTL_CALL_SLOW })));
      return notFound();
  }
  return json(res, 404, { status: "error", message: "Not Found" });
}

export const retellStandin = httpStandin(RETELL_PORT, retellHandler);

// -------------------------------------------------------------------------------------------------- Vonage

export const VONAGE_KEY = "3f9a1c7e";
export const VONAGE_SECRET = "Vq8sL2mN4pR6tX0z";
export const VONAGE_APP = "aaaaaaaa-bbbb-4ccc-8ddd-0123456789ab";
export const VONAGE_APP_2 = "7d1e3f5a-9b2c-4d6e-8f0a-1b3c5d7e9f2a";
export const VONAGE_NUMBER = "14155550100";

/** A throwaway RSA key for the Vonage application (Messages and Voice sign a JWT with it). */
export const VONAGE_PRIVATE_KEY64 = Buffer.from(
  crypto
    .generateKeyPairSync("rsa", { modulusLength: 2048 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString(),
).toString("base64");

let trace = 0;
const instance = () => `bf0ca0bf927b3b52e3cb03217e1a1dd${(trace++ % 10).toString()}`;

function problem(res: http.ServerResponse, status: number, body: Record<string, unknown>, headers = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/problem+json", ...headers });
  res.end(JSON.stringify({ ...body, instance: instance() }));
}

const OWNED = [
  {
    country: "US",
    msisdn: VONAGE_NUMBER,
    type: "mobile-lvn",
    features: ["VOICE", "SMS", "MMS"],
    app_id: VONAGE_APP_2,
    messagesCallbackType: "app",
    messagesCallbackValue: VONAGE_APP_2,
    voiceCallbackType: "app",
    voiceCallbackValue: VONAGE_APP_2,
  },
  {
    country: "GB",
    msisdn: "447700900123",
    type: "mobile-lvn",
    features: ["VOICE", "SMS"],
  },
];

const NI: Record<string, Record<string, unknown>> = {
  "+14155550132": {
    international_format_number: "14155550132",
    national_format_number: "(415) 555-0132",
    country_code: "US",
    country_code_iso3: "USA",
    country_name: "United States of America",
    country_prefix: "1",
  },
  "+447700900461": {
    international_format_number: "447700900461",
    national_format_number: "07700 900461",
    country_code: "GB",
    country_code_iso3: "GBR",
    country_name: "United Kingdom",
    country_prefix: "44",
  },
};

function vonageHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = (req.headers.host ?? url.host).split(":")[0];
  const method = req.method ?? "GET";
  const p = url.pathname;
  const basic = `Basic ${Buffer.from(`${VONAGE_KEY}:${VONAGE_SECRET}`).toString("base64")}`;
  const auth = req.headers.authorization ?? "";
  const authOk = !state.vonBadKey && (auth === basic || auth.startsWith("Bearer "));

  if (host === "rest.nexmo.com") {
    if (!authOk) return json(res, 401, { "error-code": "401", "error-code-label": "authentication failed" });
    if (p === "/account/get-balance") return json(res, 200, { value: 14.57231, autoReload: false });
    if (p === "/account/numbers") {
      if (state.vonServerError)
        return json(res, 500, { "error-code": "500", "error-code-label": "Internal Server Error" });
      const pattern = url.searchParams.get("pattern");
      const numbers = pattern ? OWNED.filter((n) => n.msisdn.startsWith(pattern)) : OWNED;
      return json(res, 200, numbers.length ? { count: numbers.length, numbers } : { count: 0 });
    }
    if (p === "/number/search") {
      const country = url.searchParams.get("country");
      if (country !== "US") return json(res, 200, { count: 0 });
      return json(res, 200, {
        count: 3,
        numbers: [
          {
            country: "US",
            msisdn: "12025550143",
            type: "mobile-lvn",
            cost: "0.90",
            features: ["VOICE", "SMS"],
          },
          {
            country: "US",
            msisdn: "12025550178",
            type: "mobile-lvn",
            cost: "0.90",
            features: ["VOICE", "SMS", "MMS"],
          },
          {
            country: "US",
            msisdn: "13125550109",
            type: "landline",
            cost: "0.90",
            features: ["VOICE", "SMS"],
          },
        ],
      });
    }
    if (p === "/number/update" && method === "POST")
      return json(res, 200, { "error-code": "200", "error-code-label": "success" });
    return json(res, 404, { "error-code": "404", "error-code-label": "not found" });
  }

  // api.nexmo.com
  if (!authOk)
    return problem(res, 401, {
      type: "https://developer.nexmo.com/api-errors#unauthorized",
      title: "Unauthorized",
      detail: "You did not provide correct credentials.",
    });
  if (p === "/v2/applications" && method === "GET")
    return json(res, 200, {
      page_size: 100,
      page: 1,
      total_items: 2,
      total_pages: 1,
      _embedded: {
        applications: [
          {
            id: VONAGE_APP,
            name: "Appointment reminders (dev)",
            capabilities: {
              messages: {
                webhooks: {
                  inbound_url: {
                    address: "https://hooks.lakeside-dental.example/inbound",
                    http_method: "POST",
                  },
                  status_url: {
                    address: "https://hooks.lakeside-dental.example/status",
                    http_method: "POST",
                  },
                },
              },
            },
            keys: {
              public_key:
                "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAtW3n...IDAQAB\n-----END PUBLIC KEY-----\n",
            },
            privacy: { improve_ai: false },
          },
          {
            id: VONAGE_APP_2,
            name: "Front desk voice",
            capabilities: {
              voice: {
                webhooks: {
                  answer_url: { address: "https://hooks.lakeside-dental.example/answer", http_method: "GET" },
                  event_url: { address: "https://hooks.lakeside-dental.example/event", http_method: "POST" },
                },
              },
            },
            keys: {
              public_key:
                "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAq9Xb...IDAQAB\n-----END PUBLIC KEY-----\n",
            },
            privacy: { improve_ai: false },
          },
        ],
      },
    });
  if (p === "/v2/applications" && method === "POST") {
    const dto = JSON.parse(body || "{}") as Record<string, unknown>;
    return json(res, 201, {
      id: "0b4e8f2a-6c1d-4e3f-9a5b-7c8d9e0f1a2b",
      name: dto.name,
      capabilities: {},
      keys: {
        public_key:
          "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0m7P...IDAQAB\n-----END PUBLIC KEY-----\n",
        private_key:
          "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDSbs...\n-----END PRIVATE KEY-----\n",
      },
      privacy: { improve_ai: false },
      _links: { self: { href: "/v2/applications/0b4e8f2a-6c1d-4e3f-9a5b-7c8d9e0f1a2b" } },
    });
  }
  if (p === "/ni/basic/json") {
    const number = url.searchParams.get("number") ?? "";
    const known = NI[number];
    if (!known)
      return json(res, 200, {
        status: 3,
        status_message: "Invalid request :: Not valid number format detected [ " + number + " ]",
        request_id: "e5f1f3b8-7a29-4c5e-b6d0-2f8a9c1e4d37",
      });
    return json(res, 200, {
      status: 0,
      status_message: "Success",
      request_id: "aaaaaaaa-bbbb-cccc-dddd-0123456789ab",
      ...known,
    });
  }
  if (p === "/v1/messages" && method === "POST") {
    const dto = JSON.parse(body || "{}") as { text?: string; failover?: unknown };
    if (state.vonRateLimited)
      return problem(res, 429, {
        type: "https://developer.vonage.com/api-errors#throttled",
        title: "Rate Limit Hit",
        detail: "Please wait, then retry your request",
      });
    if (state.vonSlow)
      return later(15_000, () => json(res, 202, { message_uuid: "d3a1f0c2-8b47-4e59-a6c3-1f2e3d4c5b6a" }));
    return json(
      res,
      202,
      dto.failover
        ? {
            message_uuid: "9c3e1b7a-2d4f-4a6b-8c0e-1f3a5b7d9e2c",
            workflow_id: "3ab1c2d3-e4f5-4a6b-9c8d-7e6f5a4b3c2d",
          }
        : { message_uuid: "aaaaaaaa-bbbb-4ccc-8ddd-0123456789ab" },
    );
  }
  if (p === "/v1/calls" && method === "POST")
    return json(res, 201, {
      uuid: "63f61863-4a51-4f6b-86e1-46edebcf9356",
      status: "started",
      direction: "outbound",
      conversation_uuid: "CON-f972836a-550f-45fa-956c-12a2ab5b7d22",
    });
  if (p === "/v2/reports/records") {
    if (state.vonBadGateway)
      return text(res, 502, CLOUDFLARE_502("api.nexmo.com"), "text/html; charset=UTF-8");
    const product = url.searchParams.get("product");
    const direction = url.searchParams.get("direction");
    if ((product === "SMS" || product === "MESSAGES") && !direction)
      return problem(res, 400, {
        type: "https://developer.nexmo.com/api-errors/reports#invalid-request-parameters",
        title: "Invalid request parameters",
        detail: "The provided payload is invalid: 'direction' is required for product SMS",
        invalid_parameters: [{ name: "direction", reason: "must not be null" }],
      });
    const head = {
      _links: { self: { href: `https://api.nexmo.com/v2/reports/records?${url.searchParams.toString()}` } },
      request_id: "c8d1e4f7-3a2b-4c5d-9e8f-0a1b2c3d4e5f",
      request_status: "SUCCESS",
      received_at: "2026-12-06T23:44:10+0000",
      price: 0,
      currency: "EUR",
      product,
      account_id: VONAGE_KEY,
      date_start: url.searchParams.get("date_start"),
      date_end: url.searchParams.get("date_end"),
      include_message: url.searchParams.get("include_message") === "true",
      direction,
    };
    if (product === "VOICE-CALL") return json(res, 200, { ...head, items: [] });
    return json(res, 200, {
      ...head,
      items: [
        {
          account_id: VONAGE_KEY,
          message_id: "0B00000012AB34CD",
          client_ref: "",
          direction: "outbound",
          from: "14155550100",
          to: "14155550132",
          network: "310260",
          network_name: "T-Mobile USA",
          country: "US",
          country_name: "United States of America",
          date_received: "2026-12-03T15:02:11+0000",
          date_finalized: "2026-12-03T15:02:14+0000",
          latency: 2871,
          status: "delivered",
          error_code: "0",
          error_code_description: "Delivered",
          currency: "EUR",
          total_price: "0.00735000",
        },
        {
          account_id: VONAGE_KEY,
          message_id: "0B00000012AB34D9",
          client_ref: "",
          direction: "outbound",
          from: "14155550100",
          to: "14155550177",
          network: "310410",
          network_name: "AT&T Mobility",
          country: "US",
          country_name: "United States of America",
          date_received: "2026-12-04T09:30:02+0000",
          date_finalized: "2026-12-04T09:30:40+0000",
          latency: 38104,
          status: "failed",
          error_code: "6",
          error_code_description: "Anti-Spam Rejection",
          currency: "EUR",
          total_price: "0.00735000",
        },
      ],
    });
  }
  return problem(res, 404, {
    type: "https://developer.nexmo.com/api-errors#not-found",
    title: "Not Found",
    detail: `The requested resource does not exist: ${p}`,
  });
}

const vonageTls = tlsStandin(VONAGE_TLS_PORT, ensureCertificate, vonageHandler);
const vonageProxy = forwardProxy(VONAGE_PROXY_PORT, ensureCertificate, vonageHandler);

/** Both of Vonage's listeners (node-fetch through https, Node's fetch through the proxy): they stop together. */
export const vonageStandin: Standin = {
  start: async () => {
    await vonageTls.start();
    await vonageProxy.start();
  },
  stop: async () => {
    await vonageTls.stop();
    await vonageProxy.stop();
  },
};

export const ALL_STANDINS = [vapiStandin, retellStandin, vonageStandin];
