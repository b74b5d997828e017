// Loaded into this group's servers (NODE_OPTIONS=--import). discord.js's REST client (undici `request`) and
// the Microsoft Graph client (Node's fetch) ignore HTTPS_PROXY on Node 20, so this makes undici's ProxyAgent
// the global dispatcher, as Node 24 does itself with NODE_USE_ENV_PROXY; the group's loopback forward proxy
// then answers for the real API host. With LISTEN_LOOPBACK=1 it also keeps a server that listens on
// 0.0.0.0 (mcp-discord's HTTP transport) on 127.0.0.1. The servers' own code is not touched.
import net from "node:net";
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));

if (process.env.LISTEN_LOOPBACK === "1") {
  const listen = net.Server.prototype.listen;
  net.Server.prototype.listen = function (...args) {
    if (typeof args[0] === "number" && (args[1] === "0.0.0.0" || args[1] === "::")) args[1] = "127.0.0.1";
    return listen.apply(this, args);
  };
}
