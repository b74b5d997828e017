// Loaded into datadog-mcp-server (NODE_OPTIONS=--import). Its hosts are built from DD_SITE (https://api.datadoghq.com
// for the API client's calls, https://datadoghq.com for its own log calls), and it reaches them two ways: the Datadog
// API client's cross-fetch (node-fetch 2, Node's https module, which ignores proxy variables) and Node's own fetch
// (undici, which ignores HTTPS_PROXY on Node 20). This sends every TLS connection of both to the loopback stand-in
// named by DATADOG_STANDIN_PORT, with the same SNI and a certificate trusted through NODE_EXTRA_CA_CERTS. The
// server's own code is not touched.
import https from "node:https";
import tls from "node:tls";
import { Agent, setGlobalDispatcher } from "undici";

const port = Number(process.env.DATADOG_STANDIN_PORT);
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
  setGlobalDispatcher(
    new Agent({
      connect(options, callback) {
        const socket = tls.connect({
          host: "127.0.0.1",
          port,
          servername: options.servername || options.hostname,
          ALPNProtocols: ["http/1.1"],
        });
        socket.once("secureConnect", () => callback(null, socket));
        socket.once("error", (error) => callback(error, null));
      },
    }),
  );
}
