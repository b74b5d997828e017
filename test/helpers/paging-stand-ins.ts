import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// Local stand-ins for PagerDuty's Events API v2 and Opsgenie's Alert API (node:http on
// 127.0.0.1), for the operator's endpoint overrides (FAULTLINE_ALERTS_PAGERDUTY_URL,
// FAULTLINE_ALERTS_OPSGENIE_URL). Each keeps what the real service keeps — incidents by
// dedup_key, alerts by alias, deduplicating a trigger or create whose key is already open — and
// answers as the real one does (202 when processed, 400 for an invalid event, 401 for an unknown
// key), unless a test scripts another answer: any status, a redirect, or a slow answer given only
// after the event was processed (a service that did the work but answered late).

/** What the stand-in does with one request. */
export interface Plan {
  /** The status to answer with; default the service's own answer. */
  status?: number;
  /** A body to answer with instead of the service's own. */
  body?: string;
  /** Extra response headers (a redirect's Location). */
  headers?: Record<string, string>;
  /** Whether the event is acted on (an incident opened, an alert closed …); default: when answered 2xx. */
  process?: boolean;
  /** Milliseconds to wait before answering (after acting on the event). */
  delayMs?: number;
}

export interface StandInRequest {
  /** Order of arrival, from 0. */
  index: number;
  /** Date.now() when the request's body had arrived. */
  at: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The status answered (0 while a delayed answer is pending, -1 when the client left first). */
  status: number;
  /** Whether the event was acted on. */
  processed: boolean;
  /** Date.now() when the answer was sent (or the client left). */
  answeredAt?: number;
}

export interface Incident {
  /** PagerDuty's dedup_key or Opsgenie's alias. */
  key: string;
  status: "open" | "resolved";
  /** Events (triggers, creates) folded into it: 1 plus the duplicates the service dropped. */
  events: number;
  openedBy: number;
  resolvedBy?: number;
}

export interface StandIn {
  url: string;
  requests: StandInRequest[];
  /** Every incident (PagerDuty) or alert (Opsgenie) opened, in order. */
  incidents: Incident[];
  /** Chooses the plan for each request; undefined means the service's own answer. */
  script(plan: (request: StandInRequest) => Plan | undefined): void;
  /** Answers the next requests with these plans in turn, then as the service does. */
  queue(...plans: (Plan | number)[]): void;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface Outcome {
  status: number;
  body: unknown;
  /** Applies the event to the service's state (called only when it is to be processed). */
  apply?: (index: number) => void;
}

type Service = (request: StandInRequest, url: URL) => Outcome;

async function startStandIn(service: Service): Promise<StandIn> {
  const requests: StandInRequest[] = [];
  let planner: (request: StandInRequest) => Plan | undefined = () => undefined;
  let queued: Plan[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    const url = new URL(incoming.url ?? "/", "http://stand-in.test");
    const request: StandInRequest = {
      index: requests.length,
      at: Date.now(),
      method: incoming.method ?? "",
      path: incoming.url ?? "/",
      headers: incoming.headers,
      body,
      status: 0,
      processed: false,
    };
    requests.push(request);
    const plan = queued.shift() ?? planner(request) ?? {};
    const own = service(request, url);
    const status = plan.status ?? own.status;
    const process = plan.process ?? (status >= 200 && status < 300);
    if (process && own.apply) {
      own.apply(request.index);
      request.processed = true;
    }
    const answer = () => {
      if (outgoing.destroyed) {
        request.status = -1;
        request.answeredAt = Date.now();
        return;
      }
      request.status = status;
      request.answeredAt = Date.now();
      outgoing.writeHead(status, { "content-type": "application/json", ...plan.headers });
      outgoing.end(plan.body ?? JSON.stringify(own.body));
    };
    outgoing.on("close", () => {
      if (request.status === 0) {
        request.status = -1;
        request.answeredAt = Date.now();
      }
    });
    if (plan.delayMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, plan.delayMs);
      timers.add(timer);
    } else {
      answer();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    incidents: [],
    script(plan) {
      planner = plan;
    },
    queue(...plans) {
      queued = plans.map((plan) => (typeof plan === "number" ? { status: plan } : plan));
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`stand-in: condition not met within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const SEVERITIES = ["critical", "error", "warning", "info"];

/**
 * PagerDuty's Events API v2 at POST /v2/enqueue: a routing key it knows, a valid event; a
 * trigger whose dedup_key has an open incident is folded into it, a resolve closes it.
 */
export async function startPagerDuty(routingKeys: string[]): Promise<StandIn> {
  const incidents: Incident[] = [];
  const standIn = await startStandIn((request, url) => {
    if (request.method !== "POST" || url.pathname !== "/v2/enqueue") {
      return { status: 404, body: { status: "not found" } };
    }
    const event = request.body;
    const errors: string[] = [];
    if (typeof event !== "object" || event === null) errors.push("Event object is invalid");
    else {
      if (!routingKeys.includes(event.routing_key)) errors.push("'routing_key' is invalid");
      if (!["trigger", "acknowledge", "resolve"].includes(event.event_action))
        errors.push("'event_action' is invalid");
      if (typeof event.dedup_key !== "string" || event.dedup_key.length === 0 || event.dedup_key.length > 255)
        errors.push("'dedup_key' is invalid");
      if (event.event_action === "trigger") {
        const payload = event.payload ?? {};
        if (typeof payload.summary !== "string" || payload.summary.length > 1024)
          errors.push("'payload.summary' is invalid");
        if (typeof payload.source !== "string") errors.push("'payload.source' is invalid");
        if (!SEVERITIES.includes(payload.severity)) errors.push("'payload.severity' is invalid");
      }
    }
    if (errors.length > 0)
      return { status: 400, body: { status: "invalid event", message: "Event object is invalid", errors } };
    const key: string = event.dedup_key;
    return {
      status: 202,
      body: { status: "success", message: "Event processed", dedup_key: key },
      apply: (index) => {
        const open = incidents.find((incident) => incident.key === key && incident.status === "open");
        if (event.event_action === "trigger") {
          if (open) open.events += 1;
          else incidents.push({ key, status: "open", events: 1, openedBy: index });
        } else if (event.event_action === "resolve" && open) {
          open.status = "resolved";
          open.resolvedBy = index;
        }
      },
    };
  });
  standIn.incidents = incidents;
  return standIn;
}

/**
 * Opsgenie's Alert API: POST /v2/alerts creates an alert (one with the alias of an open alert is
 * folded into it), POST /v2/alerts/{alias}/close?identifierType=alias closes it; both want
 * `Authorization: GenieKey <a key it knows>`.
 */
export async function startOpsgenie(apiKeys: string[]): Promise<StandIn> {
  const alerts: Incident[] = [];
  const standIn = await startStandIn((request, url) => {
    const requestId = randomUUID();
    const authorization = String(request.headers.authorization ?? "");
    const match = /^GenieKey (.+)$/.exec(authorization);
    if (!match || !apiKeys.includes(match[1]!)) {
      return { status: 401, body: { message: "Could not authenticate", took: 0.001, requestId } };
    }
    const accepted = { result: "Request will be processed", took: 0.002, requestId };
    if (request.method === "POST" && url.pathname === "/v2/alerts") {
      const alert = request.body ?? {};
      if (typeof alert.message !== "string" || alert.message.length === 0 || alert.message.length > 130) {
        return { status: 422, body: { message: "Request body is not processable", took: 0.001, requestId } };
      }
      const alias: string = typeof alert.alias === "string" ? alert.alias : randomUUID();
      return {
        status: 202,
        body: accepted,
        apply: (index) => {
          const open = alerts.find((existing) => existing.key === alias && existing.status === "open");
          if (open) open.events += 1;
          else alerts.push({ key: alias, status: "open", events: 1, openedBy: index });
        },
      };
    }
    const close = /^\/v2\/alerts\/([^/]+)\/close$/.exec(url.pathname);
    if (request.method === "POST" && close && url.searchParams.get("identifierType") === "alias") {
      const alias = decodeURIComponent(close[1]!);
      return {
        status: 202,
        body: accepted,
        apply: (index) => {
          const open = alerts.find((existing) => existing.key === alias && existing.status === "open");
          if (open) {
            open.status = "resolved";
            open.resolvedBy = index;
          }
        },
      };
    }
    return { status: 404, body: { message: "Could not find", took: 0.001, requestId } };
  });
  standIn.incidents = alerts;
  return standIn;
}
