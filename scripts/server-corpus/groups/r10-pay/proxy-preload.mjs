// Preloaded (node --import) into the servers whose API host is built in and that have no proxy
// setting of their own (Stripe's agent toolkit through stripe-node, Square's server through
// node-fetch, Paddle's SDK through Node's fetch). It sends their outgoing HTTPS through the proxy
// named by HTTPS_PROXY, which is what a user behind a proxy does on Node 20: every https.Agent (the
// default one and those a library makes for itself, as stripe-node does) opens its connections as a
// CONNECT tunnel through the proxy, and Node's own fetch gets undici's EnvHttpProxyAgent as its
// dispatcher. Nothing else of the server is touched.
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { EnvHttpProxyAgent, setGlobalDispatcher } from "undici";

const proxy = new URL(process.env.HTTPS_PROXY);

/** https.Agent's createConnection, through a CONNECT tunnel (Agent accepts the socket by callback). */
function tunnel(options, done) {
  const target = `${options.host}:${options.port}`;
  const connect = http.request({
    host: proxy.hostname,
    port: Number(proxy.port),
    method: "CONNECT",
    path: target,
    headers: { host: target },
  });
  connect.once("connect", (res, socket) => {
    if (res.statusCode !== 200) {
      socket.destroy();
      done(new Error(`proxy answered ${res.statusCode} to CONNECT ${target}`));
      return;
    }
    done(null, tls.connect({ ...options, socket, servername: options.servername || options.host }));
  });
  connect.once("error", (error) => done(error));
  connect.end();
}

https.Agent.prototype.createConnection = tunnel;
setGlobalDispatcher(new EnvHttpProxyAgent());
