// Faultline's side of bench/proxy.ts, in a process of its own: answers each delivery as
// Faultline's webhook does ({"accepted": n, "duplicates": 0, "rejected": []}) and counts the
// calls; GET /count says how many arrived. Prints its URL.
import http from "node:http";
import type { AddressInfo } from "node:net";

let received = 0;
const server = http.createServer((request, response) => {
  if (request.method === "GET") return void response.end(String(received));
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { calls } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { calls: unknown[] };
    received += calls.length;
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ accepted: calls.length, duplicates: 0, rejected: [] }));
  });
});
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`),
);
