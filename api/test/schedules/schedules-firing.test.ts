import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { TEST_CLOCK_START } from '../helpers/test-clock';
import { clipState, createClip, setClipState, settle } from '../rules/clip-sensors';

const utc = (text: string) => Date.parse(`${text}Z`);

describeOnRuntimes('schedules firing', (gw) => {
  let key: string;
  let flag: string;

  beforeAll(async () => {
    key = await gw().createKey();
    flag = await createClip(gw(), key, 'CLIPGenericFlag');
  });
  beforeEach(async () => {
    // Each test starts without the schedules of the ones before: they raise the same flag, and a
    // leftover weekly alarm firing at the instant a test checks would prove nothing about its own.
    const listed = (await (await api('/schedules')).json()) as Record<string, unknown>;
    for (const id of Object.keys(listed)) expect((await api(`/schedules/${id}`, { method: 'DELETE' })).status).toBe(200);
    await api('/config', jsonInit('PUT', { timezone: 'Etc/UTC' }));
    await settle(gw());
    await setClipState(gw(), key, flag, { flag: false });
  });

  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const raise = () => ({ address: `/api/${key}/sensors/${flag}/state`, method: 'PUT', body: { flag: true } });
  async function create(body: Record<string, unknown>): Promise<string> {
    const res = await api('/schedules', jsonInit('POST', { command: raise(), ...body }));
    const answer = (await res.json()) as [{ success: { id: string } }];
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer[0].success.id;
  }
  const flagValue = async () => (await clipState(gw(), key, flag)).flag;
  const status = async (id: string) => (await api(`/schedules/${id}`)).status;

  it('should fire a timer when due, then delete it (autodelete)', async () => {
    const id = await create({ time: 'PT00:01:00' });
    await gw().clock.advance(59_000);
    await settle(gw());
    expect(await flagValue()).toBe(false);
    await gw().clock.advance(1_000);
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(await status(id)).toBe(404);
  });

  it('should disable a fired one-shot schedule when autodelete is false', async () => {
    const at = new Date((await gw().clock.now()) + 5_000).toISOString().slice(0, 19);
    const id = await create({ time: at, autodelete: false });
    await gw().clock.advance(5_000);
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(((await (await api(`/schedules/${id}`)).json()) as { status: string }).status).toBe('disabled');
  });

  it('should fire a recurring timer its count of times, counted from the start', async () => {
    const id = await create({ time: 'R02/PT00:00:10' });
    await gw().clock.advance(10_000);
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(await status(id)).toBe(200);
    await setClipState(gw(), key, flag, { flag: false });
    await gw().clock.advance(10_000);
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(await status(id)).toBe(404);
  });

  it('should fire a timer with a random part between 1 s and the maximum after its time', async () => {
    const id = await create({ time: 'PT00:00:10A00:00:05' });
    await gw().clock.advance(10_000);
    await settle(gw());
    expect(await flagValue()).toBe(false);
    await gw().clock.advance(5_000);
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(await status(id)).toBe(404);
  });

  it('should fire a 07:00 weekday alarm at 07:00 Berlin time on both sides of the spring change', async () => {
    await api('/config', jsonInit('PUT', { timezone: 'Europe/Berlin' }));
    await gw().clock.set(utc('2026-03-27T05:00:00')); // Friday 06:00 CET
    await create({ localtime: 'W124/T07:00:00' });
    await gw().clock.set(utc('2026-03-27T05:59:59'));
    await settle(gw());
    expect(await flagValue()).toBe(false);
    await gw().clock.set(utc('2026-03-27T06:00:00')); // 07:00 CET
    await settle(gw());
    expect(await flagValue()).toBe(true);
    await setClipState(gw(), key, flag, { flag: false });
    await gw().clock.set(utc('2026-03-30T04:59:59')); // Monday 06:59:59 CEST: no weekend firing, not yet
    await settle(gw());
    expect(await flagValue()).toBe(false);
    await gw().clock.set(utc('2026-03-30T05:00:00')); // 07:00 CEST
    await settle(gw());
    expect(await flagValue()).toBe(true);
    await api('/config', jsonInit('PUT', { timezone: 'Etc/UTC' }));
  });

  it('should re-plan local schedules when the time zone changes', async () => {
    await gw().clock.set(utc('2026-06-01T00:00:00'));
    await create({ localtime: 'W127/T07:00:00' });
    await api('/config', jsonInit('PUT', { timezone: 'America/New_York' }));
    await gw().clock.set(utc('2026-06-01T07:00:00')); // 07:00 UTC, 03:00 in New York
    await settle(gw());
    expect(await flagValue()).toBe(false);
    await gw().clock.set(utc('2026-06-01T11:00:00')); // 07:00 EDT
    await settle(gw());
    expect(await flagValue()).toBe(true);
    await api('/config', jsonInit('PUT', { timezone: 'Etc/UTC' }));
  });

  // The runner learns of a zone change at its next tick; a schedule already planned in the new zone
  // must still fire when that tick is its own due instant (it was re-planned past its time and lost).
  it('should fire a local schedule made after a zone change the runner had not ticked through yet', async () => {
    await gw().clock.set(utc('2026-07-01T00:00:00'));
    await settle(gw());
    await api('/config', jsonInit('PUT', { timezone: 'America/New_York' }));
    const id = await create({ localtime: '2026-07-01T08:00:00', autodelete: false });
    await gw().clock.set(utc('2026-07-01T12:00:00')); // 08:00 EDT
    await settle(gw());
    expect(await flagValue()).toBe(true);
    expect(((await (await api(`/schedules/${id}`)).json()) as { status: string }).status).toBe('disabled');
    await api('/config', jsonInit('PUT', { timezone: 'Etc/UTC' }));
  });

  // The same gateway; each restart brings its clock back to TEST_CLOCK_START, so start there.
  describe('across restarts', () => {
    beforeAll(async () => {
      await gw().clock.set(TEST_CLOCK_START);
    });

    it('should fire once, at start, a timer that fell due while the gateway was down', async () => {
      const id = await create({ time: 'PT00:01:00' });
      await gw().restart(); // the helper's clock starts at 12:00:00 again
      await gw().clock.set((await gw().clock.now()) + 30 * 60_000);
      await settle(gw());
      expect(await flagValue()).toBe(true);
      expect((await api(`/schedules/${id}`)).status).toBe(404);
    });

    it('should never fire one occurrence twice across a restart', async () => {
      await setClipState(gw(), key, flag, { flag: false });
      const start = await gw().clock.now();
      const slot = new Date(start + 30_000).toISOString().slice(11, 19);
      await create({ time: `W127/T${slot}` });
      await gw().clock.set(start + 30_000);
      await settle(gw());
      expect(await flagValue()).toBe(true);
      await setClipState(gw(), key, flag, { flag: false });
      await gw().restart();
      await gw().clock.set(start + 30_000);
      await settle(gw());
      expect(await flagValue()).toBe(false);
    });

    it('should skip, and disable, a one-shot that fell due longer ago than the grace period', async () => {
      await setClipState(gw(), key, flag, { flag: false });
      const id = await create({ time: 'PT00:01:00', autodelete: false });
      await gw().restart();
      await gw().clock.set((await gw().clock.now()) + 3 * 3_600_000);
      await settle(gw());
      expect(await flagValue()).toBe(false);
      expect(((await (await api(`/schedules/${id}`)).json()) as { status: string }).status).toBe('disabled');
    });
  });
});
