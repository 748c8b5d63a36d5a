import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { writeWebApp } from '@herdgate/web/build';
import { DESKTOP, launchBrowser, PHONE, screenshot, signedInPage } from './helpers/browser';
import { ROOT } from './helpers/child-process';
import { topics } from '@herdgate/shared/mqtt';
import { connectMqtt, radioControl } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const LAMP = '0017880104a1e401';
const BUTTON = '00124b0000d2e402';
const DOOR = '00124b0000d2e403';
const PHASES = ['Joined', 'Interviewed', 'Ready'];
/** The app's pages in its navigation order (web/src/pages/index.ts). */
const PAGES = [
  { route: 'rooms', title: 'Rooms & lights' },
  { route: 'sensors', title: 'Sensors' },
  { route: 'devices', title: 'Devices' },
  { route: 'add', title: 'Add a device' },
  { route: 'rules', title: 'Rules' },
  { route: 'schedules', title: 'Schedules' },
  { route: 'alarm', title: 'Alarm' },
  { route: 'map', title: 'Network map' },
  { route: 'settings', title: 'Settings' },
];

/**
 * The first five minutes in a real browser: pair a lamp and a button through "Add a device"
 * (each shown through join, interview and ready as the WebSocket reports it), build a rule in the
 * editor that a button press at the virtual radio then fires, see a validation error at its field,
 * and change a setting. Screenshots of the pages go to docs/screenshots/ with `npm run screenshots` (a temp folder otherwise).
 */
describe('web app: pairing, rules and settings', () => {
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
  const switchId = async () => {
    const sensors = (await stack.rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string }>;
    return Object.entries(sensors).find(([, s]) => s.type === 'ZHASwitch' && s.uniqueid.replace(/:/g, '').startsWith(BUTTON))?.[0];
  };
  const go = async (route: string, title: string) => {
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: title }).click();
    await page.waitForURL(`**/#/${route}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  };

  beforeAll(async () => {
    await writeWebApp();
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    await waitForLink(stack);
    page = await signedInPage(browser, stack.rest.base);
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, 60_000);

  it('should pair a lamp and a button through "Add a device", showing each through join, interview and ready', async () => {
    await go('add', 'Add a device');
    // Every step the page shows, in the order it shows them (a step can be brief).
    await page.evaluate(`(() => {
      window.__phases = {};
      new MutationObserver(() => {
        for (const item of document.querySelectorAll('li[data-mac]')) {
          const current = item.querySelector('[aria-current="step"]')?.textContent?.replace('✓ ', '');
          const seen = (window.__phases[item.dataset.mac] ??= []);
          if (current && seen[seen.length - 1] !== current) seen.push(current);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
    await page.getByRole('button', { name: 'Open the network' }).click();
    await page.getByRole('timer').waitFor();
    const first = Number((await page.getByRole('timer').textContent())?.replace(/\D/g, ''));
    expect(first).toBeGreaterThan(100);
    await control('POST', '/devices', { model: 'LCT015', ieee: LAMP });
    await control('POST', '/devices', { model: 'WB01', ieee: BUTTON });
    const ready = page.locator('li[aria-label^="Device "]').filter({ has: page.locator('li.done', { hasText: 'Ready' }) });
    await waitFor(async () => (await ready.count()) === 2, 'both devices shown ready', 90_000, 200);
    const phases = (await page.evaluate('window.__phases')) as Record<string, string[]>;
    expect(Object.keys(phases)).toHaveLength(2);
    for (const seen of Object.values(phases)) {
      expect(seen.at(-1)).toBe('Ready');
      // Never backwards: each step shown comes after the one before it.
      expect(seen.map((phase) => PHASES.indexOf(phase))).toEqual([...seen.map((phase) => PHASES.indexOf(phase))].sort());
    }
    expect(Number((await page.getByRole('timer').textContent())?.replace(/\D/g, ''))).toBeLessThan(first);
    await screenshot(page, 'add-device-desktop');
    await page.getByRole('button', { name: 'Close now' }).click();
    await page.getByRole('button', { name: 'Open the network' }).waitFor();
    await waitFor(() => lightId() !== undefined, 'the lamp as a light', 10_000, 100);
    await waitFor(async () => (await switchId()) !== undefined, 'the button as a sensor', 10_000, 100);
  }, 150_000);

  it("should show the gateway's validation error at the condition it concerns", async () => {
    const button = (await switchId())!;
    await go('rules', 'Rules');
    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('bad rule');
    const condition = form.getByRole('group', { name: 'Condition 1' });
    await condition.getByLabel('When').selectOption(`/sensors/${button}`);
    // Said in words before the gateway is asked: a missing value.
    await condition.getByLabel('Does').selectOption({ label: 'Button event greater than' });
    await form.getByRole('button', { name: 'Save rule' }).click();
    expect(await condition.getByRole('alert').textContent()).toBe('Enter a value.');
    // The gateway's refusal (607), in words at the condition.
    await condition.getByLabel('Value').fill('not a number');
    await form.getByRole('button', { name: 'Save rule' }).click();
    const error = condition.getByRole('alert').filter({ hasText: /condition cannot work/ });
    await error.waitFor();
    expect(await condition.getByLabel('Does').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);

  it('should build a rule from pickers that a button press at the radio then fires', async () => {
    const button = (await switchId())!;
    await page.getByRole('button', { name: 'New rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Button switches the lamp on');
    const first = form.getByRole('group', { name: 'Condition 1' });
    await first.getByLabel('When').selectOption(`/sensors/${button}`);
    await first.getByLabel('Does').selectOption({ label: 'button pressed' });
    // The value is the button's own event in words, from the gateway's introspection of the device.
    const event = first.getByLabel('Button event');
    await event.locator('option', { hasText: 'Button 1, short press' }).waitFor({ state: 'attached' });
    await event.selectOption({ label: 'Button 1, short press' });
    await form.getByRole('button', { name: 'Add condition' }).click();
    const second = form.getByRole('group', { name: 'Condition 2' });
    await second.getByLabel('When').selectOption(`/sensors/${button}`);
    await second.getByLabel('Does').selectOption({ label: 'reports anything' });
    const action = form.getByRole('group', { name: 'Action 1' });
    await action.getByLabel('Target').selectOption(`/lights/${lightId()}/state`);
    await action.getByLabel('Do').selectOption('on');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'rule-editor-desktop');
    await form.getByRole('button', { name: 'Save rule' }).click();
    const card = page.getByRole('article', { name: 'Rule Button switches the lamp on' });
    await card.waitFor();
    const rules = (await stack.rest.get('/rules')).body as Record<string, { conditions: unknown[]; actions: unknown[] }>;
    expect(Object.values(rules)[0]).toMatchObject({
      conditions: [
        { address: `/sensors/${button}/state/buttonevent`, operator: 'eq', value: '1002' },
        { address: `/sensors/${button}/state/lastupdated`, operator: 'dx' },
      ],
      actions: [{ address: `/lights/${lightId()}/state`, method: 'PUT', body: { on: true } }],
    });
    expect(await lampOn()).toBe(false);
    await control('POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'single' });
    await waitFor(lampOn, 'the lamp switched on at the radio by the rule', 20_000, 50);
    // The list follows without a reload: the trigger count comes in after the button's event.
    await card.getByText(/Triggered 1×/).waitFor();
    await screenshot(page, 'rules-desktop');
    // Edited: the stored conditions read back as their phrases.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit rule Button switches the lamp on' });
    expect(await edit.getByRole('group', { name: 'Condition 1' }).getByLabel('Does').locator('option:checked').textContent()).toBe('button pressed');
    expect(await edit.getByRole('group', { name: 'Condition 2' }).getByLabel('Does').locator('option:checked').textContent()).toBe('reports anything');
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Bedside button: lamp on');
    await edit.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('article', { name: 'Rule Bedside button: lamp on' }).waitFor();
    expect(Object.values((await stack.rest.get('/rules')).body as Record<string, { name: string; conditions: unknown[] }>)[0]).toMatchObject({
      name: 'Bedside button: lamp on',
      conditions: [{ value: '1002' }, { operator: 'dx' }],
    });
  }, 60_000);

  it("should show a sensor's new value live on the sensors page", async () => {
    await go('sensors', 'Sensors');
    const card = page.locator('article[aria-label^="Sensor "]').filter({ hasText: 'ZHASwitch' });
    await card.getByText('1002').waitFor();
    await control('POST', `/devices/${BUTTON}/actions/press`, { button: 'button', kind: 'double' });
    await card.getByText('1004').waitFor({ timeout: 15_000 });
  }, 30_000);

  it("should revoke another app's key from the settings page", async () => {
    const created = await fetch(`${stack.rest.base}/api`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
      body: JSON.stringify({ devicetype: 'old-phone' }),
    });
    const victim = ((await created.json()) as [{ success: { username: string } }])[0].success.username;
    await go('settings', 'Settings');
    await page.getByRole('button', { name: 'Revoke old-phone' }).click();
    await page.getByRole('status').filter({ hasText: 'revoked' }).waitFor();
    const res = await fetch(`${stack.rest.base}/api/${victim}/config`);
    expect(((await res.json()) as { whitelist?: unknown }).whitelist).toBeUndefined();
  }, 30_000);

  it('should show the Matter pairing code in settings and open a window for one more ecosystem', async () => {
    // The api's side of the Matter process, played over the real broker (test/matter-stack.test.ts runs the real one).
    const status = { pairingcode: '34970112332', qrcode: 'MT:Y.K9042C00KA0648G00', port: 5540, commissioned: true, window: false, fabrics: [] };
    const account = { username: stack.mqttAccount.MQTT_USER, password: stack.mqttAccount.MQTT_PASSWORD };
    const matter = await connectMqtt(stack.mqttUrl, [topics.matterRequest('herdgate', 'window/open')], account);
    try {
      matter.client.on('message', (topic, payload) => {
        if (topic !== topics.matterRequest('herdgate', 'window/open')) return;
        const { transaction } = JSON.parse(payload.toString()) as { transaction: string };
        void matter.publish(topics.matterResponse('herdgate', 'window/open'), { transaction, status: 'ok', data: { ...status, window: true } });
      });
      await matter.client.publishAsync(topics.matterState('herdgate'), JSON.stringify(status), { qos: 1, retain: true });
      await waitFor(() => stack.api.services.bridge.matter()?.pairingcode === status.pairingcode, 'the api following the Matter status', 10_000, 50);
      await go('rules', 'Rules');
      await go('settings', 'Settings');
      const card = page.getByRole('region', { name: 'Matter' });
      expect(await card.getByTestId('matter-pairing-code').textContent()).toBe('3497-011-2332');
      expect(await card.getByTestId('matter-qr-payload').textContent()).toBe(status.qrcode);
      await card.getByRole('button', { name: 'Pair another ecosystem' }).click();
      await page.getByRole('status').filter({ hasText: 'Open for pairing' }).waitFor();
    } finally {
      await matter.client.publishAsync(topics.matterState('herdgate'), '', { qos: 1, retain: true });
      await matter.close();
    }
  }, 30_000);

  it('should change the gateway name in settings and show it at once', async () => {
    await go('settings', 'Settings');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('My home');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Settings saved' }).waitFor();
    expect(((await stack.rest.get('/config')).body as { name: string }).name).toBe('My home');
    await waitFor(async () => (await page.locator('.brand').textContent()) === 'My home', 'the new name in the header', 5_000, 50);
    // herdgate's version, the one the bridge reports over MQTT, not the deCONZ swversion it answers as.
    const version = (JSON.parse(readFileSync(join(ROOT, 'bridge', 'package.json'), 'utf8')) as { version: string }).version;
    await page.getByText(`herdgate ${version} · deCONZ API`).waitFor();
    expect(await page.getByText(/2\.33\.2/).count()).toBe(0);
    await screenshot(page, 'settings-desktop');
    // A backup written from the page, then downloaded through its link.
    await page.getByRole('button', { name: 'Make a backup now' }).click();
    await page.getByRole('status').filter({ hasText: 'Backup written' }).waitFor({ timeout: 30_000 });
    const href = (await page.getByRole('link', { name: 'Download it' }).getAttribute('href'))!;
    const archive = await fetch(`${stack.rest.base}${href}`);
    expect(archive.status).toBe(200);
    expect([...new Uint8Array(await archive.arrayBuffer()).slice(0, 2)]).toEqual([0x1f, 0x8b]);
  }, 60_000);

  it('should scan the network map and draw the coordinator, the lamp and the button with their links', async () => {
    await go('map', 'Network map');
    await page.getByRole('button', { name: 'Scan the network' }).click();
    const drawing = page.getByRole('img', { name: /^Network map: \d+ devices, \d+ links$/ });
    await drawing.waitFor({ timeout: 60_000 });
    const label = (await drawing.getAttribute('aria-label'))!;
    const [, devices, links] = label.match(/(\d+) devices, (\d+) links/)!.map(Number);
    expect(devices).toBe(3);
    expect(links).toBeGreaterThanOrEqual(2);
    expect(await page.locator('svg .node-Coordinator').count()).toBe(1);
    expect(await page.locator('svg .node-Router').count()).toBe(1);
    expect(await page.locator('svg .node-EndDevice').count()).toBe(1);
    // The devices page takes link quality from the same map.
    await go('devices', 'Devices');
    await page
      .getByRole('cell', { name: /^\d+ \/ 255$/ })
      .first()
      .waitFor();
    await go('map', 'Network map');
    await page.getByRole('button', { name: 'Scan the network' }).waitFor();
    await screenshot(page, 'map-desktop');
  }, 90_000);

  it('should reach touchlink from "Add a device" and say in words why this radio cannot scan', async () => {
    await go('add', 'Add a device');
    await page.getByRole('link', { name: 'touchlink it' }).click();
    await page.getByRole('heading', { level: 1, name: 'Touchlink' }).waitFor();
    await page.getByRole('button', { name: 'Scan for close lamps' }).click();
    // The demo's ConBee II sends no inter-PAN frames: the gateway's own reason, not a bare failure.
    await page.getByRole('alert').filter({ hasText: 'inter-PAN' }).waitFor();
  }, 30_000);

  it("should show the radio bridge's warning about a lamp that stopped answering in the gateway log, and on the lamp's own page", async () => {
    const lamp = ((await stack.rest.get('/devices')).body as string[]).find((mac) => mac.replace(/:/g, '') === LAMP)!;
    await control('POST', `/devices/${LAMP}/offline`);
    try {
      // The bridge reports the failed command in the answer and warns; it relays the warning over MQTT.
      const answer = await stack.rest.put(`/lights/${lightId()}/state`, { on: false });
      expect(JSON.stringify(answer.body)).toContain('error');
    } finally {
      await control('POST', `/devices/${LAMP}/online`);
    }
    await go('settings', 'Settings');
    await page.getByRole('link', { name: 'Open the log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gateway log' }).waitFor();
    const entries = page.getByRole('list', { name: 'Log entries' }).getByRole('listitem');
    const entry = entries
      .filter({ hasText: 'radio bridge' })
      .filter({ has: page.locator(`a[href="#/devices/${lamp}"]`) })
      .first();
    await entry.waitFor({ timeout: 15_000 });
    expect(await entry.textContent()).toMatch(/^Warning/);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'), 'the log at phone width').toBe(0);
    await page.setViewportSize(DESKTOP);
    // From the lamp's page: only its entries.
    await page.evaluate(`location.hash = '#/devices/${lamp}'`);
    await page.getByRole('link', { name: 'Log entries' }).click();
    await page.waitForURL(`**/#/logs/${lamp}`);
    await page.getByText(/^Entries about /).waitFor();
    await entries.first().waitFor();
    expect(await entries.filter({ hasNot: page.locator(`a[href="#/devices/${lamp}"]`) }).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Errors only' }).check();
    await page.getByText('No errors since the gateway started.').waitFor();
  }, 60_000);

  it('should create a weekday schedule from the editor in the deCONZ time form', async () => {
    await go('schedules', 'Schedules');
    await page.getByText('No schedules yet.').waitFor();
    await page.getByRole('button', { name: 'New schedule' }).click();
    const form = page.getByRole('form', { name: 'New schedule' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Wake up');
    await form.getByLabel('Time').fill('06:45');
    await form.getByRole('group', { name: 'Do' }).getByLabel('Target').selectOption(`/lights/${lightId()}/state`);
    await form.getByRole('button', { name: 'Save schedule' }).click();
    await page.getByRole('article', { name: 'Schedule Wake up' }).waitFor();
    const schedules = (await stack.rest.get('/schedules')).body as Record<string, { localtime: string; command: { address: string; body: unknown } }>;
    const key = (await page.evaluate("localStorage.getItem('herdgate.key')")) as string;
    expect(Object.values(schedules)[0]).toMatchObject({
      localtime: 'W124/T06:45:00',
      command: { address: `/api/${key}/lights/${lightId()}/state`, body: { on: true } },
    });
    // Shown in words, edited in the same editor, deleted.
    const card = page.getByRole('article', { name: 'Schedule Wake up' });
    await card.getByText('Weekdays at 06:45').waitFor();
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit schedule Wake up' });
    expect(await edit.getByLabel('Time').inputValue()).toBe('06:45');
    await edit.getByLabel('Time').fill('07:15');
    await edit.getByRole('button', { name: 'Save schedule' }).click();
    await card.getByText('Weekdays at 07:15').waitFor();
    expect(Object.values((await stack.rest.get('/schedules')).body as Record<string, { localtime: string }>).map((s) => s.localtime)).toEqual([
      'W124/T07:15:00',
    ]);
  }, 60_000);

  it("should set the alarm PIN, refuse a wrong one with the gateway's words, and arm with the right one", async () => {
    await go('alarm', 'Alarm');
    const pin = page.getByLabel('PIN', { exact: true });
    await pin.fill('4711');
    await page.getByRole('button', { name: 'Set this as the PIN' }).click();
    await page.getByRole('status').filter({ hasText: 'PIN set' }).waitFor();
    await pin.fill('0000');
    await page.getByRole('button', { name: 'Arm away' }).click();
    const refusal = page.locator('#pin-error');
    await refusal.waitFor();
    // In words, not the deCONZ parameter wording ("invalid value, ****, for parameter, code0").
    expect(await refusal.textContent()).toBe('That PIN is not right. Nothing changed.');
    await pin.fill('4711');
    await page.getByRole('button', { name: 'Arm away' }).click();
    // The state arrives over the WebSocket: the exit delay counts down.
    await page
      .getByRole('status')
      .filter({ hasText: /exit delay|arming away|armed away/ })
      .waitFor();
    expect(((await stack.rest.get('/alarmsystems/1')).body as { config: { armmode: string } }).config.armmode).toBe('armed_away');
    await pin.fill('4711');
    await page.getByRole('button', { name: 'Disarm' }).click();
    await page.getByRole('status').filter({ hasText: 'disarmed' }).waitFor();
  }, 60_000);

  it("should name an open door before arming, and fill the phone's screen in alarm until disarmed", async () => {
    await stack.rest.put('/config', { permitjoin: 60 });
    await control('POST', '/devices', { model: 'DS01', ieee: DOOR });
    const doorSensor = async () =>
      Object.values(
        (await stack.rest.get('/sensors')).body as Record<string, { type: string; uniqueid: string; name: string; state: { open?: boolean } }>,
      ).find((s) => s.type === 'ZHAOpenClose' && s.uniqueid.replace(/:/g, '').startsWith(DOOR));
    await waitFor(async () => (await doorSensor()) !== undefined, 'the door sensor', 60_000, 200);
    await stack.rest.put('/config', { permitjoin: 0 });
    const door = (await doorSensor())!;
    await stack.rest.put('/alarmsystems/1/config', { armed_away_exit_delay: 1, armed_away_entry_delay: 1, armed_away_trigger_duration: 120 });
    await page.setViewportSize(PHONE);
    await go('alarm', 'Alarm');
    await page.getByLabel('Add a device').selectOption(door.uniqueid);
    await page.getByRole('button', { name: 'Add (away, stay and night)' }).click();
    await page.getByRole('button', { name: `Remove ${door.name}` }).waitFor();
    await control('POST', `/devices/${DOOR}/actions/open`);
    await waitFor(async () => (await doorSensor())?.state.open === true, 'the door open at the gateway', 15_000, 100);
    // The app knows it is open once the event is in (the Sensors page shows it).
    await go('sensors', 'Sensors');
    await page
      .getByRole('article', { name: `Sensor ${door.name}` })
      .locator('dd', { hasText: 'yes' })
      .first()
      .waitFor();
    await go('alarm', 'Alarm');
    const pin = page.getByLabel('PIN', { exact: true });
    await pin.fill('4711');
    await page.getByRole('button', { name: 'Arm away' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'is open' });
    expect(await warning.textContent()).toContain(`${door.name} is open. Close it first, or arm anyway.`);
    expect(((await stack.rest.get('/alarmsystems/1')).body as { config: { armmode: string } }).config.armmode).toBe('disarmed');
    await warning.getByRole('button', { name: 'Arm anyway' }).click();
    const armstate = async () => ((await stack.rest.get('/alarmsystems/1')).body as { state: { armstate: string } }).state.armstate;
    await waitFor(async () => (await armstate()) === 'armed_away', 'armed away', 20_000, 100);
    await control('POST', `/devices/${DOOR}/actions/close`);
    await waitFor(async () => (await doorSensor())?.state.open === false, 'the door closed', 15_000, 100);
    await control('POST', `/devices/${DOOR}/actions/open`);
    // In alarm the whole screen says so, whatever page is open.
    await go('rooms', 'Rooms & lights');
    const takeover = page.getByRole('alertdialog', { name: 'Alarm: default' });
    await takeover.waitFor({ timeout: 20_000 });
    const box = (await takeover.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
    await screenshot(page, 'alarm-takeover-phone');
    await page.setViewportSize(DESKTOP);
    const wide = (await takeover.boundingBox())!;
    expect([wide.x, wide.y, wide.width, wide.height]).toEqual([0, 0, DESKTOP.width, DESKTOP.height]);
    await takeover.getByLabel('PIN to disarm').fill('0000');
    await takeover.getByRole('button', { name: 'Disarm' }).click();
    await takeover.getByText('That PIN is not right. Nothing changed.').waitFor();
    await takeover.getByLabel('PIN to disarm').fill('4711');
    await takeover.getByRole('button', { name: 'Disarm' }).click();
    await takeover.waitFor({ state: 'detached' });
    expect(await armstate()).toBe('disarmed');
    await page.setViewportSize(DESKTOP);
  }, 120_000);

  it("should follow the system's dark theme and switch themes from the toggle", async () => {
    const background = () => page.evaluate('getComputedStyle(document.body).backgroundColor') as Promise<string>;
    const dark = (colour: string) =>
      colour
        .match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .every((c) => c < 80);
    await page.emulateMedia({ colorScheme: 'dark' });
    await go('rooms', 'Rooms & lights');
    await waitFor(async () => dark(await background()), 'the dark theme from the system', 5_000, 50);
    await screenshot(page, 'rooms-dark');
    // auto → dark → light: the choice overrides the system's.
    await page.getByRole('button', { name: /^Theme: auto/ }).click();
    await page.getByRole('button', { name: /^Theme: dark/ }).click();
    await waitFor(async () => !dark(await background()), "the light theme chosen over the system's dark", 5_000, 50);
    await page.getByRole('button', { name: /^Theme: light/ }).click();
    await page.emulateMedia({ colorScheme: 'light' });
  }, 30_000);

  it('should fit every page and the rule editor at phone width, with every tab reachable', async () => {
    /** What sticks out past the viewport's right edge (none on a page without horizontal scrolling). */
    const overflow = () =>
      page.evaluate(`(() => {
      const width = document.documentElement.clientWidth;
      const out = [...document.querySelectorAll('main *, nav *, header *')].filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'absolute')
        .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') + ' ' + Math.round(el.getBoundingClientRect().right));
      return { scroll: document.documentElement.scrollWidth - width, out: out.slice(0, 5) };
    })()`) as Promise<{ scroll: number; out: string[] }>;
    const nav = page.getByRole('navigation', { name: 'Pages' });
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const { route, title } of PAGES) {
        // Every tab is on screen (none hidden behind a scroll), and its page fits.
        const box = (await nav.getByRole('link', { name: title, exact: true }).boundingBox())!;
        expect(box.x >= 0 && box.x + box.width <= viewport.width, `${title} tab on screen at ${viewport.width} px`).toBe(true);
        await go(route, title);
        expect(await overflow(), `${title} at ${viewport.width} px`).toEqual({ scroll: 0, out: [] });
      }
      // A device page (the button's: facts, its sensor, settings, removal).
      const button = ((await stack.rest.get('/devices')).body as string[]).find((mac) => mac.replace(/:/g, '') === BUTTON)!;
      await page.evaluate(`location.hash = '#/devices/${button}'`);
      await page
        .getByRole('article', { name: /^Device / })
        .locator('.facts')
        .waitFor();
      expect(await overflow(), `a device page at ${viewport.width} px`).toEqual({ scroll: 0, out: [] });
      await go('rules', 'Rules');
      await page.getByRole('button', { name: 'New rule' }).click();
      await page.getByRole('form', { name: 'New rule' }).getByRole('button', { name: 'Add condition' }).click();
      expect(await overflow(), `the rule editor at ${viewport.width} px`).toEqual({ scroll: 0, out: [] });
      if (viewport === PHONE) await screenshot(page, 'rule-editor-phone');
      await page.getByRole('form', { name: 'New rule' }).getByRole('button', { name: 'Cancel' }).click();
    }
  }, 120_000);

  it('should write screenshots of the other pages at desktop and phone width', async () => {
    // Rooms are captured by web-lights.test.ts, where a room with its scene exists.
    for (const [route, title] of [
      ['sensors', 'Sensors'],
      ['devices', 'Devices'],
      ['alarm', 'Alarm'],
      ['schedules', 'Schedules'],
    ] as const) {
      await go(route, title);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `${route}-desktop`);
      await page.setViewportSize(PHONE);
      await screenshot(page, `${route}-phone`);
    }
    await page.setViewportSize(DESKTOP);
  }, 90_000);
});
