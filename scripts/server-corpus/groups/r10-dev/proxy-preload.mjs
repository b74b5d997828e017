// Loaded into the Linear, GitHub and Netlify servers with NODE_OPTIONS=--import: on Node 20, the global
// fetch these servers use has no proxy setting of its own (Node 24's NODE_USE_ENV_PROXY does the same
// thing), so this routes it through HTTPS_PROXY, the loopback stand-in proxy. Nothing else is changed.
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));
