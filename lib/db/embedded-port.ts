import net from "node:net";
import { EmbeddedStartError } from "./pg-runtime";

// Which port the embedded PostgreSQL listens on. The default one may be taken (another
// PostgreSQL, a second Faultline): then a free port is used instead, and said. A port the
// user chose (FAULTLINE_EMBEDDED_PG_PORT) is never swapped behind their back: taken, it is
// the one-line reason Faultline cannot start, naming the port and the setting.

export interface PortChoice {
  port: number;
  /** Set when the port is not the one asked for: the line that says why. */
  note?: string;
}

export async function chooseEmbeddedPort(options: { port: number; chosen: boolean }): Promise<PortChoice> {
  if (await isFree(options.port)) return { port: options.port };
  if (options.chosen) throw portTaken(options.port);
  const port = await anyFreePort();
  return {
    port,
    note: `127.0.0.1:${options.port} is in use by another program, so the embedded PostgreSQL listens on 127.0.0.1:${port} instead (set FAULTLINE_EMBEDDED_PG_PORT to choose its port)`,
  };
}

export function portTaken(port: number): EmbeddedStartError {
  return new EmbeddedStartError(
    `127.0.0.1:${port} is in use by another program, so the embedded PostgreSQL cannot listen there: set FAULTLINE_EMBEDDED_PG_PORT to a free port (or unset it to let Faultline pick one), stop the program using ${port}, or set DATABASE_URL to a PostgreSQL server`,
  );
}

/** PostgreSQL's own words when its port was taken between the check and its start. */
export function saysPortTaken(output: string): boolean {
  return /could not bind IPv4 address .*Address already in use|could not create any TCP\/IP sockets/i.test(
    output,
  );
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen({ port: 0, host: "127.0.0.1", exclusive: true }, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
