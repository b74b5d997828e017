// The packages this folder installs for itself (npm ci here), and the built reporter, loaded at
// run time. The project's own typecheck reads these files too, on a machine where neither this
// folder's node_modules nor lib/reporter/dist may exist yet, so the types below are written out
// (or taken from the reporter's source) instead of being resolved from those packages.

import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type * as ReporterModule from "../../lib/reporter/index.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const load = createRequire(import.meta.url);

export type { CallReport, Reporter } from "../../lib/reporter/index.ts";

/** Faultline's reporter as built by `npm run build:reporter` (lib/reporter/dist). */
export async function loadReporter(): Promise<typeof ReporterModule> {
  const dist = pathToFileURL(path.resolve(HERE, "../../lib/reporter/dist/index.js")).href;
  return (await import(dist)) as typeof ReporterModule;
}

export interface SqliteDatabase {
  exec(sql: string, callback: (error: Error | null) => void): void;
  close(callback?: (error: Error | null) => void): void;
}
export const sqlite3 = load("sqlite3") as { Database: new (file: string) => SqliteDatabase };

export interface GraphqlResult {
  data?: unknown;
  errors?: readonly unknown[];
}
export const graphqlLib = load("graphql") as {
  buildSchema(source: string): unknown;
  graphql(args: {
    schema: unknown;
    source: string;
    rootValue?: unknown;
    variableValues?: Record<string, unknown>;
  }): Promise<GraphqlResult>;
  GraphQLError: new (message: string, options?: { extensions?: Record<string, unknown> }) => Error;
};
