import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

// Debian's Chromium driven by playwright-core; never a downloaded browser.

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

const SCREENSHOTS = path.join(process.cwd(), "test-results", "screenshots");

/**
 * A full-page screenshot under test-results/screenshots, for a person to look at. CI (which sets CI) takes
 * none — nobody looks at them there, and the pictures cost the browser suites a minute of a 2-core
 * machine — unless FAULTLINE_SCREENSHOTS=1.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  if (process.env.CI && process.env.FAULTLINE_SCREENSHOTS !== "1") return file;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Signs in through the real form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`, { waitUntil: "networkidle" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { waitUntil: "networkidle" });
}
