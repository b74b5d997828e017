// Submits a page's server-action form the way a browser without JavaScript does: the
// hidden fields Next.js renders into the form, plus the visible ones we fill in.

export interface FormAnswer {
  status: number;
  location: string | null;
  setCookie: string | null;
  html: string;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The hidden inputs of the `index`-th form on the page at `url`. */
export async function hiddenFields(
  url: string,
  headers: Record<string, string> = {},
  index = 0,
): Promise<Map<string, string>> {
  const html = await (await fetch(url, { headers })).text();
  const form = [...html.matchAll(/<form[^>]*>([\s\S]*?)<\/form>/g)][index]?.[1];
  if (!form) throw new Error(`no form #${index} on ${url}`);
  const fields = new Map<string, string>();
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/?>/g)) {
    fields.set(decodeEntities(input[1]!), decodeEntities(input[2] ?? ""));
  }
  return fields;
}

export async function submitForm(
  url: string,
  values: Record<string, string>,
  options: { headers?: Record<string, string>; formIndex?: number } = {},
): Promise<FormAnswer> {
  const fields = await hiddenFields(url, options.headers, options.formIndex);
  const body = new FormData();
  for (const [name, value] of fields) body.set(name, value);
  for (const [name, value] of Object.entries(values)) body.set(name, value);
  const response = await fetch(url, {
    method: "POST",
    headers: { origin: new URL(url).origin, ...options.headers },
    body,
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    setCookie: response.headers.get("set-cookie"),
    html: await response.text(),
  };
}

/** Signs in through the no-JavaScript form: "signed in", or the error the page shows. */
export async function signInByForm(
  baseUrl: string,
  email: string,
  password: string,
  options: { headers?: Record<string, string>; next?: string } = {},
): Promise<{ answer: string; location: string | null; cookie: string | null }> {
  const page = `${baseUrl}/login${options.next ? `?next=${encodeURIComponent(options.next)}` : ""}`;
  const result = await submitForm(page, { email, password }, { headers: options.headers });
  const cookie = /faultline_session=([^;]+)/.exec(result.setCookie ?? "")?.[1] ?? null;
  if (result.status === 303 && cookie) return { answer: "signed in", location: result.location, cookie };
  const error = /data-testid="sign-in-error"[^>]*>([^<]*)</.exec(result.html)?.[1];
  return {
    answer: error ? decodeEntities(error) : `HTTP ${result.status}`,
    location: result.location,
    cookie,
  };
}
