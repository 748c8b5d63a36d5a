import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumLaunch } from './chromium';

/**
 * Where the browser tests write their screenshots: the committed ones the README and docs show only
 * when asked (`npm run screenshots`), so that `npm test` leaves the working tree as it found it;
 * otherwise a folder under the system's temp dir (the pages are still rendered and captured).
 */
export const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1' ? fileURLToPath(new URL('../../docs/screenshots/', import.meta.url)) : join(tmpdir(), 'herdgate-screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/** Headless Chromium through playwright-core: the npm package's build, or CHROMIUM_PATH (chromium.ts). */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await chromiumLaunch();
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({
    executablePath,
    env: { ...process.env, ...env },
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** A fresh page (own storage) at the gateway, signed in with the gateway login. */
export async function signedInPage(browser: Browser, base: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(base);
  await page.getByLabel('Password').fill('delight');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('status').filter({ hasText: 'live' }).waitFor();
  return page;
}

/** Writes `<SCREENSHOTS>/<name>.png` (the whole page), without the passing message of the last action. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Through the CSSOM: the page's Content-Security-Policy refuses an injected stylesheet.
  const toast = page.locator('.toast');
  await toast.evaluate((el) => {
    (el as unknown as { style: { display: string } }).style.display = 'none';
  });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  await toast.evaluate((el) => {
    (el as unknown as { style: { display: string } }).style.display = '';
  });
}
