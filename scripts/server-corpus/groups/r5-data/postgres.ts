// The PostgreSQL side of the r5-data group: the database r5_data_dbhub (customers, orders, and a
// payroll table the reader may not select) and the role r5_data_reader (SELECT on two tables,
// statement_timeout 2 s), made fresh with psql on 127.0.0.1:5432 as postgres (trust auth), plus
// the dbhub.toml that points @bytebase/dbhub at it. Only this database and role are touched.

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DATA } from "./data.js";

export const PG_DB = "r5_data_dbhub";
export const PG_ROLE = "r5_data_reader";
export const DBHUB_CONFIG = path.join(DATA, "dbhub.toml");

export function psql(sql: string, database = "postgres"): string {
  const run = spawnSync(
    "psql",
    ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres", "-v", "ON_ERROR_STOP=1", "-q", "-At", "-d", database],
    { input: sql, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`psql failed: ${run.stderr}`);
  return run.stdout;
}

export function setupPostgres(): void {
  psql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${PG_DB}';
DROP DATABASE IF EXISTS ${PG_DB};
DROP ROLE IF EXISTS ${PG_ROLE};
CREATE ROLE ${PG_ROLE} LOGIN;
ALTER ROLE ${PG_ROLE} SET statement_timeout = '2s';
CREATE DATABASE ${PG_DB};`,
  );
  psql(
    `CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, country text NOT NULL);
CREATE TABLE orders (id serial PRIMARY KEY, customer_id int REFERENCES customers(id), total numeric(10,2) NOT NULL, placed_at date NOT NULL);
CREATE TABLE payroll (id serial PRIMARY KEY, employee text, salary numeric);
INSERT INTO customers (name, country) VALUES ('Acme GmbH', 'DE'), ('Globex SA', 'FR'), ('Initech LLC', 'US');
INSERT INTO orders (customer_id, total, placed_at) VALUES
  (1, 120.50, '2026-11-02'), (1, 80.00, '2026-11-20'), (2, 310.75, '2026-11-21'), (3, 42.00, '2026-12-01');
INSERT INTO payroll (employee, salary) VALUES ('ann', 84000), ('bob', 79000);
GRANT CONNECT ON DATABASE ${PG_DB} TO ${PG_ROLE};
GRANT USAGE ON SCHEMA public TO ${PG_ROLE};
GRANT SELECT ON customers, orders TO ${PG_ROLE};`,
    PG_DB,
  );
  fs.writeFileSync(
    DBHUB_CONFIG,
    `[[sources]]
id = "shop"
dsn = "postgres://${PG_ROLE}@127.0.0.1:5432/${PG_DB}?sslmode=disable"

[[tools]]
name = "execute_sql"
source = "shop"
readonly = true
max_rows = 50

[[tools]]
name = "search_objects"
source = "shop"
`,
  );
}

/** Take the role's login away (or give it back) and drop its open connections. */
export function setLogin(allowed: boolean): void {
  psql(
    `ALTER ROLE ${PG_ROLE} ${allowed ? "LOGIN" : "NOLOGIN"};
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '${PG_ROLE}';`,
  );
}

export function dropPostgres(): void {
  psql(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${PG_DB}';
DROP DATABASE IF EXISTS ${PG_DB};
DROP ROLE IF EXISTS ${PG_ROLE};`,
  );
}
