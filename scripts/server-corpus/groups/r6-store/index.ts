// Group r6-store: storage and file services. An agent-infra filesystem server on a local tree,
// the MCP PDF server on local PDFs and a loopback file host, and a Gitea server on a Gitea API
// stand-in. Run: npx tsx scripts/server-corpus/capture-group.ts r6-store

import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sleep, stdioServer, type SessionSpec, type Step } from "../../harness.js";
import {
  DATA,
  GITEA_PORT,
  FILES_PORT,
  GCS_PORT,
  GOOD_TOKEN,
  revokeToken,
  startGcs,
  minimalPdf,
  startFiles,
  startGitea,
  type Running,
} from "./standin.js";
import { VERDICTS } from "./verdicts.js";

export { VERDICTS };

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FS = path.join(DATA, "fs");
const PDF = path.join(DATA, "pdf");

export const PACKAGES: Record<string, string> = {
  "@agent-infra/mcp-server-filesystem": "1.2.29",
  "@modelcontextprotocol/server-pdf": "2.0.4",
  "gitea-mcp": "0.0.10",
  "@google-cloud/storage-mcp": "0.6.0",
};

let gitea: Running | undefined;
let files: Running | undefined;
let gcsApi: Running | undefined;

export async function prepare(): Promise<() => Promise<void>> {
  fs.rmSync(DATA, { recursive: true, force: true });
  fs.mkdirSync(path.join(FS, "reports"), { recursive: true });
  fs.mkdirSync(path.join(FS, "archive"), { recursive: true });
  fs.writeFileSync(path.join(FS, "notes.txt"), "bucket: media-prod\nregion: eu-west-1\nretention: 30d\n");
  fs.writeFileSync(path.join(FS, "reports", "q3.csv"), "month,revenue\njul,1200\naug,1350\nsep,990\n");
  fs.writeFileSync(path.join(FS, "archive", "old.txt"), "archived\n");
  execFileSync("mkfifo", [path.join(FS, "pipe.log")]);
  fs.mkdirSync(PDF, { recursive: true });
  fs.writeFileSync(path.join(PDF, "report.pdf"), minimalPdf("Quarterly storage report"));
  fs.writeFileSync(path.join(PDF, "broken.pdf"), "%PDF-1.4\nthis is not really a pdf\n");
  fs.writeFileSync(path.join(PDF, "notes.txt"), "not a pdf\n");
  gitea = await startGitea();
  files = await startFiles();
  gcsApi = await startGcs();
  return async () => {
    await gcsApi?.close();
    gcsApi = undefined;
    await gitea?.close();
    await files?.close();
    gitea = undefined;
    files = undefined;
  };
}

const step = (
  id: string,
  tool: string,
  args: Record<string, unknown>,
  scenario: string,
  extra: Partial<Step> = {},
): Step => ({ id, tool, args, scenario, ...extra });

const fsSteps: Step[] = [
  step("afs-001", "list_allowed_directories", {}, "which directories the server may touch"),
  step("afs-002", "list_directory", { path: FS }, "list the data root"),
  step("afs-003", "read_file", { path: path.join(FS, "notes.txt") }, "read a small text file"),
  step("afs-004", "read_file", { path: path.join(FS, "missing.txt") }, "read a file that does not exist"),
  step("afs-005", "read_file", { path: path.join(FS, "missing.txt") }, "the same missing file again"),
  step("afs-006", "read_file", { path: "/etc/hostname" }, "read a file outside the allowed directory"),
  step(
    "afs-007",
    "write_file",
    { path: path.join(FS, "reports", "q4.csv"), content: "month,revenue\noct,1410\n" },
    "write a new file",
  ),
  step(
    "afs-008",
    "edit_file",
    { path: path.join(FS, "notes.txt"), edits: [{ oldText: "retention: 90d", newText: "retention: 60d" }] },
    "edit with text that is not in the file",
  ),
  step("afs-009", "search_files", { path: FS, pattern: "invoice" }, "search for names that match nothing"),
  step("afs-010", "list_directory", { path: path.join(FS, "notes.txt") }, "list a path that is a file"),
  step("afs-011", "read_file", { path: 42 }, "path of the wrong type"),
  step("afs-012", "get_file_info", { path: path.join(FS, "reports", "q3.csv") }, "file metadata"),
  step("afs-013", "delete_file", { path: path.join(FS, "notes.txt") }, "a tool this server does not have"),
  step(
    "afs-014",
    "read_file",
    { path: path.join(FS, "pipe.log") },
    "read a FIFO nobody writes to: the client gives up",
    { timeoutMs: 1500 },
  ),
  step(
    "afs-015",
    "read_file",
    { path: path.join(FS, "pipe.log") },
    "read the FIFO again; the server is killed mid-call",
    {
      during: async (live) => {
        await sleep(400);
        live.kill();
      },
    },
  ),
  step("afs-016", "list_directory", { path: FS }, "a call after the server process died"),
];

const giteaEnv = (token: string) => ({
  GITEA_HOST: `http://127.0.0.1:${GITEA_PORT}`,
  GITEA_ACCESS_TOKEN: token,
});

const giteaSteps: Step[] = [
  step("gitea-001", "user__get_my_userinfo", {}, "who am I"),
  step("gitea-002", "repo__list_my", {}, "list my repositories"),
  step("gitea-003", "issue__list", { owner: "ana", repo: "storefront" }, "list open issues"),
  step("gitea-004", "issue__list", { owner: "ana", repo: "quiet" }, "list issues of a repository with none"),
  step(
    "gitea-005",
    "issue__get_by_index",
    { owner: "ana", repo: "storefront", index: 999 },
    "an issue that does not exist (404)",
  ),
  step(
    "gitea-006",
    "issue__get_by_index",
    { owner: "ana", repo: "storefront", index: 999 },
    "the same missing issue again",
  ),
  step(
    "gitea-007",
    "issue__get_by_index",
    { owner: "ana", repo: "storefront", index: "one" },
    "index of the wrong type",
  ),
  step("gitea-008", "issue__search_list", { state: "pending" }, "a state outside the enum"),
  step(
    "gitea-009",
    "issue__list",
    { owner: "finance", repo: "ledger" },
    "token lacks the scope for this owner (403)",
  ),
  step("gitea-010", "issue__list", { owner: "ana", repo: "hot" }, "rate limited (429, Retry-After 30)"),
];

const giteaSteps2: Step[] = [
  step(
    "gitea-011",
    "issue_label__list",
    { owner: "ana", repo: "storefront" },
    "list the labels of a repository",
  ),
  step("gitea-012", "issue__list", { owner: "ana", repo: "broken" }, "Gitea answers 500"),
  step("gitea-013", "issue__list", { owner: "ana", repo: "maint" }, "a proxy answers 503 with an HTML page"),
  step("gitea-014", "repo__create", { name: "storefront" }, "create a repository that already exists (409)"),
  step("gitea-015", "repo__create", { name: "bad name!" }, "create a repository with an invalid name (422)"),
  step(
    "gitea-016",
    "issue__list",
    { owner: "ana", repo: "slow" },
    "Gitea takes 6 s; the client gives up at 2 s",
    { timeoutMs: 2000 },
  ),
  step("gitea-017", "repo__list_tags", { owner: "ana", repo: "infra" }, "Gitea is down (stand-in stopped)", {
    before: async () => {
      await gitea?.close();
      gitea = undefined;
    },
    after: async () => {
      gitea = await startGitea();
    },
  }),
  step("gitea-018", "repo__delete", { owner: "ana", repo: "infra" }, "a tool this server does not have"),
];

giteaSteps2.push(
  step("gitea-019", "user__get_my_userinfo", {}, "who am I, after the token was revoked (401)", {
    before: async () => revokeToken(true),
  }),
  step("gitea-020", "repo__list_my", {}, "list repositories with the revoked token", {
    after: async () => revokeToken(false),
  }),
);

const pdfSteps: Step[] = [
  step("pdf-001", "list_pdfs", {}, "list the PDFs the server may open"),
  step(
    "pdf-002",
    "read_pdf_bytes",
    { url: path.join(PDF, "report.pdf"), byteCount: 64 },
    "read the first bytes of a local PDF",
  ),
  step(
    "pdf-003",
    "read_pdf_bytes",
    { url: path.join(PDF, "report.pdf"), offset: 1000000 },
    "read past the end of the file",
  ),
  step(
    "pdf-004",
    "read_pdf_bytes",
    { url: path.join(PDF, "report.pdf"), byteCount: 0 },
    "byteCount below the minimum",
  ),
  step(
    "pdf-005",
    "read_pdf_bytes",
    { url: path.join(PDF, "missing.pdf") },
    "a PDF that does not exist in the allowed folder",
  ),
  step("pdf-006", "read_pdf_bytes", { url: path.join(PDF, "missing.pdf") }, "the same missing PDF again"),
  step("pdf-007", "read_pdf_bytes", { url: "/etc/hostname" }, "a local file outside the allowed folder"),
  step("pdf-008", "display_pdf", { url: path.join(PDF, "report.pdf") }, "open a local PDF in the viewer", {
    timeoutMs: 10000,
  }),
  step("pdf-009", "display_pdf", { url: path.join(PDF, "broken.pdf") }, "open a corrupt PDF", {
    timeoutMs: 10000,
  }),
  step(
    "pdf-010",
    "read_pdf_bytes",
    { url: `http://127.0.0.1:${FILES_PORT}/docs/report.pdf`, byteCount: 64 },
    "a PDF on the loopback file host",
    { timeoutMs: 10000 },
  ),
  step(
    "pdf-011",
    "read_pdf_bytes",
    { url: `http://127.0.0.1:${FILES_PORT}/docs/gone.pdf` },
    "a PDF the file host does not have (404 NoSuchKey)",
    { timeoutMs: 10000 },
  ),
  step(
    "pdf-012",
    "read_pdf_bytes",
    { url: `http://127.0.0.1:${FILES_PORT}/docs/busy.pdf` },
    "the file host answers 503",
    { timeoutMs: 10000 },
  ),
  step(
    "pdf-013",
    "interact",
    { viewUUID: "00000000-0000-4000-8000-000000000000", action: "navigate", page: 2 },
    "interact with a viewer that was never opened",
    { timeoutMs: 10000 },
  ),
  step("pdf-014", "list_pdfs", { folder: 3 }, "an argument the tool does not take"),
  step("pdf-015", "extract_text", { url: path.join(PDF, "report.pdf") }, "a tool this server does not have"),
];

const GCS_ENV = {
  STORAGE_EMULATOR_HOST: `http://127.0.0.1:${GCS_PORT}`,
  GOOGLE_CLOUD_PROJECT: "r6-store-proj",
};
const b64 = (text: string) => Buffer.from(text).toString("base64");

const gcsSteps: Step[] = [
  step("gcs-001", "list_buckets", {}, "list the project's buckets"),
  step("gcs-002", "list_objects", { bucket_name: "media-prod" }, "list a bucket's objects"),
  step(
    "gcs-003",
    "read_object_content",
    { bucket_name: "media-prod", object_name: "reports/q3.csv" },
    "read an object",
  ),
  step(
    "gcs-004",
    "read_object_metadata",
    { bucket_name: "media-prod", object_name: "reports/q2.csv" },
    "an object's metadata",
  ),
  step("gcs-005", "list_objects", { bucket_name: "empty-bucket" }, "list a bucket with no objects"),
  step(
    "gcs-006",
    "read_object_content",
    { bucket_name: "media-prod", object_name: "reports/q4.csv" },
    "read an object that does not exist (404)",
  ),
  step(
    "gcs-007",
    "read_object_content",
    { bucket_name: "media-prod", object_name: "reports/q4.csv" },
    "the same missing object again",
  ),
  step(
    "gcs-008",
    "get_bucket_metadata",
    { bucket_name: "media-archive" },
    "metadata of a bucket that does not exist (404)",
  ),
  step(
    "gcs-009",
    "list_objects",
    { bucket_name: "locked" },
    "list a bucket the service account may not list (403)",
  ),
  step(
    "gcs-010",
    "get_bucket_location",
    { bucket_name: "expired-creds" },
    "the API answers 401 Invalid Credentials",
  ),
];

const gcsSteps2: Step[] = [
  step(
    "gcs-011",
    "list_objects",
    { bucket_name: "media-prod", prefix: "invoices/" },
    "list under a prefix that matches nothing",
  ),
  step(
    "gcs-012",
    "read_object_content",
    { bucket_name: "media-prod", object_name: "images/logo.txt" },
    "read another object",
  ),
  step(
    "gcs-013",
    "write_object_safe",
    { bucket_name: "media-prod", object_name: "reports/q4.csv", content: b64("month,revenue\noct,1410\n") },
    "write a new object",
  ),
  step(
    "gcs-014",
    "write_object_safe",
    { bucket_name: "media-prod", object_name: "reports/q3.csv", content: b64("x") },
    "write over an existing object with the safe writer (412)",
  ),
  step(
    "gcs-015",
    "write_object_safe",
    { bucket_name: "media-prod", object_name: "reports/q5.csv", content: 12345 },
    "content of the wrong type",
  ),
  step(
    "gcs-016",
    "list_objects",
    { bucket_name: "hot" },
    "the API answers 429 with Retry-After (the client library retries)",
    { timeoutMs: 40000 },
  ),
  step(
    "gcs-017",
    "list_objects",
    { bucket_name: "flaky" },
    "the API answers 503 backendError (the client library retries)",
    { timeoutMs: 40000 },
  ),
  step(
    "gcs-018",
    "list_buckets",
    { project_id: "other-proj" },
    "list buckets of a project the account may not see (403)",
  ),
  step(
    "gcs-019",
    "delete_object",
    { bucket_name: "media-prod", object_name: "reports/q4.csv" },
    "a tool this server does not have",
  ),
  step(
    "gcs-020",
    "get_bucket_metadata",
    { bucket_name: "media-prod" },
    "the storage API is down (stand-in stopped)",
    {
      timeoutMs: 40000,
      before: async () => {
        await gcsApi?.close();
        gcsApi = undefined;
      },
      after: async () => {
        gcsApi = await startGcs();
      },
    },
  ),
];

export const SESSIONS: SessionSpec[] = [
  {
    label: "r6-store-afs",
    server: "@agent-infra/mcp-server-filesystem",
    transport: "stdio",
    start: stdioServer("r6-store-afs", "@agent-infra/mcp-server-filesystem", {
      args: ["--allowed-directories", FS],
      from: HERE,
    }),
    steps: fsSteps,
  },
  {
    label: "r6-store-gitea",
    server: "gitea-mcp",
    transport: "stdio",
    start: stdioServer("r6-store-gitea", "gitea-mcp", { env: giteaEnv(GOOD_TOKEN), from: HERE }),
    steps: giteaSteps,
  },
  {
    label: "r6-store-gitea-2",
    server: "gitea-mcp",
    transport: "stdio",
    start: stdioServer("r6-store-gitea-2", "gitea-mcp", { env: giteaEnv(GOOD_TOKEN), from: HERE }),
    steps: giteaSteps2,
  },
  {
    label: "r6-store-gcs",
    server: "@google-cloud/storage-mcp",
    transport: "stdio",
    start: stdioServer("r6-store-gcs", "@google-cloud/storage-mcp", { env: GCS_ENV, from: HERE }),
    steps: gcsSteps,
  },
  {
    label: "r6-store-gcs-2",
    server: "@google-cloud/storage-mcp",
    transport: "stdio",
    start: stdioServer("r6-store-gcs-2", "@google-cloud/storage-mcp", { env: GCS_ENV, from: HERE }),
    steps: gcsSteps2,
  },
  {
    label: "r6-store-pdf",
    server: "@modelcontextprotocol/server-pdf",
    transport: "stdio",
    start: stdioServer("r6-store-pdf", "@modelcontextprotocol/server-pdf", {
      args: ["--stdio", PDF],
      from: HERE,
    }),
    steps: pdfSteps,
  },
];
