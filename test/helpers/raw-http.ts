import net from "node:net";

// One raw HTTP/1.1 exchange with a server: fetch cannot send a malformed Host, a request target
// that is not a path, or a body it has not framed itself. The request should say
// `Connection: close`: the socket is not half-closed (Node's server would drop its answer), the
// server closes it.

export interface RawAnswer {
  status: number;
  /** The answer's body (after the blank line), as latin1 text. */
  body: string;
  /** The status line and headers, as latin1 text. */
  head: string;
}

export async function rawExchange(baseUrl: string, request: string | Buffer): Promise<RawAnswer> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may answer and close before it has read all of a refused body.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") return;
      reject(error);
    });
    socket.on("close", () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        body: answer.slice(answer.indexOf("\r\n\r\n") + 4),
        head: answer.slice(0, Math.max(0, answer.indexOf("\r\n\r\n"))),
      }),
    );
  });
}

export async function rawStatus(baseUrl: string, request: string | Buffer): Promise<number> {
  return (await rawExchange(baseUrl, request)).status;
}
