// npm run keys -- create [--project NAME [--existing]] [--scopes ingest,read] [--name LABEL] | list | revoke ID
import { parseArgs } from "node:util";
import {
  createKey,
  DEFAULT_PROJECT,
  listKeys,
  operatorProject,
  parseScopes,
  revokeKey,
} from "../lib/auth/keys";
import { withCreators } from "../lib/auth/key-admin";
import { db } from "../lib/db";

const USAGE = `usage:
  npm run keys -- create [--project NAME [--existing]] [--scopes ingest,read] [--name LABEL]
      a NAME that is taken needs --existing: the key joins that project and its members
      scopes: ingest (send calls), read (read API, the project's /metrics series), admin (alert rules);
      default ingest,read. The operator's keys belong to no user: no user's removal touches them
  npm run keys -- list
  npm run keys -- revoke ID`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: "string" },
      existing: { type: "boolean", default: false },
      scopes: { type: "string" },
      name: { type: "string" },
    },
  });
  const [command, argument] = positionals;
  if (command !== "create" && command !== "list" && command !== "revoke") {
    console.error(USAGE);
    return 2;
  }
  const database = await db();
  try {
    if (command === "create") {
      const scopes = parseScopes(values.scopes ?? "ingest,read");
      const project = await operatorProject(database.prisma, values.project ?? DEFAULT_PROJECT, {
        existing: values.existing,
      });
      const created = await createKey(database.prisma, {
        projectId: project.id,
        scopes,
        name: values.name,
      });
      console.log(
        `Created key ${created.id} for ${project.created ? "new " : ""}project "${created.projectName}" (scopes: ${scopes.join(",")}).`,
      );
      console.log("Store it now; it is not shown again:\n");
      console.log(`  ${created.key}\n`);
    } else if (command === "list") {
      const keys = await withCreators(database.prisma, await listKeys(database.prisma));
      if (keys.length === 0) console.log("No keys.");
      for (const key of keys) {
        const state = key.revokedAt ? `revoked ${key.revokedAt.toISOString()}` : "active";
        const used = key.lastUsedAt ? key.lastUsedAt.toISOString() : "never";
        const by = key.createdBy.kind === "user" ? key.createdBy.email : key.createdBy.kind;
        console.log(
          `${key.id}  ${key.prefix}…  project=${key.project.name}  scopes=${key.scopes.join(",")}  by=${by.replaceAll(" ", "-")}  ${state}  last used ${used}  "${key.name}"`,
        );
      }
    } else {
      if (!argument) {
        console.error(USAGE);
        return 2;
      }
      const revoked = await revokeKey(database.prisma, argument);
      console.log(revoked ? `Revoked ${argument}.` : `No active key with id ${argument}.`);
      return revoked ? 0 : 1;
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
