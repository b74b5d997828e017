// Loaded into the Vonage server (NODE_OPTIONS=--import, beside proxy-preload.mjs): Vonage's SDK calls rest.nexmo.com
// and api.nexmo.com with node-fetch over Node's https module, which ignores proxy variables. This makes every
// https.Agent open its TLS connections for those two hosts to the loopback stand-in named by VONAGE_STANDIN_PORT
// instead (same SNI, a certificate trusted through NODE_EXTRA_CA_CERTS); connections to any other host are left
// alone. The server's and the SDK's own code are not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.VONAGE_STANDIN_PORT);
const HOSTS = new Set(["rest.nexmo.com", "api.nexmo.com"]);
if (port) {
  const original = https.Agent.prototype.createConnection;
  https.Agent.prototype.createConnection = function createConnection(options, callback) {
    const host = options?.host ?? options?.hostname;
    if (!HOSTS.has(host)) return original.call(this, options, callback);
    // Returned synchronously, as Node's own https.Agent does: the agent hands it to its callback itself.
    return tls.connect({ ...options, host: "127.0.0.1", port, servername: options.servername || host });
  };
}
