// Loaded into the Notion server (NODE_OPTIONS=--import): its @notionhq/client 2 calls node-fetch 2, which uses
// Node's https module with no agent and ignores proxy variables, and api.notion.com is written into the client.
// This makes https.globalAgent open every TLS connection to the loopback stand-in named by NOTION_STANDIN_PORT (same SNI, a
// certificate trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.NOTION_STANDIN_PORT);
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
