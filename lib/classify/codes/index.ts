import { snakeCase } from "../names";
import type { Category } from "../types";
import { CHROMIUM_CODES } from "./chromium";
import { CLOUD_CODES } from "./cloud";
import { ELASTICSEARCH_CODES } from "./elasticsearch";
import { ERRNO, NODE_CODES } from "./errno";
import { CODE_WORDS, GENERIC_CODES } from "./generic";
import { GRAPHQL_CODES } from "./graphql";
import { GRPC_CODES } from "./grpc";
import { categoryFromHttpStatus } from "./http";
import { categoryFromMysqlName, mysqlError } from "./mysql";
import { OAUTH_CODES } from "./oauth";
import { categoryFromPostgrestCode } from "./postgrest";
import { REDIS_CODES } from "./redis";
import { categoryFromSqliteCode } from "./sqlite";

// The machine codes Faultline reads, one table per standard (each module names its source;
// docs/OUTCOMES.md lists them). A code is looked up exactly, in the tables below, in this order;
// then by its words.

export {
  categoryFromFailedStatus,
  categoryFromHttpStatus,
  isVendorClientStatus,
  statusNamedBy,
} from "./http";
export { categoryFromGrpcNumber, GRPC_NAMES, grpcNameOf } from "./grpc";
export { categoryFromSqlState } from "./sqlstate";
export { mysqlError } from "./mysql";
export { redisErrorPrefix } from "./redis";
export { isPostgresErrorShape } from "./postgrest";

const TABLES: Record<string, Category>[] = [
  GENERIC_CODES,
  GRPC_CODES,
  OAUTH_CODES,
  GRAPHQL_CODES,
  ERRNO,
  NODE_CODES,
  CLOUD_CODES,
  ELASTICSEARCH_CODES,
  CHROMIUM_CODES,
  REDIS_CODES,
];

/** A system error name a payload gives in upper case ("ECONNREFUSED"), stored lower-cased like one read from the words. */
export function storedCode(code: string): string {
  const lower = code.toLowerCase();
  return /^E[A-Z0-9_]{2,20}$/.test(code) && ERRNO[lower] ? lower : code;
}

/** The category a named (non-numeric) code has in a standard's table, exactly; undefined if none. */
export function categoryFromTables(code: string): Category | undefined {
  const normalised = snakeCase(code);
  // Upper-case codes keep their words apart: "ER_NO_SUCH_TABLE", "SQLITE_BUSY".
  const joined = code.toLowerCase().replace(/[^a-z0-9]+/g, "_");
  for (const table of TABLES) {
    const found = table[normalised] ?? table[joined];
    if (found) return found;
  }
  return categoryFromSqliteCode(joined) ?? categoryFromMysqlName(joined) ?? categoryFromPostgrestCode(code);
}

/** The category of any code: an HTTP status, a JSON-RPC or MySQL number, a table's name, then its words. */
export function categoryOfCode(
  code: string,
  jsonRpc: (code: number) => Category | undefined,
): Category | undefined {
  const http = /^http_(\d{3})$/.exec(code);
  if (http) return categoryFromHttpStatus(Number(http[1]));
  if (/^-\d+$/.test(code)) return jsonRpc(Number(code));
  if (/^\d{4}$/.test(code)) return mysqlError(Number(code))?.category;
  if (/^\d+$/.test(code)) return undefined;
  const tabled = categoryFromTables(code);
  if (tabled) return tabled;
  const normalised = snakeCase(code);
  return CODE_WORDS.find(([pattern]) => pattern.test(normalised))?.[1];
}
