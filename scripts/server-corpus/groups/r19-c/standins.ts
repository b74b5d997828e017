// Loopback stand-ins for the services behind this group's servers:
// - a database host reached over SSH (an ssh2 Server, below): "pg-analytics-01", Debian 12 with PostgreSQL 16 and a
//   Cassandra 4.1 node, for ssh-mcp and ssh-mcp-server-secured; its commands answer with what GNU coreutils,
//   bash, PostgreSQL's client tools, Cassandra's nodetool and systemd print;
// - Google Analytics' Data API v1beta over gRPC (an HTTP/2 server behind a CONNECT proxy, below), for
//   mcp-server-google-analytics.

import fs from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { certificate, type Certificate } from "../../standin-kit.js";

// ssh2 and protobufjs come from this group's own install (its package.json), loaded at run time.
const require = createRequire(import.meta.url);
const GROUP_DIR = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------- the SSH server

// A loopback SSH server standing in for a database host ("pg-analytics-01", Debian 12, PostgreSQL 16 and a
// Cassandra node), built on ssh2's Server (pinned in this group). It accepts password authentication for one
// user and answers `exec` requests from a table of commands with the output, stderr and exit status that the
// real tools print (GNU coreutils, PostgreSQL's client tools, Cassandra's nodetool, systemd). The SFTP
// subsystem is refused, as on a host whose sshd has no `Subsystem sftp` line. Some commands never finish (a
// slow query) or drop the connection midway (the host going down). Stopping it refuses connections.

const ssh2 = require("ssh2") as {
  Server: new (config: Record<string, unknown>, listener: (client: SshClient) => void) => SshServer;
  utils: { generateKeyPairSync(type: string): { private: string; public: string } };
};

interface SshServer {
  listen(port: number, host: string, cb: () => void): void;
  close(cb?: () => void): void;
  on(event: string, cb: (...args: unknown[]) => void): void;
  once(event: string, cb: (...args: unknown[]) => void): void;
}
interface SshClient {
  on(event: string, cb: (...args: never[]) => void): SshClient;
  end(): void;
  _sock?: Socket;
}
interface AuthContext {
  method: string;
  username: string;
  password?: string;
  accept(): void;
  reject(methods?: string[]): void;
}
interface Channel {
  write(data: string): void;
  stderr: { write(data: string): void };
  exit(code: number): void;
  end(): void;
  on(event: string, cb: (...args: unknown[]) => void): void;
}

export interface Answer {
  stdout?: string;
  stderr?: string;
  code?: number;
  /** Answer after this many ms (a slow command). */
  delayMs?: number;
  /** Never answer: the command runs on (the client's own timeout ends the call). */
  hang?: boolean;
  /** Drop the whole connection after this many ms, before any exit status. */
  dropAfterMs?: number;
}

export interface SshStandinOptions {
  port: number;
  users: Record<string, string>;
  hostKey: string;
  commands: (command: string) => Answer;
}

export function hostKeyPair(): { private: string; public: string } {
  return ssh2.utils.generateKeyPairSync("ed25519");
}

export function sshStandin(options: SshStandinOptions) {
  let server: SshServer | undefined;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };
  const onClient = (client: SshClient) => {
    client
      .on("error", () => {})
      .on("authentication", (ctx: AuthContext) => {
        if (ctx.method === "password" && options.users[ctx.username] === ctx.password) return ctx.accept();
        if (ctx.method === "none" || ctx.method === "password") return ctx.reject(["password"]);
        return ctx.reject(["password"]);
      })
      .on("ready", () => {
        client.on("session", (accept: () => { on: (e: string, cb: (...a: never[]) => void) => void }) => {
          const session = accept();
          session.on("pty", (acceptPty: () => void) => acceptPty?.());
          session.on("env", (acceptEnv: () => void) => acceptEnv?.());
          session.on("shell", (_accept: unknown, reject: () => void) => reject?.());
          session.on("subsystem", (_accept: unknown, reject: () => void) => reject?.());
          session.on("signal", (acceptSignal: () => void) => acceptSignal?.());
          session.on("exec", (acceptExec: () => Channel, _reject: () => void, info: { command: string }) => {
            const channel = acceptExec();
            const answer = options.commands(info.command);
            if (answer.hang) return;
            if (answer.dropAfterMs !== undefined) {
              later(answer.dropAfterMs, () => client._sock?.destroy());
              if (answer.stdout) channel.write(answer.stdout);
              return;
            }
            later(answer.delayMs ?? 5, () => {
              try {
                if (answer.stdout) channel.write(answer.stdout);
                if (answer.stderr) channel.stderr.write(answer.stderr);
                channel.exit(answer.code ?? 0);
                channel.end();
              } catch {
                // the client went away
              }
            });
          });
        });
      });
  };
  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = new ssh2.Server(
          { hostKeys: [options.hostKey], ident: "OpenSSH_9.2p1 Debian-2+deb12u3" },
          onClient,
        );
        created.on("connection", (...args: unknown[]) => {
          void args;
        });
        created.once("error", (error: unknown) => reject(error as Error));
        // ssh2's Server wraps a net.Server; track its sockets to refuse and cut everything on stop.
        const inner = (created as unknown as { _srv: import("node:net").Server })._srv;
        inner.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.listen(options.port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

// ---------------------------------------------------------------------------- the Data API over gRPC

// Google Analytics 4's Data API v1beta as mcp-server-google-analytics reaches it: the official Node client
// (@google-analytics/data, google-gax) speaks gRPC to analyticsdata.googleapis.com:443, authenticated by a JWT
// it signs itself with the service account's key (google-gax's self-signed JWT: no token endpoint is called).
//
// The host is written into the client, so the server is started with `https_proxy` pointing at this group's
// CONNECT proxy: a tunnel to analyticsdata.googleapis.com is ended by an HTTP/2 TLS server that answers gRPC itself —
// length-prefixed protobuf messages encoded with the client's own protobuf definitions (protobufjs, from the
// group's install), status and message in the trailers — or, when asked to, a gateway's HTML 502 page. It uses
// the stand-in certificate (trusted through NODE_EXTRA_CA_CERTS). Stopping the proxy refuses connections.

interface ProtoType {
  decode(buffer: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
  fromObject(object: Record<string, unknown>): unknown;
  encode(message: unknown): { finish(): Uint8Array };
}

let types: { request: ProtoType; response: ProtoType } | undefined;
function protoTypes() {
  if (types) return types;
  const protobuf = require("protobufjs") as {
    Root: { fromJSON(json: unknown): { lookupType(name: string): ProtoType } };
  };
  const json = JSON.parse(
    fs.readFileSync(
      path.join(GROUP_DIR, "node_modules/@google-analytics/data/build/protos/protos.json"),
      "utf8",
    ),
  ) as unknown;
  const root = protobuf.Root.fromJSON(json);
  types = {
    request: root.lookupType("google.analytics.data.v1beta.RunReportRequest"),
    response: root.lookupType("google.analytics.data.v1beta.RunReportResponse"),
  };
  return types;
}

/** What the Data API answers for one RunReport: a report, or a gRPC status with its message. */
export type GaAnswer =
  | { report: Record<string, unknown>; delayMs?: number }
  | { code: number; message: string; delayMs?: number }
  | { html502: true }
  | { hang: true };

export interface GaStandinOptions {
  port: number;
  tls: () => Certificate;
  runReport: (request: Record<string, unknown>) => GaAnswer;
}

const GATEWAY_502 = `<!DOCTYPE html>
<html lang=en>
  <meta charset=utf-8>
  <meta name=viewport content="initial-scale=1, minimum-scale=1, width=device-width">
  <title>Error 502 (Server Error)!!1</title>
  <a href=//www.google.com/><span id=logo aria-label=Google></span></a>
  <p><b>502.</b> <ins>That’s an error.</ins>
  <p>The server encountered a temporary error and could not complete your request.<p>Please try again in 30 seconds.  <ins>That’s all we know.</ins>
</html>`;

function frame(message: Uint8Array): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(0, 0);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, Buffer.from(message)]);
}

export function gaStandin(options: GaStandinOptions) {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let proxy: http.Server | undefined;
  let grpc: http2.Http2SecureServer | undefined;

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const onStream = (stream: http2.ServerHttp2Stream, headers: http2.IncomingHttpHeaders) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", () => {});
    stream.on("end", () => {
      if (headers[":path"] !== "/google.analytics.data.v1beta.BetaAnalyticsData/RunReport") {
        stream.respond(
          {
            ":status": 200,
            "content-type": "application/grpc",
            "grpc-status": "12",
            "grpc-message": "Method not found",
          },
          { endStream: true },
        );
        return;
      }
      const body = Buffer.concat(chunks);
      const { request: requestType, response: responseType } = protoTypes();
      const request = requestType.toObject(requestType.decode(body.subarray(5)), {
        defaults: false,
        enums: String,
        longs: String,
      });
      const answer = options.runReport(request);
      if ("hang" in answer) return;
      if ("html502" in answer) {
        stream.respond({ ":status": 502, "content-type": "text/html; charset=UTF-8" });
        stream.end(GATEWAY_502);
        return;
      }
      later(answer.delayMs ?? 5, () => {
        if (stream.destroyed || stream.closed) return;
        if ("code" in answer) {
          stream.respond(
            {
              ":status": 200,
              "content-type": "application/grpc",
              "grpc-status": String(answer.code),
              "grpc-message": answer.message.replace(/[^\x20-\x7E]|%/g, (c) => encodeURIComponent(c)),
            },
            { endStream: true },
          );
          return;
        }
        stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
        stream.on("wantTrailers", () => stream.sendTrailers({ "grpc-status": "0", "grpc-message": "" }));
        stream.end(frame(responseType.encode(responseType.fromObject(answer.report)).finish()));
      });
    });
  };

  return {
    start: () =>
      new Promise<void>((resolve, reject) => {
        const { cert, key } = options.tls();
        const tls = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
        grpc = http2.createSecureServer({ ...tls, allowHTTP1: false });
        grpc.on("stream", onStream);
        grpc.on("sessionError", () => {});
        const created = http.createServer((_req, res) => {
          res.writeHead(400);
          res.end();
        });
        created.on("connect", (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
          socket.on("error", () => {});
          socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
          if (head.length) socket.unshift(head);
          if (!(req.url ?? "").startsWith("analyticsdata.googleapis.com:")) return socket.destroy();
          grpc?.emit("connection", socket);
        });
        created.on("connection", (socket: Socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
        });
        created.once("error", reject);
        created.listen(options.port, "127.0.0.1", () => resolve());
        proxy = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        grpc?.close();
        grpc = undefined;
        if (!proxy) return resolve();
        proxy.close(() => resolve());
        proxy = undefined;
      }),
  };
}

// ------------------------------------------------------------------------------------------ the host

export const DATA = "/tmp/faultline-corpus-r19-c";

export const SSH_PORT = 40860;
export const SSH_SECURED_PORT = 40861;
export const SSH_USER = "dbops";
export const SSH_PASSWORD = "Vq7-standin-pass-3Lx9";

export const state = {
  /** Every command drops the connection after 400 ms (the host rebooting). */
  sshDrop: false,
  /** The replica (the :40860 host, as the secured server reaches it) never finishes a command. */
  replicaSlow: false,
};

let hostKey: { private: string; public: string } | undefined;
export function ensureHostKey(): { private: string; public: string } {
  const file = path.join(DATA, "ssh_host_ed25519_key");
  if (!hostKey) {
    fs.mkdirSync(DATA, { recursive: true });
    if (fs.existsSync(file))
      hostKey = { private: fs.readFileSync(file, "utf8"), public: fs.readFileSync(`${file}.pub`, "utf8") };
    else {
      hostKey = hostKeyPair();
      fs.writeFileSync(file, hostKey.private, { mode: 0o600 });
      fs.writeFileSync(`${file}.pub`, hostKey.public);
    }
  }
  return hostKey;
}

const OS_RELEASE = `PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"
NAME="Debian GNU/Linux"
VERSION_ID="12"
VERSION="12 (bookworm)"
VERSION_CODENAME=bookworm
ID=debian
HOME_URL="https://www.debian.org/"
SUPPORT_URL="https://www.debian.org/support"
BUG_REPORT_URL="https://bugs.debian.org/"
`;

const DF = `Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme1n1p1  492G  371G   97G  80% /var/lib/postgresql
`;

const BACKUPS = `total 48231428
drwxr-x--- 2 postgres postgres        4096 Dec  6 03:10 .
drwxr-xr-x 9 root     root            4096 Nov  2 11:41 ..
-rw-r----- 1 postgres postgres 16440321024 Dec  4 03:09 analytics-2026-12-04.dump
-rw-r----- 1 postgres postgres 16452874240 Dec  5 03:09 analytics-2026-12-05.dump
-rw-r----- 1 postgres postgres 16495718400 Dec  6 03:10 analytics-2026-12-06.dump
`;

const PG_LOG_ERRORS = `2026-12-06 02:14:07.311 UTC [418822] analytics@analytics ERROR:  duplicate key value violates unique constraint "events_pkey"
2026-12-06 02:14:07.311 UTC [418822] analytics@analytics DETAIL:  Key (event_id)=(8f1c2a9e-3b7d-4e51-a0c4-77d2e9b1f3a8) already exists.
2026-12-06 09:41:52.004 UTC [421907] metabase@analytics ERROR:  canceling statement due to statement timeout
`;

const PSQL_TOP_TABLES = `        relname        | n_live_tup | total_size
-----------------------+------------+------------
 events                |  412883104 | 118 GB
 sessions              |   38120457 | 9214 MB
 pageviews_daily       |    1821004 | 412 MB
 users                 |     904511 | 301 MB
(4 rows)

`;

const NODETOOL_STATUS = `Datacenter: eu-west-1
=====================
Status=Up/Down
|/ State=Normal/Leaving/Joining/Moving
--  Address       Load        Tokens  Owns (effective)  Host ID                               Rack
UN  10.20.4.11    212.48 GiB  16      33.4%             5b1e0c3a-7d2f-4a86-9e41-0f3c8b2d6a17  1a
UN  10.20.4.12    208.91 GiB  16      33.2%             c9f47e21-30ab-4d5e-8b16-2e7a90d4f1c3  1b
DN  10.20.4.13    211.07 GiB  16      33.4%             71d3a8e9-c54b-4f02-a6d7-9b1e2c0f8a54  1c

`;

const PG_STATUS = `● postgresql@16-main.service - PostgreSQL Cluster 16-main
     Loaded: loaded (/lib/systemd/system/postgresql@.service; enabled-runtime; preset: enabled)
     Active: active (running) since Mon 2026-10-26 08:02:14 UTC; 1 month 11 days ago
    Process: 1187 ExecStart=/usr/bin/pg_ctlcluster --skip-systemctl-redirect 16-main start (code=exited, status=0/SUCCESS)
   Main PID: 1201 (postgres)
      Tasks: 41 (limit: 76969)
     Memory: 11.8G
        CPU: 3d 4h 12min 9.412s
     CGroup: /system.slice/system-postgresql.slice/postgresql@16-main.service
`;

/** What the host answers for each command (as the SSH servers send it, possibly wrapped in `cd … && `). */
export function hostCommands(raw: string): Answer {
  if (state.sshDrop) return { dropAfterMs: 400 };
  // Servers may prefix a working directory or an environment; answer by the command's own words.
  const command = raw
    .replace(/^cd\s+\S+\s*&&\s*/, "")
    .replace(/^export\s+[^;]*;\s*/, "")
    .trim();
  const is = (text: string) => command === text || command.endsWith(text);
  if (is("uptime"))
    return { stdout: " 19:24:51 up 41 days, 11:22,  2 users,  load average: 0.42, 0.37, 0.31\n" };
  if (is("hostname")) return { stdout: "pg-analytics-01\n" };
  if (is("cat /etc/os-release")) return { stdout: OS_RELEASE };
  if (is("df -h /var/lib/postgresql")) return { stdout: DF };
  if (is("ls -la /var/backups/pg")) return { stdout: BACKUPS };
  if (is("ls /var/backups/pg/archive"))
    return { stderr: "ls: cannot access '/var/backups/pg/archive': No such file or directory\n", code: 2 };
  if (is("cat /etc/postgresql/16/main/pg_hba.conf"))
    return { stderr: "cat: /etc/postgresql/16/main/pg_hba.conf: Permission denied\n", code: 1 };
  if (is("find /var/backups/pg -name '*.partial'")) return { stdout: "" };
  if (is("rm /var/backups/pg/analytics-2026-12-04.dump"))
    return {
      stderr: "rm: cannot remove '/var/backups/pg/analytics-2026-12-04.dump': Permission denied\n",
      code: 1,
    };
  if (command.includes("grep ERROR /var/log/postgresql/postgresql-16-main.log"))
    return { stdout: PG_LOG_ERRORS };
  if (command.includes("psql") && command.includes("pg_stat_user_tables")) return { stdout: PSQL_TOP_TABLES };
  if (command.includes("psql") && command.includes("pg_sleep")) return { hang: true };
  if (command.includes("psql") && command.includes("no_such_table"))
    return {
      stderr:
        'ERROR:  relation "no_such_table" does not exist\nLINE 1: SELECT count(*) FROM no_such_table\n                             ^\n',
      code: 1,
    };
  if (is("nodetool status")) return { stdout: NODETOOL_STATUS };
  if (is("systemctl status postgresql@16-main")) return { stdout: PG_STATUS };
  if (command.startsWith("pgbackrest"))
    return { stderr: "bash: line 1: pgbackrest: command not found\n", code: 127 };
  if (command.includes("vacuumdb"))
    return { stdout: 'vacuumdb: vacuuming database "analytics"\n', dropAfterMs: 600 };
  if (command.includes("sleep")) return { hang: true };
  if (is("whoami")) return { stdout: "dbops\n" };
  if (is("id")) return { stdout: "uid=1001(dbops) gid=1001(dbops) groups=1001(dbops),108(postgres)\n" };
  return { stderr: `bash: line 1: ${command.split(/\s+/)[0]}: command not found\n`, code: 127 };
}

export const sshHost = sshStandin({
  port: SSH_PORT,
  users: { [SSH_USER]: SSH_PASSWORD },
  get hostKey() {
    return ensureHostKey().private;
  },
  commands: (command) => (state.replicaSlow ? { hang: true } : hostCommands(command)),
});

export const sshSecuredHost = sshStandin({
  port: SSH_SECURED_PORT,
  users: { [SSH_USER]: SSH_PASSWORD },
  get hostKey() {
    return ensureHostKey().private;
  },
  commands: hostCommands,
});

// ------------------------------------------------------------------------------- Google Analytics Data API

export const GA_PROXY_PORT = 40870;
export const CERT = path.join(DATA, "standin-cert.pem");
export const GA_PROPERTY_ID = "318204557";

export const gaState = {
  forbidden: false,
  quota: false,
  internal: false,
  unavailable: false,
  badGateway: false,
  unauthenticated: false,
};

let cert: Certificate | undefined;
export function ensureCertificate(): Certificate {
  cert ??= certificate(DATA, ["analyticsdata.googleapis.com"]);
  return cert;
}

const DAYS = ["20261130", "20261201", "20261202", "20261203", "20261204", "20261205", "20261206"];
const row = (dims: string[], mets: string[]) => ({
  dimensionValues: dims.map((value) => ({ value })),
  metricValues: mets.map((value) => ({ value })),
});
const meta = { currencyCode: "EUR", timeZone: "Europe/Berlin" };

function report(dimensions: string[], metrics: [string, string][], rows: ReturnType<typeof row>[]) {
  return {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: metrics.map(([name, type]) => ({ name, type })),
    rows,
    rowCount: rows.length,
    metadata: meta,
    kind: "analyticsData#runReport",
  };
}

const VALID_DIMENSIONS = new Set([
  "date",
  "country",
  "city",
  "pagePath",
  "pageTitle",
  "eventName",
  "deviceCategory",
  "sessionSource",
  "itemName",
]);
const VALID_METRICS = new Set([
  "activeUsers",
  "newUsers",
  "sessions",
  "screenPageViews",
  "eventCount",
  "averageSessionDuration",
  "bounceRate",
  "sessionsPerUser",
  "itemsViewed",
  "purchaseRevenue",
]);
const SCHEMA =
  "For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema";

type Named = { name?: string }[] | undefined;

export function runReport(request: Record<string, unknown>): GaAnswer {
  if (gaState.forbidden)
    return {
      code: 7,
      message:
        "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.",
    };
  if (gaState.quota)
    return {
      code: 8,
      message:
        "Exhausted property tokens per hour for a property. To learn more, see https://developers.google.com/analytics/devguides/reporting/data/v1/quotas",
    };
  if (gaState.internal) return { code: 13, message: "Internal error encountered." };
  if (gaState.unavailable) return { code: 14, message: "The service is currently unavailable." };
  if (gaState.badGateway) return { html502: true };
  if (gaState.unauthenticated)
    return {
      code: 16,
      message:
        "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
    };
  const dimensions = ((request.dimensions as Named) ?? []).map((d) => d.name ?? "");
  const metrics = ((request.metrics as Named) ?? []).map((m) => m.name ?? "");
  const range = ((request.dateRanges as { startDate?: string; endDate?: string }[]) ?? [])[0] ?? {};
  for (const name of dimensions)
    if (!VALID_DIMENSIONS.has(name))
      return { code: 3, message: `Field ${name} is not a valid dimension. ${SCHEMA}` };
  for (const name of metrics)
    if (!VALID_METRICS.has(name))
      return { code: 3, message: `Field ${name} is not a valid metric. ${SCHEMA}` };
  if (dimensions.includes("itemName") && metrics.includes("sessions"))
    return {
      code: 3,
      message:
        "Please remove itemName to make the request compatible. The request's dimensions & metrics are incompatible. To learn more, see https://ga-dev-tools.google/ga4/dimensions-metrics-explorer/",
    };
  if (range.startDate === "2026-11-02") return { hang: true };
  if (range.startDate === "2026-11-09") return { report: report([], [], []), delayMs: 20_000 };
  if (dimensions.join() === "date" && metrics.join() === "activeUsers,newUsers") {
    const users = ["4127", "5210", "5388", "5051", "4876", "3012", "2764"];
    const fresh = ["1310", "1702", "1688", "1597", "1455", "1021", "903"];
    return {
      report: report(
        ["date"],
        [
          ["activeUsers", "TYPE_INTEGER"],
          ["newUsers", "TYPE_INTEGER"],
        ],
        DAYS.map((d, i) => row([d], [users[i]!, fresh[i]!])),
      ),
    };
  }
  if (
    dimensions.join() === "date" &&
    metrics.join() === "averageSessionDuration,bounceRate,sessionsPerUser"
  ) {
    const dur = ["182.41", "201.77", "197.05", "189.9", "176.32", "143.18", "151.6"];
    const bounce = ["0.4123", "0.3871", "0.3902", "0.4017", "0.4244", "0.5129", "0.4988"];
    const spu = ["1.31", "1.36", "1.34", "1.33", "1.29", "1.18", "1.2"];
    return {
      report: report(
        ["date"],
        [
          ["averageSessionDuration", "TYPE_SECONDS"],
          ["bounceRate", "TYPE_FLOAT"],
          ["sessionsPerUser", "TYPE_FLOAT"],
        ],
        DAYS.map((d, i) => row([d], [dur[i]!, bounce[i]!, spu[i]!])),
      ),
    };
  }
  if (dimensions.join() === "country" && metrics.join() === "sessions") {
    const rows = [
      row(["Germany"], ["14302"]),
      row(["Austria"], ["3918"]),
      row(["Switzerland"], ["3377"]),
      row(["Netherlands"], ["1204"]),
      row(["(not set)"], ["87"]),
    ];
    // A string filter on country; an unspecified match type is an exact match, as the API documents.
    const filter = (
      request.dimensionFilter as { filter?: { stringFilter?: { matchType?: string; value?: string } } }
    )?.filter;
    const wanted = filter?.stringFilter;
    const kept = !wanted
      ? rows
      : rows.filter((r) => {
          const value = r.dimensionValues[0]!.value;
          if (wanted.matchType === "BEGINS_WITH") return value.startsWith(wanted.value ?? "");
          if (wanted.matchType === "CONTAINS") return value.includes(wanted.value ?? "");
          return value === wanted.value;
        });
    return { report: report(["country"], [["sessions", "TYPE_INTEGER"]], kept) };
  }
  if (dimensions.join() === "pagePath" && metrics.join() === "screenPageViews")
    return {
      report: report(
        ["pagePath"],
        [["screenPageViews", "TYPE_INTEGER"]],
        [
          row(["/"], ["21877"]),
          row(["/pricing"], ["6410"]),
          row(["/docs/getting-started"], ["5933"]),
          row(["/blog/warehouse-costs-2026"], ["2408"]),
        ],
      ),
    };
  if (dimensions.join() === "eventName,date" && metrics.join() === "eventCount") {
    const filter = JSON.stringify(request.dimensionFilter ?? {});
    if (filter.includes("app_exception"))
      return {
        report: report(
          ["eventName", "date"],
          [["eventCount", "TYPE_INTEGER"]],
          [
            row(["app_exception", "20261204"], ["41"]),
            row(["app_exception", "20261205"], ["118"]),
            row(["app_exception", "20261206"], ["23"]),
          ],
        ),
      };
    if (filter.includes("purchase"))
      return {
        report: report(
          ["eventName", "date"],
          [["eventCount", "TYPE_INTEGER"]],
          DAYS.map((d, i) => row(["purchase", d], [String([212, 264, 251, 239, 247, 188, 171][i])])),
        ),
      };
    return {
      report: { ...report(["eventName", "date"], [["eventCount", "TYPE_INTEGER"]], []), rowCount: 0 },
    };
  }
  return {
    report: report(
      dimensions,
      metrics.map((m) => [m, "TYPE_INTEGER"]),
      [],
    ),
  };
}

export const gaHost = gaStandin({
  port: GA_PROXY_PORT,
  tls: ensureCertificate,
  runReport,
});
