// Loaded into the Hyperbrowser and Google Maps servers (NODE_OPTIONS=--import): their clients (node-fetch 2 in
// @hyperbrowser/sdk, node-fetch 3 in the Google Maps server) use Node's https module with no agent, which ignores
// proxy variables, and their API hosts are written into them. This makes https.globalAgent open every TLS
// connection to the loopback stand-in named by STANDIN_TLS_PORT (same SNI and Host header, a certificate trusted
// through NODE_EXTRA_CA_CERTS). The servers' own code is not touched.
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
