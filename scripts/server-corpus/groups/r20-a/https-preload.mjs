// Loaded into the Datadog server (NODE_OPTIONS=--import): @datadog/datadog-api-client calls the API through node-fetch,
// which uses Node's https module with no agent and ignores proxy variables, and Datadog's host is built from DD_SITE
// into `https://api.<site>`. This makes https.globalAgent open every TLS connection to the loopback stand-in named by
// DD_STANDIN_PORT (same SNI, a certificate trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.DD_STANDIN_PORT);
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
