// The environment faultline-proxy starts the server with: the one the client gave the proxy,
// minus what a launcher put there for the proxy's own launch.
//
// `npx -y --package <tarball> faultline-proxy -- npx -y <server>` is how most clients start the
// proxy. npm exec runs the proxy with its own variables exported: `npm_config_package` (the
// --package it was given), `npm_config_yes`, `npm_command=exec`, the lifecycle variables, and
// the npx cache's bin folders in front of PATH. Passed on unchanged, they reach the server's own
// command: an inner `npx -y <server>` then reads `npm_config_package` as its --package, installs
// the proxy's tarball instead of the server, and runs the server's package name as a shell
// command — "sh: 1: <server>: not found", exit 127. Whatever the server is started by, it gets
// the environment as if the proxy were not there:
// launched by npm exec/npx (`npm_command=exec`), the variables npm exec sets for the proxy's own
// package and command (its flags, lifecycle and package variables) are removed, and the folders
// npm put in front of PATH (up to and including its node-gyp-bin) are taken off again. npm's
// general configuration (registry, cache, userconfig…) stays: an inner npm reads it the same way
// from the same files. Started any other way, the environment passes unchanged.
// Pure: returns a new object, the given one is untouched.

export type Environment = Record<string, string | undefined>;

/** Set by npm exec for the package and command it was told to run (the CLI flags of the launch). */
const EXEC_VARIABLES = [
  "npm_config_package",
  "npm_config_call",
  "npm_config_yes",
  "npm_config_prefer_offline",
  "npm_config_prefer_online",
  "npm_config_offline",
  "npm_command",
  "npm_execpath",
  "npm_node_execpath",
  "npm_config_local_prefix",
  "npm_config_user_agent",
  "INIT_CWD",
  "COLOR",
];

/** npm's lifecycle and package variables, by prefix: they describe the proxy's launch. */
const LAUNCH_PREFIXES = ["npm_lifecycle_", "npm_package_"];

/** The last folder npm (@npmcli/run-script) puts in front of PATH. */
const NPM_PATH_END = /[\\/]@npmcli[\\/]run-script[\\/]lib[\\/]node-gyp-bin$/;

export function serverEnvironment(given: Environment): Environment {
  const byNpmExec = given.npm_command === "exec" || given.npm_lifecycle_event === "npx";
  if (!byNpmExec) return { ...given };
  const env: Environment = {};
  for (const [name, value] of Object.entries(given)) {
    if (LAUNCH_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    if (EXEC_VARIABLES.includes(name)) continue;
    // NODE is npm's own copy of npm_node_execpath; one the user set is left alone.
    if (name === "NODE" && value === given.npm_node_execpath) continue;
    env[name] = value;
  }
  const pathName = Object.keys(env).find((name) => name.toUpperCase() === "PATH");
  if (pathName) env[pathName] = withoutNpmFolders(env[pathName] ?? "");
  return env;
}

/** PATH without the folders npm put in front of it (the first run, up to its node-gyp-bin). */
function withoutNpmFolders(path: string): string {
  const separator = process.platform === "win32" ? ";" : ":";
  const folders = path.split(separator);
  const end = folders.findIndex((folder) => NPM_PATH_END.test(folder));
  return end === -1 ? path : folders.slice(end + 1).join(separator);
}
