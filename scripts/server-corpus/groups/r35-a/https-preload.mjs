// Loaded into @twilio-alpha/mcp (NODE_OPTIONS=--import): its node-fetch 2 uses Node's https module, which ignores proxy
// variables, and Twilio's host (video.twilio.com) comes from the OpenAPI document shipped in the package. This makes
// https.globalAgent open every TLS connection to the loopback stand-in named by TWILIO_STANDIN_PORT (same SNI, a
// certificate trusted through NODE_EXTRA_CA_CERTS). The server's own code is not touched.
import https from "node:https";
import tls from "node:tls";

const port = Number(process.env.TWILIO_STANDIN_PORT);
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
