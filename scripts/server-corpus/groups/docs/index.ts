// The docs group of the server corpus (search engines, notes and documents, task and workflow
// tools): what scripts/server-corpus/capture-group.ts runs. See README.md beside this file.

import fs from "node:fs";
import { SESSIONS, DATA, writeVault } from "./sessions.js";
import { startAll } from "./upstream.js";

export { SESSIONS };
export { VERDICTS } from "./verdicts.js";

export const PACKAGES: Record<string, string> = {
  "mcp-searxng": "1.16.0",
  "@notionhq/notion-mcp-server": "2.5.2",
  "n8n-mcp": "2.87.0",
  "@makeplane/plane-mcp-server": "0.1.5",
  "mcp-obsidian": "1.0.0",
};

export async function prepare(): Promise<() => Promise<void>> {
  fs.mkdirSync(DATA, { recursive: true });
  writeVault();
  return startAll();
}
