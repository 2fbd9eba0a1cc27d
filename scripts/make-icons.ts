import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

/*
 * Draws the app's icons from the brand mark (components/layout/logo-mark.tsx) with the local
 * Chromium, no network: app/favicon.ico (16, 32 and 48 px PNGs in one ICO), app/icon.png,
 * app/apple-icon.png and the web manifest's 192/512 px icons under public/icons/. Run it again
 * after changing the mark: `node --import tsx scripts/make-icons.ts`.
 */

const mark = (size: number, padding: number) => `<!doctype html><html><body style="margin:0;background:transparent">
<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="${-padding} ${-padding} ${32 + 2 * padding} ${32 + 2 * padding}">
  ${padding > 0 ? `<rect x="${-padding}" y="${-padding}" width="${32 + 2 * padding}" height="${32 + 2 * padding}" fill="#4f46e5"/>` : ""}
  <rect width="32" height="32" rx="${padding > 0 ? 0 : 8}" fill="#4f46e5"/>
  <path d="M8 22c4-1 6-4 8-8s4-6 8-6" fill="none" stroke="white" stroke-width="2.5" stroke-linecap="round"/>
  <circle cx="8" cy="22" r="2.5" fill="white"/><circle cx="24" cy="8" r="2.5" fill="white"/>
</svg></body></html>`;

function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
async function png(size: number, padding = 0): Promise<Buffer> {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(mark(size, padding));
  return page.locator("svg").screenshot({ omitBackground: true });
}

const favicons: { size: number; data: Buffer }[] = [];
for (const size of [16, 32, 48]) favicons.push({ size, data: await png(size) });
writeFileSync("app/favicon.ico", ico(favicons));
writeFileSync("app/icon.png", await png(32));
// Apple and "maskable" icons are shown cropped to the platform's shape: full-bleed, the mark padded.
writeFileSync("app/apple-icon.png", await png(180, 4));
writeFileSync("public/icons/icon-192.png", await png(192));
writeFileSync("public/icons/icon-512.png", await png(512));
writeFileSync("public/icons/maskable-512.png", await png(512, 6));
await browser.close();
