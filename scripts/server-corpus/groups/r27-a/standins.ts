// Loopback stand-ins for the services behind this group's servers, answering with the real services' bodies and
// error bodies (README.md cites where each comes from):
// - Coursera (`api.coursera.org`: the public catalog `courses.v1` and `onDemandSpecializations.v1`;
//   `www.coursera.org`: a learner's `memberships.v1` and course progress, read with the CAUTH cookie;
//   `api.coursera.com`: the Coursera for Business API and its client-credentials token) for coursera-mcp, which
//   calls them with axios through HTTPS_PROXY: a forward proxy answers its absolute-form requests.
// - LeetCode (`leetcode.com`: the `/graphql` API, the csrftoken cookie, `interpret_solution`, `submit` and the
//   `/submissions/detail/<id>/check/` poll) for @jinzcdev/leetcode-mcp-server, reached through leetcode-preload.mjs:
//   node-fetch's TLS connections to a loopback TLS stand-in, Node's fetch through a forward proxy.
//
// `state` is switched by the sessions' hooks.

import crypto from "node:crypto";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  tlsStandin,
  type Certificate,
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r27-a";
export const CERT = path.join(DATA, "standin-cert.pem");

export const COURSERA_PROXY_PORT = 41950;
export const LEETCODE_TLS_PORT = 41951;
export const LEETCODE_PROXY_PORT = 41952;
export const LEETCODE_MCP_PORT = 41953;

export const ensureCertificate = (): Certificate => certificate(DATA, ["leetcode.com"]);

export const state = {
  ccRateLimited: false,
  ccUnavailable: false,
  ccCauthExpired: false,
  lcSessionExpired: false,
  lcCloudflare: false,
  lcRateLimited: false,
  lcSlow: false,
};

/** Requests a stand-in was asked for that it does not answer (for the README). */
export const unknownRequests: string[] = [];

// ------------------------------------------------------------------------------------------------ Coursera

export const COURSERA_USER_ID = "48213977";
export const CAUTH =
  "Xq3kP9vLm2nB8cT5wR7yZ1aD4fG6hJ0sE-uI9oK2lM5nP8qR.VtYw3xZa6bCd9eFg.Hj2kLm5nOp8qRs1tUv4wXy7zAb0cDe3fGh6iJk";
export const ENTERPRISE_ORG = "c37xwraOSFytEjHm5uQEEA";
export const ENTERPRISE_KEY = "y0LScSEQuMjIsq2Ov8LAlA";
export const ENTERPRISE_SECRET = "pQ7rS2tU5vW8xY1zA4bC";
export const ENTERPRISE_PROGRAM = "L5Vab6GGEe22BhJjP5ulfQ";
export const ENTERPRISE_PROGRAM_RESTRICTED = "Tm4x2RkbEe2QYgpC9uW1sA";
const ENTERPRISE_TOKEN = "zN8sKq2LwP5vXy3RtU6m";

const PHOTO =
  "https://d3njjcbhbojbot.cloudfront.net/api/utilities/v1/imageproxy/https://coursera-course-photos.s3.amazonaws.com";

interface Course {
  id: string;
  slug: string;
  name: string;
  level?: string;
  primaryLanguages: string[];
  workload: string;
  domains: [string, string][];
  partnerIds: string[];
  instructorIds: string[];
  description: string;
}

// The public catalog's course elements (GET /api/courses.v1?fields=…), as the Catalog API returns them.
const COURSES: Course[] = [
  {
    id: "7A1yFTaREeWWBQrVFXqd1w",
    slug: "python",
    name: "Programming for Everybody (Getting Started with Python)",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 19 hours to complete",
    domains: [["computer-science", "software-development"]],
    partnerIds: ["13"],
    instructorIds: ["2568434"],
    description:
      "This course aims to teach everyone the basics of programming computers using Python. We cover the basics of how one constructs a program from a series of simple instructions in Python.",
  },
  {
    id: "hx6WFjSREeWFbBKs1mXfRg",
    slug: "python-data",
    name: "Python Data Structures",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 19 hours to complete",
    domains: [["computer-science", "software-development"]],
    partnerIds: ["13"],
    instructorIds: ["2568434"],
    description:
      "This course will introduce the core data structures of the Python programming language. We will move past the basics of procedural programming and explore how we can use the Python built-in data structures.",
  },
  {
    id: "Gtv4Xb1-EeS-ViIACwYKVQ",
    slug: "machine-learning",
    name: "Supervised Machine Learning: Regression and Classification",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 33 hours to complete",
    domains: [
      ["data-science", "machine-learning"],
      ["computer-science", "algorithms"],
    ],
    partnerIds: ["444", "1"],
    instructorIds: ["2244"],
    description:
      "In the first course of the Machine Learning Specialization, you will build machine learning models in Python using popular machine learning libraries NumPy and scikit-learn.",
  },
  {
    id: "fbIFBbWqEea0xBLk1CwjgQ",
    slug: "deep-neural-network",
    name: "Improving Deep Neural Networks: Hyperparameter Tuning, Regularization and Optimization",
    level: "INTERMEDIATE",
    primaryLanguages: ["en"],
    workload: "Approx. 23 hours to complete",
    domains: [["data-science", "machine-learning"]],
    partnerIds: ["444"],
    instructorIds: ["2244"],
    description:
      "In the second course of the Deep Learning Specialization, you will open the deep learning black box to understand the processes that drive performance and generate good results systematically.",
  },
  {
    id: "ujEmIm7yEeWyMhLf1C-Z1Q",
    slug: "learning-how-to-learn",
    name: "Learning How to Learn: Powerful mental tools to help you master tough subjects",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 15 hours to complete",
    domains: [["personal-development", "personal-development"]],
    partnerIds: ["88"],
    instructorIds: ["4396", "4397"],
    description:
      "This course gives you easy access to the invaluable learning techniques used by experts in art, music, literature, math, science, sports, and many other disciplines.",
  },
  {
    id: "gAc9wGbsEeW4CRJ9Ok8XOA",
    slug: "aprendiendo-a-aprender",
    name: "Aprendiendo a aprender: Poderosas herramientas mentales con las que podrás dominar temas difíciles",
    level: "BEGINNER",
    primaryLanguages: ["es"],
    workload: "Approx. 14 hours to complete",
    domains: [["personal-development", "personal-development"]],
    partnerIds: ["88"],
    instructorIds: ["4396", "4397"],
    description:
      "Este curso te da acceso fácil a técnicas de aprendizaje muy valiosas que utilizan expertos en arte, música, literatura, matemáticas, ciencia, deportes y muchas otras disciplinas.",
  },
  {
    id: "r0GnHOZaEees-Q6jQMxlrg",
    slug: "what-is-datascience",
    name: "What is Data Science?",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 11 hours to complete",
    domains: [["data-science", "data-analysis"]],
    partnerIds: ["397"],
    instructorIds: ["9871523"],
    description:
      "Do you want to know why data science has been labeled the sexiest profession of the 21st century? After taking this course, you will be able to answer this question.",
  },
  {
    id: "Xe6JfpOcEea4MQptI6ZUPQ",
    slug: "sql-for-data-science",
    name: "SQL for Data Science",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 14 hours to complete",
    domains: [["data-science", "data-analysis"]],
    partnerIds: ["29"],
    instructorIds: ["10301962"],
    description:
      "As data collection has increased exponentially, so has the need for people skilled at using and interacting with data. This course teaches SQLite fundamentals for data science.",
  },
  {
    id: "I5OoEP0SEeiqtxKfL-1WpA",
    slug: "ai-for-everyone",
    name: "AI For Everyone",
    level: "BEGINNER",
    primaryLanguages: ["en"],
    workload: "Approx. 6 hours to complete",
    domains: [
      ["data-science", "machine-learning"],
      ["business", "business-essentials"],
    ],
    partnerIds: ["444"],
    instructorIds: ["2244"],
    description:
      "AI is not only for engineers. If you want your organization to become better at using AI, this is the course to tell everyone, especially your non-technical colleagues, to take.",
  },
  {
    id: "zX8tAzJhEeaHFxKVHkALSw",
    slug: "the-science-of-well-being",
    name: "The Science of Well-Being",
    primaryLanguages: ["en"],
    workload: "Approx. 19 hours to complete",
    domains: [["social-sciences", "psychology"]],
    partnerIds: ["2"],
    instructorIds: ["6112451"],
    description:
      "In this course you will engage in a series of challenges designed to increase your own happiness and build more productive habits.",
  },
];

const courseElement = (course: Course) => ({
  courseType: "v2.ondemand",
  id: course.id,
  slug: course.slug,
  name: course.name,
  description: course.description,
  ...(course.level ? { level: course.level } : {}),
  primaryLanguages: course.primaryLanguages,
  certificates: ["VerifiedCert", "Specialization"],
  workload: course.workload,
  domainTypes: course.domains.map(([domainId, subdomainId]) => ({ domainId, subdomainId })),
  photoUrl: `${PHOTO}/${course.slug}.png`,
  partnerIds: course.partnerIds,
  instructorIds: course.instructorIds,
});

interface Specialization {
  id: string;
  slug: string;
  name: string;
  tagline: string;
  description: string;
  courseIds: string[];
}

// The catalog's specializations (GET /api/onDemandSpecializations.v1?fields=…).
const SPECIALIZATIONS: Specialization[] = [
  {
    id: "qJ-dpM6hEeWvExIM5zIq5A",
    slug: "python",
    name: "Python for Everybody",
    tagline: "Learn to Program and Analyze Data with Python.",
    description:
      "This Specialization builds on the success of the Python for Everybody course and will introduce fundamental programming concepts including data structures, networked application program interfaces, and databases, using the Python programming language.",
    courseIds: ["7A1yFTaREeWWBQrVFXqd1w", "hx6WFjSREeWFbBKs1mXfRg", "XRx3T7VNEeWKgxIPnbPMUw"],
  },
  {
    id: "Ri8rV1vNEeWp8BLNwNQ6Qw",
    slug: "deep-learning",
    name: "Deep Learning",
    tagline: "Become a Machine Learning expert. Master the fundamentals of deep learning and break into AI.",
    description:
      "The Deep Learning Specialization is a foundational program that will help you understand the capabilities, challenges, and consequences of deep learning and prepare you to participate in the development of leading-edge AI technology.",
    courseIds: ["W_mOXCrdEeeNPQ68_4aPpA", "fbIFBbWqEea0xBLk1CwjgQ", "Fz5M7SslEee5Tw7y3Xf9Ng"],
  },
  {
    id: "kJ2kVKKxEeWhCxLYYsAAQQ",
    slug: "data-science-python",
    name: "Applied Data Science with Python",
    tagline: "Gain new insights into your data. Learn to apply data science methods and techniques.",
    description:
      "The 5 courses in this University of Michigan specialization introduce learners to data science through the python programming language, covering pandas, matplotlib, scikit-learn, nltk and networkx.",
    courseIds: ["sfbTOE-HEeWZBA5IMOKBqA", "6Dve4k-LEeaKSQ6OXZoG0Q", "6MwK03SdEeeHyQ7xTkV6pg"],
  },
  {
    id: "Pi1dYUXYEeWWVA7NMhU7fw",
    slug: "data-science-foundations-r",
    name: "Data Science: Foundations using R",
    tagline: "Launch Your Career in Data Science. Data science foundations using R.",
    description:
      "This Specialization covers foundational data science tools and techniques, including getting, cleaning, and exploring data, programming in R, and conducting reproducible research.",
    courseIds: ["d3klhYH-EeSqdhIACw8e9A", "ISsQrFbFEeSCHiIACxsK0g", "4H5O5o5lEeSFHSIAC0O6mQ"],
  },
  {
    id: "zr1rHNa3EeeX5A6pPN0Dyg",
    slug: "learning-how-to-learn-spec",
    name: "Learning How to Learn and Mindshift",
    tagline: "Transform your learning and your career.",
    description:
      "Two courses on the science of learning: how to take in new material effectively and how to change your career and your life with it.",
    courseIds: ["ujEmIm7yEeWyMhLf1C-Z1Q", "8y5MPzUREeeS7BKXYiuH2w"],
  },
];

export const SPEC_SLOW = "wM3mvWspEeyZvAoQyI3uhw";
export const SPEC_UNAVAILABLE = "gp4R2b7dEeeUtwrZxjFRTw";

// The learner's enrolments (GET www.coursera.org/api/memberships.v1?q=me).
const MEMBERSHIPS = [
  {
    courseId: "Gtv4Xb1-EeS-ViIACwYKVQ",
    enrolled: 1754031600000,
    last: 1764926400000,
    total: 68,
    done: 41,
    modules: 3,
    mdone: 1,
  },
  {
    courseId: "ujEmIm7yEeWyMhLf1C-Z1Q",
    enrolled: 1748757600000,
    last: 1763130000000,
    total: 52,
    done: 52,
    modules: 4,
    mdone: 4,
  },
  {
    courseId: "Xe6JfpOcEea4MQptI6ZUPQ",
    enrolled: 1759308000000,
    last: 1764500400000,
    total: 61,
    done: 9,
    modules: 4,
    mdone: 0,
  },
];

const naptime = (errorCode: string) => ({ errorCode, message: null, details: null });

function courseraHandler(_req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const host = url.hostname;
  const q = url.searchParams;
  const route = `${_req.method} ${host}${url.pathname}`;

  if (host === "api.coursera.org" && url.pathname.startsWith("/api/")) {
    if (state.ccRateLimited) return json(res, 429, naptime("Too Many Requests"), { "retry-after": "60" });
    if (state.ccUnavailable) return json(res, 503, naptime("Service Unavailable"));
    if (url.pathname === "/api/courses.v1") {
      const ids = q.get("ids");
      if (ids !== null) {
        const found = COURSES.filter((c) => ids.split(",").includes(c.id));
        return json(res, 200, { elements: found.map(courseElement), paging: {}, linked: {} });
      }
      const start = Number(q.get("start") ?? 0);
      const limit = Number(q.get("limit") ?? 100);
      const page = COURSES.slice(start, start + limit);
      const next = start + limit < COURSES.length ? { next: String(start + limit) } : {};
      return json(res, 200, {
        elements: page.map(courseElement),
        paging: { ...next, total: COURSES.length },
        linked: {},
      });
    }
    if (url.pathname === "/api/onDemandSpecializations.v1") {
      const ids = q.get("ids");
      if (ids === SPEC_SLOW) {
        return later(15_000, () => json(res, 200, { elements: [], paging: {}, linked: {} }));
      }
      if (ids !== null) {
        const found = SPECIALIZATIONS.filter((s) => ids.split(",").includes(s.id));
        return json(res, 200, { elements: found, paging: {}, linked: {} });
      }
      const start = Number(q.get("start") ?? 0);
      const limit = Number(q.get("limit") ?? 100);
      const page = SPECIALIZATIONS.slice(start, start + limit);
      return json(res, 200, { elements: page, paging: { total: SPECIALIZATIONS.length }, linked: {} });
    }
    return text(
      res,
      404,
      "API Route Does Not Exist\nEdge does not know about this API route.\nCheck whether this route is exposed in the routing table",
    );
  }

  if (host === "www.coursera.org" && url.pathname.startsWith("/api/")) {
    const cookie = String(_req.headers.cookie ?? "");
    if (cookie !== `CAUTH=${CAUTH}` || state.ccCauthExpired) return json(res, 401, naptime("Not Authorized"));
    if (url.pathname === "/api/memberships.v1" && q.get("q") === "me") {
      return json(res, 200, {
        elements: MEMBERSHIPS.map((m) => ({
          id: `${COURSERA_USER_ID}~${m.courseId}`,
          userId: Number(COURSERA_USER_ID),
          courseId: m.courseId,
          role: "LEARNER",
          enrolledTimestamp: m.enrolled,
          lastActivityTimestamp: m.last,
        })),
        paging: { total: MEMBERSHIPS.length },
        linked: {},
      });
    }
    const progress = url.pathname.match(
      /^\/api\/opencourse\.v1\/user\/([^/]+)\/course\/([^/]+)\/progressV2$/,
    );
    if (progress) {
      const membership = MEMBERSHIPS.find((m) => m.courseId === decodeURIComponent(progress[2]!));
      if (progress[1] !== COURSERA_USER_ID || !membership) return json(res, 403, naptime("Not Authorized"));
      return json(res, 200, {
        progressSummary: {
          numCompletedItems: membership.done,
          numTotalItems: membership.total,
          numCompletedModules: membership.mdone,
          numTotalModules: membership.modules,
        },
      });
    }
  }

  if (host === "api.coursera.com") {
    if (_req.method === "POST" && url.pathname === "/oauth2/client_credentials/token") {
      const basic = Buffer.from(`${ENTERPRISE_KEY}:${ENTERPRISE_SECRET}`).toString("base64");
      const form = parse(body);
      if (_req.headers.authorization !== `Basic ${basic}` || form.grant_type !== "client_credentials")
        return json(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
      return json(res, 200, {
        access_token: ENTERPRISE_TOKEN,
        token_type: "Bearer",
        expires_in: 1800,
        issued_at: Math.floor(Date.now() / 1000),
      });
    }
    if (_req.headers.authorization !== `Bearer ${ENTERPRISE_TOKEN}`)
      return json(res, 401, naptime("Not Authorized"));
    const base = `/ent/api/businesses.v1/${ENTERPRISE_ORG}`;
    if (url.pathname === `${base}/programs`) {
      return json(res, 200, {
        elements: [
          {
            id: ENTERPRISE_PROGRAM,
            name: "Data Literacy 2026",
            tagline: "SQL, Python and data storytelling for every analyst",
            url: "https://www.coursera.org/programs/data-literacy-2026-k3x9p",
            contentIds: ["Xe6JfpOcEea4MQptI6ZUPQ", "7A1yFTaREeWWBQrVFXqd1w", "kJ2kVKKxEeWhCxLYYsAAQQ"],
          },
          {
            id: ENTERPRISE_PROGRAM_RESTRICTED,
            name: "Leadership Academy (HR only)",
            tagline: "Managing people and teams",
            url: "https://www.coursera.org/programs/leadership-academy-q7w2e",
            contentIds: ["zX8tAzJhEeaHFxKVHkALSw"],
          },
        ],
        paging: { total: 2 },
      });
    }
    if (url.pathname === `${base}/enrollmentReports`) {
      if (q.get("programId") === ENTERPRISE_PROGRAM_RESTRICTED)
        return json(res, 403, naptime("Not Authorized"));
      return json(res, 200, {
        elements: [
          {
            id: `${ENTERPRISE_PROGRAM}~8812004~Xe6JfpOcEea4MQptI6ZUPQ`,
            email: "priya.raman@northwind-analytics.example",
            fullName: "Priya Raman",
            contentName: "SQL for Data Science",
            contentSlug: "sql-for-data-science",
            contentType: "Course",
            programName: "Data Literacy 2026",
            partnerNames: ["University of California, Davis"],
            isCompleted: true,
            overallProgress: 100,
            enrolledAt: 1756710000000,
            completedAt: 1760968800000,
            lastActivityAt: 1760968800000,
            grade: 0.94,
            contentCertificateUrl: "https://coursera.org/verify/7QK2LXBWM3ZN",
            approxTotalCourseHrs: 14,
          },
          {
            id: `${ENTERPRISE_PROGRAM}~8812917~7A1yFTaREeWWBQrVFXqd1w`,
            email: "tom.okafor@northwind-analytics.example",
            fullName: "Tom Okafor",
            contentName: "Programming for Everybody (Getting Started with Python)",
            contentSlug: "python",
            contentType: "Course",
            programName: "Data Literacy 2026",
            partnerNames: ["University of Michigan"],
            isCompleted: false,
            overallProgress: 37,
            enrolledAt: 1761577200000,
            completedAt: null,
            lastActivityAt: 1764838800000,
            grade: null,
            contentCertificateUrl: null,
            approxTotalCourseHrs: 19,
          },
        ],
        paging: { total: 2 },
      });
    }
  }
  unknownRequests.push(route);
  return json(res, 404, naptime("Not Found"));
}

export const courseraStandin = forwardProxy(COURSERA_PROXY_PORT, ensureCertificate, courseraHandler);

/** The server's own encryption of saved sessions (dist/services/encryption.js: AES-256-GCM, PBKDF2 of the master password). */
function encrypt(plaintext: string, masterPassword = "default-master-key"): string {
  const salt = crypto.createHash("sha256").update("coursera-mcp-salt").digest();
  const key = crypto.pbkdf2Sync(masterPassword, salt, 100000, 32, "sha256");
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const encrypted = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64");
}

/**
 * What `coursera-mcp init` (CAUTH mode) and `coursera-mcp init-enterprise` leave in ~/.coursera-mcp: the learner's
 * session with the CAUTH cookie, and the organisation's app key and secret, encrypted the server's way.
 */
export function writeCourseraSessions(home: string) {
  const dir = path.join(home, ".coursera-mcp");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const now = Date.now();
  fs.writeFileSync(
    path.join(dir, "sessions.json"),
    JSON.stringify({
      [COURSERA_USER_ID]: {
        email: COURSERA_USER_ID,
        userId: COURSERA_USER_ID,
        sessionToken: encrypt(CAUTH),
        cauthMode: true,
        expiresAt: now + 30 * 24 * 60 * 60 * 1000,
        lastRefreshed: now,
      },
    }),
    { mode: 0o600 },
  );
  fs.writeFileSync(
    path.join(dir, "enterprise.json"),
    JSON.stringify({
      orgId: ENTERPRISE_ORG,
      appKey: encrypt(ENTERPRISE_KEY),
      appSecret: encrypt(ENTERPRISE_SECRET),
    }),
    { mode: 0o600 },
  );
}

// ------------------------------------------------------------------------------------------------ LeetCode

export const LEETCODE_SESSION =
  "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJfYXV0aF91c2VyX2lkIjoiOTQxMjc3MyIsIl9hdXRoX3VzZXJfYmFja2VuZCI6ImFsbGF1dGguYWNjb3VudC5hdXRoX2JhY2tlbmRzLkF1dGhlbnRpY2F0aW9uQmFja2VuZCIsInNlc3Npb25fdXVpZCI6IjNmOWIyYzQxIiwiaWQiOjk0MTI3NzMsInVzZXJuYW1lIjoibWlyYV9jb2RlcyJ9.k3Vd8wQ2xLmR5tY7uI9oP1aS4dF6gH8jK0lZ2xC4vB6";
const CSRF = "bX7kQ2mN9pR4sT6vW8yZ1aC3dE5fG7hJ9kL2mN4pQ6rS8tV0wX2yZ4aB6cD8eF0";
export const LC_USER = "mira_codes";

const TWO_SUM_CONTENT =
  '<p>Given an array of integers <code>nums</code>&nbsp;and an integer <code>target</code>, return <em>indices of the two numbers such that they add up to <code>target</code></em>.</p>\n\n<p>You may assume that each input would have <strong><em>exactly</em> one solution</strong>, and you may not use the <em>same</em> element twice.</p>\n\n<p>You can return the answer in any order.</p>\n\n<p>&nbsp;</p>\n<p><strong class="example">Example 1:</strong></p>\n\n<pre>\n<strong>Input:</strong> nums = [2,7,11,15], target = 9\n<strong>Output:</strong> [0,1]\n<strong>Explanation:</strong> Because nums[0] + nums[1] == 9, we return [0, 1].\n</pre>\n\n<p><strong>Constraints:</strong></p>\n\n<ul>\n\t<li><code>2 &lt;= nums.length &lt;= 10<sup>4</sup></code></li>\n\t<li><code>-10<sup>9</sup> &lt;= nums[i] &lt;= 10<sup>9</sup></code></li>\n\t<li><strong>Only one valid answer exists.</strong></li>\n</ul>\n';

function question(slug: string) {
  const base = {
    boundTopicId: null,
    translatedTitle: null,
    translatedContent: null,
    isPaidOnly: false,
    isLiked: null,
    contributors: [],
    companyTagStats: null,
    stats: "{}",
    solution: null,
    hasSolution: true,
    hasVideoSolution: false,
    status: null,
    sampleTestCase: "",
    metaData: "{}",
    judgerAvailable: true,
    judgeType: "large",
    mysqlSchemas: [],
    enableRunCode: true,
    enableTestMode: false,
    envInfo: "{}",
    libraryUrl: null,
    adminUrl: null,
  };
  const snippets = (signature: string) => [
    {
      lang: "C++",
      langSlug: "cpp",
      code: `class Solution {\npublic:\n    ${signature.replace("def ", "")} {\n        \n    }\n};`,
    },
    {
      lang: "Java",
      langSlug: "java",
      code: `class Solution {\n    public ${signature.replace("def ", "")} {\n        \n    }\n}`,
    },
    { lang: "Python3", langSlug: "python3", code: `class Solution:\n    ${signature}:\n        ` },
    { lang: "Go", langSlug: "golang", code: `func ${signature} {\n    \n}` },
  ];
  if (slug === "two-sum")
    return {
      ...base,
      questionId: "1",
      questionFrontendId: "1",
      title: "Two Sum",
      titleSlug: "two-sum",
      content: TWO_SUM_CONTENT,
      difficulty: "Easy",
      likes: 63412,
      dislikes: 2287,
      similarQuestions:
        '[{"title": "3Sum", "titleSlug": "3sum", "difficulty": "Medium", "translatedTitle": null}, {"title": "4Sum", "titleSlug": "4sum", "difficulty": "Medium", "translatedTitle": null}, {"title": "Two Sum II - Input Array Is Sorted", "titleSlug": "two-sum-ii-input-array-is-sorted", "difficulty": "Medium", "translatedTitle": null}, {"title": "Two Sum III - Data structure design", "titleSlug": "two-sum-iii-data-structure-design", "difficulty": "Easy", "translatedTitle": null}]',
      exampleTestcases: "[2,7,11,15]\n9\n[3,2,4]\n6\n[3,3]\n6",
      topicTags: [
        { name: "Array", slug: "array", translatedName: null },
        { name: "Hash Table", slug: "hash-table", translatedName: null },
      ],
      codeSnippets: snippets("def twoSum(self, nums: List[int], target: int) -> List[int]"),
      hints: [
        "A really brute force way would be to search for all possible pairs of numbers but that would be too slow.",
        "Use a hash map to store each number's index as you go, and look up target - nums[i].",
      ],
      stats:
        '{"totalAccepted": "17.9M", "totalSubmission": "32.1M", "totalAcceptedRaw": 17912004, "totalSubmissionRaw": 32140122, "acRate": "55.7%"}',
    };
  if (slug === "climbing-stairs" || slug === "house-robber-iv")
    return {
      ...base,
      questionId: slug === "climbing-stairs" ? "70" : "2690",
      questionFrontendId: slug === "climbing-stairs" ? "70" : "2560",
      title: slug === "climbing-stairs" ? "Climbing Stairs" : "House Robber IV",
      titleSlug: slug,
      content:
        slug === "climbing-stairs"
          ? "<p>You are climbing a staircase. It takes <code>n</code> steps to reach the top.</p>\n\n<p>Each time you can either climb <code>1</code> or <code>2</code> steps. In how many distinct ways can you climb to the top?</p>"
          : "<p>There are several consecutive houses along a street, each of which has some money inside. There is also a robber, who wants to steal money from the homes, but he <strong>refuses to steal from adjacent homes</strong>.</p>\n\n<p>The <strong>capability</strong> of the robber is the maximum amount of money he steals from one house of all the houses he robbed.</p>\n\n<p>Return <em>the <strong>minimum</strong> capability of the robber out of all the possible ways to steal at least </em><code>k</code><em> houses</em>.</p>",
      difficulty: slug === "climbing-stairs" ? "Easy" : "Medium",
      likes: 23011,
      dislikes: 893,
      similarQuestions:
        '[{"title": "Min Cost Climbing Stairs", "titleSlug": "min-cost-climbing-stairs", "difficulty": "Easy", "translatedTitle": null}]',
      exampleTestcases: "2\n3",
      topicTags: [
        { name: "Math", slug: "math", translatedName: null },
        { name: "Dynamic Programming", slug: "dynamic-programming", translatedName: null },
        { name: "Memoization", slug: "memoization", translatedName: null },
      ],
      codeSnippets: snippets("def climbStairs(self, n: int) -> int"),
      hints: ["To reach nth step, what could have been your previous steps? (Think about the step sizes)"],
    };
  return null;
}

const SEARCH_RESULTS = [
  {
    acRate: 53.35,
    difficulty: "MEDIUM",
    title: "Longest Palindromic Substring",
    titleSlug: "longest-palindromic-substring",
    topicTags: [{ slug: "two-pointers" }, { slug: "string" }, { slug: "dynamic-programming" }],
  },
  {
    acRate: 65.9,
    difficulty: "MEDIUM",
    title: "Jump Game II",
    titleSlug: "jump-game-ii",
    topicTags: [{ slug: "array" }, { slug: "dynamic-programming" }, { slug: "greedy" }],
  },
  {
    acRate: 38.71,
    difficulty: "MEDIUM",
    title: "Jump Game",
    titleSlug: "jump-game",
    topicTags: [{ slug: "array" }, { slug: "dynamic-programming" }, { slug: "greedy" }],
  },
];

const PROFILE = {
  allQuestionsCount: [
    { difficulty: "All", count: 3712 },
    { difficulty: "Easy", count: 902 },
    { difficulty: "Medium", count: 1936 },
    { difficulty: "Hard", count: 874 },
  ],
};

const USER_DOES_NOT_EXIST = (field: string) => ({
  errors: [
    {
      message: "That user does not exist.",
      locations: [{ line: 6, column: 5 }],
      path: [field],
      extensions: { handled: true },
    },
  ],
});

function leetcodeGraphql(res: http.ServerResponse, payload: Record<string, unknown>) {
  const query = String(payload.query ?? "");
  const variables = (payload.variables ?? {}) as Record<string, unknown>;
  const ok = (data: unknown, headers: Record<string, string> = {}) =>
    json(
      res,
      200,
      { data },
      {
        "set-cookie": `csrftoken=${CSRF}; expires=Sun, 06 Dec 2027 10:00:00 GMT; Max-Age=31449600; Path=/; SameSite=Lax; Secure`,
        ...headers,
      },
    );

  if (query.includes("activeDailyCodingChallengeQuestion")) {
    if (state.lcSlow) return later(15_000, () => ok({ activeDailyCodingChallengeQuestion: null }));
    return ok({
      activeDailyCodingChallengeQuestion: {
        date: "2026-12-07",
        link: "/problems/house-robber-iv/",
        question: question("house-robber-iv"),
      },
    });
  }
  if (query.includes("question(titleSlug")) return ok({ question: question(String(variables.titleSlug)) });
  if (query.includes("questionList(")) {
    const filters = (variables.filters ?? {}) as Record<string, unknown>;
    if (filters.searchKeywords) return ok({ problemsetQuestionList: { total: 0, questions: [] } });
    const limit = Number(variables.limit ?? 10);
    return ok({ problemsetQuestionList: { total: 587, questions: SEARCH_RESULTS.slice(0, limit) } });
  }
  if (query.includes("matchedUser(")) {
    if (variables.username !== "lee215")
      return json(res, 200, {
        ...USER_DOES_NOT_EXIST("matchedUser"),
        data: { ...PROFILE, matchedUser: null },
      });
    return ok({
      ...PROFILE,
      matchedUser: {
        username: "lee215",
        socialAccounts: null,
        githubUrl: "https://github.com/lee215",
        contributions: { points: 140245, questionCount: 12, testcaseCount: 410 },
        profile: {
          realName: "Lee",
          websites: [],
          countryName: "China",
          skillTags: ["java", "python", "cpp"],
          company: null,
          school: null,
          starRating: 5,
          aboutMe: "",
          userAvatar: "https://assets.leetcode.com/users/lee215/avatar_1581326536.png",
          reputation: 214013,
          ranking: 1421,
        },
        submissionCalendar: "{}",
        submitStats: {
          acSubmissionNum: [
            { difficulty: "All", count: 3128, submissions: 8712 },
            { difficulty: "Easy", count: 822, submissions: 2011 },
            { difficulty: "Medium", count: 1649, submissions: 4690 },
            { difficulty: "Hard", count: 657, submissions: 2011 },
          ],
          totalSubmissionNum: [
            { difficulty: "All", count: 3401, submissions: 12017 },
            { difficulty: "Easy", count: 851, submissions: 2490 },
            { difficulty: "Medium", count: 1801, submissions: 6409 },
            { difficulty: "Hard", count: 749, submissions: 3118 },
          ],
        },
        badges: [],
        upcomingBadges: [],
        activeBadge: null,
      },
    });
  }
  if (query.includes("userContestRanking(")) {
    return ok({
      userContestRanking: {
        attendedContestsCount: 186,
        rating: 3121.4,
        globalRanking: 24,
        totalParticipants: 734211,
        topPercentage: 0.01,
        badge: { name: "Guardian" },
      },
      userContestRankingHistory: [
        {
          attended: true,
          trendDirection: "UP",
          problemsSolved: 4,
          totalProblems: 4,
          finishTimeInSeconds: 1012,
          rating: 3118.9,
          ranking: 3,
          contest: { title: "Weekly Contest 478", startTime: 1764469800 },
        },
        {
          attended: false,
          trendDirection: "NONE",
          problemsSolved: 0,
          totalProblems: 4,
          finishTimeInSeconds: 0,
          rating: 3118.9,
          ranking: 0,
          contest: { title: "Biweekly Contest 171", startTime: 1764426600 },
        },
        {
          attended: true,
          trendDirection: "UP",
          problemsSolved: 4,
          totalProblems: 4,
          finishTimeInSeconds: 877,
          rating: 3121.4,
          ranking: 1,
          contest: { title: "Weekly Contest 479", startTime: 1765074600 },
        },
      ],
    });
  }
  if (query.includes("recentSubmissionList(")) {
    return ok({
      recentSubmissionList: [
        {
          title: "House Robber IV",
          titleSlug: "house-robber-iv",
          timestamp: "1765080112",
          statusDisplay: "Accepted",
          lang: "cpp",
        },
        {
          title: "House Robber IV",
          titleSlug: "house-robber-iv",
          timestamp: "1765079950",
          statusDisplay: "Time Limit Exceeded",
          lang: "cpp",
        },
        {
          title: "Count Special Triplets",
          titleSlug: "count-special-triplets",
          timestamp: "1764992030",
          statusDisplay: "Accepted",
          lang: "python3",
        },
        {
          title: "Count Special Triplets",
          titleSlug: "count-special-triplets",
          timestamp: "1764991877",
          statusDisplay: "Wrong Answer",
          lang: "python3",
        },
        {
          title: "Minimum Operations to Make Array Sum Divisible by K",
          titleSlug: "minimum-operations-to-make-array-sum-divisible-by-k",
          timestamp: "1764905514",
          statusDisplay: "Accepted",
          lang: "java",
        },
      ].slice(0, Number(variables.limit ?? 20)),
    });
  }
  if (query.includes("recentAcSubmissionList(")) {
    if (variables.username !== "lee215" && variables.username !== LC_USER)
      return json(res, 200, {
        ...USER_DOES_NOT_EXIST("recentAcSubmissionList"),
        data: { recentAcSubmissionList: null },
      });
    return ok({ recentAcSubmissionList: [] });
  }
  if (query.includes("ugcArticleSolutionArticles(")) {
    return ok({
      ugcArticleSolutionArticles: {
        totalNum: 9214,
        pageInfo: { hasNextPage: true },
        edges: [
          {
            node: {
              title: "✅3 Method's || C++ || JAVA || PYTHON || Beginner Friendly🔥🔥🔥",
              topicId: "3619262",
              summary:
                "Approach 1: Brute Force, Approach 2: Two-pass Hash Table, Approach 3: One-pass Hash Table",
              slug: "3-methods-c-java-python-beginner-friendly",
              canSee: true,
              hasVideoArticle: false,
            },
          },
          {
            node: {
              title: "Python | Easy | One-pass Hash Map | O(n)",
              topicId: "2361743",
              summary: "Store each number's index and look up the complement.",
              slug: "python-easy-one-pass-hash-map-on",
              canSee: true,
              hasVideoArticle: false,
            },
          },
          {
            node: {
              title: "[Premium] Official editorial walkthrough",
              topicId: "1200021",
              summary: "",
              slug: "premium-official-editorial-walkthrough",
              canSee: false,
              hasVideoArticle: true,
            },
          },
        ].slice(0, Number(variables.first ?? 5)),
      },
    });
  }
  if (query.includes("ugcArticleSolutionArticle(")) {
    if (variables.topicId !== "2361743") return ok({ ugcArticleSolutionArticle: null });
    return ok({
      ugcArticleSolutionArticle: {
        title: "Python | Easy | One-pass Hash Map | O(n)",
        slug: "python-easy-one-pass-hash-map-on",
        content:
          "# Intuition\nFor each number, the partner we need is `target - num`.\n\n# Code\n```python\nclass Solution:\n    def twoSum(self, nums, target):\n        seen = {}\n        for i, n in enumerate(nums):\n            if target - n in seen:\n                return [seen[target - n], i]\n            seen[n] = i\n```",
        tags: [{ slug: "python" }, { slug: "hash-table" }],
        topic: { id: 2361743 },
        prev: {
          uuid: "b1e0",
          slug: "two-pointer-after-sorting",
          topicId: "2361101",
          title: "Two pointers after sorting",
        },
        next: { slug: "c-unordered-map", topicId: "2362010" },
      },
    });
  }
  if (query.includes("userStatus")) {
    if (state.lcSessionExpired)
      return ok({
        userStatus: {
          userId: null,
          username: "",
          avatar: null,
          isSignedIn: false,
          isMockUser: false,
          isPremium: null,
          isAdmin: false,
          isSuperuser: false,
          isTranslator: false,
          permissions: [],
        },
      });
    return ok({
      userStatus: {
        userId: 9412773,
        username: LC_USER,
        avatar: "https://assets.leetcode.com/users/default_avatar.jpg",
        isSignedIn: true,
        isMockUser: false,
        isPremium: false,
        isAdmin: false,
        isSuperuser: false,
        isTranslator: false,
        permissions: [],
      },
    });
  }
  if (query.includes("submissionList(")) {
    if (state.lcSessionExpired)
      return json(res, 200, {
        errors: [
          {
            message: "User is not authenticated",
            locations: [{ line: 2, column: 5 }],
            path: ["submissionList"],
            extensions: { handled: true },
          },
        ],
        data: { submissionList: null },
      });
    return ok({
      submissionList: {
        lastKey: null,
        hasNext: false,
        submissions: [
          {
            id: "1853390412",
            lang: "python3",
            time: "2 hours, 11 minutes",
            timestamp: "1765071602",
            statusDisplay: "Accepted",
            runtime: "0 ms",
            url: "/submissions/detail/1853390412/",
            isPending: "Not Pending",
            title: "Two Sum",
            memory: "18.9 MB",
            titleSlug: "two-sum",
          },
          {
            id: "1853388157",
            lang: "python3",
            time: "2 hours, 14 minutes",
            timestamp: "1765071420",
            statusDisplay: "Wrong Answer",
            runtime: "N/A",
            url: "/submissions/detail/1853388157/",
            isPending: "Not Pending",
            title: "Two Sum",
            memory: "N/A",
            titleSlug: "two-sum",
          },
        ],
      },
    });
  }
  unknownRequests.push(`graphql ${query.slice(0, 60).replace(/\s+/g, " ")}`);
  return json(res, 400, { errors: [{ message: 'Cannot query field on type "Query".' }] });
}

const CLOUDFLARE_CHALLENGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title><meta http-equiv="Content-Type" content="text/html; charset=UTF-8"><meta http-equiv="X-UA-Compatible" content="IE=Edge"><meta name="robots" content="noindex,nofollow"><meta name="viewport" content="width=device-width,initial-scale=1"><style>*{box-sizing:border-box;margin:0;padding:0}html{line-height:1.15;-webkit-text-size-adjust:100%;color:#313131}</style><meta http-equiv="refresh" content="390"></head><body class="no-js"><div class="main-wrapper" role="main"><div class="main-content"><noscript><div id="challenge-error-title"><div class="h2"><span class="icon-wrapper"><div class="heading-icon warning-icon"></div></span><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></div></noscript></div></div><script>(function(){window._cf_chl_opt={cvId: '3',cZone: "leetcode.com",cType: 'managed',cRay: '8ef3c1b9aa7d5e21',cH: 'Yq1.4uFa0w',cUPMDTk: "\\/graphql?__cf_chl_tk=Xr9o3sB1Q",cFPWv: 'b',cITimeS: '1765081234'};}());</script></body></html>`;

const LEETCODE_429 = `<html>
<head><title>429 Too Many Requests</title></head>
<body>
<center><h1>429 Too Many Requests</h1></center>
<hr><center>nginx</center>
</body>
</html>
`;

const checks = new Map<string, number>();

function leetcodeHandler(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const route = `${req.method} ${url.pathname}`;
  if (state.lcCloudflare)
    return text(res, 403, CLOUDFLARE_CHALLENGE, "text/html; charset=UTF-8", {
      "cf-mitigated": "challenge",
      "cf-ray": "8ef3c1b9aa7d5e21-FRA",
      server: "cloudflare",
    });
  if (state.lcRateLimited) return text(res, 429, LEETCODE_429, "text/html", { "retry-after": "30" });
  if (url.pathname === "/graphql/" && req.method === "GET")
    return json(
      res,
      400,
      { errors: [{ message: "Must provide query string." }] },
      {
        "set-cookie": `csrftoken=${CSRF}; expires=Sun, 06 Dec 2027 10:00:00 GMT; Max-Age=31449600; Path=/; SameSite=Lax; Secure`,
      },
    );
  if ((url.pathname === "/graphql" || url.pathname === "/graphql/") && req.method === "POST")
    return leetcodeGraphql(res, parse(body));
  const cookie = String(req.headers.cookie ?? "");
  const authed =
    cookie.includes(`LEETCODE_SESSION=${LEETCODE_SESSION}`) && req.headers["x-csrftoken"] === CSRF;
  const interpret = url.pathname.match(/^\/problems\/([^/]+)\/(interpret_solution|submit)\/$/);
  if (interpret && req.method === "POST") {
    if (!authed || state.lcSessionExpired)
      return text(
        res,
        403,
        '<!DOCTYPE html>\n<html lang="en">\n<head><title>403 Forbidden</title></head>\n<body><h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p></body>\n</html>\n',
        "text/html; charset=utf-8",
      );
    if (interpret[2] === "interpret_solution")
      return json(res, 200, {
        interpret_id: "runcode_1765081502.2934317_XkLq9vTb2e",
        test_case: "[2,7,11,15]\n9\n[3,2,4]\n6\n[3,3]\n6",
      });
    return json(res, 200, { submission_id: 1853402271 });
  }
  const check = url.pathname.match(/^\/submissions\/detail\/([^/]+)\/check\/$/);
  if (check && req.method === "GET") {
    const id = check[1]!;
    const seen = (checks.get(id) ?? 0) + 1;
    checks.set(id, seen);
    if (seen === 1) return json(res, 200, { state: id.startsWith("runcode_") ? "PENDING" : "STARTED" });
    if (id.startsWith("runcode_"))
      return json(res, 200, {
        status_code: 11,
        lang: "python3",
        run_success: true,
        status_runtime: "0 ms",
        memory: 17812000,
        display_runtime: "0",
        code_answer: ["[0,1]", "[1,2]", "[]"],
        code_output: [],
        std_output_list: ["", "", ""],
        elapsed_time: 41,
        task_finish_time: 1765081503771,
        task_name: "judger.runcodetask.RunCode",
        expected_status_code: 10,
        expected_lang: "cpp",
        expected_run_success: true,
        expected_status_runtime: "0",
        expected_memory: 8512000,
        expected_display_runtime: "0",
        expected_code_answer: ["[0,1]", "[1,2]", "[0,1]"],
        expected_code_output: [],
        expected_std_output_list: ["", "", ""],
        expected_elapsed_time: 14,
        expected_task_finish_time: 1765081503102,
        expected_task_name: "judger.interpretertask.Interpret",
        correct_answer: false,
        compare_result: "110",
        total_correct: 2,
        total_testcases: 3,
        runtime_percentile: null,
        status_memory: "17.8 MB",
        memory_percentile: null,
        pretty_lang: "Python3",
        submission_id: id,
        status_msg: "Wrong Answer",
        state: "SUCCESS",
      });
    return json(res, 200, {
      status_code: 10,
      lang: "python3",
      run_success: true,
      status_runtime: "0 ms",
      memory: 18904000,
      display_runtime: "0",
      question_id: "1",
      elapsed_time: 62,
      compare_result: "1".repeat(63),
      code_output: "",
      std_output: "",
      last_testcase: "",
      expected_output: "",
      task_finish_time: 1765081633402,
      task_name: "judger.judgetask.Judge",
      finished: true,
      total_correct: 63,
      total_testcases: 63,
      runtime_percentile: 100,
      status_memory: "18.9 MB",
      memory_percentile: 41.82,
      pretty_lang: "Python3",
      submission_id: id,
      status_msg: "Accepted",
      state: "SUCCESS",
    });
  }
  unknownRequests.push(`leetcode ${route}`);
  return text(
    res,
    404,
    "<!DOCTYPE html><html><head><title>Page Not Found - LeetCode</title></head><body></body></html>",
    "text/html",
  );
}

export const leetcodeTls = tlsStandin(LEETCODE_TLS_PORT, ensureCertificate, leetcodeHandler);
export const leetcodeProxy = forwardProxy(LEETCODE_PROXY_PORT, ensureCertificate, leetcodeHandler);

/** Both ways into the LeetCode stand-in, stopped and started together (leetcode.com unreachable). */
export const leetcodeStandin: Standin = {
  start: async () => {
    await leetcodeTls.start();
    await leetcodeProxy.start();
  },
  stop: async () => {
    await leetcodeTls.stop();
    await leetcodeProxy.stop();
  },
};

export const ALL_STANDINS: Standin[] = [courseraStandin, leetcodeStandin];
