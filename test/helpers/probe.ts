import http from "node:http";

// A GET on a connection of its own, read to the end: what a side probe needs while a test loads
// the server. fetch pools its connections, and a pooled connection the server is closing for
// idleness just as the next request is written on it is reset — a race in the client's pool
// that says nothing of the server, and failed the suite once. A fresh connection has no such race;
// a reset on it is the server's doing and fails the test.

export interface ProbeAnswer {
  status: number;
  /** From the request written to the last byte of the answer read. */
  ms: number;
}

export function probeGet(url: string, headers: Record<string, string> = {}): Promise<ProbeAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      response.on("data", () => {});
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** A POST of a JSON body on a connection of its own, read to the end (see probeGet). */
export function freshPost(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<ProbeAnswer & { text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, ms: performance.now() - started, text }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}
