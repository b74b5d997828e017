// Group r36-b: language tools — word finding on the Datamuse API (datamuse-mcp: synonyms, antonyms, rhymes, sound-alikes,
// spelling patterns, related words, adjective/noun pairs, word info with definitions, autocomplete) and slang look-ups
// on Urban Dictionary (urban-dictionary-mcp: definitions by term, a random word), a kind the fixture README's server
// table lacks. Each published MCP server is behind a loopback stand-in of its service (standins.ts).
//
//   (cd scripts/server-corpus/groups/r36-b && npm ci --ignore-scripts)
//   npx tsx scripts/server-corpus/capture-group.ts r36-b

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  DATA,
  DATAMUSE_PROXY_PORT,
  URBAN_PROXY_PORT,
  clearTimers,
  datamuseProxy,
  seen,
  state,
  unknownRequests,
  urbanProxy,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "datamuse-mcp": "1.0.0",
  "urban-dictionary-mcp": "1.0.8",
};

const flag = stateFlags(state);
const HOME = path.join(DATA, "home");

// ── datamuse-mcp (stdio) ─────────────────────────────────────────────────────────────────────────────────────────────

const datamuse: SessionSpec = {
  label: "r36-b-datamuse",
  server: "datamuse-mcp",
  transport: "stdio",
  start: stdioServer("r36-b-datamuse", "datamuse-mcp", {
    from: FROM,
    cwd: DATA,
    // Node 20's fetch ignores HTTPS_PROXY; the preload routes it through the stand-in proxy (undici's ProxyAgent).
    env: {
      HOME,
      HTTPS_PROXY: `http://127.0.0.1:${DATAMUSE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "proxy-preload.mjs")}`,
    },
  }),
  steps: [
    step("dm-001", "find_synonyms", { word: "happy", max: 5 }, "synonyms of a common adjective"),
    step(
      "dm-002",
      "find_synonyms",
      { word: "bright", topic: "light" },
      "synonyms biased toward a topic (default max 10)",
    ),
    step("dm-003", "find_antonyms", { word: "generous", max: 5 }, "antonyms (fewer than asked)"),
    step("dm-004", "find_rhymes", { word: "orange" }, "perfect rhymes for a word that has none: []"),
    step(
      "dm-005",
      "find_rhymes",
      { word: "grape", type: "near", max: 5 },
      "near rhymes with syllable counts",
    ),
    step("dm-006", "find_similar_sounding", { text: "jirraf", max: 4 }, "sound-alikes for a misspelling"),
    step("dm-007", "find_by_pattern", { pattern: "t??k", max: 5 }, "words matching a spelling pattern"),
    step("dm-008", "find_by_pattern", { pattern: "zzq*x" }, "a pattern no word matches: []"),
    step(
      "dm-009",
      "find_related_words",
      { word: "ocean", relation_type: "triggers", max: 5 },
      "words statistically associated with a word",
    ),
    step("dm-010", "find_adjectives_for_noun", { noun: "ocean", max: 5 }, "adjectives used with a noun"),
    step("dm-011", "get_word_info", { word: "serendipity" }, "definitions, IPA, syllables and frequency"),
    step(
      "dm-012",
      "get_word_info",
      { word: "flibbertygrumpus" },
      "a made-up word: Datamuse echoes it with no definitions and frequency 0",
    ),
    step("dm-013", "autocomplete", { prefix: "serend", max: 3 }, "completions for a prefix"),
    step("dm-014", "find_synonyms", { word: "" }, "an empty word (the server's own zod check)"),
    step(
      "dm-015",
      "find_rhymes",
      { word: "light", type: "slant" },
      "a rhyme type outside the server's enum (zod)",
    ),
    step("dm-016", "find_rhymes", { word: "light", type: "slant" }, "the same call again, unchanged"),
    step(
      "dm-017",
      "autocomplete",
      { prefix: "ephem" },
      "a call while Datamuse answers 429 with Retry-After (the server retries 3 times)",
      flag("dmRateLimited"),
    ),
    step(
      "dm-018",
      "find_related_words",
      { word: "harbor", relation_type: "broader" },
      "a call while Datamuse answers 500",
      flag("dmServerError"),
    ),
    step(
      "dm-019",
      "find_nouns_for_adjective",
      { adjective: "yellow", max: 5 },
      "a call while nginx answers a 502 page",
      flag("dmBadGateway"),
    ),
    step(
      "dm-020",
      "find_adjectives_for_noun",
      { noun: "storm" },
      "a call while nginx answers 503 with Retry-After",
      flag("dmUnavailable"),
    ),
    step(
      "dm-021",
      "find_synonyms",
      { word: "quick", max: 5 },
      "an answer 15 s late; the client waits 4 s",
      flag("dmSlow", { timeoutMs: 4000 }),
    ),
    step(
      "dm-022",
      "find_antonyms",
      { word: "ancient" },
      "a call while Datamuse is unreachable (the proxy refuses connections)",
      down(datamuseProxy),
    ),
    step(
      "dm-023",
      "find_synonyms",
      { word: "happy", max: 5 },
      "dm-001's call again while Datamuse is unreachable: answered from the server's 5-minute cache",
      down(datamuseProxy),
    ),
    step("dm-024", "find_antonyms", { word: "ancient" }, "dm-022's call once Datamuse is back"),
    step("dm-025", "define_word", { word: "serendipity" }, "a tool the server does not have"),
  ],
};

// ── urban-dictionary-mcp (stdio) ─────────────────────────────────────────────────────────────────────────────────────

const urban: SessionSpec = {
  label: "r36-b-urban",
  server: "urban-dictionary-mcp",
  transport: "stdio",
  start: stdioServer("r36-b-urban", "urban-dictionary-mcp", {
    from: FROM,
    cwd: DATA,
    // axios honours HTTPS_PROXY and sends the proxy absolute-form requests for https://api.urbandictionary.com/….
    env: { HOME, HTTPS_PROXY: `http://127.0.0.1:${URBAN_PROXY_PORT}`, NODE_EXTRA_CA_CERTS: CERT },
  }),
  steps: [
    step("ud-001", "define_slang", { term: "rizz" }, "a slang term's top definitions (default limit 3)"),
    step("ud-002", "define_slang", { term: "ghosting", limit: 2 }, "definitions with a limit"),
    step("ud-003", "define_slang", { term: "no cap", limit: 1 }, "a two-word phrase, one definition"),
    step("ud-004", "random_word", {}, "a random word"),
    step(
      "ud-005",
      "define_slang",
      { term: "qzxv florpington" },
      "a term Urban Dictionary has no definition for (list [])",
    ),
    step("ud-006", "define_slang", { term: "" }, "an empty term (the server's own check)"),
    step("ud-007", "define_slang", { term: "" }, "the same call again, unchanged"),
    step("ud-008", "define_slang", {}, "no term at all"),
    step("ud-009", "define_slang", { term: 42 }, "a number where the term string is expected"),
    step(
      "ud-010",
      "define_slang",
      { term: "bussin" },
      "a call while the API answers 429 with Retry-After",
      flag("udRateLimited"),
    ),
    step("ud-011", "random_word", {}, "a call while the API answers 500", flag("udServerError")),
    step(
      "ud-012",
      "define_slang",
      { term: "situationship" },
      "a call while Cloudflare answers a 502 page",
      flag("udBadGateway"),
    ),
    step(
      "ud-013",
      "define_slang",
      { term: "delulu" },
      "Cloudflare answers 403 with its managed challenge (a blocked client)",
      flag("udChallenge"),
    ),
    step(
      "ud-014",
      "define_slang",
      { term: "delulu" },
      "the same call again, still challenged",
      flag("udChallenge"),
    ),
    step(
      "ud-015",
      "define_slang",
      { term: "sus" },
      "a call while the API answers a 503 maintenance page",
      flag("udUnavailable"),
    ),
    step(
      "ud-016",
      "define_slang",
      { term: "mid" },
      "an answer 8 s late; the server's axios gives up after 5 s",
      flag("udSlow"),
    ),
    step(
      "ud-017",
      "define_slang",
      { term: "mid" },
      "a call while the API is unreachable (the proxy refuses connections)",
      down(urbanProxy),
    ),
    step(
      "ud-018",
      "random_word",
      {},
      "the random endpoint answers 200 with an empty list",
      flag("udEmptyRandom"),
    ),
    step("ud-019", "define_slang", { term: "rizz", limit: 5 }, "a look-up once the API is back (3 found)"),
    step("ud-020", "slang_of_the_day", {}, "a tool the server does not have"),
  ],
};

export const SESSIONS: SessionSpec[] = [datamuse, urban];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(HOME, { recursive: true });
  await Promise.all(ALL_STANDINS.map((s) => s.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((s) => s.stop()));
    fs.writeFileSync(path.join(DATA, "seen.log"), seen.join("\n") + "\n");
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
