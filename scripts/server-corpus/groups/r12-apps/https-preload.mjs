// Loaded into @roychri/mcp-server-asana (NODE_OPTIONS=--import): the Asana SDK's superagent uses Node's https
// module, which ignores proxy variables, and Asana's host (app.asana.com) is written into the SDK. This makes
// https.globalAgent open every TLS connection to the loopback stand-in named by ASANA_STANDIN_PORT (same SNI,
// a certificate trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.ASANA_STANDIN_PORT);
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
