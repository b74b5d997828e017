// Loaded into the Lara server (NODE_OPTIONS=--import): the Lara SDK (@translated/lara) calls api.laratranslate.com with
// Node's https module through an https.Agent of its own (keep-alive), so neither proxy variables nor a replaced
// https.globalAgent reach it. This makes every https.Agent open its TLS connections for api.laratranslate.com to the
// loopback stand-in named by LARA_STANDIN_PORT instead (same SNI, a certificate trusted through NODE_EXTRA_CA_CERTS);
// connections to any other host are left alone. The server's and the SDK's own code are not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.LARA_STANDIN_PORT);
const HOST = "api.laratranslate.com";
if (port) {
  const original = https.Agent.prototype.createConnection;
  https.Agent.prototype.createConnection = function createConnection(options, callback) {
    const host = options?.host ?? options?.hostname;
    if (host !== HOST) return original.call(this, options, callback);
    // Returned synchronously, as Node's own https.Agent does: the agent hands it to its callback itself.
    return tls.connect({ ...options, host: "127.0.0.1", port, servername: options.servername || HOST });
  };
}
