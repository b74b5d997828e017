// A private MariaDB (Debian's mariadb-server: `apt-get install mariadb-server`) for the MySQL MCP
// server, on 127.0.0.1:38251 with its data under /tmp/faultline-corpus-devops/mariadb, created
// fresh each run. Its database and users carry the group prefix: `devops_shop` and `devops_hr`,
// `devops_reader` (SELECT on devops_shop only, statements cut at 2 s) and `devops_admin`.

import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PORTS } from "./standins.js";

export const DATA = "/tmp/faultline-corpus-devops";
const DIR = path.join(DATA, "mariadb");
export const MYSQL_DB = "devops_shop";
export const READER = { user: "devops_reader", password: "reader-pass-7" };

const SEED = `
CREATE DATABASE ${MYSQL_DB};
USE ${MYSQL_DB};
CREATE TABLE parts (id INT PRIMARY KEY, sku VARCHAR(16) NOT NULL UNIQUE, name VARCHAR(64) NOT NULL,
  price DECIMAL(8,2) NOT NULL, stock INT NOT NULL) ENGINE=InnoDB;
INSERT INTO parts VALUES (1,'BLT-001','Hex bolt M8',0.12,1200),(2,'NUT-002','Lock nut M8',0.08,950),
  (3,'WSH-003','Washer 8 mm',0.02,0),(4,'SCR-004','Wood screw 4x40',0.05,3100);
CREATE TABLE customers (id INT PRIMARY KEY, name VARCHAR(64) NOT NULL, email VARCHAR(128) NOT NULL,
  country CHAR(2) NOT NULL) ENGINE=InnoDB;
INSERT INTO customers VALUES (1,'Brightline Tools','ops@brightline.example','DE'),
  (2,'Keller & Sohn','einkauf@keller.example','AT'),(3,'Northwind Fixings','buy@northwind.example','GB');
CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT NOT NULL, status VARCHAR(16) NOT NULL,
  total DECIMAL(10,2) NOT NULL, placed_at DATETIME NOT NULL) ENGINE=InnoDB;
INSERT INTO orders VALUES (8811,1,'shipped',144.00,'2026-12-01 10:02:00'),
  (8812,2,'paid',76.00,'2026-12-04 16:40:00'),(8813,3,'pending',12.50,'2026-12-05 20:03:55');
CREATE DATABASE devops_hr;
CREATE TABLE devops_hr.payroll (id INT PRIMARY KEY, employee VARCHAR(64) NOT NULL, salary DECIMAL(10,2) NOT NULL) ENGINE=InnoDB;
INSERT INTO devops_hr.payroll VALUES (1,'A. Meyer',61000.00);
CREATE USER '${READER.user}'@'%' IDENTIFIED BY '${READER.password}' WITH MAX_STATEMENT_TIME 2;
GRANT SELECT ON ${MYSQL_DB}.* TO '${READER.user}'@'%';
CREATE USER 'devops_admin'@'%' IDENTIFIED BY 'admin-pass-7';
GRANT ALL ON ${MYSQL_DB}.* TO 'devops_admin'@'%';
`;

let child: ChildProcess | undefined;

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Runs SQL as root through the mariadb client. */
export function adminSql(sql: string): string {
  return execFileSync(
    "mariadb",
    ["--no-defaults", "-h127.0.0.1", `-P${PORTS.mariadb}`, "-uroot", "--batch", "-e", sql],
    { encoding: "utf8" },
  );
}

/** Starts mariadbd on its port (the data directory is kept), and waits until it accepts connections. */
export async function startMariadb(): Promise<void> {
  child = spawn(
    "mariadbd",
    [
      "--no-defaults",
      "--user=root",
      `--datadir=${path.join(DIR, "data")}`,
      `--port=${PORTS.mariadb}`,
      "--bind-address=127.0.0.1",
      `--socket=${path.join(DIR, "mysqld.sock")}`,
      `--pid-file=${path.join(DIR, "mysqld.pid")}`,
      `--log-error=${path.join(DIR, "error.log")}`,
      "--lock-wait-timeout=1",
      "--skip-name-resolve",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (await portOpen(PORTS.mariadb)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("mariadbd did not open its port");
}

export async function stopMariadb(): Promise<void> {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise((resolve) => running.once("exit", resolve));
  running.kill("SIGKILL");
  await exited;
}

/** A fresh data directory, the server started, and the shop seeded. */
export async function setupMariadb(): Promise<void> {
  fs.rmSync(DIR, { recursive: true, force: true });
  fs.mkdirSync(DIR, { recursive: true });
  execFileSync(
    "mariadb-install-db",
    [
      "--no-defaults",
      "--user=root",
      `--datadir=${path.join(DIR, "data")}`,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
    ],
    { stdio: "ignore" },
  );
  await startMariadb();
  adminSql(SEED);
}

/**
 * Holds a write lock on `parts` for `seconds` from another connection (so a reader meets the
 * 1 s lock wait timeout). Resolves once the lock is taken.
 */
export async function lockParts(seconds: number): Promise<void> {
  spawn(
    "mariadb",
    [
      "--no-defaults",
      "-h127.0.0.1",
      `-P${PORTS.mariadb}`,
      "-uroot",
      MYSQL_DB,
      "-e",
      `LOCK TABLES parts WRITE; SELECT SLEEP(${seconds}); UNLOCK TABLES;`,
    ],
    { stdio: "ignore" },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
}
