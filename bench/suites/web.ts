import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { buildWebApp, gzippedSize, writeWebApp } from '@herdgate/web/build';
import { BUNDLE_BUDGET_BYTES } from '../../web/scripts/budget';
import { launchBrowser } from '../../test/helpers/browser';
import { startStack, waitForLink, type Stack } from '../../test/helpers/stack';
import { waitFor } from '../../test/helpers/wait';
import { fmtPercent, table } from '../lib/markdown';
import { median, spread } from '../lib/stats';
import type { BenchContext, BenchSection } from '../lib/types';

/**
 * Issue #11 item 6: the web app's first page load on the demo home, in headless Chromium, against
 * the time the same browser takes to fetch the data that page shows (the floor for any client),
 * and the bundle size against its budget.
 */
const DEMO = fileURLToPath(new URL('../../bridge/virtual-radio/networks/demo.json', import.meta.url));
const DEMO_DEVICES = 20;

interface Round {
  firstLoad: number;
  contentLoaded: number;
  warmLoad: number;
  dataOnly: number;
}

/**
 * The baseline, run in the page: what the rooms page waits for, done by a bare client — the full
 * state and the alarm systems, then the event socket on the gateway's \`websocketport\` until open.
 */
const DATA_ONLY = `(async (key) => {
  const t0 = performance.now();
  const get = (path) => fetch('/api/' + key + path).then((r) => r.json());
  const [full] = await Promise.all([get(''), get('/alarmsystems')]);
  await new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://' + location.hostname + ':' + full.config.websocketport + '/');
    ws.onopen = () => { ws.close(); resolve(); };
    ws.onerror = reject;
  });
  return performance.now() - t0;
})`;

async function pairDemo(ctx: BenchContext): Promise<Stack> {
  const stack = await startStack({ network: DEMO });
  try {
    await waitForLink(stack);
    await stack.rest.put('/config', { permitjoin: 254 });
    const count = () => stack.api.services.bridge.devices().size;
    const deadline = Date.now() + 120_000;
    await waitFor(() => count() >= DEMO_DEVICES || (Date.now() > deadline - 60_000 && count() >= DEMO_DEVICES * 0.9), 'the demo home paired', 120_000, 500);
    ctx.log(`${count()} demo devices paired`);
    const lights = Object.keys((await stack.rest.get('/lights')).body as object);
    await stack.rest.post('/groups', { name: 'Living room' });
    const groups = (await stack.rest.get('/groups')).body as Record<string, unknown>;
    await stack.rest.put(`/groups/${Object.keys(groups)[0]}`, { lights: lights.slice(0, 2) });
    await stack.rest.put('/config', { permitjoin: 0 });
    return stack;
  } catch (err) {
    await stack.close();
    throw err;
  }
}

async function round(browser: Browser, base: string, key: string, lights: number): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript(`localStorage.setItem('herdgate.key', ${JSON.stringify(key)})`);
    // The clock is read inside the page, at the first DOM change where the rooms page shows every
    // light and the socket is open, so the harness's own round trips are not counted.
    await context.addInitScript(`(() => {
      const shown = () => document.querySelectorAll('article[aria-label^="Light "]').length >= ${lights} && document.querySelector('.link-open') !== null;
      new MutationObserver((_, observer) => {
        if (window.__shownAt === undefined && shown()) { window.__shownAt = performance.now(); observer.disconnect(); }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    })()`);
    const page = await context.newPage();
    // A function, not a string: the page's CSP forbids eval, which a string predicate needs.
    const settled = async () => {
      await page.waitForFunction(() => (globalThis as { __shownAt?: number }).__shownAt !== undefined, undefined, { timeout: 30_000 });
      return (await page.evaluate('window.__shownAt')) as number;
    };
    await page.goto(base);
    const firstLoad = await settled();
    const contentLoaded = (await page.evaluate(`performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd`)) as number;
    await page.reload();
    const warmLoad = await settled();
    // The baseline from a cold start too: a fresh context on a tiny page of the same origin.
    const bare = await browser.newContext();
    try {
      const blank = await bare.newPage();
      await blank.goto(`${base}/favicon.svg`);
      const dataOnly = (await blank.evaluate(`${DATA_ONLY}(${JSON.stringify(key)})`)) as number;
      return { firstLoad, contentLoaded, warmLoad, dataOnly };
    } finally {
      await bare.close();
    }
  } finally {
    await context.close();
  }
}

const ms = (values: number[]) => {
  const s = spread(values);
  return [`${Math.round(median(values))}`, `${Math.round(s.min)}–${Math.round(s.max)}`];
};

export default async function run(ctx: BenchContext): Promise<BenchSection> {
  const rounds = ctx.quick ? 2 : 15;
  await writeWebApp();
  const size = gzippedSize(await buildWebApp());
  const load = loadavg()[0]!.toFixed(1);
  const stack = await pairDemo(ctx);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const lights = Object.keys((await stack.rest.get('/lights')).body as object).length;
    const results: Round[] = [];
    for (let i = 0; i < rounds + 1; i += 1) {
      const result = await round(browser, stack.rest.base, stack.rest.key, lights);
      if (i > 0) results.push(result); // the first warms the api and the browser's own start
      ctx.log(`round ${i}: first load ${Math.round(result.firstLoad)} ms, data only ${Math.round(result.dataOnly)} ms`);
    }
    const pick = (k: keyof Round) => results.map((r) => r[k]);
    const ratios = results.map((r) => r.firstLoad / r.dataOnly);
    const rs = spread(ratios);
    const first = median(pick('firstLoad'));
    return {
      title: 'Web app: first page load on the demo home, and the bundle budget',
      method: [
        `The real stack on loopback (virtual radio with the demo home, ${stack.api.services.bridge.devices().size} devices paired; bridge child; api in the benchmark process) and headless Chromium ${browser.version()} (test/helpers/chromium.ts) through playwright-core.`,
        `Each of ${rounds} rounds (after one warm-up round) opens a fresh browser context (empty cache) with an API key already in localStorage, loads \`/\` and stops the clock when the rooms page shows all ${lights} light cards and the WebSocket is open (\`performance.now()\` from navigation start: HTML, hashed script and stylesheet, \`GET /api/<key>\` and the alarm systems, first render, the event socket open; the Device objects load after).`,
        'Baseline in the same round, also from a fresh browser context (cold connections) on a tiny page of the same origin: a bare client doing what the rooms page waits for (the same two REST reads by plain `fetch`, then the WebSocket until open), the floor any client pays. Also shown: DOMContentLoaded (assets only) and a reload with the assets cached.',
        `Medians with min–max over rounds; 1-minute load average at the start: ${load} on ${cpus().length} cores.`,
      ].join(' '),
      markdown: [
        table(
          ['Measure', 'median ms', 'min–max ms'],
          [
            ['first load, rooms page shown and live (empty cache)', ...ms(pick('firstLoad'))],
            ['DOMContentLoaded (page, script, stylesheet)', ...ms(pick('contentLoaded'))],
            ['reload with cached assets', ...ms(pick('warmLoad'))],
            ['baseline: the same reads by plain fetch, then the WebSocket open', ...ms(pick('dataOnly'))],
          ],
        ),
        '',
        `First load vs baseline: median of per-round ratios ${fmtPercent(median(ratios))} (${fmtPercent(rs.min)}–${fmtPercent(rs.max)}). Target: first load under 1 s on this machine: ${first < 1000 ? 'met' : 'not met'} (${Math.round(first)} ms).`,
        '',
        `Bundle budget: **${BUNDLE_BUDGET_BYTES / 1024} KiB** gzipped (script + stylesheet, what a first load transfers besides the page); this build: ${(size / 1024).toFixed(1)} KiB. The web build fails past the budget and \`web/test/budget.test.ts\` checks this figure matches \`web/scripts/budget.ts\`.`,
      ].join('\n'),
    };
  } finally {
    await browser?.close();
    await stack.close();
  }
}
