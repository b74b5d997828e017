// Loaded into the Hugging Face server (NODE_OPTIONS=--import): its calls use Node's built-in fetch, which on Node 20
// ignores HTTPS_PROXY, so this makes undici's ProxyAgent the global dispatcher for it, as Node 24 does itself with
// NODE_USE_ENV_PROXY. The server also resolves huggingface.co itself before each request (its SSRF guard); this
// machine has no DNS, so the names in CORPUS_LOOPBACK_HOSTS resolve to 127.0.0.1 here, as a hosts-file entry would
// (the server is told to accept that with its own ALLOW_INTERNAL_ADDRESS_HOSTS setting). The server's own code is
// not touched.
import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import { ProxyAgent, setGlobalDispatcher } from "undici";

const proxy = process.env.HTTPS_PROXY;
if (proxy) setGlobalDispatcher(new ProxyAgent(proxy));

const hosts = new Set((process.env.CORPUS_LOOPBACK_HOSTS ?? "").split(",").filter(Boolean));
if (hosts.size) {
  const original = dns.promises.lookup.bind(dns.promises);
  dns.promises.lookup = async (hostname, options) => {
    if (!hosts.has(String(hostname).toLowerCase())) return original(hostname, options);
    const entry = { address: "127.0.0.1", family: 4 };
    const all = typeof options === "object" && options !== null && options.all;
    return all ? [entry] : entry;
  };
  syncBuiltinESMExports();
}
