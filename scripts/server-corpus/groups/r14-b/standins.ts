// Loopback stand-ins for what lies behind this group's servers, answering with the real protocols' and APIs'
// bodies and error bodies:
// - Neo4j over Bolt 4.4 (a TCP listener speaking Bolt's handshake, chunking and PackStream), with Neo4j's
//   own status codes in FAILURE messages (`Neo.ClientError.Statement.SyntaxError`, …).
// - Apache Kafka over its binary wire protocol (a TCP listener answering ApiVersions, Metadata, Produce,
//   ListOffsets, FindCoordinator, ListGroups and DescribeGroups at the lowest versions kafkajs accepts), with
//   Kafka's numeric error codes (3 UNKNOWN_TOPIC_OR_PARTITION, 29 TOPIC_AUTHORIZATION_FAILED, …).
// - The Mem0 platform API (`api.mem0.ai`, `Authorization: Token …`, Django REST `{"detail": …}` errors) and the
//   Exa API (`api.exa.ai`, `x-api-key`, `{"requestId", "error"}` errors), both behind loopback forward proxies
//   (their hosts are written into the servers; `proxy-preload.mjs` routes Node's fetch through the proxy).
// `state` is switched by the sessions' hooks (a rotated password, a read-only role, an outage, …).

import net from "node:net";
import path from "node:path";
import {
  certificate,
  clearTimers,
  forwardProxy,
  json,
  later,
  parse,
  text,
  type Standin,
} from "../../standin-kit.js";

export { clearTimers };

export const DATA = "/tmp/faultline-corpus-r14-b";
export const CERT = path.join(DATA, "standin-cert.pem");

export const BOLT_PORT = 40050;
export const KAFKA_PORT = 40051;
export const MEM0_PROXY_PORT = 40052;
export const EXA_PROXY_PORT = 40053;
/** A second "cluster" in the Kafka server's config whose broker is never there. */
export const KAFKA_DEAD_PORT = 40059;

export const NEO4J_PASSWORD = "corpus-graph-pw-7d41";
export const MEM0_KEY = "m0-r14bCorpusStandinKey9f3c2a71e5d84b06";
export const EXA_KEY = "5f0c9a2e-7b14-4d3e-9c61-r14b-corpus-exa";

export const state = {
  neoPasswordRotated: false,
  neoAuthRateLimit: false,
  neoReadOnly: false,
  neoUnavailable: false,
  neoDeadlock: false,
  neoMemory: false,
  kafkaTopicDenied: false,
  kafkaNotEnoughReplicas: false,
  kafkaGroupDenied: false,
  kafkaCoordinatorLoading: false,
  kafkaSlowMetadata: false,
  mem0KeyRevoked: false,
  mem0Throttled: false,
  mem0ServerError: false,
  mem0BadGateway: false,
  exaKeyInvalid: false,
  exaRateLimited: false,
  exaCreditsExhausted: false,
  exaServerError: false,
  exaBadGateway: false,
};

export function ensureCertificate() {
  certificate(DATA, ["api.mem0.ai", "us.i.posthog.com", "api.exa.ai"]);
}

// --------------------------------------------------------------------------------------- TCP listeners

/** A plain TCP listener on a loopback port; stopping it destroys every open connection. */
function tcpStandin(port: number, onConnection: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    sockets,
    /** Closes every open connection (a server restart as the clients see it), keeps listening. */
    dropConnections() {
      for (const socket of sockets) socket.destroy();
    },
    start: () =>
      new Promise<void>((resolve, reject) => {
        const created = net.createServer((socket) => {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
          onConnection(socket);
        });
        created.once("error", reject);
        created.listen(port, "127.0.0.1", () => resolve());
        server = created;
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

// ------------------------------------------------------------------------------------ PackStream (Bolt)

class Struct {
  constructor(
    readonly signature: number,
    readonly fields: unknown[],
  ) {}
}

/** An integer PackStream must write as an integer even where JS would see a float-looking number. */
class Int {
  constructor(readonly value: number) {}
}

function packHeader(size: number, tiny: number, m8: number, m16: number, m32: number): Buffer {
  if (size < 16) return Buffer.from([tiny + size]);
  if (size < 0x100 && m8) return Buffer.from([m8, size]);
  if (size < 0x10000) return Buffer.from([m16, size >> 8, size & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = m32;
  out.writeUInt32BE(size, 1);
  return out;
}

function packInt(value: number): Buffer {
  if (value >= -16 && value < 128) return Buffer.from([value & 0xff]);
  if (value >= -128 && value < 128) return Buffer.from([0xc8, value & 0xff]);
  if (value >= -32768 && value < 32768) {
    const out = Buffer.alloc(3);
    out[0] = 0xc9;
    out.writeInt16BE(value, 1);
    return out;
  }
  if (value >= -2147483648 && value < 2147483648) {
    const out = Buffer.alloc(5);
    out[0] = 0xca;
    out.writeInt32BE(value, 1);
    return out;
  }
  const out = Buffer.alloc(9);
  out[0] = 0xcb;
  out.writeBigInt64BE(BigInt(value), 1);
  return out;
}

function pack(value: unknown): Buffer {
  if (value === null || value === undefined) return Buffer.from([0xc0]);
  if (value === true) return Buffer.from([0xc3]);
  if (value === false) return Buffer.from([0xc2]);
  if (value instanceof Int) return packInt(value.value);
  if (typeof value === "number") {
    if (Number.isInteger(value)) return packInt(value);
    const out = Buffer.alloc(9);
    out[0] = 0xc1;
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([packHeader(bytes.length, 0x80, 0xd0, 0xd1, 0xd2), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([packHeader(value.length, 0x90, 0xd4, 0xd5, 0xd6), ...value.map(pack)]);
  }
  if (value instanceof Struct) {
    return Buffer.concat([
      Buffer.from([0xb0 + value.fields.length, value.signature]),
      ...value.fields.map(pack),
    ]);
  }
  const entries = Object.entries(value as Record<string, unknown>);
  return Buffer.concat([
    packHeader(entries.length, 0xa0, 0xd8, 0xd9, 0xda),
    ...entries.flatMap(([key, item]) => [pack(key), pack(item)]),
  ]);
}

function unpack(buffer: Buffer, at = { offset: 0 }): unknown {
  const marker = buffer[at.offset++]!;
  const u8 = () => buffer[at.offset++]!;
  const u16 = () => {
    const v = buffer.readUInt16BE(at.offset);
    at.offset += 2;
    return v;
  };
  const u32 = () => {
    const v = buffer.readUInt32BE(at.offset);
    at.offset += 4;
    return v;
  };
  const str = (size: number) => {
    const v = buffer.toString("utf8", at.offset, at.offset + size);
    at.offset += size;
    return v;
  };
  const list = (size: number) => Array.from({ length: size }, () => unpack(buffer, at));
  const map = (size: number) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) {
      const key = unpack(buffer, at) as string;
      out[key] = unpack(buffer, at);
    }
    return out;
  };
  if (marker < 0x80) return marker;
  if (marker >= 0xf0) return marker - 0x100;
  if (marker >= 0x80 && marker <= 0x8f) return str(marker & 0x0f);
  if (marker >= 0x90 && marker <= 0x9f) return list(marker & 0x0f);
  if (marker >= 0xa0 && marker <= 0xaf) return map(marker & 0x0f);
  if (marker >= 0xb0 && marker <= 0xbf) {
    const signature = u8();
    return new Struct(signature, list(marker & 0x0f));
  }
  switch (marker) {
    case 0xc0:
      return null;
    case 0xc1: {
      const v = buffer.readDoubleBE(at.offset);
      at.offset += 8;
      return v;
    }
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xc8: {
      const v = buffer.readInt8(at.offset);
      at.offset += 1;
      return v;
    }
    case 0xc9: {
      const v = buffer.readInt16BE(at.offset);
      at.offset += 2;
      return v;
    }
    case 0xca: {
      const v = buffer.readInt32BE(at.offset);
      at.offset += 4;
      return v;
    }
    case 0xcb: {
      const v = buffer.readBigInt64BE(at.offset);
      at.offset += 8;
      return Number(v);
    }
    case 0xcc:
      return str(u8());
    case 0xcd:
      return str(u16());
    case 0xce:
      return str(u32());
    case 0xd0:
      return str(u8());
    case 0xd1:
      return str(u16());
    case 0xd2:
      return str(u32());
    case 0xd4:
      return list(u8());
    case 0xd5:
      return list(u16());
    case 0xd6:
      return list(u32());
    case 0xd8:
      return map(u8());
    case 0xd9:
      return map(u16());
    case 0xda:
      return map(u32());
    default:
      throw new Error(`PackStream marker 0x${marker.toString(16)} not handled`);
  }
}

// --------------------------------------------------------------------------------------- Neo4j (Bolt)

interface GraphNode {
  id: number;
  labels: string[];
  props: Record<string, unknown>;
}
interface GraphRel {
  id: number;
  start: number;
  end: number;
  type: string;
  props: Record<string, unknown>;
}

const graph = {
  nodes: new Map<number, GraphNode>(),
  rels: new Map<number, GraphRel>(),
  nextNode: 0,
  nextRel: 0,
  reset() {
    this.nodes.clear();
    this.rels.clear();
    this.nextNode = 0;
    this.nextRel = 0;
    for (const [labels, props] of [
      [["Person"], { name: "Ada Lovelace", email: "ada@example.com", born: 1815 }],
      [["Person"], { name: "Alan Turing", email: "alan@example.com", born: 1912 }],
      [["Person"], { name: "Grace Hopper", email: "grace@example.com", born: 1906 }],
      [["Company"], { name: "Analytical Engines Ltd", founded: 1834 }],
      [["Company"], { name: "Bletchley Park Trust", founded: 1992 }],
    ] as const) {
      this.addNode([...labels], { ...props });
    }
    this.addRel(0, 3, "WORKS_AT", { since: 1843 });
    this.addRel(1, 4, "WORKS_AT", { since: 1939 });
    this.addRel(0, 1, "KNOWS", {});
  },
  addNode(labels: string[], props: Record<string, unknown>): GraphNode {
    const node = { id: this.nextNode++, labels, props };
    this.nodes.set(node.id, node);
    return node;
  },
  addRel(start: number, end: number, type: string, props: Record<string, unknown>): GraphRel {
    const rel = { id: this.nextRel++, start, end, type, props };
    this.rels.set(rel.id, rel);
    return rel;
  },
};

const nodeStruct = (node: GraphNode) => new Struct(0x4e, [new Int(node.id), node.labels, node.props]);
const relStruct = (rel: GraphRel) =>
  new Struct(0x52, [new Int(rel.id), new Int(rel.start), new Int(rel.end), rel.type, rel.props]);

interface CypherResult {
  fields: string[];
  records: unknown[][];
  stats?: Record<string, number>;
  delayMs?: number;
}
interface CypherFailure {
  code: string;
  message: string;
}

const failure = (code: string, message: string): CypherFailure => ({ code, message });

function isWrite(query: string) {
  return /\b(CREATE|MERGE|DELETE|SET|REMOVE)\b/i.test(query);
}

/** What the stand-in "database" answers for a query: canned answers over a small in-memory graph. */
function runCypher(query: string, params: Record<string, unknown>): CypherResult | CypherFailure {
  const q = query.trim();
  if (state.neoUnavailable) {
    return failure("Neo.TransientError.General.DatabaseUnavailable", "Database 'neo4j' is unavailable.");
  }
  const typo = /\bRETRUN\b/.exec(q);
  if (typo) {
    const column = typo.index + 1;
    return failure(
      "Neo.ClientError.Statement.SyntaxError",
      `Invalid input 'RETRUN': expected\n  ","\n  "CALL"\n  "CREATE"\n  "DELETE"\n  "DETACH"\n  "FOREACH"\n  "LOAD"\n  "MATCH"\n  "MERGE"\n  "OPTIONAL"\n  "REMOVE"\n  "RETURN"\n  "SET"\n  "UNION"\n  "UNWIND"\n  "USE"\n  "WITH"\n  "WHERE"\n  <EOF> (line 1, column ${column} (offset: ${column - 1}))\n"${q}"\n ${" ".repeat(column - 1)}^`,
    );
  }
  const missing = [...q.matchAll(/\$([A-Za-z_][A-Za-z0-9_]*)/g)]
    .map((m) => m[1]!)
    .filter((name) => !(name in params));
  if (missing.length) {
    return failure(
      "Neo.ClientError.Statement.ParameterMissing",
      `Expected parameter(s): ${[...new Set(missing)].join(", ")}`,
    );
  }
  if (/\/\s*0\b/.test(q)) return failure("Neo.ClientError.Statement.ArithmeticError", "/ by zero");
  if (/CALL\s+apoc\./i.test(q)) {
    const name = /CALL\s+(apoc\.[\w.]+)/i.exec(q)![1];
    return failure(
      "Neo.ClientError.Procedure.ProcedureNotFound",
      `There is no procedure with the name \`${name}\` registered for this database instance. Please ensure you've spelled the procedure name correctly and that the procedure is properly deployed.`,
    );
  }
  if (state.neoMemory) {
    return failure(
      "Neo.TransientError.General.MemoryPoolOutOfMemoryError",
      "The allocation of an extra 2.0 MiB would use more than the limit 2.0 GiB. Currently using 2.0 GiB. dbms.memory.transaction.total.max threshold reached",
    );
  }
  if (isWrite(q) && state.neoReadOnly) {
    const label = /\(\w*:(\w+)/.exec(q)?.[1] ?? "Person";
    const action = /DELETE/i.test(q) ? "Delete node with labels" : "Create node with labels";
    return failure(
      "Neo.ClientError.Security.Forbidden",
      `${action} '${label}' on database 'neo4j' is not allowed for user 'analyst' with roles [PUBLIC, reader].`,
    );
  }
  if (isWrite(q) && state.neoDeadlock) {
    return failure(
      "Neo.TransientError.Transaction.DeadlockDetected",
      "ForsetiClient[transactionId=4187, clientId=12] can't acquire ExclusiveLock{owner=ForsetiClient[transactionId=4185, clientId=9]} on NODE(0), because holders of that lock are waiting for ForsetiClient[transactionId=4187, clientId=12].\n Wait list:ExclusiveLock[\nClient[4185] waits for [ForsetiClient[transactionId=4187, clientId=12]]]",
    );
  }

  // create_node: CREATE (n:Label $props) RETURN n
  const createNode = /^CREATE \(n:(\S+) \$props\) RETURN n$/.exec(q);
  if (createNode) {
    const label = createNode[1]!;
    const props = (params.props ?? {}) as Record<string, unknown>;
    if (label === "Person" && typeof props.email === "string") {
      const clash = [...graph.nodes.values()].find(
        (node) => node.labels.includes("Person") && node.props.email === props.email,
      );
      if (clash) {
        return failure(
          "Neo.ClientError.Schema.ConstraintValidationFailed",
          `Node(${clash.id}) already exists with label \`Person\` and property \`email\` = '${props.email}'`,
        );
      }
    }
    const node = graph.addNode([label], props);
    return {
      fields: ["n"],
      records: [[nodeStruct(node)]],
      stats: { "nodes-created": 1, "labels-added": 1, "properties-set": Object.keys(props).length },
    };
  }
  // create_relationship: MATCH (a), (b) WHERE id(a) = $fromId AND id(b) = $toId CREATE (a)-[r:TYPE $props]->(b) RETURN r
  const createRel = /CREATE \(a\)-\[r:(.+) \$props\]->\(b\)/.exec(q);
  if (createRel) {
    const type = createRel[1]!;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(type)) {
      const bad = type.split(/\s+/)[1] ?? type;
      const column = q.indexOf(type) + type.indexOf(bad) + 1;
      const line = q.slice(0, q.indexOf(type)).split("\n").length;
      return failure(
        "Neo.ClientError.Statement.SyntaxError",
        `Invalid input '${bad}': expected "$", ":", "WHERE", "]", "{" or "|" (line ${line}, column ${column} (offset: ${q.indexOf(type) + type.indexOf(bad)}))`,
      );
    }
    const from = graph.nodes.get(Number(params.fromId));
    const to = graph.nodes.get(Number(params.toId));
    if (!from || !to) return { fields: ["r"], records: [] };
    const rel = graph.addRel(from.id, to.id, type, (params.props ?? {}) as Record<string, unknown>);
    return { fields: ["r"], records: [[relStruct(rel)]], stats: { "relationships-created": 1 } };
  }
  if (/shortestPath/i.test(q)) {
    return { fields: ["hops"], records: [[new Int(2)]], delayMs: 15_000 };
  }
  if (/^CALL db\.labels\(\)/i.test(q)) {
    const labels = [...new Set([...graph.nodes.values()].flatMap((node) => node.labels))].sort();
    return { fields: ["label"], records: labels.map((label) => [label]) };
  }
  if (/^MATCH \(p:Person\) RETURN p\.name AS name, p\.email AS email/i.test(q)) {
    const people = [...graph.nodes.values()].filter((node) => node.labels.includes("Person"));
    return { fields: ["name", "email"], records: people.map((p) => [p.props.name, p.props.email]) };
  }
  const worksAt =
    /^MATCH \(p:Person \{name: \$name\}\)-\[:WORKS_AT\]->\(c:Company\) RETURN c\.name AS company, c\.founded AS founded/i.exec(
      q,
    );
  if (worksAt) {
    const people = [...graph.nodes.values()].filter(
      (n) => n.labels.includes("Person") && n.props.name === params.name,
    );
    const rows = people.flatMap((p) =>
      [...graph.rels.values()]
        .filter((r) => r.start === p.id && r.type === "WORKS_AT")
        .map((r) => graph.nodes.get(r.end)!)
        .map((c) => [c.props.name, c.props.founded]),
    );
    return { fields: ["company", "founded"], records: rows };
  }
  if (/^MATCH \(p:Person \{email: \$email\}\) RETURN p$/i.test(q)) {
    const people = [...graph.nodes.values()].filter(
      (n) => n.labels.includes("Person") && n.props.email === params.email,
    );
    return { fields: ["p"], records: people.map((p) => [nodeStruct(p)]) };
  }
  const countLabel = /^MATCH \(n:(\w+)\) RETURN count\(n\) AS (\w+)$/i.exec(q);
  if (countLabel) {
    const count = [...graph.nodes.values()].filter((n) => n.labels.includes(countLabel[1]!)).length;
    return { fields: [countLabel[2]!], records: [[new Int(count)]] };
  }
  const byLabel = /^MATCH \(n:(\w+)\) RETURN n( LIMIT (\d+))?$/i.exec(q);
  if (byLabel) {
    const nodes = [...graph.nodes.values()].filter((n) => n.labels.includes(byLabel[1]!));
    return { fields: ["n"], records: nodes.slice(0, Number(byLabel[3] ?? 1000)).map((n) => [nodeStruct(n)]) };
  }
  if (/^MATCH \(a:Person\)-\[r:KNOWS\]->\(b:Person\) RETURN a, r, b$/i.test(q)) {
    const rows = [...graph.rels.values()]
      .filter((r) => r.type === "KNOWS")
      .map((r) => [nodeStruct(graph.nodes.get(r.start)!), relStruct(r), nodeStruct(graph.nodes.get(r.end)!)]);
    return { fields: ["a", "r", "b"], records: rows };
  }
  if (/^RETURN 1/i.test(q)) return { fields: ["1"], records: [[new Int(1)]] };
  return { fields: [], records: [] };
}

const BOLT_SUCCESS = 0x70;
const BOLT_RECORD = 0x71;
const BOLT_IGNORED = 0x7e;
const BOLT_FAILURE = 0x7f;

function chunk(message: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < message.length; at += 0xffff) {
    const piece = message.subarray(at, at + 0xffff);
    const header = Buffer.alloc(2);
    header.writeUInt16BE(piece.length);
    parts.push(header, piece);
  }
  parts.push(Buffer.from([0, 0]));
  return Buffer.concat(parts);
}

let boltConnections = 0;

function onBoltConnection(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  let handshaken = false;
  let failed = false;
  let pending: CypherResult | undefined;
  let message: Buffer[] = [];
  const connectionId = `bolt-${++boltConnections}`;
  const send = (signature: number, ...fields: unknown[]) => {
    if (!socket.destroyed) socket.write(chunk(pack(new Struct(signature, fields))));
  };
  const handle = (struct: Struct) => {
    const [a, b, c] = struct.fields as [unknown, unknown, unknown];
    if (struct.signature === 0x0f) {
      // RESET
      failed = false;
      pending = undefined;
      return send(BOLT_SUCCESS, {});
    }
    if (struct.signature === 0x02) return socket.end(); // GOODBYE
    if (failed) return send(BOLT_IGNORED);
    switch (struct.signature) {
      case 0x01: {
        // HELLO {user_agent, scheme, principal, credentials}
        const auth = a as Record<string, unknown>;
        if (state.neoAuthRateLimit) {
          send(BOLT_FAILURE, {
            code: "Neo.ClientError.Security.AuthenticationRateLimit",
            message: "The client has provided incorrect authentication details too many times in a row.",
          });
          return socket.end();
        }
        if (state.neoPasswordRotated || auth.credentials !== NEO4J_PASSWORD) {
          send(BOLT_FAILURE, {
            code: "Neo.ClientError.Security.Unauthorized",
            message: "The client is unauthorized due to authentication failure.",
          });
          return socket.end();
        }
        return send(BOLT_SUCCESS, { server: "Neo4j/4.4.26", connection_id: connectionId, hints: {} });
      }
      case 0x10: {
        // RUN query params extra
        const outcome = runCypher(String(a), (b ?? {}) as Record<string, unknown>);
        void c;
        if ("code" in outcome) {
          failed = true;
          return send(BOLT_FAILURE, { code: outcome.code, message: outcome.message });
        }
        pending = outcome;
        return send(BOLT_SUCCESS, { fields: outcome.fields, t_first: new Int(outcome.delayMs ? 14_000 : 2) });
      }
      case 0x3f: // PULL
      case 0x2f: {
        // DISCARD
        const result = pending;
        pending = undefined;
        if (!result) return send(BOLT_SUCCESS, { has_more: false });
        const finish = () => {
          if (struct.signature === 0x3f) for (const record of result.records) send(BOLT_RECORD, record);
          const summary: Record<string, unknown> = {
            type: result.stats ? "w" : "r",
            t_last: new Int(1),
            db: "neo4j",
            bookmark: `FB:kcwQ${Math.random().toString(36).slice(2, 10)}kAzQ==`,
          };
          if (result.stats) summary.stats = result.stats;
          send(BOLT_SUCCESS, summary);
        };
        if (result.delayMs) later(result.delayMs, finish);
        else finish();
        return;
      }
      case 0x11: // BEGIN
      case 0x12: // COMMIT
      case 0x13: // ROLLBACK
        return send(BOLT_SUCCESS, struct.signature === 0x12 ? { bookmark: "FB:kcwQcommit" } : {});
      default:
        failed = true;
        return send(BOLT_FAILURE, {
          code: "Neo.ClientError.Request.Invalid",
          message: `Message 0x${struct.signature.toString(16)} is not supported by this stand-in.`,
        });
    }
  };
  socket.on("data", (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    if (!handshaken) {
      if (buffer.length < 20) return;
      const proposals = [0, 1, 2, 3].map((i) => buffer.subarray(4 + i * 4, 8 + i * 4));
      const fits = proposals.some((p) => p[3] === 4 && p[2]! >= 4 && p[2]! - p[1]! <= 4);
      buffer = buffer.subarray(20);
      handshaken = true;
      socket.write(Buffer.from(fits ? [0, 0, 4, 4] : [0, 0, 0, 0]));
      if (!fits) return socket.end();
    }
    while (buffer.length >= 2) {
      const size = buffer.readUInt16BE(0);
      if (buffer.length < 2 + size) return;
      const piece = buffer.subarray(2, 2 + size);
      buffer = buffer.subarray(2 + size);
      if (size === 0) {
        if (!message.length) continue; // NOOP
        const whole = Buffer.concat(message);
        message = [];
        handle(unpack(whole) as Struct);
      } else message.push(piece);
    }
  });
}

export const boltStandin = tcpStandin(BOLT_PORT, onBoltConnection);

// ------------------------------------------------------------------------------------ Kafka wire protocol

class Writer {
  private parts: Buffer[] = [];
  int8(v: number) {
    const b = Buffer.alloc(1);
    b.writeInt8(v);
    this.parts.push(b);
    return this;
  }
  int16(v: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    this.parts.push(b);
    return this;
  }
  int32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    this.parts.push(b);
    return this;
  }
  int64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    this.parts.push(b);
    return this;
  }
  string(v: string | null) {
    if (v === null) return this.int16(-1);
    const bytes = Buffer.from(v, "utf8");
    this.int16(bytes.length);
    this.parts.push(bytes);
    return this;
  }
  bytes(v: Buffer) {
    this.int32(v.length);
    this.parts.push(v);
    return this;
  }
  array<T>(items: T[], each: (w: Writer, item: T) => void) {
    this.int32(items.length);
    for (const item of items) each(this, item);
    return this;
  }
  done() {
    return Buffer.concat(this.parts);
  }
}

class Reader {
  constructor(
    private buf: Buffer,
    public offset = 0,
  ) {}
  int8() {
    return this.buf.readInt8(this.offset++);
  }
  int16() {
    const v = this.buf.readInt16BE(this.offset);
    this.offset += 2;
    return v;
  }
  int32() {
    const v = this.buf.readInt32BE(this.offset);
    this.offset += 4;
    return v;
  }
  int64() {
    const v = this.buf.readBigInt64BE(this.offset);
    this.offset += 8;
    return Number(v);
  }
  string() {
    const size = this.int16();
    if (size < 0) return null;
    const v = this.buf.toString("utf8", this.offset, this.offset + size);
    this.offset += size;
    return v;
  }
  bytes() {
    const size = this.int32();
    if (size < 0) return null;
    const v = this.buf.subarray(this.offset, this.offset + size);
    this.offset += size;
    return v;
  }
  array<T>(each: (r: Reader) => T): T[] | null {
    const size = this.int32();
    if (size < 0) return null;
    return Array.from({ length: size }, () => each(this));
  }
}

/** Kafka's error codes used here (org.apache.kafka.common.protocol.Errors). */
const KAFKA = {
  NONE: 0,
  UNKNOWN_TOPIC_OR_PARTITION: 3,
  MESSAGE_TOO_LARGE: 10,
  COORDINATOR_LOAD_IN_PROGRESS: 14,
  NOT_ENOUGH_REPLICAS: 19,
  TOPIC_AUTHORIZATION_FAILED: 29,
  GROUP_AUTHORIZATION_FAILED: 30,
  UNSUPPORTED_VERSION: 35,
};

interface KafkaTopic {
  name: string;
  partitions: number;
  internal?: boolean;
  /** Next offset (high watermark) per partition. */
  high: number[];
}

const kafka = {
  topics: new Map<string, KafkaTopic>(),
  groups: new Map<
    string,
    {
      state: string;
      protocolType: string;
      protocol: string;
      members: { id: string; client: string; host: string }[];
    }
  >(),
  reset() {
    this.topics.clear();
    for (const [name, partitions, high] of [
      ["orders.created", 3, [1204, 1187, 1231]],
      ["payments.settled", 2, [880, 902]],
      ["audit.pii", 1, [57]],
      ["inventory.adjusted", 1, [0]],
    ] as const) {
      this.topics.set(name, { name, partitions, high: [...high] });
    }
    this.topics.set("__consumer_offsets", {
      name: "__consumer_offsets",
      partitions: 1,
      internal: true,
      high: [0],
    });
    this.groups.clear();
    this.groups.set("billing-service", {
      state: "Stable",
      protocolType: "consumer",
      protocol: "range",
      members: [
        {
          id: "billing-service-7f9c1e2a-3b4d-4c5e-9f60-1a2b3c4d5e6f",
          client: "billing-service",
          host: "/10.0.3.17",
        },
      ],
    });
    this.groups.set("fraud-scorer", { state: "Empty", protocolType: "consumer", protocol: "", members: [] });
    this.groups.set("pii-exporter", {
      state: "Stable",
      protocolType: "consumer",
      protocol: "range",
      members: [],
    });
  },
};

/** API versions the stand-in broker offers: the lowest that kafkajs 2.2 accepts, so the encodings stay simple. */
const KAFKA_APIS: [number, number, number][] = [
  [0, 0, 2], // Produce
  [2, 0, 1], // ListOffsets
  [3, 0, 1], // Metadata
  [10, 0, 0], // FindCoordinator
  [15, 0, 0], // DescribeGroups
  [16, 0, 0], // ListGroups
  [18, 0, 2], // ApiVersions
];

function kafkaBody(
  apiKey: number,
  version: number,
  r: Reader,
  respond: (body: Buffer, delayMs?: number) => void,
) {
  const w = new Writer();
  switch (apiKey) {
    case 18: {
      w.int16(KAFKA.NONE).array(KAFKA_APIS, (x, [key, min, max]) => x.int16(key).int16(min).int16(max));
      if (version >= 1) w.int32(0);
      return respond(w.done());
    }
    case 3: {
      const asked = r.array((x) => x.string()!);
      const all = !asked || asked.length === 0;
      const names = all ? [...kafka.topics.keys()] : asked;
      w.array([{ id: 1 }], (x) => {
        x.int32(1).string("127.0.0.1").int32(KAFKA_PORT);
        if (version >= 1) x.string(null);
      });
      if (version >= 1) w.int32(1);
      w.array(names, (x, name) => {
        const topic = kafka.topics.get(name);
        const denied = state.kafkaTopicDenied && name === "audit.pii";
        const error = denied
          ? KAFKA.TOPIC_AUTHORIZATION_FAILED
          : topic
            ? KAFKA.NONE
            : KAFKA.UNKNOWN_TOPIC_OR_PARTITION;
        x.int16(error).string(name);
        if (version >= 1) x.int8(topic?.internal ? 1 : 0);
        const partitions = topic && !denied ? Array.from({ length: topic.partitions }, (_, i) => i) : [];
        x.array(partitions, (y, p) =>
          y
            .int16(KAFKA.NONE)
            .int32(p)
            .int32(1)
            .array([1], (z, n) => z.int32(n))
            .array([1], (z, n) => z.int32(n)),
        );
      });
      return respond(w.done(), state.kafkaSlowMetadata ? 15_000 : 0);
    }
    case 0: {
      r.int16(); // acks
      r.int32(); // timeout
      const data = r.array((x) => ({
        topic: x.string()!,
        partitions: x.array((y) => ({ partition: y.int32(), records: y.bytes() }))!,
      }))!;
      w.array(data, (x, { topic, partitions }) => {
        x.string(topic).array(partitions, (y, { partition, records }) => {
          const t = kafka.topics.get(topic);
          let error = KAFKA.NONE;
          if (!t) error = KAFKA.UNKNOWN_TOPIC_OR_PARTITION;
          else if (state.kafkaTopicDenied && topic === "audit.pii") error = KAFKA.TOPIC_AUTHORIZATION_FAILED;
          else if (state.kafkaNotEnoughReplicas) error = KAFKA.NOT_ENOUGH_REPLICAS;
          else if ((records?.length ?? 0) > 64 * 1024) error = KAFKA.MESSAGE_TOO_LARGE;
          const base = error === KAFKA.NONE && t ? t.high[partition]! : -1;
          if (error === KAFKA.NONE && t) t.high[partition] = base + 1;
          y.int32(partition).int16(error).int64(base);
          if (version >= 2) y.int64(-1);
        });
      });
      if (version >= 1) w.int32(0);
      return respond(w.done());
    }
    case 2: {
      r.int32(); // replica_id
      const topics = r.array((x) => ({
        topic: x.string()!,
        partitions: x.array((y) => {
          const partition = y.int32();
          const timestamp = y.int64();
          if (version === 0) y.int32();
          return { partition, timestamp };
        })!,
      }))!;
      w.array(topics, (x, { topic, partitions }) => {
        x.string(topic).array(partitions, (y, { partition, timestamp }) => {
          const t = kafka.topics.get(topic);
          const error = t ? KAFKA.NONE : KAFKA.UNKNOWN_TOPIC_OR_PARTITION;
          const high = t?.high[partition] ?? -1;
          const offset = timestamp === -2 ? 0 : timestamp === -1 ? high : -1;
          y.int32(partition).int16(error);
          if (version === 0) y.array([offset], (z, o) => z.int64(o));
          else y.int64(-1).int64(offset);
        });
      });
      return respond(w.done());
    }
    case 10: {
      const group = r.string() ?? "";
      if (state.kafkaGroupDenied && group === "pii-exporter") {
        w.int16(KAFKA.GROUP_AUTHORIZATION_FAILED).int32(-1).string("").int32(-1);
      } else if (state.kafkaCoordinatorLoading) {
        w.int16(KAFKA.COORDINATOR_LOAD_IN_PROGRESS).int32(-1).string("").int32(-1);
      } else {
        w.int16(KAFKA.NONE).int32(1).string("127.0.0.1").int32(KAFKA_PORT);
      }
      return respond(w.done());
    }
    case 15: {
      const ids = r.array((x) => x.string()!) ?? [];
      w.array(ids, (x, id) => {
        const group = kafka.groups.get(id);
        x.int16(KAFKA.NONE)
          .string(id)
          .string(group?.state ?? "Dead")
          .string(group?.protocolType ?? "")
          .string(group?.protocol ?? "")
          .array(group?.members ?? [], (y, m) =>
            y.string(m.id).string(m.client).string(m.host).bytes(Buffer.alloc(0)).bytes(Buffer.alloc(0)),
          );
      });
      return respond(w.done());
    }
    case 16: {
      w.int16(KAFKA.NONE).array([...kafka.groups.entries()], (x, [id, g]) =>
        x.string(id).string(g.protocolType),
      );
      return respond(w.done());
    }
    default:
      return respond(new Writer().int16(KAFKA.UNSUPPORTED_VERSION).done());
  }
}

function onKafkaConnection(socket: net.Socket) {
  let buffer = Buffer.alloc(0);
  socket.on("data", (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    while (buffer.length >= 4) {
      const size = buffer.readInt32BE(0);
      if (buffer.length < 4 + size) return;
      const frame = buffer.subarray(4, 4 + size);
      buffer = buffer.subarray(4 + size);
      const r = new Reader(frame);
      const apiKey = r.int16();
      const version = r.int16();
      const correlationId = r.int32();
      r.string(); // client id
      const respond = (body: Buffer, delayMs = 0) => {
        const send = () => {
          if (socket.destroyed) return;
          const header = Buffer.alloc(8);
          header.writeInt32BE(body.length + 4, 0);
          header.writeInt32BE(correlationId, 4);
          socket.write(Buffer.concat([header, body]));
        };
        if (delayMs) later(delayMs, send);
        else send();
      };
      try {
        kafkaBody(apiKey, version, r, respond);
      } catch {
        // A request the broker cannot parse: Kafka closes the connection (InvalidRequestException in its log).
        socket.destroy();
        return;
      }
    }
  });
}

export const kafkaStandin = tcpStandin(KAFKA_PORT, onKafkaConnection);

// ------------------------------------------------------------------------------------------------ Mem0

const CLOUDFLARE_502 = (host: string) => `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>cloudflare</center>
</body>
</html>
<!-- a padding to disable MSIE and Chrome friendly error page -->
<!-- ${host} -->
`;

const memories: {
  id: string;
  memory: string;
  user_id: string;
  categories: string[];
  created_at: string;
}[] = [];

function resetMemories() {
  memories.length = 0;
  memories.push(
    {
      id: "3c1b6f0e-8a44-4e52-9d0a-5b7e2f1c9a10",
      memory: "Prefers aisle seats on flights longer than three hours",
      user_id: "alex",
      categories: ["travel", "preferences"],
      created_at: "2026-11-02T09:14:22.118000-08:00",
    },
    {
      id: "7d2e9a41-1f63-4b8c-a0e5-c94d2b7f3e21",
      memory: "Is allergic to peanuts",
      user_id: "alex",
      categories: ["health"],
      created_at: "2026-11-02T09:15:03.402000-08:00",
    },
    {
      id: "a91f2c5d-6e07-4d3b-8f14-2b6c7d8e9f30",
      memory: "Works as a data engineer at a logistics company in Rotterdam",
      user_id: "alex",
      categories: ["professional_details"],
      created_at: "2026-11-03T17:40:51.900000-08:00",
    },
  );
}

const words = (s: string) => s.toLowerCase().match(/[a-z]{3,}/g) ?? [];

function mem0Handler(
  req: import("node:http").IncomingMessage,
  url: URL,
  body: string,
  res: import("node:http").ServerResponse,
) {
  if (url.hostname === "us.i.posthog.com") return json(res, 200, { status: "Ok" });
  if (url.hostname !== "api.mem0.ai") return text(res, 404, "Not Found");
  const auth = String(req.headers.authorization ?? "");
  if (state.mem0BadGateway) return text(res, 502, CLOUDFLARE_502(url.hostname), "text/html");
  if (state.mem0KeyRevoked || auth !== `Token ${MEM0_KEY}`) {
    return json(res, 401, { detail: "Invalid API key" }, { "www-authenticate": "Token" });
  }
  if (url.pathname === "/v1/ping/") {
    return json(res, 200, {
      status: "ok",
      message: "API key is valid",
      org_id: "org_r14bCorpusOrg",
      project_id: "proj_r14bCorpusProject",
      user_email: "dev@acme-tools.dev",
    });
  }
  if (state.mem0Throttled) {
    return json(
      res,
      429,
      { detail: "Request was throttled. Expected available in 38 seconds." },
      { "retry-after": "38" },
    );
  }
  if (state.mem0ServerError) {
    return text(
      res,
      500,
      '<!doctype html>\n<html lang="en">\n<head>\n  <title>Server Error (500)</title>\n</head>\n<body>\n  <h1>Server Error (500)</h1><p></p>\n</body>\n</html>\n',
      "text/html",
    );
  }
  const payload = parse(body);
  if (url.pathname === "/v1/memories/" && req.method === "POST") {
    const messages = payload.messages as { role: string; content?: unknown }[] | undefined;
    const userMessage = messages?.find((m) => m.role === "user");
    if (typeof userMessage?.content !== "string" || userMessage.content.trim() === "") {
      return json(res, 400, { error: "Invalid messages: message content must be a non-empty string." });
    }
    if (typeof payload.user_id !== "string" || payload.user_id === "") {
      return json(res, 400, {
        error: "At least one of the filters: agent_id, user_id, app_id, run_id is required!",
      });
    }
    const content = userMessage.content.trim();
    if (content.length > 2000) {
      return later(12_000, () =>
        json(res, 200, [
          {
            id: "e0b7d3f2-5a1c-4e9b-8d26-7f3a1c2b9e41",
            data: { memory: content.slice(0, 80) },
            event: "ADD",
          },
        ]),
      );
    }
    if (/^(ok|thanks|hi|hello)[.!]?$/i.test(content)) return json(res, 200, []);
    const memory = {
      id: `${Math.random().toString(16).slice(2, 10)}-4c2e-4f1a-9b3d-${Math.random().toString(16).slice(2, 14)}`,
      memory: content
        .replace(/^I(?: am|'m) /i, "Is ")
        .replace(/^I /, "")
        .replace(/^./, (c) => c.toUpperCase()),
      user_id: payload.user_id,
      categories: ["misc"],
      created_at: new Date().toISOString(),
    };
    memories.push(memory);
    return json(res, 200, [{ id: memory.id, data: { memory: memory.memory }, event: "ADD" }]);
  }
  if (url.pathname === "/v1/memories/search/" && req.method === "POST") {
    if (typeof payload.query !== "string" || payload.query.trim() === "") {
      return json(res, 400, { error: "query is required and must be a non-empty string" });
    }
    if (typeof payload.user_id !== "string" || payload.user_id === "") {
      return json(res, 400, {
        error: "At least one of the filters: agent_id, user_id, app_id, run_id is required!",
      });
    }
    const asked = new Set(words(payload.query));
    const found = memories
      .filter((m) => m.user_id === payload.user_id)
      .map((m) => ({ m, hits: words(m.memory).filter((w) => asked.has(w)).length }))
      .filter(({ hits }) => hits > 0)
      .sort((a, b) => b.hits - a.hits)
      .map(({ m, hits }) => ({
        ...m,
        metadata: null,
        hash: "5d9c1a0f3b7e2c4d6a8f0e1b3c5d7e9f",
        updated_at: m.created_at,
        score: Math.min(0.99, 0.41 + hits * 0.17),
      }));
    return json(res, 200, found);
  }
  return json(res, 404, { detail: "Not found." });
}

export const mem0Standin: Standin = forwardProxy(MEM0_PROXY_PORT, () => certificate(DATA, []), mem0Handler);

// ------------------------------------------------------------------------------------------------- Exa

const requestId = () => Math.random().toString(16).slice(2).padEnd(32, "7").slice(0, 32);

const EXA_INDEX = [
  {
    id: "https://kafka.apache.org/documentation/#producerconfigs_acks",
    url: "https://kafka.apache.org/documentation/#producerconfigs_acks",
    title: "Apache Kafka Documentation — Producer Configs: acks",
    publishedDate: "2026-08-14T00:00:00.000Z",
    author: null,
    highlights: [
      "acks=all means the leader will wait for the full set of in-sync replicas to acknowledge the record.",
    ],
    keywords: ["kafka", "acks", "producer", "replicas", "durability"],
  },
  {
    id: "https://www.confluent.io/blog/configure-kafka-to-minimize-latency/",
    url: "https://www.confluent.io/blog/configure-kafka-to-minimize-latency/",
    title: "99th Percentile Latency at Scale with Apache Kafka",
    publishedDate: "2025-11-03T00:00:00.000Z",
    author: "Jun Rao",
    highlights: ["Raising min.insync.replicas trades availability for durability when brokers fail."],
    keywords: ["kafka", "latency", "replicas", "durability", "brokers"],
  },
  {
    id: "https://neo4j.com/docs/cypher-manual/current/indexes/",
    url: "https://neo4j.com/docs/cypher-manual/current/indexes/",
    title: "Indexes - Cypher Manual",
    publishedDate: "2026-05-20T00:00:00.000Z",
    author: null,
    highlights: ["A range index is created with CREATE INDEX FOR (n:Label) ON (n.property)."],
    keywords: ["neo4j", "cypher", "index", "graph"],
  },
  {
    id: "https://docs.mem0.ai/platform/quickstart",
    url: "https://docs.mem0.ai/platform/quickstart",
    title: "Quickstart - Mem0",
    publishedDate: "2026-02-11T00:00:00.000Z",
    author: null,
    highlights: ["Memories are extracted from conversations and retrieved by semantic search per user_id."],
    keywords: ["mem0", "memory", "semantic", "agents"],
  },
];

const EXA_PAGES: Record<string, { title: string; text: string } | { tag: string; httpStatusCode: number }> = {
  "https://kafka.apache.org/documentation/#producerconfigs_acks": {
    title: "Apache Kafka Documentation",
    text: "# Producer Configs\n\n## acks\n\nThe number of acknowledgments the producer requires the leader to have received before considering a request complete. acks=0 … acks=1 … acks=all …",
  },
  "https://neo4j.com/docs/cypher-manual/current/indexes/": {
    title: "Indexes - Cypher Manual",
    text: "# Indexes\n\nAn index is a copy of specified primary data in a Neo4j database, such as nodes, relationships, or properties. …",
  },
  "https://blog.acme-tools.dev/2026/kafka-retention-deleted": { tag: "CRAWL_NOT_FOUND", httpStatusCode: 404 },
  "https://intranet.acme-tools.test/wiki/brokers": { tag: "SOURCE_NOT_AVAILABLE", httpStatusCode: 403 },
  "https://status.acme-tools.dev/": { tag: "CRAWL_TIMEOUT", httpStatusCode: 408 },
};

function exaHandler(
  req: import("node:http").IncomingMessage,
  url: URL,
  body: string,
  res: import("node:http").ServerResponse,
) {
  if (url.hostname !== "api.exa.ai") return json(res, 200, {});
  if (state.exaBadGateway) return text(res, 502, CLOUDFLARE_502(url.hostname), "text/html");
  const key = String(req.headers["x-api-key"] ?? "");
  if (state.exaKeyInvalid || key !== EXA_KEY) {
    return json(res, 400, { requestId: requestId(), error: "x-api-key header is invalid" });
  }
  if (state.exaCreditsExhausted) {
    return json(res, 402, {
      requestId: requestId(),
      error:
        "You have run out of credits. Please add credits to your account at https://dashboard.exa.ai/billing to continue.",
      tag: "NO_MORE_CREDITS",
    });
  }
  if (state.exaRateLimited) {
    return json(
      res,
      429,
      {
        requestId: requestId(),
        error: "You've exceeded your rate limit of 5 requests per second.",
        tag: "RATE_LIMIT_EXCEEDED",
      },
      { "retry-after": "1" },
    );
  }
  if (state.exaServerError) {
    return json(res, 500, { requestId: requestId(), error: "Internal Server Error", tag: "INTERNAL_ERROR" });
  }
  const payload = parse(body);
  if (url.pathname === "/search" && req.method === "POST") {
    const query = String(payload.query ?? "");
    if (query.trim() === "") {
      return json(res, 400, {
        requestId: requestId(),
        error: "Invalid request body: query must not be empty",
        tag: "INVALID_REQUEST_BODY",
      });
    }
    const numResults = Number(payload.numResults ?? 10);
    if (numResults > 100) {
      return json(res, 400, {
        requestId: requestId(),
        error: "numResults must be less than or equal to 100 for your plan",
        tag: "NUM_RESULTS_EXCEEDED",
      });
    }
    if (
      typeof payload.startPublishedDate === "string" &&
      Number.isNaN(Date.parse(payload.startPublishedDate))
    ) {
      return json(res, 400, {
        requestId: requestId(),
        error: `Invalid request body: startPublishedDate must be a valid ISO 8601 date, got '${payload.startPublishedDate}'`,
        tag: "INVALID_REQUEST_BODY",
      });
    }
    const asked = new Set(words(query));
    const includeDomains = Array.isArray(payload.includeDomains) ? (payload.includeDomains as string[]) : [];
    let results = EXA_INDEX.filter((r) => r.keywords.some((k) => asked.has(k)));
    if (includeDomains.length)
      results = results.filter((r) => includeDomains.some((d) => new URL(r.url).hostname.endsWith(d)));
    const answer = () =>
      json(res, 200, {
        requestId: requestId(),
        resolvedSearchType: "neural",
        results: results.slice(0, numResults).map(({ keywords: _k, ...r }) => ({
          ...r,
          highlightScores: r.highlights.map(() => 0.42),
        })),
        searchType: "neural",
        costDollars: { total: 0.005, search: { neural: 0.005 } },
        searchTime: 412.7,
      });
    if (/slow|exhaustive/i.test(query)) return later(15_000, answer);
    return answer();
  }
  if (url.pathname === "/contents" && req.method === "POST") {
    const urls = Array.isArray(payload.urls) ? (payload.urls as string[]) : [];
    const results: unknown[] = [];
    const statuses: unknown[] = [];
    for (const u of urls) {
      const page = EXA_PAGES[u];
      if (page && "text" in page) {
        results.push({
          id: u,
          url: u,
          title: page.title,
          text: page.text,
          author: null,
          publishedDate: null,
        });
        statuses.push({ id: u, status: "success", source: "cached" });
      } else {
        const error = page && "tag" in page ? page : { tag: "CRAWL_NOT_FOUND", httpStatusCode: 404 };
        statuses.push({ id: u, status: "error", error, source: "live" });
      }
    }
    return json(res, 200, {
      requestId: requestId(),
      results,
      statuses,
      costDollars: { total: 0.001 * results.length },
      searchTime: 233.1,
    });
  }
  return json(res, 404, {
    requestId: requestId(),
    error: `Route ${req.method} ${url.pathname} not found`,
    tag: "NOT_FOUND",
  });
}

export const exaStandin: Standin = forwardProxy(EXA_PROXY_PORT, () => certificate(DATA, []), exaHandler);

export const ALL_STANDINS: Standin[] = [boltStandin, kafkaStandin, mem0Standin, exaStandin];

export function resetData() {
  graph.reset();
  kafka.reset();
  resetMemories();
}
