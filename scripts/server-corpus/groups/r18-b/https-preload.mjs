// Loaded into the fal.ai server (NODE_OPTIONS=--import) beside proxy-preload.mjs: its GET requests use Node's
// https module with no agent (https.request with the host written into the server), which ignores proxy
// variables. This makes https.globalAgent open every TLS connection to the loopback stand-in named by
// FAL_STANDIN_PORT (same SNI, a certificate trusted through NODE_EXTRA_CA_CERTS), as round XIV's TradingView
// preload does. The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.FAL_STANDIN_PORT);
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
