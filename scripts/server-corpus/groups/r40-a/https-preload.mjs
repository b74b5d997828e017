// Loaded into Lokka (NODE_OPTIONS=--import): its Graph client (@microsoft/microsoft-graph-client 3) calls the global
// fetch that Lokka sets to isomorphic-fetch, i.e. node-fetch 2 on Node's https module with no agent, which ignores
// proxy variables, and graph.microsoft.com is written into the client. This makes https.globalAgent open every TLS
// connection to the loopback stand-in named by STANDIN_TLS_PORT (same SNI, a certificate trusted through
// NODE_EXTRA_CA_CERTS), as r15-b's preload does. The server's own code is not touched.
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
