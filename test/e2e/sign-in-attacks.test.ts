import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THROTTLE_RULES } from "../../lib/auth/throttle";
import { createUser } from "../../lib/auth/users";
import { startAppServer, type AppServer } from "../helpers/app-server";
import { launchBrowser } from "../helpers/browser";
import { signInByForm } from "../helpers/forms";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

// Sign-in as an attacker would try it, over real HTTP against two app instances sharing one
// database: one trusting no proxy (the default), one behind a trusted proxy at 127.0.0.1.

const USERS = ["ann", "ben", "cat", "dan", "eve"].map((name) => ({
  email: `${name}@example.test`,
  password: `${name}'s long password`,
}));
let testDatabase: TestDatabase;
let direct: AppServer;
let proxied: AppServer;

beforeAll(async () => {
  testDatabase = await createTestDatabase("sign_in_attacks");
  for (const user of USERS) await createUser(testDatabase.database.prisma, user);
  // Both start at once on one database (as instances behind a load balancer would); if one
  // cannot, the other is stopped too rather than left running.
  const started = await Promise.allSettled([
    startAppServer({
      DATABASE_URL: testDatabase.url,
      FAULTLINE_INIT_INGEST_KEY: "flk_sign_in_attacks_000000000000",
    }),
    startAppServer({ DATABASE_URL: testDatabase.url, FAULTLINE_TRUSTED_PROXIES: "127.0.0.1, ::1" }),
  ]);
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    await Promise.all(
      started.map((result) => (result.status === "fulfilled" ? result.value.stop("SIGKILL") : null)),
    );
    throw failed.reason;
  }
  [direct, proxied] = started.map((result) => (result as PromiseFulfilledResult<AppServer>).value) as [
    AppServer,
    AppServer,
  ];
});
afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
  await testDatabase?.drop();
});

const reset = () => testDatabase.database.pool.query("DELETE FROM sign_in_throttle");
const as = (address: string) => ({ headers: { "x-forwarded-for": address } });

describe("redirect after sign-in", () => {
  const hostile = [
    "/\t/evil.example/x",
    "/\n/evil.example/x",
    "/\\\t\\evil.example/x",
    "/.//evil.example/x",
    "//evil.example",
    "https://evil.example/",
    "javascript:alert(document.domain)",
  ];

  it.each(hostile)("next=%j never leaves the app (Location header)", async (next) => {
    await reset();
    const { answer, location } = await signInByForm(direct.url, USERS[0]!.email, USERS[0]!.password, {
      next,
    });
    expect(answer).toBe("signed in");
    expect(new URL(location!, `${direct.url}/login`).origin).toBe(new URL(direct.url).origin);
  });

  it("a long shared link still signs in and lands where it points; an absurd one lands on /", async () => {
    await reset();
    const long = `/calls?tool=${"a".repeat(600)}`;
    const kept = await signInByForm(direct.url, USERS[0]!.email, USERS[0]!.password, { next: long });
    expect(kept.answer).toBe("signed in");
    expect(new URL(kept.location!, direct.url).href).toBe(new URL(long, direct.url).href);
    const absurd = await signInByForm(direct.url, USERS[0]!.email, USERS[0]!.password, {
      next: `/calls?tool=${"a".repeat(5_000)}`,
    });
    expect(absurd.answer).toBe("signed in");
    expect(new URL(absurd.location!, direct.url).pathname).toBe("/");
  });

  it("a real browser signing in from a hostile link lands on the app", async () => {
    await reset();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      for (const next of hostile.slice(0, 4)) {
        await page.context().clearCookies();
        await page.goto(`${direct.url}/login?next=${encodeURIComponent(next)}`, { waitUntil: "networkidle" });
        await page.getByLabel("Email").fill(USERS[0]!.email);
        await page.getByLabel("Password").fill(USERS[0]!.password);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.waitForURL((url) => !url.pathname.startsWith("/login"), { waitUntil: "networkidle" });
        expect(new URL(page.url()).origin).toBe(new URL(direct.url).origin);
      }
    } finally {
      await browser.close();
    }
  });
});

describe("throttle", () => {
  it("21 simultaneous sign-ins for one account (20 wrong, 1 right): at most three passwords are checked", async () => {
    await reset();
    const user = USERS[1]!;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, index) =>
        signInByForm(direct.url, user.email, index === 20 ? user.password : `guess ${index}`).then(
          (result) => result.answer,
        ),
      ),
    );
    const elapsed = Date.now() - started;
    const checked = answers.filter((answer) => !answer.startsWith("Too many failed sign-ins"));
    // The rule (lib/auth/throttle): three free failures, then waits of 1 s, 2 s, 4 s … On a loaded
    // machine the burst can outlast the first wait, and one more password may then be checked per
    // wait that has passed — still a handful, against 21 without the throttle.
    let allowed = THROTTLE_RULES.pair.free;
    for (let wait = 1000, waited = 0; waited + wait <= elapsed; waited += wait, wait *= 2) allowed += 1;
    expect(checked.length, `${elapsed} ms:\n${answers.join("\n")}`).toBeLessThanOrEqual(allowed);
    expect(
      answers.every((answer) =>
        /^(Wrong email or password\.|signed in|Too many failed sign-ins\. Try again in \d+ s\.)$/.test(
          answer,
        ),
      ),
    ).toBe(true);
  });

  it("answers never tell whether an account exists", async () => {
    const run = async (candidate: string) => {
      await reset();
      const answers = [];
      for (const email of [USERS[2]!.email, USERS[2]!.email, candidate, "random@example.test", candidate]) {
        answers.push((await signInByForm(direct.url, email, "wrong")).answer.replace(/\d+ s\./, "N s."));
      }
      return answers;
    };
    expect(await run("nobody@example.test")).toEqual(await run(USERS[3]!.email));
  });

  it("without trusted proxies, a forged X-Forwarded-For does not give a guesser a fresh address", async () => {
    await reset();
    for (let index = 0; index < THROTTLE_RULES.address.free; index++) {
      const user = USERS[index % 3]!;
      expect((await signInByForm(direct.url, user.email, "wrong", as(`203.0.113.${index + 1}`))).answer).toBe(
        "Wrong email or password.",
      );
    }
    // One more guess, at an account with no failures of its own, under yet another forged address.
    expect((await signInByForm(direct.url, USERS[3]!.email, "wrong", as("203.0.113.99"))).answer).toMatch(
      /^Too many/,
    );
  });

  it("behind a trusted proxy, each client is throttled under its own forwarded address", async () => {
    await reset();
    const attacker = as("203.0.113.9");
    for (let index = 0; index < THROTTLE_RULES.address.free; index++) {
      const user = USERS[index % 3]!;
      expect((await signInByForm(proxied.url, user.email, "wrong", attacker)).answer).toBe(
        "Wrong email or password.",
      );
    }
    expect((await signInByForm(proxied.url, USERS[3]!.email, "wrong", attacker)).answer).toMatch(/^Too many/);
    // A colleague behind the same proxy is not held up by the attacker's address.
    expect(
      (await signInByForm(proxied.url, USERS[4]!.email, USERS[4]!.password, as("198.51.100.7"))).answer,
    ).toBe("signed in");
  });

  it("two instances on one database enforce one limit", async () => {
    await reset();
    const user = USERS[4]!;
    for (let index = 0; index < THROTTLE_RULES.account.free; index++) {
      const app = index % 2 ? proxied : direct;
      expect(
        (await signInByForm(app.url, user.email, `wrong ${index}`, as(`192.0.2.${index + 1}`))).answer,
      ).toBe("Wrong email or password.");
    }
    expect((await signInByForm(proxied.url, user.email, user.password, as("192.0.2.200"))).answer).toMatch(
      /^Too many/,
    );
  });
});

describe("hostile requests", () => {
  it.each(["%E0%A4%A", "%", "%ZZ", "\u00ff", "a%00b"])(
    "a malformed session cookie %j answers 401 on the API and sign-in on pages",
    async (value) => {
      const cookie = `faultline_session=${value}; faultline_project=%E0%A4%A`;
      const api = await fetch(`${direct.url}/api/v1/calls`, { headers: { cookie } });
      expect(api.status).toBe(401);
      expect(await api.json()).toMatchObject({ error: { code: "unauthorized" } });
      for (const path of ["/", "/calls", "/settings"]) {
        const page = await fetch(`${direct.url}${path}`, { headers: { cookie }, redirect: "manual" });
        expect(page.status, path).toBe(307);
        expect(page.headers.get("location")).toMatch(/\/login/);
      }
    },
  );

  it.each(["%ZZ", "%E0%A4%A", "%ED%A0%80", "a%"])(
    "a path with malformed percent-encoding (%s) answers 400 with the security headers",
    async (bad) => {
      const key = "flk_sign_in_attacks_000000000000";
      for (const path of [`/api/v1/calls/${bad}`, `/calls/${bad}`, `/${bad}`]) {
        const response = await fetch(`${direct.url}${path}`, {
          headers: { authorization: `Bearer ${key}`, cookie: "faultline_session=x" },
          redirect: "manual",
        });
        expect(response.status, path).toBe(400);
        expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
        expect(response.headers.get("content-security-policy"), path).toContain("default-src 'none'");
        if (path.startsWith("/api/")) {
          expect(await response.json()).toMatchObject({ error: { code: "invalid_request" } });
        }
      }
    },
  );

  it("a NUL in a dashboard filter is ignored or refused, never an error page", async () => {
    await reset();
    const { cookie } = await signInByForm(direct.url, USERS[0]!.email, USERS[0]!.password);
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: "faultline_session", value: cookie!, url: direct.url }]);
      const page = await context.newPage();
      for (const path of [
        "/?server=a%00b",
        "/failures?server=%00",
        "/calls?tool=a%00b&q=%00",
        "/tools?server=%00",
      ]) {
        const response = await page.goto(`${direct.url}${path}`, { waitUntil: "networkidle" });
        expect(response?.status(), path).toBeLessThan(500);
        await expect
          .poll(() => page.getByText("This page could not be loaded").count(), { timeout: 2_000 })
          .toBe(0);
        expect(await page.getByRole("heading", { level: 1 }).count(), path).toBeGreaterThan(0);
      }
    } finally {
      await browser.close();
    }
  });

  it("every response carries a Content-Security-Policy: API answers, pages, and pages fetched as prefetches", async () => {
    const key = "flk_sign_in_attacks_000000000000";
    const responses = {
      "API 200": await fetch(`${direct.url}/api/v1/calls`, { headers: { authorization: `Bearer ${key}` } }),
      "API 401": await fetch(`${direct.url}/api/v1/calls`),
      "API 404": await fetch(`${direct.url}/api/v1/calls/nope`, {
        headers: { authorization: `Bearer ${key}` },
      }),
      "API unknown route": await fetch(`${direct.url}/api/v1/nothing-here`),
      page: await fetch(`${direct.url}/login`),
      "page, Purpose: prefetch": await fetch(`${direct.url}/login`, { headers: { purpose: "prefetch" } }),
      "page, Next.js router prefetch": await fetch(`${direct.url}/login`, {
        headers: { "next-router-prefetch": "1", rsc: "1" },
      }),
    };
    for (const [label, response] of Object.entries(responses)) {
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy, label).toMatch(/frame-ancestors 'none'/);
      expect(policy, label).toMatch(/default-src '(none|self)'/);
      expect(response.headers.get("x-content-type-options"), label).toBe("nosniff");
    }
    expect(responses["API 200"].headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});
