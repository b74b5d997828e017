// Group r25-b: machine-learning platforms and model hubs — the Hugging Face Hub (Hugging Face's own
// @llmindset/hf-mcp-server), Runpod's GPU cloud and Serverless (Runpod's own @runpod/mcp-server) and Groq's
// compound models (groq-compound-mcp-server): each published MCP server behind a loopback stand-in that answers
// with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r25-b && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r25-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  GROQ_KEY,
  GROQ_PORT,
  GROQ_SLOW_MARKER,
  HF_PROXY_PORT,
  HF_SLOW_MODEL,
  HF_TOKEN,
  HF_USER,
  HF_WEB_PORT,
  RP_ENDPOINT,
  RP_ENDPOINT_OOM,
  RP_POD,
  RP_POD_MISSING,
  RP_POD_STOPPED,
  RUNPOD_KEY,
  RUNPOD_PORT,
  clearTimers,
  ensureCertificate,
  groqStandin,
  hfStandin,
  runpodStandin,
  state,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "@llmindset/hf-mcp-server": "0.4.23",
  "@runpod/mcp-server": "4.0.0",
  "groq-compound-mcp-server": "0.1.7",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const HOME = path.join(DATA, "home");

// ------------------------------------------------------------------------------------------- Hugging Face

const hf: SessionSpec = {
  label: "r25-b-hf",
  server: "@llmindset/hf-mcp-server",
  transport: "stdio",
  start: stdioServer("r25-b-hf", "@llmindset/hf-mcp-server", {
    from: FROM,
    cwd: DATA,
    bin: "hf-mcp-server",
    env: {
      DEFAULT_HF_TOKEN: HF_TOKEN,
      WEB_APP_PORT: String(HF_WEB_PORT),
      HTTPS_PROXY: `http://127.0.0.1:${HF_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
      CORPUS_LOOPBACK_HOSTS: "huggingface.co",
      ALLOW_INTERNAL_ADDRESS_HOSTS: "huggingface.co",
      HF_API_TIMEOUT: "20000",
      HOME,
    },
  }),
  steps: [
    step("hfh-001", "hf_whoami", {}, "who the token belongs to"),
    step(
      "hfh-002",
      "hub_repo_search",
      { query: "whisper", repo_types: ["model"], sort: "downloads", limit: 5 },
      "speech-recognition models matching 'whisper', by downloads",
    ),
    step(
      "hfh-003",
      "hub_repo_search",
      { query: "swiss german sign language", repo_types: ["model", "dataset"], limit: 10 },
      "models and datasets for a niche query that matches nothing",
    ),
    step(
      "hfh-004",
      "hub_repo_details",
      { repo_ids: ["openai/whisper-large-v3"], repo_type: "model" },
      "one model's card and technical details",
    ),
    step(
      "hfh-005",
      "hub_repo_details",
      { repo_ids: ["acme-vision/whisper-large-v3-de-finetune"], repo_type: "model" },
      "a model id that does not exist (Hub 404 RepoNotFound)",
    ),
    step(
      "hfh-006",
      "hub_repo_details",
      { repo_ids: ["openai/whisper-large-v3", "distil-whisper/distil-large-v4"], repo_type: "model" },
      "two models, the second of which does not exist",
    ),
    step(
      "hfh-007",
      "hub_repo_details",
      { repo_ids: ["rajpurkar/squad"], repo_type: "dataset" },
      "a dataset's overview",
    ),
    step(
      "hfh-008",
      "hub_repo_details",
      { repo_ids: ["meta-llama/Llama-3.1-405B-FP8-internal"], repo_type: "model" },
      "a gated model the account is not authorised for (403 GatedRepo)",
    ),
    step(
      "hfh-009",
      "hf_fs",
      { operations: [{ cmd: "ls", args: ["hf://models/openai/whisper-large-v3"] }] },
      "the files of a model repo",
    ),
    step(
      "hfh-010",
      "hf_fs",
      { operations: [{ cmd: "cat", args: ["hf://models/openai/whisper-large-v3/config.json"] }] },
      "a model's config.json",
    ),
    step(
      "hfh-011",
      "hf_fs",
      { operations: [{ cmd: "cat", args: ["hf://models/openai/whisper-large-v3/tokenizer_config.json"] }] },
      "a file the repo does not have (404 EntryNotFound)",
    ),
    step("hfh-012", "hf_jobs", { operation: "ps", args: {} }, "the user's running jobs"),
    step(
      "hfh-013",
      "create_repo",
      { uri: `hf://models/${HF_USER}/whisper-small-de-callcenter-v3`, private: true },
      "create a private model repo",
    ),
    step(
      "hfh-014",
      "create_repo",
      { uri: `hf://models/${HF_USER}/whisper-small-de-callcenter-v2`, private: true },
      "create a model repo whose name is taken (409)",
    ),
    step(
      "hfh-015",
      "hub_repo_search",
      { query: "whisper", repo_types: ["model"], limit: 5 },
      "a search while the IP's 5-minute quota is spent (429)",
      flag("hfRateLimited"),
    ),
    step(
      "hfh-016",
      "hub_repo_details",
      { repo_ids: ["openai/whisper-large-v3"], repo_type: "model" },
      "model details while the Hub answers 500",
      flag("hfServerError"),
    ),
    step(
      "hfh-017",
      "hub_repo_search",
      { query: "qwen3", repo_types: ["model"], limit: 5 },
      "a search while CloudFront answers an HTML 502",
      flag("hfBadGateway"),
    ),
    step(
      "hfh-018",
      "hub_repo_search",
      { query: "qwen3", repo_types: ["model"], limit: 5 },
      "the same search again while the Hub answers an HTML 503",
      flag("hfUnavailable"),
    ),
    step(
      "hfh-019",
      "hub_repo_details",
      { repo_ids: [HF_SLOW_MODEL], repo_type: "model" },
      "a model the Hub takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "hfh-020",
      "hub_repo_search",
      { query: "whisper", repo_types: ["model"], limit: 500 },
      "a page size above the tool's maximum of 100",
    ),
    step("hfh-021", "hf_doc_search", { query: "push_to_hub private" }, "a tool this server does not have"),
    step(
      "hfh-022",
      "hf_jobs",
      { operation: "ps", args: {} },
      "jobs after the token was revoked (401)",
      flag("hfTokenRevoked"),
    ),
    step(
      "hfh-023",
      "hub_repo_search",
      { query: "whisper", repo_types: ["model"], limit: 5 },
      "a search while the Hub cannot be reached (proxy stopped)",
      down(hfStandin),
    ),
  ],
};

// ------------------------------------------------------------------------------------------------- Runpod

const runpod: SessionSpec = {
  label: "r25-b-runpod",
  server: "@runpod/mcp-server",
  transport: "stdio",
  start: stdioServer("r25-b-runpod", "@runpod/mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      RUNPOD_API_KEY: RUNPOD_KEY,
      RUNPOD_API_BASE_URL: `http://127.0.0.1:${RUNPOD_PORT}`,
      RUNPOD_SERVERLESS_API_URL: `http://127.0.0.1:${RUNPOD_PORT}/runtime/v2`,
      RUNPOD_PUBLIC_GRAPHQL_URL: `http://127.0.0.1:${RUNPOD_PORT}/graphql`,
      RUNPOD_AUTHED_GRAPHQL_URL: `http://127.0.0.1:${RUNPOD_PORT}/graphql`,
      HOME,
    },
  }),
  steps: [
    step("rpd-001", "list-pods", {}, "the account's pods"),
    step("rpd-002", "get-pod", { id: RP_POD }, "one pod by id"),
    step("rpd-003", "get-pod", { id: RP_POD_MISSING }, "a pod id that does not exist (404 problem document)"),
    step("rpd-004", "list-gpu-types", {}, "the GPU catalog with prices"),
    step("rpd-005", "list-network-volumes", {}, "network volumes, of which there are none"),
    step("rpd-006", "list-endpoints", {}, "the account's Serverless endpoints"),
    step(
      "rpd-007",
      "create-pod",
      {
        body: {
          name: "whisper-eval-4090",
          image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1",
          gpu: { id: "NVIDIA GeForce RTX 4090", count: 1 },
          cloud: "SECURE",
          disk: 40,
        },
      },
      "create an RTX 4090 pod",
    ),
    step(
      "rpd-008",
      "create-pod",
      {
        body: {
          name: "llama-70b-sft-h100",
          image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1",
          gpu: { id: "NVIDIA H100 80GB HBM3", count: 8 },
          cloud: "SECURE",
          disk: 200,
        },
      },
      "create an 8×H100 pod while none are available (400)",
    ),
    step(
      "rpd-009",
      "create-pod",
      {
        body: {
          name: "llama-70b-sft-h100",
          image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1",
          gpu: { id: "NVIDIA H100 80GB HBM3", count: 8 },
          cloud: "SECURE",
          disk: 200,
        },
      },
      "the same 8×H100 pod again, unchanged",
    ),
    step(
      "rpd-010",
      "create-pod",
      {
        body: {
          name: "a100-x16",
          image: "runpod/pytorch:2.8.0-py3.11-cuda12.8.1",
          gpu: { id: "NVIDIA A100 80GB PCIe", count: 16 },
          cloud: "SECURE",
        },
      },
      "a pod with 16 GPUs, above the API's limit (422 with errors[])",
    ),
    step(
      "rpd-011",
      "pod-action",
      { id: RP_POD_STOPPED, body: { action: "start" } },
      "start a stopped pod whose host has no free GPU (409)",
    ),
    step("rpd-012", "pod-action", { id: RP_POD, body: { action: "stop" } }, "stop the training pod"),
    step(
      "rpd-013",
      "runsync-endpoint",
      {
        endpointId: RP_ENDPOINT,
        input: { prompt: "How do I rotate a leaked Hugging Face token?", max_tokens: 128 },
        wait: 60000,
      },
      "a synchronous vLLM job that completes",
    ),
    step(
      "rpd-014",
      "runsync-endpoint",
      {
        endpointId: RP_ENDPOINT_OOM,
        input: {
          workflow: { "3": { class_type: "KSampler", inputs: { steps: 4, width: 2048, height: 2048 } } },
        },
        wait: 60000,
      },
      "a synchronous SDXL job the worker fails with CUDA out of memory (status FAILED)",
    ),
    step(
      "rpd-015",
      "get-job-status",
      { endpointId: RP_ENDPOINT_OOM, jobId: "a1b2c3d4-e5f6-7081-92a3-b4c5d6e7f809-u1" },
      "an earlier async job's result",
    ),
    step(
      "rpd-016",
      "list-pod-billing",
      { podId: RP_POD, bucketSize: "day", lastN: 2 },
      "the training pod's spend for the last two days",
    ),
    step(
      "rpd-017",
      "get-pod",
      { podId: RP_POD },
      "a pod looked up with a misnamed argument (podId instead of id)",
    ),
    step("rpd-018", "list-pods", {}, "pods with a key that was deleted (401)", flag("rpBadKey")),
    step(
      "rpd-019",
      "delete-pod",
      { id: RP_POD_STOPPED },
      "terminate a pod with a read-only key (403)",
      flag("rpForbidden"),
    ),
    step(
      "rpd-020",
      "list-gpu-types",
      {},
      "the GPU catalog while the minute window is spent (429, Retry-After 12)",
      flag("rpRateLimited"),
    ),
    step("rpd-021", "get-pod", { id: RP_POD }, "a pod while the API answers 500", flag("rpServerError")),
    step("rpd-022", "list-pods", {}, "pods while Cloudflare answers an HTML 502", flag("rpBadGateway")),
    step(
      "rpd-023",
      "create-instant-cluster",
      { name: "train-8x", nodes: 2 },
      "a tool the server does not have",
    ),
    step(
      "rpd-024",
      "list-pods",
      {},
      "pods while the Runpod API cannot be reached (stand-in stopped)",
      down(runpodStandin),
    ),
  ],
};

// --------------------------------------------------------------------------------------------------- Groq

const groq: SessionSpec = {
  label: "r25-b-groq",
  server: "groq-compound-mcp-server",
  transport: "stdio",
  start: stdioServer("r25-b-groq", "groq-compound-mcp-server", {
    from: FROM,
    cwd: DATA,
    env: {
      GROQ_API_KEY: GROQ_KEY,
      GROQ_BASE_URL: `http://127.0.0.1:${GROQ_PORT}`,
      HOME,
    },
  }),
  steps: [
    step(
      "grq-001",
      "ask_with_realtime_information",
      { question: "What is the current EUR to USD exchange rate?" },
      "a question that needs a web search",
    ),
    step(
      "grq-002",
      "ask_with_realtime_information",
      {
        question: "What is the latest stable PyTorch version and what changed?",
        model: "compound-beta-mini",
      },
      "a release-notes question on the mini model",
    ),
    step(
      "grq-003",
      "ask_with_code_execution",
      { question: "Calculate the value of €12,000 at 3.4% compounded monthly for 7 years." },
      "a calculation the model runs in Python",
    ),
    step(
      "grq-004",
      "ask_with_realtime_information",
      { question: "Which open model tops the Hugging Face Open LLM Leaderboard right now?", mode: "verbose" },
      "a leaderboard question, verbose (with the executed tools)",
    ),
    step(
      "grq-005",
      "ask_with_realtime_information",
      {
        question: "What is the current EUR to USD exchange rate?",
        include_domains: ["ecb.europa.eu"],
      },
      "the exchange rate, searching the ECB's site only",
    ),
    step(
      "grq-006",
      "ask_with_realtime_information",
      { question: "What did Hugging Face announce this week?" },
      "a question while the API key is invalid (401 invalid_api_key)",
      flag("groqBadKey"),
    ),
    step(
      "grq-007",
      "ask_with_realtime_information",
      { question: "What did Hugging Face announce this week?" },
      "the same question again, key still invalid",
      flag("groqBadKey"),
    ),
    step(
      "grq-008",
      "ask_with_code_execution",
      { question: "Calculate the first 20 prime numbers and their sum." },
      "a question while the day's request quota is spent (429, retry-after 2; the SDK retries twice)",
      flag("groqRateLimited"),
    ),
    step(
      "grq-009",
      "ask_with_realtime_information",
      { question: "Summarise every AI regulation passed in the EU this year, with sources, in full detail." },
      "a question whose compound search context exceeds the tokens-per-minute limit (413)",
      flag("groqTooLarge"),
    ),
    step(
      "grq-010",
      "ask_with_realtime_information",
      { question: "What is the weather in Berlin right now?", model: "compound-beta" },
      "a question to the compound-beta model after Groq retired it (400 model_decommissioned)",
      flag("groqDecommissioned"),
    ),
    step(
      "grq-011",
      "ask_with_code_execution",
      { question: "Calculate sqrt(2) to 30 decimal places." },
      "a calculation while Groq answers 500 (the SDK retries twice)",
      flag("groqServerError"),
    ),
    step(
      "grq-012",
      "ask_with_realtime_information",
      { question: "What is the latest stable PyTorch version?" },
      "a question while Groq answers 503 (the SDK retries twice)",
      flag("groqUnavailable"),
    ),
    step(
      "grq-013",
      "ask_with_realtime_information",
      { question: "What is the latest stable PyTorch version?" },
      "a question while Cloudflare answers an HTML 403 challenge page",
      flag("groqChallenge"),
    ),
    step(
      "grq-014",
      "ask_with_code_execution",
      { question: "Calculate the compound interest on €5,000 at 2% for 3 years in Python." },
      "a completion whose message content is null",
      flag("groqEmpty"),
    ),
    step(
      "grq-015",
      "ask_with_realtime_information",
      { question: `Find the Q3 ${GROQ_SLOW_MARKER} for NVIDIA and list the guidance figures.` },
      "a search the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "grq-016",
      "ask_with_realtime_information",
      { question: "What is the current EUR to USD exchange rate?", model: "llama-3.3-70b-versatile" },
      "a model outside the tool's enum",
    ),
    step(
      "grq-017",
      "ask_with_realtime_information",
      { query: "latest PyTorch version" },
      "the question under the wrong argument name",
    ),
    step(
      "grq-018",
      "ask_with_web_search",
      { question: "What is the latest stable PyTorch version?" },
      "a tool the server does not have",
    ),
    step(
      "grq-019",
      "ask_with_realtime_information",
      { question: "What is the current EUR to USD exchange rate?" },
      "a question while Groq cannot be reached (stand-in stopped)",
      down(groqStandin),
    ),
    step(
      "grq-020",
      "ask_with_code_execution",
      { question: "Calculate the value of €12,000 at 3.4% compounded monthly for 7 years." },
      "the calculation again once Groq is back",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [hf, runpod, groq];

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
