// What stands behind this group's servers (README.md says where each answer comes from):
// - DuckDB itself for @seed-ship/duckdb-mcp-native: the engine is embedded in the server (`@duckdb/node-api`, an
//   in-memory database), so nothing stands in for it; the data the session works on is a CSV file written here.
// - A SQL Server for mssql-mcp-server: a loopback listener on 42710 that speaks TDS 7.4 (the protocol's
//   PRELOGIN, LOGIN7, SQL batch, RPC `sp_executesql` and ATTENTION messages, answered with LOGINACK, ENVCHANGE,
//   COLMETADATA, ROW, ERROR and DONE tokens, [MS-TDS]). It runs no SQL: it recognises each query the server
//   builds by a fragment of its text and answers with canned rows, or with the ERROR token SQL Server sends for
//   that failure (number, state, class and message text as the engine writes them). Encryption is answered
//   ENCRYPT_NOT_SUP, so the server's tedious client talks to it in clear (the connection string says
//   Encrypt=false).
//
// `state` is switched by the sessions' hooks.

import net from "node:net";

export const DATA = "/tmp/faultline-corpus-r32-a";

export const TDS_PORT = 42710;

/** The login the default connection uses, and the database it opens. */
export const MSSQL_USER = "mcp_reader";
export const MSSQL_PASSWORD = "Rd!8x2-northwind";
export const MSSQL_DATABASE = "Sales";

export const state = {
  /** The login's password was changed on the server (error 18456 at login). */
  mssqlPasswordRotated: false,
  /** Azure SQL's resource governor refuses new requests (error 10928). */
  mssqlThrottled: false,
  /** The next statement is chosen as a deadlock victim (error 1205). */
  mssqlDeadlock: false,
};

export const unknownRequests: string[] = [];
export const seen = new Map<string, number>();
export function resetCounters() {
  seen.clear();
  unknownRequests.length = 0;
}
function count(key: string) {
  seen.set(key, (seen.get(key) ?? 0) + 1);
}

// ------------------------------------------------------------------------------------------------ TDS encoding

const PACKET = { SQL_BATCH: 0x01, RPC: 0x03, REPLY: 0x04, ATTENTION: 0x06, LOGIN7: 0x10, PRELOGIN: 0x12 };
const TOKEN = {
  COLMETADATA: 0x81,
  ERROR: 0xaa,
  INFO: 0xab,
  LOGINACK: 0xad,
  ROW: 0xd1,
  ENVCHANGE: 0xe3,
  DONE: 0xfd,
};
const DONE_FINAL = 0x00;
const DONE_ERROR = 0x02;
const DONE_COUNT = 0x10;
const DONE_ATTN = 0x20;

const SERVER_NAME = "SQLPROD01";
/** SQL_Latin1_General_CP1_CI_AS, as SQL Server sends it in COLMETADATA and ENVCHANGE. */
const COLLATION = Buffer.from([0x09, 0x04, 0xd0, 0x00, 0x34]);

const u8 = (n: number) => Buffer.from([n & 0xff]);
function u16(n: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}
function u32(n: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}
function u64(n: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
}
const ucs2 = (s: string) => Buffer.from(s, "utf16le");
/** B_VARCHAR: a one-byte character count, then UCS-2. */
const bvarchar = (s: string) => Buffer.concat([u8(s.length), ucs2(s)]);
/** US_VARCHAR: a two-byte character count, then UCS-2. */
const usvarchar = (s: string) => Buffer.concat([u16(s.length), ucs2(s)]);

function withLength(token: number, body: Buffer) {
  return Buffer.concat([u8(token), u16(body.length), body]);
}

function done(status: number, rows = 0, curCmd = 0xc1) {
  return Buffer.concat([u8(TOKEN.DONE), u16(status), u16(curCmd), u64(rows)]);
}

/** An ERROR (or INFO) token as SQL Server writes it: number, state, class, message, server, procedure, line. */
function errorToken(
  number: number,
  stateNo: number,
  severity: number,
  message: string,
  line = 1,
  token = TOKEN.ERROR,
) {
  return withLength(
    token,
    Buffer.concat([
      u32(number),
      u8(stateNo),
      u8(severity),
      usvarchar(message),
      bvarchar(SERVER_NAME),
      bvarchar(""),
      u32(line),
    ]),
  );
}

type Cell = string | number | null;
type Row = Record<string, Cell>;

/** A result set: every column NVARCHAR(4000), or INTN(4) when its first non-null value is an integer. */
function resultSet(rows: Row[], columns?: string[]) {
  const names = columns ?? (rows[0] ? Object.keys(rows[0]) : ["value"]);
  const isInt = names.map((name) => {
    const sample = rows.find((row) => row[name] !== null && row[name] !== undefined)?.[name];
    return typeof sample === "number" && Number.isInteger(sample);
  });
  const meta = [u8(TOKEN.COLMETADATA), u16(names.length)];
  names.forEach((name, i) => {
    meta.push(u32(0), u16(0x0009)); // user type; flags: nullable, updateable unknown
    if (isInt[i]) meta.push(u8(0x26), u8(4));
    else meta.push(u8(0xe7), u16(8000), COLLATION);
    meta.push(bvarchar(name));
  });
  const body: Buffer[] = [Buffer.concat(meta)];
  for (const row of rows) {
    body.push(u8(TOKEN.ROW));
    names.forEach((name, i) => {
      const value = row[name];
      if (isInt[i]) {
        if (value === null || value === undefined) body.push(u8(0));
        else {
          const b = Buffer.alloc(4);
          b.writeInt32LE(Number(value));
          body.push(u8(4), b);
        }
      } else if (value === null || value === undefined) body.push(u16(0xffff));
      else {
        const bytes = ucs2(String(value));
        body.push(u16(bytes.length), bytes);
      }
    });
  }
  return Buffer.concat(body);
}

function envchange(type: number, newValue: string, oldValue: string) {
  return withLength(TOKEN.ENVCHANGE, Buffer.concat([u8(type), bvarchar(newValue), bvarchar(oldValue)]));
}

function send(socket: net.Socket, payload: Buffer, packetSize = 4096) {
  if (socket.destroyed) return;
  const room = packetSize - 8;
  let id = 1;
  for (let offset = 0; offset < payload.length || offset === 0; offset += room) {
    const chunk = payload.subarray(offset, offset + room);
    const last = offset + room >= payload.length;
    const header = Buffer.alloc(8);
    header.writeUInt8(PACKET.REPLY, 0);
    header.writeUInt8(last ? 0x01 : 0x00, 1);
    header.writeUInt16BE(chunk.length + 8, 2);
    header.writeUInt16BE(57, 4); // SPID
    header.writeUInt8(id++ & 0xff, 6);
    socket.write(Buffer.concat([header, chunk]));
    if (last) break;
  }
}

// ------------------------------------------------------------------------------------------------ TDS decoding

/** LOGIN7: the user name, the (obfuscated) password and the database, from the fixed part's offsets. */
function parseLogin7(buf: Buffer) {
  const field = (at: number) => ({ offset: buf.readUInt16LE(at), length: buf.readUInt16LE(at + 2) });
  const str = (at: number) => {
    const { offset, length } = field(at);
    return buf.subarray(offset, offset + length * 2).toString("utf16le");
  };
  const pw = field(44);
  const raw = Buffer.from(buf.subarray(pw.offset, pw.offset + pw.length * 2));
  for (let i = 0; i < raw.length; i++) {
    const x = raw.readUInt8(i) ^ 0xa5;
    raw[i] = ((x & 0x0f) << 4) | (x >> 4);
  }
  return { user: str(40), password: raw.toString("utf16le"), database: str(68) };
}

interface Statement {
  sql: string;
  params: Record<string, string | number | null>;
}

/** A SQL batch's text, or an RPC request's `sp_executesql` statement and its parameters' values. */
function statementOf(type: number, buf: Buffer): Statement {
  let at = buf.readUInt32LE(0); // ALL_HEADERS
  if (type === PACKET.SQL_BATCH) return { sql: buf.subarray(at).toString("utf16le"), params: {} };
  const nameLength = buf.readUInt16LE(at);
  at += 2;
  at += nameLength === 0xffff ? 2 : nameLength * 2;
  at += 2; // option flags
  const values: Array<[string, string | number | null]> = [];
  while (at < buf.length) {
    const paramNameLength = buf.readUInt8(at);
    const name = buf.subarray(at + 1, at + 1 + paramNameLength * 2).toString("utf16le");
    at += 1 + paramNameLength * 2;
    at += 1; // status
    const typeId = buf.readUInt8(at);
    at += 1;
    if (typeId === 0xe7 || typeId === 0xef) {
      const maxLength = buf.readUInt16LE(at);
      at += 2 + 5;
      if (maxLength !== 0xffff) {
        const length = buf.readUInt16LE(at);
        values.push([
          name,
          length === 0xffff ? null : buf.subarray(at + 2, at + 2 + length).toString("utf16le"),
        ]);
        at += 2 + (length === 0xffff ? 0 : length);
      } else {
        at += 8; // PLP total length
        const parts: Buffer[] = [];
        for (;;) {
          const chunk = buf.readUInt32LE(at);
          at += 4;
          if (chunk === 0) break;
          parts.push(buf.subarray(at, at + chunk));
          at += chunk;
        }
        values.push([name, Buffer.concat(parts).toString("utf16le")]);
      }
    } else if (typeId === 0x26) {
      at += 1; // max length
      const length = buf.readUInt8(at);
      values.push([name, length === 0 ? null : Number(buf.readIntLE(at + 1, Math.min(length, 6)))]);
      at += 1 + length;
    } else {
      values.push([name, `<type 0x${typeId.toString(16)}>`]);
      break;
    }
  }
  const [statement, , ...rest] = values;
  return {
    sql: String(statement?.[1] ?? ""),
    params: Object.fromEntries(rest.map(([name, value]) => [name.replace(/^@/, ""), value])),
  };
}

// ------------------------------------------------------------------------------------------------ the database

const TABLES: Row[] = [
  { TABLE_NAME: "Customers", TABLE_TYPE: "BASE TABLE" },
  { TABLE_NAME: "OrderArchive", TABLE_TYPE: "BASE TABLE" },
  { TABLE_NAME: "OrderLines", TABLE_TYPE: "BASE TABLE" },
  { TABLE_NAME: "Orders", TABLE_TYPE: "BASE TABLE" },
  { TABLE_NAME: "Payroll", TABLE_TYPE: "BASE TABLE" },
];

const ORDERS: Row[] = [
  { OrderId: 10248, CustomerId: "VINET", OrderDate: "2026-11-02", Status: "shipped", Total: "440.00" },
  { OrderId: 10249, CustomerId: "TOMSP", OrderDate: "2026-11-03", Status: "shipped", Total: "1863.40" },
  { OrderId: 10250, CustomerId: "HANAR", OrderDate: "2026-11-05", Status: "open", Total: "1552.60" },
  { OrderId: 10251, CustomerId: "VICTE", OrderDate: "2026-11-05", Status: "open", Total: "654.06" },
  { OrderId: 10252, CustomerId: "SUPRD", OrderDate: "2026-11-06", Status: "cancelled", Total: "3597.90" },
];

const COLUMNS: Record<string, Array<[string, string, string]>> = {
  Orders: [
    ["OrderId", "int", "NO"],
    ["CustomerId", "nchar", "NO"],
    ["OrderDate", "date", "NO"],
    ["Status", "varchar", "NO"],
    ["Total", "decimal", "YES"],
  ],
  Customers: [
    ["CustomerId", "nchar", "NO"],
    ["CompanyName", "nvarchar", "NO"],
    ["Country", "nvarchar", "YES"],
  ],
};

const PROCEDURES: Row[] = [
  {
    ROUTINE_NAME: "usp_TopCustomers",
    ROUTINE_TYPE: "PROCEDURE",
    ROUTINE_DEFINITION:
      "CREATE PROCEDURE dbo.usp_TopCustomers @Top int = 10 AS\r\nSELECT TOP (@Top) CustomerId, SUM(Total) AS revenue FROM dbo.Orders GROUP BY CustomerId ORDER BY revenue DESC;",
  },
  {
    ROUTINE_NAME: "usp_CloseOrder",
    ROUTINE_TYPE: "PROCEDURE",
    ROUTINE_DEFINITION:
      "CREATE PROCEDURE dbo.usp_CloseOrder @OrderId int AS\r\nUPDATE dbo.Orders SET Status = 'shipped' WHERE OrderId = @OrderId;",
  },
];

type Answer =
  | { rows: Row[]; columns?: string[] }
  | { rowsAffected: number }
  | { error: [number, number, number, string]; terminated?: boolean }
  | { slowMs: number };

const has = (sql: string, fragment: string) => sql.toLowerCase().includes(fragment.toLowerCase());

/** What SQL Server would answer to each statement the server sends. */
function answer({ sql, params }: Statement): Answer {
  count(sql.replace(/\s+/g, " ").trim().slice(0, 60));
  // the session options tedious sends after login
  if (/^\s*set /i.test(sql)) return { rowsAffected: 0 };
  // the pool's validation of a connection before it hands it out
  if (/^\s*SELECT 1;?\s*$/i.test(sql)) return { rows: [{ "": 1 }] };
  if (state.mssqlThrottled) {
    return {
      error: [
        10928,
        1,
        20,
        "Resource ID : 1. The request limit for the database is 60 and has been reached. See 'https://docs.microsoft.com/azure/azure-sql/database/resource-limits-logical-server' for assistance.",
      ],
    };
  }
  if (state.mssqlDeadlock) {
    return {
      error: [
        1205,
        51,
        13,
        "Transaction (Process ID 57) was deadlocked on lock resources with another process and has been chosen as the deadlock victim. Rerun the transaction.",
      ],
    };
  }
  // get-tables
  if (has(sql, "FROM INFORMATION_SCHEMA.TABLES") && has(sql, "TABLE_TYPE = 'BASE TABLE'")) {
    return { rows: TABLES };
  }
  // get-table (the table name is the parameter @tableName)
  if (has(sql, "FROM INFORMATION_SCHEMA.COLUMNS") && has(sql, "TABLE_NAME = @tableName")) {
    const table = String(params.tableName ?? "");
    return {
      rows: (COLUMNS[table] ?? []).map(([column, type, nullable]) => ({
        TABLE_NAME: table,
        COLUMN_NAME: column,
        DATA_TYPE: type,
        IS_NULLABLE: nullable,
      })),
      columns: ["TABLE_NAME", "COLUMN_NAME", "DATA_TYPE", "IS_NULLABLE"],
    };
  }
  // get-stored-procedure writes an ODBC-style `?` placeholder, which T-SQL does not know
  if (has(sql, "ROUTINE_NAME = ?")) return { error: [102, 1, 15, "Incorrect syntax near '?'."] };
  if (has(sql, "FROM INFORMATION_SCHEMA.ROUTINES") && has(sql, "ROUTINE_TYPE = 'PROCEDURE'")) {
    return { rows: PROCEDURES };
  }
  // query
  if (has(sql, "Payroll")) {
    return {
      error: [
        229,
        5,
        14,
        "The SELECT permission was denied on the object 'Payroll', database 'Sales', schema 'dbo'.",
      ],
    };
  }
  if (has(sql, "OrderArchive")) return { slowMs: 20_000 };
  const missing = /FROM\s+(?:dbo\.)?(Invoices|Shipments)\b/i.exec(sql);
  if (missing) return { error: [208, 1, 16, `Invalid object name 'dbo.${missing[1]}'.`] };
  if (has(sql, "Totl")) return { error: [207, 1, 16, "Invalid column name 'Totl'."] };
  if (/,\s*FROM/i.test(sql)) return { error: [156, 1, 15, "Incorrect syntax near the keyword 'FROM'."] };
  if (/\/\s*0\b/.test(sql)) return { error: [8134, 1, 16, "Divide by zero error encountered."] };
  if (/^\s*INSERT INTO dbo\.Orders/i.test(sql)) {
    if (has(sql, "(10248,")) {
      return {
        error: [
          2627,
          1,
          14,
          "Violation of PRIMARY KEY constraint 'PK_Orders'. Cannot insert duplicate key in object 'dbo.Orders'. The duplicate key value is (10248).",
        ],
        terminated: true,
      };
    }
    if (has(sql, "'ZZZZZ'")) {
      return {
        error: [
          547,
          0,
          16,
          'The INSERT statement conflicted with the FOREIGN KEY constraint "FK_Orders_Customers". The conflict occurred in database "Sales", table "dbo.Customers", column \'CustomerId\'.',
        ],
        terminated: true,
      };
    }
    return { rowsAffected: 1 };
  }
  if (/^\s*UPDATE dbo\.Orders/i.test(sql)) return { rowsAffected: 1 };
  if (has(sql, "Status = 'refunded'")) return { rows: [], columns: ["OrderId", "CustomerId", "Total"] };
  if (has(sql, "Total > 100000")) return { rows: [], columns: ["OrderId", "CustomerId", "Total"] };
  if (has(sql, "AS open_orders")) return { rows: [{ open_orders: 2 }] };
  if (has(sql, "FROM dbo.Customers") && has(sql, "Country = 'Germany'")) {
    return {
      rows: [
        { CustomerId: "ALFKI", CompanyName: "Alfreds Futterkiste", Country: "Germany" },
        { CustomerId: "BLAUS", CompanyName: "Blauer See Delikatessen", Country: "Germany" },
      ],
    };
  }
  if (has(sql, "JOIN dbo.Customers")) {
    return {
      rows: [
        { OrderId: 10250, CompanyName: "Hanari Carnes", Total: "1552.60" },
        { OrderId: 10251, CompanyName: "Victuailles en stock", Total: "654.06" },
      ],
    };
  }
  if (has(sql, "SUM(Total)")) {
    return {
      rows: [
        { CustomerId: "SUPRD", orders: 1, revenue: "3597.90" },
        { CustomerId: "TOMSP", orders: 1, revenue: "1863.40" },
        { CustomerId: "HANAR", orders: 1, revenue: "1552.60" },
        { CustomerId: "VICTE", orders: 1, revenue: "654.06" },
        { CustomerId: "VINET", orders: 1, revenue: "440.00" },
      ],
    };
  }
  const top = /^\s*SELECT TOP (\d+) \* FROM dbo\.Orders/i.exec(sql);
  if (top) return { rows: ORDERS.slice(0, Number(top[1])) };
  unknownRequests.push(sql.replace(/\s+/g, " ").trim().slice(0, 120));
  return { rows: [], columns: ["value"] };
}

// ------------------------------------------------------------------------------------------------ the listener

function onConnection(socket: net.Socket, sockets: Set<net.Socket>) {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => {});
  let pending = Buffer.alloc(0);
  let message: Buffer[] = [];
  let pendingAnswer: NodeJS.Timeout | undefined;

  const handle = (type: number, payload: Buffer) => {
    if (type === PACKET.PRELOGIN) {
      count("prelogin");
      // VERSION 16.0.4165, ENCRYPTION NOT_SUP, INSTOPT, THREADID, MARS off, terminator.
      const options = [
        [0x00, Buffer.from([16, 0, 0x10, 0x45, 0, 0])],
        [0x01, Buffer.from([0x02])],
        [0x02, Buffer.from([0x00])],
        [0x03, Buffer.alloc(4)],
        [0x04, Buffer.from([0x00])],
      ] as const;
      let offset = options.length * 5 + 1;
      const head: Buffer[] = [];
      const data: Buffer[] = [];
      for (const [token, value] of options) {
        const entry = Buffer.alloc(5);
        entry.writeUInt8(token, 0);
        entry.writeUInt16BE(offset, 1);
        entry.writeUInt16BE(value.length, 3);
        head.push(entry);
        data.push(value);
        offset += value.length;
      }
      send(socket, Buffer.concat([...head, Buffer.from([0xff]), ...data]));
      return;
    }
    if (type === PACKET.LOGIN7) {
      const login = parseLogin7(payload);
      count(`login ${login.user}@${login.database}`);
      if (login.user !== MSSQL_USER || login.password !== MSSQL_PASSWORD || state.mssqlPasswordRotated) {
        send(
          socket,
          Buffer.concat([
            errorToken(18456, 1, 14, `Login failed for user '${login.user}'.`),
            done(DONE_ERROR, 0, 0),
          ]),
        );
        return;
      }
      if (login.database && login.database !== MSSQL_DATABASE) {
        send(
          socket,
          Buffer.concat([
            errorToken(
              4060,
              1,
              11,
              `Cannot open database "${login.database}" requested by the login. The login failed.`,
            ),
            errorToken(18456, 1, 14, `Login failed for user '${login.user}'.`),
            done(DONE_ERROR, 0, 0),
          ]),
        );
        return;
      }
      const loginAck = withLength(
        TOKEN.LOGINACK,
        Buffer.concat([
          u8(1),
          Buffer.from([0x74, 0x00, 0x00, 0x04]),
          bvarchar("Microsoft SQL Server"),
          Buffer.from([16, 0, 0x10, 0x45]),
        ]),
      );
      send(
        socket,
        Buffer.concat([
          envchange(1, MSSQL_DATABASE, "master"),
          errorToken(5701, 2, 0, `Changed database context to '${MSSQL_DATABASE}'.`, 1, TOKEN.INFO),
          withLength(TOKEN.ENVCHANGE, Buffer.concat([u8(7), u8(5), COLLATION, u8(0)])),
          envchange(2, "us_english", ""),
          errorToken(5703, 1, 0, "Changed language setting to us_english.", 1, TOKEN.INFO),
          loginAck,
          envchange(4, "4096", "4096"),
          done(DONE_FINAL, 0, 0),
        ]),
      );
      return;
    }
    if (type === PACKET.ATTENTION) {
      count("attention");
      if (pendingAnswer) clearTimeout(pendingAnswer);
      pendingAnswer = undefined;
      send(socket, done(DONE_ATTN, 0, 0));
      return;
    }
    if (type === PACKET.RPC || type === PACKET.SQL_BATCH) {
      const sql = statementOf(type, payload);
      const reply = answer(sql);
      if ("slowMs" in reply) {
        pendingAnswer = setTimeout(() => {
          pendingAnswer = undefined;
          send(socket, Buffer.concat([resultSet([], ["OrderId"]), done(DONE_COUNT, 0)]));
        }, reply.slowMs);
        return;
      }
      if ("error" in reply) {
        const [number, stateNo, severity, text] = reply.error;
        const tokens = [errorToken(number, stateNo, severity, text)];
        if (reply.terminated)
          tokens.push(errorToken(3621, 0, 0, "The statement has been terminated.", 1, TOKEN.INFO));
        send(socket, Buffer.concat([...tokens, done(DONE_ERROR, 0)]));
        return;
      }
      if ("rowsAffected" in reply) {
        send(socket, done(DONE_COUNT, reply.rowsAffected, 0xc3));
        return;
      }
      send(
        socket,
        Buffer.concat([resultSet(reply.rows, reply.columns), done(DONE_COUNT, reply.rows.length)]),
      );
      return;
    }
    unknownRequests.push(`TDS packet type 0x${type.toString(16)}`);
  };

  socket.on("data", (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const length = pending.readUInt16BE(2);
      if (pending.length < length) break;
      const type = pending.readUInt8(0);
      const status = pending.readUInt8(1);
      message.push(pending.subarray(8, length));
      pending = pending.subarray(length);
      if (status & 0x01) {
        const payload = Buffer.concat(message);
        message = [];
        try {
          handle(type, payload);
        } catch (error) {
          unknownRequests.push(`unparsed TDS message 0x${type.toString(16)}: ${(error as Error).message}`);
        }
      }
    }
  });
  socket.on("close", () => {
    if (pendingAnswer) clearTimeout(pendingAnswer);
  });
}

export interface Standin {
  start(): Promise<void>;
  stop(): Promise<void>;
}

function tdsStandin(port: number): Standin {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  return {
    start: () =>
      new Promise((resolve, reject) => {
        server = net.createServer((socket) => onConnection(socket, sockets));
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        sockets.clear();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

export const sqlServer = tdsStandin(TDS_PORT);
export const ALL_STANDINS: Standin[] = [sqlServer];
