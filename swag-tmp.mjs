import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: process.env.CHROME || undefined });
for (let i = 0; i < 3; i++) {
  const p = await b.newPage();
  const t0 = Date.now();
  const marks = {};
  p.on("response", (r) => { const u = new URL(r.url()).pathname; marks[u] = Date.now() - t0; });
  await p.goto("http://127.0.0.1:3520/docs/api");
  marks.goto = Date.now() - t0;
  await p.locator(".opblock").first().waitFor({ timeout: 60000 });
  marks.opblock = Date.now() - t0;
  await p.locator(".opblock-summary-path", { hasText: /^\/log_in$/ }).waitFor({ timeout: 60000 });
  marks.login = Date.now() - t0;
  console.log(JSON.stringify(marks));
  await p.close();
}
await b.close();
