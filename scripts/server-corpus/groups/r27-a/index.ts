// Group r27-a: education and learning platforms — a Coursera server (coursera-mcp, over stdio) for the course
// catalogue, a learner's enrolments and progress, and a Coursera for Business organisation, and a LeetCode server
// (@jinzcdev/leetcode-mcp-server, over Streamable HTTP) for coding practice: problems, the daily challenge,
// community solutions, profiles, contests, and running and submitting code. Each published MCP server behind a
// loopback stand-in that answers with the real service's bodies and error bodies (standins.ts).
//
//   (cd scripts/server-corpus/groups/r27-a && npm ci)
//   npx tsx scripts/server-corpus/capture-group.ts r27-a

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { httpServer, sleep, stdioServer, type SessionSpec } from "../../harness.js";
import { down, stateFlags, step } from "../../steps.js";
import {
  ALL_STANDINS,
  CERT,
  COURSERA_PROXY_PORT,
  DATA,
  ENTERPRISE_PROGRAM,
  ENTERPRISE_PROGRAM_RESTRICTED,
  LC_USER,
  LEETCODE_MCP_PORT,
  LEETCODE_PROXY_PORT,
  LEETCODE_SESSION,
  LEETCODE_TLS_PORT,
  SPEC_SLOW,
  SPEC_UNAVAILABLE,
  clearTimers,
  courseraStandin,
  ensureCertificate,
  leetcodeStandin,
  state,
  unknownRequests,
  writeCourseraSessions,
} from "./standins.js";
export { VERDICTS } from "./verdicts.js";

const FROM = path.dirname(fileURLToPath(import.meta.url));

export const PACKAGES: Record<string, string> = {
  "coursera-mcp": "1.4.0",
  "@jinzcdev/leetcode-mcp-server": "1.4.0",
};

/** Sets one `state` flag for the call and clears it afterwards. */
const flag = stateFlags(state);

const COURSERA_HOME = path.join(DATA, "coursera-home");
const LEETCODE_HOME = path.join(DATA, "leetcode-home");

// ------------------------------------------------------------------------------------------- coursera-mcp (stdio)

const ML = "Gtv4Xb1-EeS-ViIACwYKVQ";
const LHTL = "ujEmIm7yEeWyMhLf1C-Z1Q";
const SQL = "Xe6JfpOcEea4MQptI6ZUPQ";

const coursera: SessionSpec = {
  label: "r27-a-coursera",
  server: "coursera-mcp",
  transport: "stdio",
  start: stdioServer("r27-a-coursera", "coursera-mcp", {
    from: FROM,
    cwd: DATA,
    env: {
      HOME: COURSERA_HOME,
      HTTPS_PROXY: `http://127.0.0.1:${COURSERA_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
    },
  }),
  steps: [
    step("crs-001", "search_courses", { query: "python" }, "search the catalogue for Python courses"),
    step(
      "crs-002",
      "search_courses",
      { query: "machine learning", level: "beginner", limit: 5 },
      "beginner machine-learning courses, five at most",
    ),
    step("crs-003", "search_courses", { query: "underwater basket weaving" }, "a search that finds nothing"),
    step("crs-004", "search_courses", { query: "aprender", language: "es" }, "Spanish-language courses"),
    step(
      "crs-005",
      "search_courses",
      { query: "python", language: "English" },
      "the language given as a name instead of a code",
    ),
    step("crs-006", "search_programs", { query: "data science" }, "specialisations about data science"),
    step(
      "crs-007",
      "search_programs",
      { query: "quantum knitting" },
      "a programme search that finds nothing",
    ),
    step("crs-008", "get_course_details", { courseId: LHTL }, "a course by its catalogue id"),
    step("crs-009", "get_course_details", { courseId: "sql-for-data-science" }, "a course by its slug"),
    step(
      "crs-010",
      "get_course_details",
      { courseId: "intro-to-quantum-basket-weaving" },
      "a course slug that does not exist",
    ),
    step(
      "crs-011",
      "get_course_details",
      { courseId: "intro-to-quantum-basket-weaving" },
      "the same call again, slug unchanged",
    ),
    step("crs-012", "get_enrolled_courses", {}, "the learner's enrolled courses (CAUTH session)"),
    step("crs-013", "get_progress", { courseId: ML }, "progress in an enrolled course"),
    step("crs-014", "get_recommendations", { limit: 3 }, "three recommendations from the enrolments"),
    step(
      "crs-015",
      "get_progress",
      { courseId: "I5OoEP0SEeiqtxKfL-1WpA" },
      "progress in a course the learner is not enrolled in (403)",
    ),
    step(
      "crs-016",
      "get_course_details",
      { courseId: "I5OoEP0SEeiqtxKfL-1WpA" },
      "a course while the catalogue API throttles the client (429, Retry-After 60)",
      flag("ccRateLimited"),
    ),
    step(
      "crs-017",
      "get_program_details",
      { programId: SPEC_UNAVAILABLE },
      "a specialisation while the catalogue API answers 503",
      flag("ccUnavailable"),
    ),
    step(
      "crs-018",
      "get_program_details",
      { programId: "data-science-python" },
      "another specialisation by its slug, the API back",
    ),
    step(
      "crs-019",
      "get_progress",
      { courseId: SQL },
      "progress after the CAUTH cookie was signed out (401)",
      flag("ccCauthExpired"),
    ),
    step(
      "crs-020",
      "get_enterprise_programs",
      {},
      "the organisation's learning programmes (Coursera for Business, client credentials)",
    ),
    step(
      "crs-021",
      "get_enterprise_enrollments",
      { programId: ENTERPRISE_PROGRAM },
      "the enrolment report of one programme",
    ),
    step(
      "crs-022",
      "get_enterprise_enrollments",
      { programId: ENTERPRISE_PROGRAM_RESTRICTED },
      "the report of a programme the app may not read (403)",
    ),
    step(
      "crs-023",
      "get_program_details",
      { programId: SPEC_SLOW },
      "a specialisation the API takes 15 s for; the client waits 3 s",
      { timeoutMs: 3000 },
    ),
    step(
      "crs-024",
      "get_course_details",
      { courseId: "r0GnHOZaEees-Q6jQMxlrg" },
      "a course while Coursera cannot be reached",
      down(courseraStandin),
    ),
    step("crs-025", "enroll_in_course", { courseId: ML }, "a tool the server does not have"),
  ],
};

// ---------------------------------------------------------------------- @jinzcdev/leetcode-mcp-server (HTTP)

const TWO_SUM_WRONG =
  "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        for i in range(len(nums) - 1):\n            if nums[i] + nums[i + 1] == target:\n                return [i, i + 1]\n        return []\n";
const TWO_SUM =
  "class Solution:\n    def twoSum(self, nums: List[int], target: int) -> List[int]:\n        seen = {}\n        for i, n in enumerate(nums):\n            if target - n in seen:\n                return [seen[target - n], i]\n            seen[n] = i\n        return []\n";

const leetcode: SessionSpec = {
  label: "r27-a-leetcode",
  server: "@jinzcdev/leetcode-mcp-server",
  transport: "http",
  start: httpServer("r27-a-leetcode", "@jinzcdev/leetcode-mcp-server", {
    from: FROM,
    port: LEETCODE_MCP_PORT,
    args: ["--transport", "http", "--port", String(LEETCODE_MCP_PORT), "--host", "127.0.0.1"],
    env: {
      HOME: LEETCODE_HOME,
      LEETCODE_SITE: "global",
      LEETCODE_SESSION,
      LEETCODE_STANDIN_PORT: String(LEETCODE_TLS_PORT),
      HTTPS_PROXY: `http://127.0.0.1:${LEETCODE_PROXY_PORT}`,
      NODE_EXTRA_CA_CERTS: CERT,
      NODE_OPTIONS: `--import ${path.join(FROM, "leetcode-preload.mjs")}`,
    },
  }),
  steps: [
    step("ltc-001", "get_daily_challenge", {}, "today's daily challenge"),
    step("ltc-002", "get_problem", { titleSlug: "two-sum" }, "a problem by its slug"),
    step(
      "ltc-003",
      "get_problem",
      { titleSlug: "reverse-the-universe" },
      "a problem slug that does not exist",
    ),
    step(
      "ltc-004",
      "search_problems",
      { tags: ["dynamic-programming"], difficulty: "MEDIUM", limit: 3 },
      "three medium dynamic-programming problems",
    ),
    step(
      "ltc-005",
      "search_problems",
      { searchKeywords: "zzqxj palindromic submarine" },
      "a keyword search that finds nothing",
    ),
    step(
      "ltc-006",
      "search_problems",
      { difficulty: "easy" },
      "the difficulty in lower case (the enum is upper case)",
    ),
    step("ltc-007", "get_user_profile", { username: "lee215" }, "a well-known user's public profile"),
    step("ltc-008", "get_user_profile", { username: "no_such_user_93821" }, "a username that does not exist"),
    step(
      "ltc-009",
      "get_user_contest_ranking",
      { username: "lee215" },
      "the user's contest rating and history",
    ),
    step(
      "ltc-010",
      "get_recent_submissions",
      { username: "lee215", limit: 5 },
      "the user's five most recent submissions",
    ),
    step(
      "ltc-011",
      "get_recent_ac_submissions",
      { username: "no_such_user_93821", limit: 5 },
      "recent accepted submissions of a username that does not exist",
    ),
    step(
      "ltc-012",
      "list_problem_solutions",
      { questionSlug: "two-sum", limit: 3 },
      "the three hottest community solutions of a problem",
    ),
    step("ltc-013", "get_problem_solution", { topicId: "2361743" }, "one community solution in full"),
    step(
      "ltc-014",
      "get_problem_solution",
      { topicId: "99999999" },
      "a solution topic id that does not exist",
    ),
    step("ltc-015", "get_user_status", {}, "who the session cookie belongs to"),
    step("ltc-016", "get_all_submissions", { limit: 5 }, "the signed-in user's submissions"),
    step(
      "ltc-017",
      "run_code",
      { titleSlug: "two-sum", lang: "python3", typedCode: TWO_SUM_WRONG, pollIntervalMs: 300 },
      "run a wrong solution against the example tests",
    ),
    step(
      "ltc-018",
      "submit_solution",
      { titleSlug: "two-sum", lang: "python3", typedCode: TWO_SUM, pollIntervalMs: 300 },
      "submit a correct solution for judging",
    ),
    step(
      "ltc-019",
      "get_all_submissions",
      { limit: 5, questionSlug: "two-sum" },
      "the user's submissions after the session cookie expired",
      flag("lcSessionExpired"),
    ),
    step(
      "ltc-020",
      "get_user_status",
      {},
      "the session's owner after the cookie expired",
      flag("lcSessionExpired"),
    ),
    step(
      "ltc-021",
      "get_problem",
      { titleSlug: "climbing-stairs" },
      "a problem while Cloudflare answers its managed challenge (403)",
      flag("lcCloudflare"),
    ),
    step(
      "ltc-022",
      "get_recent_submissions",
      { username: LC_USER, limit: 5 },
      "the user's recent submissions while LeetCode answers 429",
      flag("lcRateLimited"),
    ),
    step(
      "ltc-023",
      "get_daily_challenge",
      {},
      "the daily challenge while the API takes 15 s; the client waits 3 s",
      flag("lcSlow", { timeoutMs: 3000 }),
    ),
    step(
      "ltc-024",
      "get_problem",
      { titleSlug: "two-sum" },
      "a problem while leetcode.com cannot be reached",
      down(leetcodeStandin),
    ),
    step(
      "ltc-025",
      "get_contest_leaderboard",
      { contest: "weekly-contest-479" },
      "a tool the server does not have",
    ),
  ],
};

export const SESSIONS: SessionSpec[] = [coursera, leetcode];

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  fs.rmSync(LEETCODE_HOME, { recursive: true, force: true });
  fs.mkdirSync(LEETCODE_HOME, { recursive: true });
  writeCourseraSessions(COURSERA_HOME);
  ensureCertificate();
  await Promise.all(ALL_STANDINS.map((standin) => standin.start()));
  await sleep(50);
  return async () => {
    clearTimers();
    await Promise.allSettled(ALL_STANDINS.map((standin) => standin.stop()));
    if (unknownRequests.length) console.error(`stand-ins were asked for: ${unknownRequests.join("; ")}`);
  };
}
