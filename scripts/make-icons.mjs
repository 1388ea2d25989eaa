#!/usr/bin/env node
/**
 * `node scripts/make-icons.mjs`: the app icons of the web app manifest (public/manifest.webmanifest)
 * as PNG, drawn by Chromium from the SVGs beside them (public/icons/*.svg). Run after changing an
 * SVG; the PNGs are committed, so the build needs no browser.
 */
import fs from "node:fs";
import { chromium } from "@playwright/test";

const ICONS = [
  { svg: "icon.svg", png: "icon-192.png", size: 192 },
  { svg: "icon.svg", png: "icon-512.png", size: 512 },
  { svg: "maskable.svg", png: "maskable-512.png", size: 512 },
  { svg: "icon.svg", png: "apple-touch-icon.png", size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = fs.readFileSync(`public/icons/${icon.svg}`, "utf8");
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `public/icons/${icon.png}`, omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`public/icons/${icon.png} ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}
