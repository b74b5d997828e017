// Where this instance serves the reporter package (lib/http/downloads): the proxy, the reporter and
// faultline-probe come from it. Its one home, for the Connect snippets and the probe commands.

/** The reporter package as this instance serves it. */
export function packageUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/downloads/faultline-reporter.tgz`;
}
