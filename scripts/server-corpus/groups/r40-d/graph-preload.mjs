// Loaded into @merill/lokka (NODE_OPTIONS=--import): the Microsoft Graph SDK it uses calls the global fetch that the
// server sets to isomorphic-fetch (node-fetch 2), which goes through Node's https module with no agent and ignores
// proxy variables, and graph.microsoft.com is written into the SDK. This makes https.globalAgent open every TLS
// connection to the group's loopback stand-in named by R40D_GRAPH_PORT (the real host kept as SNI; the stand-in's
// certificate is trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.R40D_GRAPH_PORT);
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
