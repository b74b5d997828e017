// Loaded into pipedrive-mcp-server (NODE_OPTIONS=--import): the Pipedrive SDK it uses calls api.pipedrive.com through
// superagent, i.e. Node's https module, which ignores proxy variables. This makes https.globalAgent open every TLS
// connection to the loopback stand-in named by PIPEDRIVE_STANDIN_PORT (same SNI, a certificate trusted through
// NODE_EXTRA_CA_CERTS), as r11-data's https-preload.mjs does. The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.PIPEDRIVE_STANDIN_PORT);
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
