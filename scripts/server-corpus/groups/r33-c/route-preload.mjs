// Loaded into both servers (NODE_OPTIONS=--import): the Nominatim and Baidu Maps hosts are written into them
// (nominatim.openstreetmap.org in @modelcontextprotocol/server-map, api.map.baidu.com in @baidumap/mcp-server-baidu-map).
// This sends every TLS connection the servers open — through Node's https module (node-fetch 3, the Baidu server's
// client) and through Node's built-in fetch (undici, the map server's client) — to the group's loopback stand-in named
// by R33C_STANDIN_PORT, keeping the real host as SNI; the stand-in's certificate is trusted through
// NODE_EXTRA_CA_CERTS. Adapted from r32-b's route-preload.mjs. The servers' own code is not touched.
import https from "node:https";
import tls from "node:tls";
import { Agent, setGlobalDispatcher } from "undici";

const port = Number(process.env.R33C_STANDIN_PORT);
if (port) {
  const open = (servername) =>
    tls.connect({ host: "127.0.0.1", port, servername, ALPNProtocols: ["http/1.1"] });
  class LoopbackAgent extends https.Agent {
    createConnection(options) {
      return open(options.servername || options.host);
    }
  }
  https.globalAgent = new LoopbackAgent({ keepAlive: false });
  setGlobalDispatcher(
    new Agent({
      connect: (options, callback) => {
        const socket = open(options.servername || options.hostname);
        socket.once("secureConnect", () => callback(null, socket));
        socket.once("error", (error) => callback(error, null));
      },
    }),
  );
}
