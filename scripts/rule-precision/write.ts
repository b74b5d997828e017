// Regenerates the per-rule precision table in docs/OUTCOMES.md from the corpora:
//   npx tsx scripts/rule-precision/write.ts

import { readFileSync, writeFileSync } from "node:fs";
import { DOC, END, renderTable, START } from "./table.ts";

const table = renderTable();
const doc = readFileSync(DOC, "utf8");
const from = doc.indexOf(START);
const to = doc.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/OUTCOMES.md has no ${START} … ${END} markers`);
writeFileSync(DOC, `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`);
console.log(table);
console.log("(run npx prettier --write docs/OUTCOMES.md to align the columns)");
