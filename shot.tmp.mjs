import { chromium } from "playwright-core";
const [,, base, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
for (const p of paths) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + p, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const name = p.replace(/[^a-z0-9]+/gi, "_") || "root";
  await page.screenshot({ path: `/tmp/shot_${name}.png`, fullPage: true });
  console.log(p, "->", `/tmp/shot_${name}.png`, errors.join(" | "));
}
await browser.close();
