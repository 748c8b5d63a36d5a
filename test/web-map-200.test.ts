import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examples, type NetworkMap } from '@herdgate/shared/mqtt';
import { writeWebApp } from '@herdgate/web/build';
import { connectMqttLink } from '@herdgate/api/bridge-link';
import { startTestGateway, type TestGateway } from '../api/test/helpers/gateway';
import { startTestBridge, type TestBridge } from '../api/test/helpers/test-bridge';
import { DESKTOP, launchBrowser, PHONE, screenshot, signedInPage } from './helpers/browser';
import { ROOT } from './helpers/child-process';
import { waitFor } from './helpers/wait';

/**
 * The network map page at the size of the generated 200-device home (its devices and names; 60
 * routers round the coordinator, the rest behind them, as that network pairs), drawn by the real
 * app through the real api from a bridge's retained map: every label is readable (no two overlap,
 * measured on the rendered, rotated text) and the page still fits a phone, the map scrolling in its
 * frame. The scan itself is proven on the real stack by web-automation.test.ts.
 */
const COORDINATOR = '0x00212effff012345';
const ROUTERS = 60;

interface Generated {
  devices: { ieee: string; name: string }[];
}

function homeMap(): { map: NetworkMap; names: Map<string, string> } {
  const generated = JSON.parse(readFileSync(join(ROOT, 'bridge/virtual-radio/networks/generated-200.json'), 'utf8')) as Generated;
  // Cut to 32 characters, as the bridge describes a device (REST names are at most 32).
  const devices = generated.devices.map((d) => ({ ieee: `0x${d.ieee}`, name: d.name.slice(0, 32) }));
  const routers = devices.slice(0, ROUTERS);
  const ends = devices.slice(ROUTERS);
  const map: NetworkMap = {
    scannedat: '2026-12-02T08:00:00.000Z',
    duration_ms: 31_000,
    nodes: [
      { ieee: COORDINATOR, nwk: 0, type: 'Coordinator', reachable: true },
      ...routers.map((d, i) => ({ ieee: d.ieee, nwk: 0x1000 + i, type: 'Router' as const, reachable: true })),
      ...ends.map((d, i) => ({ ieee: d.ieee, nwk: 0x4000 + i, type: 'EndDevice' as const, reachable: null })),
    ],
    links: [
      ...routers.map((d, i) => ({ source: d.ieee, target: COORDINATOR, lqi: 150 + (i % 100), depth: 1, relationship: 'child' as const })),
      ...ends.map((d, i) => ({ source: d.ieee, target: routers[i % ROUTERS]!.ieee, lqi: 60 + (i % 150), depth: 2, relationship: 'child' as const })),
    ],
  };
  return { map, names: new Map(devices.map((d) => [d.ieee, d.name])) };
}

/** Pairs of map labels whose rendered (rotated) boxes intersect, and labels outside the drawing. */
const LABEL_CHECK = `(() => {
  const svg = document.querySelector('svg[role="img"]');
  const frame = svg.getBoundingClientRect();
  const quads = [...svg.querySelectorAll('text')].map((text) => {
    const box = text.getBBox();
    const m = text.getScreenCTM();
    const at = (x, y) => ({ x: m.a * x + m.c * y + m.e, y: m.b * x + m.d * y + m.f });
    return { label: text.textContent, corners: [at(box.x, box.y), at(box.x + box.width, box.y), at(box.x + box.width, box.y + box.height), at(box.x, box.y + box.height)] };
  });
  // Separating axis test for two convex quadrilaterals; touching edges do not count.
  const axes = (q) => q.corners.map((p, i) => { const n = q.corners[(i + 1) % 4]; return { x: n.y - p.y, y: p.x - n.x }; });
  const apart = (a, b) => [...axes(a), ...axes(b)].some((axis) => {
    const project = (q) => q.corners.map((p) => p.x * axis.x + p.y * axis.y);
    const pa = project(a), pb = project(b);
    const length = Math.hypot(axis.x, axis.y) || 1;
    return (Math.min(...pb) - Math.max(...pa)) / length >= -0.5 || (Math.min(...pa) - Math.max(...pb)) / length >= -0.5;
  });
  const overlaps = [];
  for (let i = 0; i < quads.length; i++) for (let j = i + 1; j < quads.length; j++) if (!apart(quads[i], quads[j])) overlaps.push(quads[i].label + ' / ' + quads[j].label);
  const outside = quads.filter((q) => q.corners.some((p) => p.x < frame.left - 1 || p.x > frame.right + 1 || p.y < frame.top - 1 || p.y > frame.bottom + 1)).map((q) => q.label);
  return { labels: quads.map((q) => q.label), overlaps: overlaps.slice(0, 5), outside: outside.slice(0, 5) };
})()`;

describe('web app: the network map of a 200-device home', () => {
  let bridge: TestBridge;
  let gw: TestGateway;
  let browser: Browser;
  let page: Page;
  const { map, names } = homeMap();

  beforeAll(async () => {
    await writeWebApp();
    [bridge, browser] = await Promise.all([startTestBridge(), launchBrowser()]);
    gw = await startTestGateway({}, undefined, { bridge: () => connectMqttLink({ url: bridge.url, base: 'herdgate', logger: pino({ level: 'silent' }) }) });
    for (const [ieee, name] of names) {
      await bridge.describeDevice({ ...examples.device, ieee, uniqueid: ieee.slice(2).match(/../g)!.join(':'), name, subdevices: [] });
    }
    await bridge.publishNetworkMap(map);
    const key = await gw.createKey('map check');
    await waitFor(
      async () => {
        const view = (await (await gw.request(`/api/${key}/networkmap`)).json()) as { nodes: { name: string }[] };
        return view.nodes.length === 201 && view.nodes.filter((n) => n.name.startsWith('0x')).length === 0;
      },
      'the condition',
      20_000,
    );
    page = await signedInPage(browser, gw.base);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await gw?.close();
    await bridge?.close();
  });

  it('should draw all 200 devices with every name readable: no two labels overlap, none leaves the drawing', async () => {
    await page.evaluate(`location.hash = '#/map'`);
    const drawing = page.getByRole('img', { name: `Network map: 201 devices, ${map.links.length} links` });
    await drawing.waitFor();
    const check = (await page.evaluate(LABEL_CHECK)) as { labels: string[]; overlaps: string[]; outside: string[] };
    expect(check.labels).toHaveLength(201);
    for (const name of names.values()) expect(check.labels).toContain(name.slice(0, 18));
    expect(check.overlaps, 'overlapping labels').toEqual([]);
    expect(check.outside, 'labels outside the drawing').toEqual([]);
    await screenshot(page, 'map-200-desktop');
  }, 60_000);

  it('should keep the page at phone width, the map scrolling inside its own frame', async () => {
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
    const frame = await page.locator('.map-scroll').evaluate((el) => ({ scroll: el.scrollWidth, width: el.clientWidth }));
    expect(frame.scroll).toBeGreaterThan(frame.width);
    // The list reads at any size: every device with its best link, the weakest first.
    await page.getByText(/^Every device's link, weakest first \(200\)$/).click();
    expect(await page.locator('.link-list tbody tr').count()).toBe(200);
    await page.setViewportSize(DESKTOP);
  }, 60_000);
});
