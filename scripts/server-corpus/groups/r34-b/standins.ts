// Stand-in for the ActiveMQ Classic 5.17 web console that activemq-mcp-server talks to (Jolokia under /api/jolokia/
// and the REST message servlet under /api/message/). Debian's activemq 5.17.2 package runs a real broker on this machine
// but ships without the web console (no Jetty, no Jolokia), so the console is stood in for here, on a loopback port,
// with an in-memory broker behind it. The bodies follow Jolokia's protocol reference (read/exec answers with
// `request`, `value`, `timestamp`, `status`; errors as HTTP 200 with `error_type`, `error`, `status`), the MBean
// attributes of org.apache.activemq:type=Broker and destinationType=Queue/Topic as the broker's JMX reference lists
// them, and the message servlet's behaviour (POST `body=` form → 200 "Message sent"; GET takes one message off the
// destination, or answers 204 No Content when none arrives within the read timeout, here shortened to 300 ms). The
// console's login is Jetty basic auth (admin/admin; a wrong password gets Jetty's 401 HTML page).

import type http from "node:http";
import { clearTimers, httpStandin, json, later, text } from "../../standin-kit.js";

export { clearTimers };

export const STANDIN_PORT = 43050;
/** Nothing listens here: the web console of a broker that is down. */
export const CLOSED_PORT = 43051;
export const CONSOLE_USER = "admin";
export const CONSOLE_PASSWORD = "admin";

export const state = {
  /** The console answers after 8 s (a broker stalled in a long GC pause). */
  slow: false,
  /** The console's Jetty answers 503 while the broker restarts. */
  starting: false,
};

interface Destination {
  messages: string[];
  enqueued: number;
  dequeued: number;
}

const BROKER = "localhost";
const queues = new Map<string, Destination>();
const topics = new Map<string, Destination>();

export function resetBroker() {
  queues.clear();
  topics.clear();
  queues.set("orders.incoming", { messages: [], enqueued: 0, dequeued: 0 });
  queues.set("orders.dlq", { messages: [], enqueued: 0, dequeued: 0 });
  queues.set("invoices", {
    messages: ['{"invoice":"INV-2031","amount":120.5}', '{"invoice":"INV-2032","amount":75}'],
    enqueued: 2,
    dequeued: 0,
  });
  topics.set("ActiveMQ.Advisory.Connection", { messages: [], enqueued: 0, dequeued: 0 });
  topics.set("prices.eur", { messages: [], enqueued: 0, dequeued: 0 });
}
resetBroker();

export const seen: string[] = [];
export const unknownRequests: string[] = [];

const started = Date.now();

function mbean(type: "Queue" | "Topic", name: string) {
  return `org.apache.activemq:brokerName=${BROKER},destinationName=${name},destinationType=${type},type=Broker`;
}

function destinationAttributes(type: "Queue" | "Topic", name: string, d: Destination) {
  return {
    Name: name,
    QueueSize: d.messages.length,
    EnqueueCount: d.enqueued,
    DequeueCount: d.dequeued,
    DispatchCount: d.dequeued,
    InFlightCount: 0,
    ExpiredCount: 0,
    ConsumerCount: 0,
    ProducerCount: 0,
    MemoryPercentUsage: 0,
    MemoryLimit: 1048576,
    AverageEnqueueTime: 0.0,
    MaxPageSize: 200,
    Paused: false,
    DLQ: name.endsWith(".dlq"),
    Options: "",
    UseCache: true,
    PrioritizedMessages: false,
    ObjectName: { objectName: mbean(type, name) },
  };
}

function brokerAttributes() {
  const uptime = Date.now() - started;
  const all = [...queues.values(), ...topics.values()];
  return {
    BrokerName: BROKER,
    BrokerId: "ID:r34b-host-38145-1765099381533-0:1",
    BrokerVersion: "5.17.2",
    Uptime: `${Math.round(uptime / 60000)} minutes`,
    UptimeMillis: uptime,
    TotalMessageCount: all.reduce((sum, d) => sum + d.messages.length, 0),
    TotalEnqueueCount: all.reduce((sum, d) => sum + d.enqueued, 0),
    TotalDequeueCount: all.reduce((sum, d) => sum + d.dequeued, 0),
    TotalConsumerCount: 0,
    TotalProducerCount: 0,
    TotalConnectionsCount: 3,
    CurrentConnectionsCount: 1,
    MemoryPercentUsage: 0,
    MemoryLimit: 668309914,
    StorePercentUsage: 0,
    StoreLimit: 107374182400,
    TempPercentUsage: 0,
    TempLimit: 53687091200,
    Persistent: true,
    Slave: false,
    DataDirectory: "/var/lib/activemq/main/data",
    VMURL: `vm://${BROKER}`,
    TransportConnectors: { openwire: "tcp://127.0.0.1:61616", stomp: "stomp://127.0.0.1:61613" },
    Queues: [...queues.keys()].map((name) => ({ objectName: mbean("Queue", name) })),
    Topics: [...topics.keys()].map((name) => ({ objectName: mbean("Topic", name) })),
  };
}

function jolokiaError(res: http.ServerResponse, request: Record<string, unknown>, name: string) {
  // Jolokia answers a missing MBean with HTTP 200 and the error in the body (its default ifModifiedSince/
  // serializeException settings); the stack trace is left out as `includeStackTrace=false` would.
  json(res, 200, {
    request,
    error_type: "javax.management.InstanceNotFoundException",
    error: `javax.management.InstanceNotFoundException : ${name}`,
    status: 404,
  });
}

function parseMbean(raw: string): Record<string, string> {
  const [, props = ""] = raw.split(":");
  return Object.fromEntries(
    props
      .split(",")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
}

function jolokia(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const rest = decodeURIComponent(url.pathname.slice("/api/jolokia/".length));
  const [verb, ...parts] = rest.split("/");
  const name = parts[0] ?? "";
  const props = parseMbean(name);
  const canonical = `org.apache.activemq:${Object.keys(props)
    .sort()
    .map((key) => `${key}=${props[key]}`)
    .join(",")}`;
  const timestamp = Math.floor(Date.now() / 1000);
  if (verb === "read") {
    const request = { mbean: canonical, type: "read" };
    if (props.brokerName !== "*" && props.brokerName !== BROKER) return jolokiaError(res, request, name);
    if (!props.destinationType) {
      return json(res, 200, {
        request,
        value:
          props.brokerName === "*"
            ? { [`org.apache.activemq:brokerName=${BROKER},type=Broker`]: brokerAttributes() }
            : brokerAttributes(),
        timestamp,
        status: 200,
      });
    }
    const type = props.destinationType === "Topic" ? "Topic" : "Queue";
    const table = type === "Topic" ? topics : queues;
    if (props.destinationName === "*" || props.brokerName === "*") {
      const value: Record<string, unknown> = {};
      for (const [destination, d] of table)
        value[mbean(type, destination)] = destinationAttributes(type, destination, d);
      return json(res, 200, { request, value, timestamp, status: 200 });
    }
    const d = table.get(props.destinationName ?? "");
    if (!d) return jolokiaError(res, request, name);
    return json(res, 200, {
      request,
      value: destinationAttributes(type, props.destinationName ?? "", d),
      timestamp,
      status: 200,
    });
  }
  if (verb === "exec") {
    const operation = parts[1] ?? "";
    const request = { mbean: canonical, type: "exec", operation };
    const d = queues.get(props.destinationName ?? "");
    if (!d || props.destinationType !== "Queue") return jolokiaError(res, request, name);
    if (operation === "purge") {
      d.messages = [];
      return json(res, 200, { request, value: null, timestamp, status: 200 });
    }
    return json(res, 200, {
      request,
      error_type: "java.lang.IllegalArgumentException",
      error: `java.lang.IllegalArgumentException : No operation ${operation} found on MBean ${canonical}`,
      status: 400,
    });
  }
  unknownRequests.push(`${req.method} ${url.pathname}`);
  return json(res, 200, {
    error_type: "java.lang.IllegalArgumentException",
    error: `java.lang.IllegalArgumentException : Invalid request type '${verb}'`,
    status: 400,
  });
}

function message(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  const name = decodeURIComponent(url.pathname.slice("/api/message/".length));
  const isTopic = url.searchParams.get("type") === "topic";
  const table = isTopic ? topics : queues;
  if (!name) return text(res, 400, "No destination defined! Please specify a destination");
  // The servlet creates the destination on first use, as the broker auto-creates destinations.
  let d = table.get(name);
  if (!d) {
    d = { messages: [], enqueued: 0, dequeued: 0 };
    table.set(name, d);
  }
  if (req.method === "POST") {
    const form = new URLSearchParams(body);
    const payload = form.get("body");
    if (payload === null) return text(res, 400, "No message body was specified");
    d.enqueued += 1;
    if (!isTopic) d.messages.push(payload);
    return text(res, 200, "Message sent");
  }
  if (req.method === "GET") {
    const next = () => {
      const head = d.messages.shift();
      if (head === undefined) {
        res.writeHead(204);
        res.end();
        return;
      }
      d.dequeued += 1;
      const headers = {
        destination: `queue://${name}`,
        id: `ID:r34b-host-38145-1765099381533-1:1:1:1:${d.dequeued}`,
      };
      text(res, 200, head, "text/xml;charset=utf-8", headers);
    };
    if (d.messages.length) return next();
    return later(300, next);
  }
  unknownRequests.push(`${req.method} ${url.pathname}`);
  return text(res, 405, "HTTP method not allowed");
}

const UNAUTHORIZED = `<html>
<head>
<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
<title>Error 401 Unauthorized</title>
</head>
<body><h2>HTTP ERROR 401 Unauthorized</h2>
<table>
<tr><th>URI:</th><td>/api/jolokia/read/org.apache.activemq:type=Broker,brokerName=*</td></tr>
<tr><th>STATUS:</th><td>401</td></tr>
<tr><th>MESSAGE:</th><td>Unauthorized</td></tr>
<tr><th>SERVLET:</th><td>-</td></tr>
</table>
<hr/><a href="https://eclipse.org/jetty">Powered by Jetty:// 9.4.48.v20220622</a><hr/>

</body>
</html>
`;

const UNAVAILABLE = `<html>
<head>
<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>
<title>Error 503 Service Unavailable</title>
</head>
<body><h2>HTTP ERROR 503 Service Unavailable</h2>
<table>
<tr><th>STATUS:</th><td>503</td></tr>
<tr><th>MESSAGE:</th><td>Service Unavailable</td></tr>
</table>
<hr/><a href="https://eclipse.org/jetty">Powered by Jetty:// 9.4.48.v20220622</a><hr/>

</body>
</html>
`;

function handle(req: http.IncomingMessage, url: URL, body: string, res: http.ServerResponse) {
  seen.push(`${req.method} ${url.pathname}${url.search}`);
  const expected = `Basic ${Buffer.from(`${CONSOLE_USER}:${CONSOLE_PASSWORD}`).toString("base64")}`;
  if (req.headers.authorization !== expected) {
    return text(res, 401, UNAUTHORIZED, "text/html;charset=iso-8859-1", {
      "www-authenticate": 'basic realm="ActiveMQRealm"',
      "cache-control": "must-revalidate,no-cache,no-store",
    });
  }
  if (state.starting) return text(res, 503, UNAVAILABLE, "text/html;charset=iso-8859-1");
  const answer = () => {
    if (url.pathname.startsWith("/api/jolokia/")) return jolokia(req, url, res);
    if (url.pathname.startsWith("/api/message/")) return message(req, url, body, res);
    unknownRequests.push(`${req.method} ${url.pathname}`);
    return text(res, 404, "Not Found");
  };
  if (state.slow) return later(8000, answer);
  return answer();
}

export const standin = httpStandin(STANDIN_PORT, handle);
