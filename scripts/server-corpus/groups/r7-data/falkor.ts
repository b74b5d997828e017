// A loopback FalkorDB stand-in: a RESP2 server that answers the Redis handshake node-redis sends
// (CLIENT SETINFO, INFO server, PING) and FalkorDB's graph commands (GRAPH.QUERY, GRAPH.RO_QUERY in
// the `--compact` and the verbose formats, GRAPH.LIST, GRAPH.DELETE) over one small supply-chain
// graph. The Cypher it understands is the handful of queries the session sends; its errors are
// FalkorDB's and Redis' own texts (parser errMsg/errCtx, Unknown function, Type mismatch,
// RO_QUERY on a write, empty key, Query timed out, OOM, LOADING, NOPERM).

import net from "node:net";

export const falkorState = {
  /** The server is over maxmemory: writes answer OOM. */
  oom: false,
  /** The server is loading its RDB: every command answers LOADING. */
  loading: false,
};

type Reply = string | number | null | Reply[] | { simple: string } | { error: string } | { slow: Reply };

function encode(value: Reply): string {
  if (value === null) return "$-1\r\n";
  if (typeof value === "number") return `:${value}\r\n`;
  if (typeof value === "string") return `$${Buffer.byteLength(value)}\r\n${value}\r\n`;
  if (Array.isArray(value)) return `*${value.length}\r\n${value.map(encode).join("")}`;
  if ("simple" in value) return `+${value.simple}\r\n`;
  if ("slow" in value) return encode(value.slow);
  return `-${value.error}\r\n`;
}

// ---------------------------------------------------------------- the graph

const LABELS = ["Supplier", "Part", "Warehouse"];
const REL_TYPES = ["SUPPLIES", "STOCKS"];
const PROPERTY_KEYS = ["name", "country", "rating", "sku", "price", "city", "since", "qty"];

type Value = string | number | boolean;
interface Node {
  id: number;
  label: number;
  props: Record<string, Value>;
}
interface Edge {
  id: number;
  type: number;
  src: number;
  dst: number;
  props: Record<string, Value>;
}

const NODES: Node[] = [
  { id: 0, label: 0, props: { name: "Nordic Hinge AB", country: "SE", rating: 4.6 } },
  { id: 1, label: 0, props: { name: "Baltic Brass", country: "LT", rating: 3.9 } },
  { id: 2, label: 1, props: { sku: "HNG-40", name: "Brass hinge 40mm", price: 3.2 } },
  { id: 3, label: 1, props: { sku: "HNG-60", name: "Brass hinge 60mm", price: 4.1 } },
  { id: 4, label: 1, props: { sku: "PUL-OAK", name: "Oak drawer pull", price: 7.5 } },
  { id: 5, label: 2, props: { city: "Gothenburg" } },
];
const EDGES: Edge[] = [
  { id: 0, type: 0, src: 0, dst: 2, props: { since: 2019 } },
  { id: 1, type: 0, src: 0, dst: 3, props: { since: 2021 } },
  { id: 2, type: 0, src: 1, dst: 4, props: { since: 2022 } },
  { id: 3, type: 1, src: 5, dst: 2, props: { qty: 412 } },
  { id: 4, type: 1, src: 5, dst: 3, props: { qty: 180 } },
];

const GRAPHS = new Set(["supply_chain", "scratch"]);

const STATS_TIME = "Query internal execution time: 0.412600 milliseconds";

// compact value encoding: [type, value]
function scalar(value: Value | null): Reply {
  if (value === null) return [1, null];
  if (typeof value === "string") return [2, value];
  if (typeof value === "boolean") return [4, value ? "true" : "false"];
  if (Number.isInteger(value)) return [3, value];
  return [5, String(value)];
}

function compactProps(props: Record<string, Value>): Reply {
  return Object.entries(props).map(([key, value]) => {
    const [type, raw] = scalar(value) as [number, Reply];
    return [PROPERTY_KEYS.indexOf(key), type, raw];
  });
}

function compactNode(node: Node): Reply {
  return [8, [node.id, [node.label], compactProps(node.props)]];
}

interface Table {
  columns: string[];
  rows: (Value | null | Reply)[][];
}

/** A result set in the `--compact` format (or the verbose one for the metadata procedures). */
function resultSet(table: Table, compact: boolean, stats: string[] = []): Reply {
  const tail = [...stats, "Cached execution: 0", STATS_TIME];
  if (!compact) {
    return [table.columns, table.rows.map((row) => row.map((v) => (v === null ? null : (v as Reply)))), tail];
  }
  return [
    table.columns.map((c) => [1, c]),
    table.rows.map((row) => row.map((v) => (Array.isArray(v) ? v : scalar(v as Value | null)))),
    tail,
  ];
}

function parseParams(text: string): { params: Record<string, Value>; query: string } {
  const params: Record<string, Value> = {};
  if (!text.startsWith("CYPHER ")) return { params, query: text };
  let rest = text.slice("CYPHER ".length);
  const param = /^(\w+)=("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?|true|false) /;
  for (let m = param.exec(rest); m; m = param.exec(rest)) {
    const raw = m[2] ?? "";
    params[m[1] ?? ""] = raw.startsWith('"')
      ? (JSON.parse(raw) as string)
      : raw === "true" || raw === "false"
        ? raw === "true"
        : Number(raw);
    rest = rest.slice(m[0].length);
  }
  return { params, query: rest };
}

const norm = (q: string) => q.replace(/\s+/g, " ").trim();

function parserError(query: string, at: number, expected: string): Reply {
  const ch = query[at] ?? "";
  const ctx = query.length > 60 ? `${query.slice(0, 57)}...` : query;
  return {
    error: `errMsg: Invalid input '${ch}': expected ${expected} line: 1, column: ${at + 1}, offset: ${at} errCtx: ${ctx} errCtxOffset: ${at}`,
  };
}

function graphQuery(graph: string, text: string, readOnly: boolean, compact: boolean): Reply {
  const { params, query: raw } = parseParams(text);
  const query = norm(raw);
  const write = /^(CREATE|MERGE|DELETE|SET)\b|\b(CREATE|MERGE|DETACH DELETE|SET)\b/i.test(query);
  if (write && readOnly) return { error: "graph.RO_QUERY is to be executed only on read-only queries" };
  if (write && falkorState.oom) return { error: "OOM command not allowed when used memory > 'maxmemory'." };
  const known = GRAPHS.has(graph);
  const nodes = known && graph === "supply_chain" ? NODES : [];
  const edges = known && graph === "supply_chain" ? EDGES : [];

  if (query === "CALL db.labels()")
    return resultSet({ columns: ["label"], rows: nodes.length ? LABELS.map((l) => [l]) : [] }, compact);
  if (query === "CALL db.relationshipTypes()")
    return resultSet(
      { columns: ["relationshipType"], rows: edges.length ? REL_TYPES.map((t) => [t]) : [] },
      compact,
    );
  if (query === "CALL db.propertyKeys()")
    return resultSet(
      { columns: ["propertyKey"], rows: nodes.length ? PROPERTY_KEYS.map((k) => [k]) : [] },
      compact,
    );

  const connections =
    /^MATCH \(a\)-\[r\]->\(b\) WITH a, r, b LIMIT \d+ RETURN DISTINCT labels\(a\) AS source, type\(r\) AS relationship, labels\(b\) AS target$/;
  if (connections.test(query)) {
    const seen = new Map<string, Value[]>();
    for (const e of edges) {
      const s = LABELS[nodes[e.src]!.label]!;
      const t = LABELS[nodes[e.dst]!.label]!;
      const r = REL_TYPES[e.type]!;
      seen.set(`${s}|${r}|${t}`, [s, r, t]);
    }
    return resultSet(
      {
        columns: ["source", "relationship", "target"],
        rows: [...seen.values()].map(([s, r, t]) => [[6, [scalar(s!)]], r!, [6, [scalar(t!)]]]),
      },
      compact,
    );
  }

  const nodeKeys =
    /^MATCH \(n:(\w+)\) WITH n LIMIT (\d+) UNWIND keys\(n\) AS property RETURN property, count\(\*\) AS frequency ORDER BY frequency DESC$/.exec(
      query,
    );
  const nodeCount = /^MATCH \(n:(\w+)\) WITH n LIMIT (\d+) RETURN count\(n\) AS sampledCount$/.exec(query);
  const relKeys =
    /^MATCH \(\)-\[r:(\w+)\]->\(\) WITH r LIMIT (\d+) UNWIND keys\(r\) AS property RETURN property, count\(\*\) AS frequency ORDER BY frequency DESC$/.exec(
      query,
    );
  const relCount = /^MATCH \(\)-\[r:(\w+)\]->\(\) WITH r LIMIT (\d+) RETURN count\(r\) AS sampledCount$/.exec(
    query,
  );
  const frequencies = (items: Record<string, Value>[]) => {
    const counts = new Map<string, number>();
    for (const p of items) for (const k of Object.keys(p)) counts.set(k, (counts.get(k) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, n]);
  };
  if (nodeKeys || nodeCount) {
    const m = (nodeKeys ?? nodeCount)!;
    const sample = nodes.filter((n) => LABELS[n.label] === m[1]).slice(0, Number(m[2]));
    if (nodeKeys)
      return resultSet(
        { columns: ["property", "frequency"], rows: frequencies(sample.map((n) => n.props)) },
        compact,
      );
    return resultSet({ columns: ["sampledCount"], rows: [[sample.length]] }, compact);
  }
  if (relKeys || relCount) {
    const m = (relKeys ?? relCount)!;
    const sample = edges.filter((e) => REL_TYPES[e.type] === m[1]).slice(0, Number(m[2]));
    if (relKeys)
      return resultSet(
        { columns: ["property", "frequency"], rows: frequencies(sample.map((e) => e.props)) },
        compact,
      );
    return resultSet({ columns: ["sampledCount"], rows: [[sample.length]] }, compact);
  }

  if (
    query ===
    "MATCH (s:Supplier) RETURN s.name AS name, s.country AS country, s.rating AS rating ORDER BY name"
  ) {
    const rows = nodes
      .filter((n) => n.label === 0)
      .sort((a, b) => String(a.props.name).localeCompare(String(b.props.name)))
      .map((n) => [n.props.name!, n.props.country!, n.props.rating!]);
    return resultSet({ columns: ["name", "country", "rating"], rows }, compact);
  }
  if (
    query ===
    "MATCH (s:Supplier {name: $name})-[r:SUPPLIES]->(p:Part) RETURN p, r.since AS since ORDER BY since"
  ) {
    const supplier = nodes.find((n) => n.label === 0 && n.props.name === params.name);
    const rows = edges
      .filter((e) => e.type === 0 && supplier && e.src === supplier.id)
      .map((e) => [compactNode(nodes[e.dst]!), e.props.since!]);
    return resultSet({ columns: ["p", "since"], rows }, compact);
  }
  if (query === "MATCH (p:Part) WHERE p.price > $min RETURN p.sku AS sku, p.price AS price") {
    const rows = nodes
      .filter((n) => n.label === 1 && Number(n.props.price) > Number(params.min))
      .map((n) => [n.props.sku!, n.props.price!]);
    return resultSet({ columns: ["sku", "price"], rows }, compact);
  }
  if (query.startsWith("MATCH (w:Warehouse)-[s:STOCKS]->(p:Part) RETURN")) {
    const rows = edges
      .filter((e) => e.type === 1)
      .map((e) => [nodes[e.src]!.props.city!, nodes[e.dst]!.props.sku!, e.props.qty!]);
    return resultSet({ columns: ["city", "sku", "qty"], rows }, compact);
  }
  if (/^CALL db\.idx\.fulltext\.queryNodes\('Part', \$term\)/.test(query)) {
    const rows = nodes
      .filter(
        (n) =>
          n.label === 1 && String(n.props.name).toLowerCase().includes(String(params.term).toLowerCase()),
      )
      .map((n) => [n.props.sku!, 1.0]);
    return { slow: resultSet({ columns: ["sku", "score"], rows }, compact) };
  }
  if (/^MATCH \(s:Supplier RETURN/.test(query))
    return parserError(query, query.indexOf(" RETURN") + 1, "a label, '{', a parameter or ')'");
  if (/toUpperr\(/.test(query)) return { error: "Unknown function 'toUpperr'" };
  if (/substring\(p\.name, 0, 'five'\)/.test(query))
    return { error: "Type mismatch: expected Integer but was String" };
  if (/\[\*\.\.\d+\]/.test(query)) return { error: "Query timed out" };
  if (/^CREATE \(w:Warehouse \{city: \$city\}\) RETURN w$/.test(query)) {
    const node: Node = { id: 6, label: 2, props: { city: String(params.city) } };
    return resultSet({ columns: ["w"], rows: [[compactNode(node)]] }, compact, [
      "Nodes created: 1",
      "Properties set: 1",
    ]);
  }
  if (/^CREATE \(:Part \{sku: 'HNG-80', name: 'Brass hinge 80mm', price: 5\.4\}\)$/.test(query)) {
    return [["Nodes created: 1", "Properties set: 3", "Cached execution: 0", STATS_TIME]];
  }
  if (/^MATCH \(p:Part \{sku: 'PUL-OAK'\}\) SET p\.price = 8\.1$/.test(query)) {
    return [["Properties set: 1", "Cached execution: 0", STATS_TIME]];
  }
  return parserError(query, 0, "a clause");
}

function info(): string {
  return [
    "# Server",
    "redis_version:7.4.2",
    "redis_git_sha1:00000000",
    "redis_mode:standalone",
    "os:Linux 6.1.0-25-amd64 x86_64",
    "arch_bits:64",
    "tcp_port:6379",
    "executable:/FalkorDB/bin/redis-server",
    "",
  ].join("\r\n");
}

function command(args: string[]): Reply {
  const name = (args[0] ?? "").toUpperCase();
  if (falkorState.loading && name !== "CLIENT" && name !== "QUIT")
    return { error: "LOADING Redis is loading the dataset in memory" };
  switch (name) {
    case "PING":
      return { simple: "PONG" };
    case "CLIENT":
    case "SELECT":
      return { simple: "OK" };
    case "QUIT":
      return { simple: "OK" };
    case "INFO":
      return info();
    case "GRAPH.LIST":
      return [...GRAPHS].sort();
    case "GRAPH.DELETE": {
      const graph = args[1] ?? "";
      if (!GRAPHS.has(graph)) return { error: "ERR Invalid graph operation on empty key" };
      GRAPHS.delete(graph);
      return "Graph removed, internal execution time: 0.112700 milliseconds";
    }
    case "GRAPH.QUERY":
    case "GRAPH.RO_QUERY": {
      const graph = args[1] ?? "";
      const query = args[2] ?? "";
      return graphQuery(graph, query, name === "GRAPH.RO_QUERY", args.includes("--compact"));
    }
    default:
      return {
        error: `ERR unknown command '${args[0] ?? ""}', with args beginning with: ${args
          .slice(1)
          .map((a) => `'${a}' `)
          .join("")}`,
      };
  }
}

/** Parses as many complete RESP arrays of bulk strings as the buffer holds. */
function parse(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let offset = 0;
  outer: while (offset < buffer.length) {
    if (buffer[offset] !== 0x2a) {
      const nl = buffer.indexOf("\r\n", offset);
      if (nl < 0) break;
      commands.push(buffer.subarray(offset, nl).toString("utf8").split(" ").filter(Boolean));
      offset = nl + 2;
      continue;
    }
    const nl = buffer.indexOf("\r\n", offset);
    if (nl < 0) break;
    const count = Number(buffer.subarray(offset + 1, nl).toString());
    let p = nl + 2;
    const args: string[] = [];
    for (let i = 0; i < count; i++) {
      const end = buffer.indexOf("\r\n", p);
      if (end < 0) break outer;
      const size = Number(buffer.subarray(p + 1, end).toString());
      if (end + 2 + size + 2 > buffer.length) break outer;
      args.push(buffer.subarray(end + 2, end + 2 + size).toString("utf8"));
      p = end + 2 + size + 2;
    }
    commands.push(args);
    offset = p;
  }
  return { commands, rest: buffer.subarray(offset) };
}

export function createFalkorStandin(port: number, onCommand?: (args: string[]) => void) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const handle = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    let buffer: Buffer = Buffer.alloc(0);
    // replies leave in request order, even when one of them is slow
    let queue = Promise.resolve();
    socket.on("data", (chunk: Buffer) => {
      const { commands, rest } = parse(Buffer.concat([buffer, chunk]));
      buffer = rest;
      for (const args of commands) {
        onCommand?.(args);
        const reply = command(args);
        const slow = reply !== null && typeof reply === "object" && !Array.isArray(reply) && "slow" in reply;
        queue = queue
          .then(() => (slow ? new Promise<void>((resolve) => setTimeout(resolve, 3000)) : undefined))
          .then(() => {
            if (!socket.destroyed) socket.write(encode(reply));
          });
      }
    });
  };
  return {
    start: () =>
      new Promise<void>((resolve) => {
        server = net.createServer(handle);
        server.listen(port, "127.0.0.1", () => resolve());
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}
