// Loaded into the Airbnb server (NODE_OPTIONS=--import): its node-fetch 3 uses Node's https module with no
// agent, which ignores proxy variables, and www.airbnb.com is written into the server. This makes
// https.globalAgent open every TLS connection to the loopback stand-in named by AIRBNB_STANDIN_PORT (same SNI,
// a certificate trusted through NODE_EXTRA_CA_CERTS), as round XIV's TradingView preload does. The server's
// own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.AIRBNB_STANDIN_PORT);
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
