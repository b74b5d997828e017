// A stand-in for Faultline's webhook (POST /api/v1/calls): it answers as Faultline does when
// every call is stored, and keeps each posted call object exactly as it was received.

import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Sink {
  url: string;
  /** Every call object received, by its id, as parsed from the posted body. */
  calls: Map<string, unknown>;
  /** How many delivery requests came in. */
  requests: number;
  close(): Promise<void>;
}

export async function startSink(port = 0): Promise<Sink> {
  const calls = new Map<string, unknown>();
  const sink: Sink = { url: "", calls, requests: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/api/v1/calls") {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { code: "not_found", message: "only POST /api/v1/calls" } }));
      }
      sink.requests += 1;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { calls: { id: string }[] };
      for (const call of body.calls) calls.set(call.id, call);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ accepted: body.calls.length, duplicates: 0, rejected: [], calls: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sink.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sink;
}
