// Loaded into the monday.com and Miro servers (NODE_OPTIONS=--import): their API clients call node-fetch 2
// (through cross-fetch for monday.com's graphql-request) on Node's https module with no agent, which ignores
// proxy variables, and the API hosts are written into the servers. This makes https.globalAgent open every
// TLS connection to the loopback stand-in named by STANDIN_TLS_PORT (same SNI, a certificate trusted through
// NODE_EXTRA_CA_CERTS). The servers' own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.STANDIN_TLS_PORT);
if (port) {
  class LoopbackAgent extends https.Agent {
    createConnection(options) {
      return tls.connect({
        ...options,
        host: "127.0.0.1",
        port,
        servername: options.servername || options.host,
      });
    }
  }
  https.globalAgent = new LoopbackAgent({ keepAlive: false });
}
