import type { Category } from "../types";

// MySQL and MariaDB error numbers and their symbols (ER_*, CR_*), the ones a tool call meets.
// Drivers print them as "ER_NO_SUCH_TABLE", "Error 1146 (42S02): …", "(1146, …)" or {"errno":1146}.
// Sources: https://dev.mysql.com/doc/mysql-errors/8.0/en/server-error-reference.html,
// https://dev.mysql.com/doc/mysql-errors/8.0/en/client-error-reference.html,
// https://mariadb.com/kb/en/mariadb-error-codes/

const TABLE: [number, string, Category][] = [
  [1040, "ER_CON_COUNT_ERROR", "transient"],
  [1044, "ER_DBACCESS_DENIED_ERROR", "permission"],
  [1045, "ER_ACCESS_DENIED_ERROR", "auth"],
  [1046, "ER_NO_DB_ERROR", "validation"],
  [1048, "ER_BAD_NULL_ERROR", "validation"],
  [1049, "ER_BAD_DB_ERROR", "validation"],
  [1050, "ER_TABLE_EXISTS_ERROR", "validation"],
  [1051, "ER_BAD_TABLE_ERROR", "validation"],
  [1052, "ER_NON_UNIQ_ERROR", "validation"],
  [1054, "ER_BAD_FIELD_ERROR", "validation"],
  [1060, "ER_DUP_FIELDNAME", "validation"],
  [1062, "ER_DUP_ENTRY", "validation"],
  [1064, "ER_PARSE_ERROR", "validation"],
  [1065, "ER_EMPTY_QUERY", "validation"],
  [1066, "ER_NONUNIQ_TABLE", "validation"],
  [1091, "ER_CANT_DROP_FIELD_OR_KEY", "validation"],
  [1136, "ER_WRONG_VALUE_COUNT_ON_ROW", "validation"],
  [1142, "ER_TABLEACCESS_DENIED_ERROR", "permission"],
  [1143, "ER_COLUMNACCESS_DENIED_ERROR", "permission"],
  [1146, "ER_NO_SUCH_TABLE", "validation"],
  [1149, "ER_SYNTAX_ERROR", "validation"],
  [1153, "ER_NET_PACKET_TOO_LARGE", "validation"],
  [1203, "ER_TOO_MANY_USER_CONNECTIONS", "transient"],
  [1205, "ER_LOCK_WAIT_TIMEOUT", "transient"],
  [1213, "ER_LOCK_DEADLOCK", "transient"],
  [1226, "ER_USER_LIMIT_REACHED", "rate_limited"],
  [1227, "ER_SPECIFIC_ACCESS_DENIED_ERROR", "permission"],
  [1235, "ER_NOT_SUPPORTED_YET", "validation"],
  [1264, "ER_WARN_DATA_OUT_OF_RANGE", "validation"],
  [1290, "ER_OPTION_PREVENTS_STATEMENT", "permission"], // --read-only and friends
  [1292, "ER_TRUNCATED_WRONG_VALUE", "validation"],
  [1305, "ER_SP_DOES_NOT_EXIST", "validation"],
  [1317, "ER_QUERY_INTERRUPTED", "transient"],
  [1364, "ER_NO_DEFAULT_FOR_FIELD", "validation"],
  [1366, "ER_TRUNCATED_WRONG_VALUE_FOR_FIELD", "validation"],
  [1370, "ER_PROCACCESS_DENIED_ERROR", "permission"],
  [1406, "ER_DATA_TOO_LONG", "validation"],
  [1451, "ER_ROW_IS_REFERENCED_2", "validation"],
  [1452, "ER_NO_REFERENCED_ROW_2", "validation"],
  [1792, "ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION", "permission"],
  [1836, "ER_READ_ONLY_MODE", "permission"],
  [3024, "ER_QUERY_TIMEOUT", "transient"], // MySQL: max_execution_time
  [1969, "ER_STATEMENT_TIMEOUT", "transient"], // MariaDB: max_statement_time
  [4031, "ER_CLIENT_INTERACTION_TIMEOUT", "transient"],
  [2002, "CR_CONNECTION_ERROR", "transient"],
  [2003, "CR_CONN_HOST_ERROR", "transient"],
  [2005, "CR_UNKNOWN_HOST", "transient"],
  [2006, "CR_SERVER_GONE_ERROR", "transient"],
  [2013, "CR_SERVER_LOST", "transient"],
  [2059, "CR_AUTH_PLUGIN_CANNOT_LOAD", "auth"],
];

const BY_NAME: Record<string, Category> = Object.fromEntries(
  TABLE.map(([, name, category]) => [name.toLowerCase(), category]),
);
const BY_NUMBER = new Map(TABLE.map(([number, name, category]) => [number, { name, category }]));

/** The category of a MySQL/MariaDB symbol, lower-cased ("er_no_such_table"), or undefined. */
export function categoryFromMysqlName(normalised: string): Category | undefined {
  return BY_NAME[normalised];
}

/** The symbol and category of a MySQL/MariaDB error number (1146 → ER_NO_SUCH_TABLE), or undefined. */
export function mysqlError(number: number): { name: string; category: Category } | undefined {
  return BY_NUMBER.get(number);
}
