// Loaded into @junis/shopify-mcp (NODE_OPTIONS=--import): its graphql-request 5 fetches through cross-fetch, that is
// node-fetch 2 on Node's https module, which ignores proxy variables, and the server builds its endpoint from the
// shop's domain (https://<shop>.myshopify.com/admin/api/2026-01/graphql.json). This makes https.globalAgent open
// every TLS connection to the loopback stand-in named by SHOPIFY_STANDIN_PORT (same SNI, a certificate trusted
// through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.SHOPIFY_STANDIN_PORT);
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
