// Loopback stand-ins for the HTTP APIs behind this group's servers, each on its own port so a
// session can stop it (an unreachable backend) and start it again. Each answers like the real API
// does, error bodies included; a session switches a stand-in into a failure mode from a step's
// `before` hook and back in its `after` hook (`mode`).

import http from "node:http";

export const PORTS = {
  meteo: 38551,
  openai: 38552,
  lm: 38553,
  ollama: 38554,
  meteoHttp: 38560,
};

type Handler = (
  req: http.IncomingMessage,
  url: URL,
  body: string,
  res: http.ServerResponse,
  mode: string | null,
) => void | Promise<void>;

export interface StandIn {
  mode: string | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function json(
  res: http.ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(text);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function standIn(port: number, handler: Handler): StandIn {
  let server: http.Server | undefined;
  const sockets = new Set<import("node:net").Socket>();
  const self: StandIn = {
    mode: null,
    start: async () => {
      if (server) return;
      const created = http.createServer((req, res) => {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk: string) => (body += chunk));
        req.on("end", () => {
          const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
          Promise.resolve(handler(req, url, body, res, self.mode)).catch((error: unknown) => {
            if (!res.headersSent) json(res, 500, { error: String(error) });
            else res.end();
          });
        });
      });
      created.on("connection", (socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => created.listen(port, "127.0.0.1", resolve));
      server = created;
    },
    stop: async () => {
      const current = server;
      server = undefined;
      if (!current) return;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  return self;
}

const NGINX_502 =
  "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n";

// ---------------------------------------------------------------------------------------------
// Open-Meteo (api.open-meteo.com, geocoding-api, archive-api): `{"error": true, "reason": …}`.
function hours(start: string, count: number): string[] {
  const out: string[] = [];
  const base = Date.parse(`${start}T00:00Z`);
  for (let i = 0; i < count; i++) out.push(new Date(base + i * 3_600_000).toISOString().slice(0, 16));
  return out;
}

export const meteo = standIn(PORTS.meteo, async (_req, url, _body, res, mode) => {
  const q = url.searchParams;
  if (mode === "slow") {
    await sleep(20_000);
  }
  if (mode === "rate") {
    json(
      res,
      429,
      { error: true, reason: "Minutely API request limit exceeded. Please try again in one minute." },
      { "retry-after": "60" },
    );
    return;
  }
  if (mode === "badgateway") {
    res.writeHead(502, { "content-type": "text/html" });
    res.end(NGINX_502);
    return;
  }
  const lat = Number(q.get("latitude"));
  const lon = Number(q.get("longitude"));
  const common = {
    latitude: Math.round(lat * 100) / 100,
    longitude: Math.round(lon * 100) / 100,
    generationtime_ms: 0.0514984130859375,
    utc_offset_seconds: 0,
    timezone: "GMT",
    timezone_abbreviation: "GMT",
    elevation: 38,
  };
  switch (url.pathname) {
    case "/v1/forecast": {
      const hourly = (q.get("hourly") ?? "").split(",").filter(Boolean);
      const daily = (q.get("daily") ?? "").split(",").filter(Boolean);
      const out: Record<string, unknown> = { ...common };
      if (q.get("current_weather") === "true" || q.get("current"))
        out.current = { time: "2026-12-05T22:15", interval: 900, temperature_2m: 3.4, wind_speed_10m: 11.2 };
      if (hourly.length) {
        const time = hours("2026-12-05", 6);
        out.hourly_units = Object.fromEntries([
          ["time", "iso8601"],
          ...hourly.map((h) => [h, h.includes("temperature") ? "°C" : "%"]),
        ]);
        out.hourly = Object.fromEntries([
          ["time", time],
          ...hourly.map((h, i) => [h, time.map((_, t) => Math.round((2.1 + i + t * 0.3) * 10) / 10)]),
        ]);
      }
      if (daily.length) {
        const time = ["2026-12-05", "2026-12-06", "2026-12-07"];
        out.daily_units = Object.fromEntries([["time", "iso8601"], ...daily.map((d) => [d, "°C"])]);
        out.daily = Object.fromEntries([
          ["time", time],
          ...daily.map((d, i) => [d, [4.1 + i, 5.3 + i, 2.8 + i]]),
        ]);
      }
      json(res, 200, out);
      return;
    }
    case "/v1/archive": {
      const start = q.get("start_date") ?? "";
      const end = q.get("end_date") ?? "";
      for (const [key, value] of [
        ["start_date", start],
        ["end_date", end],
      ] as const) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
          json(res, 400, {
            error: true,
            reason: `Invalid date format. Make sure to use 'YYYY-MM-DD' for key ${key}`,
          });
          return;
        }
      }
      if (start > end) {
        json(res, 400, { error: true, reason: "End-date must be larger or equal than start-date" });
        return;
      }
      const daily = (q.get("daily") ?? "temperature_2m_max").split(",").filter(Boolean);
      json(res, 200, {
        ...common,
        daily_units: Object.fromEntries([["time", "iso8601"], ...daily.map((d) => [d, "°C"])]),
        daily: Object.fromEntries([["time", [start, end]], ...daily.map((d) => [d, [1.9, 3.2]])]),
      });
      return;
    }
    case "/v1/elevation": {
      const lats = (q.get("latitude") ?? "").split(",");
      json(res, 200, { elevation: lats.map((_, i) => 34 + i * 7) });
      return;
    }
    case "/v1/search": {
      const name = (q.get("name") ?? "").toLowerCase();
      if (name === "berlin") {
        json(res, 200, {
          results: [
            {
              id: 2950159,
              name: "Berlin",
              latitude: 52.52437,
              longitude: 13.41053,
              elevation: 74,
              feature_code: "PPLC",
              country_code: "DE",
              admin1_id: 2950157,
              timezone: "Europe/Berlin",
              population: 3426354,
              country_id: 2921044,
              country: "Deutschland",
              admin1: "Berlin",
            },
          ],
          generationtime_ms: 0.6299019,
        });
        return;
      }
      json(res, 200, { generationtime_ms: 0.33307076 });
      return;
    }
    default:
      json(res, 404, { error: true, reason: "Not Found" });
  }
});

// ---------------------------------------------------------------------------------------------
// OpenAI (api.openai.com/v1): `{"error": {"message", "type", "param", "code"}}`.
const openaiError = (message: string, type: string, param: string | null, code: string | null) => ({
  error: { message, type, param, code },
});

function responseObject(text: string) {
  return {
    id: "resp_67f2a9c1d5e08191a3c2b7e4f9d10a2b",
    object: "response",
    created_at: 1796509200,
    status: "completed",
    error: null,
    incomplete_details: null,
    model: "o3-2025-04-16",
    output: [
      {
        id: "ws_67f2a9c3b1e48191",
        type: "web_search_call",
        status: "completed",
      },
      {
        id: "msg_67f2a9c7d2a08191",
        type: "message",
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
    usage: { input_tokens: 312, output_tokens: 188, total_tokens: 500 },
  };
}

export const openai = standIn(PORTS.openai, async (req, url, body, res, mode) => {
  const auth = req.headers.authorization ?? "";
  if (mode === "revoked") {
    const key = auth.replace(/^Bearer /, "");
    json(
      res,
      401,
      openaiError(
        `Incorrect API key provided: ${key.slice(0, 3)}*****${key.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        "invalid_request_error",
        null,
        "invalid_api_key",
      ),
    );
    return;
  }
  if (mode === "quota") {
    json(
      res,
      429,
      openaiError(
        "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
        "insufficient_quota",
        null,
        "insufficient_quota",
      ),
    );
    return;
  }
  if (mode === "rate") {
    json(
      res,
      429,
      openaiError(
        "Rate limit reached for o3 in organization org-3kT9aQz7LmWc on tokens per min (TPM): Limit 30000, Used 29412, Requested 1024. Please try again in 1.2s. Visit https://platform.openai.com/account/rate-limits to learn more.",
        "tokens",
        null,
        "rate_limit_exceeded",
      ),
      { "retry-after": "1", "x-ratelimit-limit-tokens": "30000", "x-ratelimit-remaining-tokens": "588" },
    );
    return;
  }
  if (mode === "server") {
    json(
      res,
      500,
      openaiError(
        "The server had an error while processing your request. Sorry about that!",
        "server_error",
        null,
        null,
      ),
    );
    return;
  }
  if (mode === "nomodel") {
    json(
      res,
      404,
      openaiError(
        "The model `o3` does not exist or you do not have access to it.",
        "invalid_request_error",
        null,
        "model_not_found",
      ),
    );
    return;
  }
  if (mode === "slow") await sleep(20_000);
  if (req.method === "POST" && url.pathname === "/v1/responses") {
    const request = JSON.parse(body || "{}") as { input?: unknown };
    const input = typeof request.input === "string" ? request.input : "";
    if (input.length === 0) {
      json(
        res,
        400,
        openaiError(
          "Invalid 'input': string too short. Expected a string with minimum length 1, but got an empty string instead.",
          "invalid_request_error",
          "input",
          "string_below_min_length",
        ),
      );
      return;
    }
    if (input.length > 4000) {
      json(
        res,
        400,
        openaiError(
          "Your input exceeds the context window of this model. Please adjust your input and try again.",
          "invalid_request_error",
          "input",
          "context_length_exceeded",
        ),
      );
      return;
    }
    if (/latest.*node/i.test(input)) {
      json(
        res,
        200,
        responseObject(
          'The latest Node.js LTS line is Node.js 24 "Krypton" (Active LTS); Node.js 22 is in Maintenance LTS. Source: nodejs.org/en/about/previous-releases.',
        ),
      );
      return;
    }
    if (/ECONNRESET/i.test(input)) {
      json(
        res,
        200,
        responseObject(
          "`ECONNRESET` in undici usually means the peer closed a keep-alive socket. Set `keepAliveTimeout` below the server's idle timeout, or retry idempotent requests once.",
        ),
      );
      return;
    }
    json(
      res,
      200,
      responseObject("Here is what I found: the question has no recent coverage beyond the official docs."),
    );
    return;
  }
  json(
    res,
    404,
    openaiError(`Invalid URL (${req.method} ${url.pathname})`, "invalid_request_error", null, null),
  );
});

// ---------------------------------------------------------------------------------------------
// An OpenAI-compatible local server (LM Studio / vLLM style): /v1/models, streamed
// /v1/chat/completions, /v1/embeddings. LM Studio's own /api/v0 and Ollama's /api/tags are absent.
const LM_MODELS = [
  { id: "qwen2.5-coder-7b-instruct", object: "model", owned_by: "organization_owner", context_length: 4096 },
  { id: "text-embedding-nomic-embed-text-v1.5", object: "model", owned_by: "organization_owner" },
];

export const lm = standIn(PORTS.lm, async (req, url, body, res, mode) => {
  if (url.pathname.startsWith("/api/")) {
    json(res, 404, { error: "Unexpected endpoint or method. (GET " + url.pathname + ")" });
    return;
  }
  if (mode === "revoked") {
    json(
      res,
      401,
      openaiError(
        "Incorrect API key provided: lm-l***ocal.",
        "invalid_request_error",
        null,
        "invalid_api_key",
      ),
    );
    return;
  }
  if (mode === "unavailable") {
    json(
      res,
      503,
      openaiError(
        "The model is overloaded. Please try again later.",
        "server_error",
        null,
        "model_overloaded",
      ),
      { "retry-after": "2" },
    );
    return;
  }
  if (url.pathname === "/v1/models") {
    json(res, 200, { object: "list", data: LM_MODELS });
    return;
  }
  if (url.pathname === "/v1/embeddings" && req.method === "POST") {
    const request = JSON.parse(body || "{}") as { model?: string; input?: string };
    if (!LM_MODELS.some((m) => m.id === request.model)) {
      json(
        res,
        404,
        openaiError(
          `The model \`${request.model}\` does not exist.`,
          "invalid_request_error",
          "model",
          "model_not_found",
        ),
      );
      return;
    }
    json(res, 200, {
      object: "list",
      data: [
        {
          object: "embedding",
          index: 0,
          embedding: [0.0123, -0.0456, 0.0789, 0.0012, -0.0334, 0.0561, 0.0098, -0.0221],
        },
      ],
      model: request.model,
      usage: { prompt_tokens: 7, total_tokens: 7 },
    });
    return;
  }
  if (url.pathname === "/v1/chat/completions" && req.method === "POST") {
    const request = JSON.parse(body || "{}") as { messages?: { content?: string }[]; max_tokens?: number };
    const chars = (request.messages ?? []).reduce((n, m) => n + String(m.content ?? "").length, 0);
    if (chars > 12_000) {
      const promptTokens = Math.ceil(chars / 3.5);
      json(
        res,
        400,
        openaiError(
          `This model's maximum context length is 4096 tokens. However, you requested ${promptTokens + (request.max_tokens ?? 0)} tokens (${promptTokens} in the messages, ${request.max_tokens ?? 0} in the completion). Please reduce the length of the messages or completion.`,
          "invalid_request_error",
          "messages",
          "context_length_exceeded",
        ),
      );
      return;
    }
    const all = (request.messages ?? []).map((m) => String(m.content ?? "")).join("\n");
    const answer = /function reverse/.test(all)
      ? '```ts\nconst reverse = (s: string) => [...s].reverse().join("");\n```'
      : /items\.length/.test(all)
        ? "Bug: `items.length - 1` skips the last element; loop to `i < items.length`."
        : "Done: the three log lines are all the same timeout, from the payments client.";
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const pieces = answer.match(/.{1,16}/gs) ?? [answer];
    const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
      `data: ${JSON.stringify({
        id: "chatcmpl-lm-7f3a",
        object: "chat.completion.chunk",
        created: 1796509200,
        model: "qwen2.5-coder-7b-instruct",
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      })}\n\n`;
    res.write(chunk({ role: "assistant", content: "" }, null));
    for (const piece of pieces) {
      if (mode === "stall") await sleep(20_000);
      res.write(chunk({ content: piece }, null));
    }
    res.write(
      chunk({}, "stop", {
        prompt_tokens: Math.ceil(chars / 4),
        completion_tokens: 24,
        total_tokens: Math.ceil(chars / 4) + 24,
      }),
    );
    res.end("data: [DONE]\n\n");
    return;
  }
  json(res, 404, { error: `Unexpected endpoint or method. (${req.method} ${url.pathname})` });
});

// ---------------------------------------------------------------------------------------------
// Ollama (localhost:11434/api): `{"error": "…"}`.
const OLLAMA_MODELS = [
  {
    name: "llama3.2:3b",
    model: "llama3.2:3b",
    modified_at: "2026-11-28T10:14:03.112Z",
    size: 2019393189,
    digest: "a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72",
    details: {
      parent_model: "",
      format: "gguf",
      family: "llama",
      families: ["llama"],
      parameter_size: "3.2B",
      quantization_level: "Q4_K_M",
    },
  },
  {
    name: "nomic-embed-text:latest",
    model: "nomic-embed-text:latest",
    modified_at: "2026-11-20T08:02:41.551Z",
    size: 274302450,
    digest: "0a109f422b47e3a30ba2b10eca18548e944e8a23073ee3f3e947efcf3c45e59f",
    details: {
      parent_model: "",
      format: "gguf",
      family: "nomic-bert",
      families: ["nomic-bert"],
      parameter_size: "137M",
      quantization_level: "F16",
    },
  },
];
const known = (name: unknown) =>
  OLLAMA_MODELS.find((m) => m.name === name || m.name === `${String(name)}:latest`);

export const ollama = standIn(PORTS.ollama, async (req, url, body, res, mode) => {
  if (mode === "slow") await sleep(20_000);
  const request = (body ? JSON.parse(body) : {}) as Record<string, unknown>;
  const notFound = (name: unknown) => json(res, 404, { error: `model '${String(name)}' not found` });
  switch (url.pathname) {
    case "/api/tags":
      json(res, 200, { models: OLLAMA_MODELS });
      return;
    case "/api/ps":
      json(res, 200, { models: [] });
      return;
    case "/api/show": {
      const model = known(request.model);
      if (!model) return notFound(request.model);
      json(res, 200, {
        license: "LLAMA 3.2 COMMUNITY LICENSE AGREEMENT",
        modelfile: `# Modelfile generated by "ollama show"\nFROM /usr/share/ollama/.ollama/models/blobs/sha256-dde5aa3fc5ff\nPARAMETER stop <|eot_id|>`,
        parameters:
          'stop                           "<|start_header_id|>"\nstop                           "<|eot_id|>"',
        template: "<|start_header_id|>system<|end_header_id|>{{ .System }}<|eot_id|>",
        details: model.details,
        model_info: { "general.architecture": "llama", "llama.context_length": 131072 },
        capabilities: ["completion", "tools"],
        modified_at: model.modified_at,
      });
      return;
    }
    case "/api/chat":
    case "/api/generate": {
      const model = known(request.model);
      if (!model) return notFound(request.model);
      if (model.name.startsWith("nomic")) {
        json(res, 400, {
          error: `"${model.name}" does not support ${url.pathname === "/api/chat" ? "chat" : "generate"}`,
        });
        return;
      }
      const text = request.format === "json" ? '{"answer": "Paris"}' : "Paris is the capital of France.";
      const timing = {
        done: true,
        done_reason: "stop",
        total_duration: 912345678,
        load_duration: 21345678,
        prompt_eval_count: 26,
        prompt_eval_duration: 130000000,
        eval_count: 9,
        eval_duration: 610000000,
      };
      if (url.pathname === "/api/chat")
        json(res, 200, {
          model: model.name,
          created_at: "2026-12-05T22:20:01.123Z",
          message: { role: "assistant", content: text },
          ...timing,
        });
      else
        json(res, 200, {
          model: model.name,
          created_at: "2026-12-05T22:20:01.123Z",
          response: text,
          ...timing,
        });
      return;
    }
    case "/api/embed": {
      const model = known(request.model);
      if (!model) return notFound(request.model);
      const inputs = Array.isArray(request.input) ? request.input : [request.input];
      json(res, 200, {
        model: model.name,
        embeddings: inputs.map((_, i) => [0.0102 + i / 100, -0.0311, 0.0457, 0.0021, -0.0189, 0.0333]),
        total_duration: 14032222,
        load_duration: 1019500,
        prompt_eval_count: 8,
      });
      return;
    }
    case "/api/delete": {
      const name = request.model ?? request.name;
      if (!known(name)) return notFound(name);
      res.writeHead(200);
      res.end();
      return;
    }
    case "/api/pull": {
      json(res, 500, { error: "pull model manifest: file does not exist" });
      return;
    }
    case "/api/copy": {
      if (!known(request.source)) return notFound(request.source);
      res.writeHead(200);
      res.end();
      return;
    }
    default:
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("404 page not found");
  }
});

export const ALL = [meteo, openai, lm, ollama];
