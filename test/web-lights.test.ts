import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeWebApp } from '@herdgate/web/build';
import { launchBrowser, PHONE, screenshot, signedInPage } from './helpers/browser';
import { radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMP = '0017880104a1e301';

/**
 * The web app in a real browser against the real stack: sign in with the gateway login, switch a
 * lamp from its card (the lamp's on/off attribute changes inside the virtual radio), and see a
 * change made by another client arrive over the WebSocket without a reload.
 */
describe('web app: sign in and lights', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  const control = (method: string, path: string, body?: unknown) => radioControl(stack.radio.control, method, path, body);
  const lampOn = async () => {
    const device = (await control('GET', `/devices/${LAMP}`)) as { state: { endpoints: Record<string, { genOnOff?: { onOff?: unknown } }> } };
    const onOff = Object.values(device.state.endpoints).find((ep) => ep.genOnOff)?.genOnOff?.onOff;
    return onOff === true || onOff === 1;
  };
  const lightId = () => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${LAMP}`)?.row.id;

  beforeAll(async () => {
    await writeWebApp();
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    await waitForLink(stack);
    await control('POST', '/devices', { model: 'LCT015', ieee: LAMP });
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(() => lightId() !== undefined, 'the lamp as a light', 60_000, 100);
    await waitFor(() => stack.api.services.bridge.devices().get(`0x${LAMP}`)?.interview === 'successful', 'the interview', 60_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
    await stack.rest.put(`/lights/${lightId()}`, { name: 'Desk lamp' });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 60_000);

  it('should refuse a wrong password with the gateway\'s own description', async () => {
    const context = await browser.newContext();
    const wrong = await context.newPage();
    await wrong.goto(stack.rest.base);
    await wrong.getByLabel('Password').fill('not-the-password');
    await wrong.getByRole('button', { name: 'Sign in' }).click();
    await expect(wrong.getByRole('alert').textContent()).resolves.toMatch(/link button not pressed/);
    await context.close();
  }, 30_000);

  it('should sign in and switch the lamp on at the radio from its card', async () => {
    page = await signedInPage(browser, stack.rest.base);
    const card = page.getByRole('article', { name: 'Light Desk lamp' });
    const toggle = card.getByRole('switch', { name: 'Desk lamp on' });
    await toggle.waitFor();
    expect(await lampOn()).toBe(false);
    await toggle.click();
    await waitFor(lampOn, 'the lamp on at the radio', 15_000, 50);
    await waitFor(async () => (await toggle.getAttribute('aria-checked')) === 'true', 'the switch to show on', 10_000, 50);
    expect(await page.evaluate("localStorage.getItem('herdgate.key')")).toMatch(/^[0-9A-F]{32}$/);
  }, 60_000);

  it('should show a change made by another client without a reload', async () => {
    await stack.rest.put(`/lights/${lightId()}/state`, { bri: 77 });
    const brightness = page.getByRole('article', { name: 'Light Desk lamp' }).getByRole('slider', { name: 'Brightness' });
    await waitFor(async () => (await brightness.inputValue()) === '77', 'the brightness pushed over the WebSocket', 15_000, 50);
    await stack.rest.put(`/lights/${lightId()}/state`, { on: false });
    await waitFor(async () => (await page.getByRole('switch', { name: 'Desk lamp on' }).getAttribute('aria-checked')) === 'false', 'the switch to follow', 15_000, 50);
    await screenshot(page, 'rooms-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'rooms-phone');
  }, 60_000);

  it('should sign out and forget the key', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate("localStorage.getItem('herdgate.key')")).toBeNull();
  }, 30_000);
});
