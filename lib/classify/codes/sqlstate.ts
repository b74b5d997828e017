import type { Category } from "../types";

// PostgreSQL SQLSTATE codes (PostgreSQL manual, Appendix A), by exact code first, then by class
// (the first two characters). An exact code can say more than its class: 08P01
// protocol_violation sits in the connection class but is the caller's malformed request.
// Source: https://www.postgresql.org/docs/current/errcodes-appendix.html

const EXACT: Record<string, Category> = {
  "08P01": "validation", // protocol_violation
  "08004": "auth", // sqlserver_rejected_establishment_of_sqlconnection
  "0A000": "validation", // feature_not_supported
  "0LP01": "permission", // invalid_grant_operation
  "25006": "permission", // read_only_sql_transaction
  "25P02": "validation", // in_failed_sql_transaction: commands ignored until the block ends
  "25P03": "transient", // idle_in_transaction_session_timeout
  "40001": "transient", // serialization_failure
  "40P01": "transient", // deadlock_detected
  "40003": "transient", // statement_completion_unknown
  "42501": "permission", // insufficient_privilege
  "53100": "internal", // disk_full
  "53200": "transient", // out_of_memory
  "53300": "transient", // too_many_connections
  "53400": "business", // configuration_limit_exceeded
  "55P03": "transient", // lock_not_available
  "55006": "transient", // object_in_use
  "57014": "transient", // query_canceled (statement timeout)
  "57P01": "transient", // admin_shutdown
  "57P02": "transient", // crash_shutdown
  "57P03": "transient", // cannot_connect_now
  "57P04": "transient", // database_dropped
  "57P05": "transient", // idle_session_timeout
  "58P01": "internal", // undefined_file
  "72000": "transient", // snapshot_too_old
  P0002: "validation", // no_data_found
  P0003: "validation", // too_many_rows
};

const CLASSES: Record<string, Category> = {
  "08": "transient", // connection exception
  "09": "internal", // triggered action exception
  "0A": "validation", // feature not supported
  "0B": "validation", // invalid transaction initiation
  "0F": "validation", // locator exception
  "0L": "permission", // invalid grantor
  "0P": "permission", // invalid role specification
  "0Z": "internal", // diagnostics exception
  "20": "validation", // case not found
  "21": "validation", // cardinality violation
  "22": "validation", // data exception
  "23": "validation", // integrity constraint violation
  "24": "validation", // invalid cursor state
  "25": "validation", // invalid transaction state
  "26": "validation", // invalid SQL statement name
  "27": "validation", // triggered data change violation
  "28": "auth", // invalid authorization specification
  "2B": "validation", // dependent privilege descriptors still exist
  "2D": "validation", // invalid transaction termination
  "2F": "permission", // SQL routine exception (modifying/reading SQL data not permitted)
  "34": "validation", // invalid cursor name
  "38": "permission", // external routine exception
  "39": "internal", // external routine invocation exception
  "3B": "validation", // savepoint exception
  "3D": "validation", // invalid catalog name
  "3F": "validation", // invalid schema name
  "40": "transient", // transaction rollback
  "42": "validation", // syntax error or access rule violation
  "44": "validation", // WITH CHECK OPTION violation
  "53": "transient", // insufficient resources
  "54": "validation", // program limit exceeded (statement too complex)
  "55": "transient", // object not in prerequisite state
  "57": "transient", // operator intervention
  "58": "internal", // system error
  F0: "internal", // configuration file error
  HV: "internal", // foreign data wrapper error
  P0: "internal", // PL/pgSQL error (RAISE EXCEPTION: the function's own)
  XX: "internal", // internal error
};

/** The category of a PostgreSQL SQLSTATE ("42P01": an undefined table), or undefined. */
export function categoryFromSqlState(code: string): Category | undefined {
  const upper = code.toUpperCase();
  if (!/^[0-9A-Z]{5}$/.test(upper)) return undefined;
  return EXACT[upper] ?? CLASSES[upper.slice(0, 2)];
}
