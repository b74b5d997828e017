// Loaded into the Cloudflare, Vercel and Upstash servers with NODE_OPTIONS=--import: on Node 20, the global
// fetch the Vercel and Upstash servers use has no proxy setting of its own (Node 24's NODE_USE_ENV_PROXY does
// the same thing), and the Cloudflare server's own undici `fetch` reads the same global dispatcher. This
// routes both through HTTPS_PROXY, the loopback stand-in proxy. Nothing else is changed.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
