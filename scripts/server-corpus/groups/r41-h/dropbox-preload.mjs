// Loaded into dbx-mcp-server (NODE_OPTIONS=--import): the Dropbox SDK it uses calls node-fetch 2 on Node's https
// module with no agent, and the server's own team look-ups call Node's built-in fetch; both name api.dropboxapi.com
// and content.dropboxapi.com, written into them, and neither follows proxy variables. This makes https.globalAgent
// open every TLS connection to the group's loopback stand-in named by R41H_DROPBOX_PORT (the real host kept as SNI),
// and sends the built-in fetch's requests for those two hosts to the same stand-in (its certificate names 127.0.0.1
// and both hosts, trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.R41H_DROPBOX_PORT);
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

  const realFetch = globalThis.fetch;
  const hosts = /^https:\/\/(api|content)\.dropboxapi\.com\//;
  globalThis.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (hosts.test(url)) return realFetch(url.replace(hosts, `https://127.0.0.1:${port}/`), init);
    return realFetch(input, init);
  };
}
