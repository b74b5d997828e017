// Loaded into cakemail-mcp-server (NODE_OPTIONS=--import): its API client calls node-fetch 3 with no agent, so every
// request to the written-in https://api.cakemail.dev goes through Node's https module and https.globalAgent (node-fetch
// ignores proxy variables, and the server's index.js passes no base URL). This makes https.globalAgent open every TLS
// connection to the group's loopback stand-in named by R41G_CAKEMAIL_PORT, the real host kept as SNI; the stand-in's
// certificate is trusted through NODE_EXTRA_CA_CERTS. The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.R41G_CAKEMAIL_PORT);
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
