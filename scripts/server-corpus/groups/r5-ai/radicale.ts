// A private Radicale (Debian's `radicale`, a real CalDAV server) for caldav-mcp: user `ana` with
// two calendars, `work` (read-write, events and tasks) and `holidays` (read-only by its rights file).

import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export const RADICALE_PORT = 38555;
export const RADICALE_DIR = "/tmp/faultline-corpus-r5-ai/radicale";
const USERS = path.join(RADICALE_DIR, "users");
export const CALDAV_USER = "ana";
export const CALDAV_PASSWORD = "ana-secret";

let child: ChildProcess | undefined;

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

export function setupRadicale() {
  fs.rmSync(RADICALE_DIR, { recursive: true, force: true });
  const root = path.join(RADICALE_DIR, "collections", "collection-root", CALDAV_USER);
  write(
    path.join(root, "work", ".Radicale.props"),
    JSON.stringify({
      tag: "VCALENDAR",
      "D:displayname": "Work",
      "C:supported-calendar-component-set": "VEVENT,VTODO",
    }),
  );
  write(
    path.join(root, "holidays", ".Radicale.props"),
    JSON.stringify({
      tag: "VCALENDAR",
      "D:displayname": "Holidays",
      "C:supported-calendar-component-set": "VEVENT",
    }),
  );
  write(USERS, `${CALDAV_USER}:${CALDAV_PASSWORD}\n`);
  write(
    path.join(RADICALE_DIR, "rights"),
    [
      "[root]\nuser: .+\ncollection:\npermissions: R\n",
      "[principal]\nuser: .+\ncollection: {user}\npermissions: RW\n",
      "[holidays]\nuser: .+\ncollection: {user}/holidays\npermissions: rR\n",
      "[calendars]\nuser: .+\ncollection: {user}/[^/]+\npermissions: rw\n",
    ].join("\n"),
  );
  write(
    path.join(RADICALE_DIR, "config"),
    [
      `[server]\nhosts = 127.0.0.1:${RADICALE_PORT}`,
      `[auth]\ntype = htpasswd\nhtpasswd_filename = ${USERS}\nhtpasswd_encryption = plain`,
      `[rights]\ntype = from_file\nfile = ${path.join(RADICALE_DIR, "rights")}`,
      `[storage]\nfilesystem_folder = ${path.join(RADICALE_DIR, "collections")}`,
      "[logging]\nlevel = info",
    ].join("\n") + "\n",
  );
}

/** The password Radicale accepts (it reads the htpasswd file at each request). */
export function setPassword(password: string) {
  write(USERS, `${CALDAV_USER}:${password}\n`);
}

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`radicale did not open port ${port}`);
}

export async function startRadicale() {
  if (child) return;
  const log = fs.createWriteStream(path.join(RADICALE_DIR, "radicale.log"), { flags: "a" });
  const started = spawn(
    "/usr/bin/python3",
    ["-m", "radicale", "--config", path.join(RADICALE_DIR, "config")],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  started.stdout?.pipe(log);
  started.stderr?.pipe(log);
  child = started;
  await waitForPort(RADICALE_PORT);
}

export async function stopRadicale() {
  const current = child;
  child = undefined;
  if (!current || current.exitCode !== null) return;
  current.kill("SIGCONT");
  current.kill("SIGKILL");
  await new Promise((resolve) => current.once("exit", resolve));
}

/** SIGSTOP: the server keeps its port open and answers nothing (a hung backend). */
export function freezeRadicale(frozen: boolean) {
  child?.kill(frozen ? "SIGSTOP" : "SIGCONT");
}
