// Loaded into @jinzcdev/leetcode-mcp-server (NODE_OPTIONS=--import). Its GraphQL calls go through leetcode-query's
// cross-fetch (node-fetch 2 on Node's https module, which ignores proxy variables), and its run/submit calls through
// Node's own fetch, which ignores HTTPS_PROXY on Node 20; leetcode.com is written into both. This makes
// https.globalAgent open every TLS connection to the loopback stand-in named by LEETCODE_STANDIN_PORT (same SNI, a
// certificate trusted through NODE_EXTRA_CA_CERTS), and undici's ProxyAgent (HTTPS_PROXY) the global dispatcher of
// Node's fetch. The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";
import { ProxyAgent, setGlobalDispatcher } from "undici";

const port = Number(process.env.LEETCODE_STANDIN_PORT);
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
const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
