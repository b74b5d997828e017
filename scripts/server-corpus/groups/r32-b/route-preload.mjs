// Loaded into both servers (NODE_OPTIONS=--import): the Dataverse and Microsoft Entra ID hosts are real
// *.dynamics.com and login.microsoftonline.com names (mcp-dataverse refuses any other environment host, and MSAL's
// authority is written into both servers). This sends every TLS connection the servers open — through Node's https
// module (MSAL's own HttpClient, axios) and through Node's built-in fetch (undici) — to the group's loopback
// stand-in named by R32B_STANDIN_PORT, keeping the real host as SNI; the stand-in's certificate is trusted through
// NODE_EXTRA_CA_CERTS. The servers' own code is not touched.
import https from "node:https";
import tls from "node:tls";
import { Agent, setGlobalDispatcher } from "undici";

const port = Number(process.env.R32B_STANDIN_PORT);
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
