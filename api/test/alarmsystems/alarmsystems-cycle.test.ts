import { beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimes } from '../helpers/runtimes';
import { setClipState } from '../rules/clip-sensors';
import { PIN, alarm, createDoor, put, recordEvents, tick, type RecordedEvents } from './harness';

const stateEvents = (events: RecordedEvents) =>
  events
    .alarm()
    .filter((e) => e.state)
    .map((e) => [(e.state as any).armstate, (e.state as any).seconds_remaining]);
const lastState = (events: RecordedEvents, armstate: string) => events.until(() => stateEvents(events).at(-1)?.[0] === armstate);

describeOnRuntimes('alarm systems', (gw) => {
  let key: string;
  let door: { id: string; uniqueid: string };

  beforeAll(async () => {
    key = await gw().createKey();
    door = await createDoor(gw(), key);
    await put(gw(), key, '/alarmsystems/1/config', { code0: PIN, armed_away_exit_delay: 3, armed_away_entry_delay: 2, armed_away_trigger_duration: 4 });
    await put(gw(), key, `/alarmsystems/1/device/${door.uniqueid}`, { armmask: 'A' });
  });

  describe('alarm cycle on a fake clock', () => {
    it('should arm, count down, trigger from the door, alarm, return to armed and disarm, with events', async () => {
      const events = await recordEvents(gw());
      expect((await put(gw(), key, '/alarmsystems/1/arm_away', { code0: PIN })).status).toBe(200);
      for (let i = 0; i < 5; i++) await tick(gw(), 1000);
      expect((await alarm(gw(), key)).state).toEqual({ armstate: 'armed_away', seconds_remaining: 0 });
      // A closed door reported again triggers nothing; opening it does.
      await setClipState(gw(), key, door.id, { open: false });
      await gw().idle();
      expect((await alarm(gw(), key)).state.armstate).toBe('armed_away');
      await setClipState(gw(), key, door.id, { open: true });
      await gw().idle();
      expect((await alarm(gw(), key)).state).toEqual({ armstate: 'entry_delay', seconds_remaining: 2 });
      for (let i = 0; i < 6; i++) await tick(gw(), 1000);
      expect((await alarm(gw(), key)).state.armstate).toBe('armed_away');
      expect((await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN })).status).toBe(200);
      await lastState(events, 'disarmed');
      await events.until((all) => all.filter((e) => e.config).length === 2);
      expect(stateEvents(events)).toEqual([
        ['exit_delay', 3],
        ['exit_delay', 2],
        ['exit_delay', 1],
        ['arming_away', 0],
        ['armed_away', 0],
        ['entry_delay', 2],
        ['entry_delay', 1],
        ['in_alarm', 0],
        ['armed_away', 0],
        ['disarmed', 0],
      ]);
      const first = events.messages.find((m) => m.includes('"alarmsystems"') && m.includes('"state"'));
      expect(first).toBe('{"e":"changed","id":"1","r":"alarmsystems","state":{"armstate":"exit_delay","seconds_remaining":3},"t":"event"}');
      // armmode changes are config events with every public config item.
      const configs = events
        .alarm()
        .filter((e) => e.config)
        .map((e) => (e.config as any).armmode);
      expect(configs).toEqual(['armed_away', 'disarmed']);
      events.stop();
      await setClipState(gw(), key, door.id, { open: false });
    });

    it('should push name changes in the deCONZ shape plus the name pydeconz reads', async () => {
      const events = await recordEvents(gw());
      await put(gw(), key, '/alarmsystems/1', { name: 'Flat' });
      await events.until((all) => all.length > 0);
      expect(events.alarm()).toEqual([{ attr: { id: '1', name: 'Flat' }, e: 'changed', id: '1', name: 'Flat', r: 'alarmsystems', t: 'event' }]);
      events.stop();
    });

    it('should lock PIN attempts out after five wrong ones, the right PIN included, and lock longer the next time', async () => {
      // The lock-out event is herdgate's own: a deCONZ client (the second one) does not get it.
      const events = await recordEvents(gw(), { extensions: true });
      const plain = await recordEvents(gw());
      for (let i = 0; i < 5; i++)
        await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/arm_away`, jsonInit('PUT', { code0: `000${i}` })), 400, 7);
      const locked = await expectDeconzError(
        await gw().request(`/api/${key}/alarmsystems/1/arm_away`, jsonInit('PUT', { code0: PIN })),
        429,
        7,
        '/alarmsystems/1/code0',
      );
      expect(locked[0].error.description).toContain('60 seconds');
      await events.until((all) => all.length > 0);
      expect(events.alarm()).toEqual([expect.objectContaining({ e: 'changed', id: '1', lockout: { seconds: 60, until: expect.any(String) } })]);
      expect(plain.alarm()).toEqual([]);
      plain.stop();
      await gw().clock.advance(59_000);
      await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/arm_away`, jsonInit('PUT', { code0: PIN })), 429, 7);
      await gw().clock.advance(1_000);
      for (let i = 0; i < 5; i++) await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', { code0: '1111' })), 400, 7);
      const longer = await expectDeconzError(await gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', { code0: PIN })), 429, 7);
      expect(longer[0].error.description).toContain('120 seconds');
      await gw().clock.advance(120_000);
      expect((await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN })).status).toBe(200);
      expect((await alarm(gw(), key)).state.armstate).toBe('disarmed');
      events.stop();
    });

    it('should follow rules: a condition on armstate and actions that arm and disarm with code0', async () => {
      const rule = {
        name: 'arm when door closes',
        conditions: [
          { address: `/sensors/${door.id}/state/open`, operator: 'eq', value: 'false' },
          { address: `/sensors/${door.id}/state/open`, operator: 'dx' },
          { address: '/alarmsystems/1/state/armstate', operator: 'eq', value: 'disarmed' },
        ],
        actions: [{ address: '/alarmsystems/1/arm_away', method: 'PUT', body: { code0: PIN } }],
      };
      const res = await gw().request(`/api/${key}/rules`, jsonInit('POST', rule));
      expect(res.status, await res.clone().text()).toBe(200);
      const { id } = ((await res.json()) as [{ success: { id: string } }])[0].success;
      await setClipState(gw(), key, door.id, { open: true });
      await gw().idle();
      expect((await alarm(gw(), key)).config.armmode).toBe('disarmed');
      await setClipState(gw(), key, door.id, { open: false });
      await gw().idle();
      await gw().idle();
      expect((await alarm(gw(), key)).config.armmode).toBe('armed_away');
      await gw().request(`/api/${key}/rules/${id}`, { method: 'DELETE' });
      await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN });
    });
  });

  describe('alarm durability', () => {
    it('should stay armed across a restart and resume a countdown with the right remaining time', async () => {
      expect((await put(gw(), key, '/alarmsystems/1/arm_away', { code0: PIN })).status).toBe(200);
      for (let i = 0; i < 5; i++) await tick(gw(), 1000);
      expect((await alarm(gw(), key)).state.armstate).toBe('armed_away');
      let at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at + 60_000);
      await tick(gw());
      expect((await alarm(gw(), key)).state).toEqual({ armstate: 'armed_away', seconds_remaining: 0 });

      await setClipState(gw(), key, door.id, { open: true });
      await gw().idle();
      expect((await alarm(gw(), key)).state).toEqual({ armstate: 'entry_delay', seconds_remaining: 2 });
      at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at + 1_000);
      await tick(gw());
      expect((await alarm(gw(), key)).state).toEqual({ armstate: 'entry_delay', seconds_remaining: 1 });
      // Down longer than the rest of the entry delay: in alarm for what is left of the duration.
      at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at + 3_000);
      await tick(gw());
      expect((await alarm(gw(), key)).state.armstate).toBe('in_alarm');
      await tick(gw(), 2_000);
      expect((await alarm(gw(), key)).state.armstate).toBe('armed_away');
      expect((await alarm(gw(), key)).config).toMatchObject({ configured: true, armmode: 'armed_away', armed_away_exit_delay: 3 });
    });

    it("should keep the wrong PINs and a lock-out across restarts: a restart never lifts an attacker's lock-out", async () => {
      const disarm = (code0: string) => gw().request(`/api/${key}/alarmsystems/1/disarm`, jsonInit('PUT', { code0 }));
      for (let i = 0; i < 4; i++) await expectDeconzError(await disarm(`900${i}`), 400, 7);
      let at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at);
      // The fifth wrong PIN, counted with the four from before the restart, locks PIN entry.
      await expectDeconzError(await disarm('9004'), 400, 7);
      const locked = await expectDeconzError(await disarm(PIN), 429, 7, '/alarmsystems/1/code0');
      expect(locked[0].error.description).toContain('60 seconds');
      at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at + 30_000);
      await expectDeconzError(await disarm(PIN), 429, 7, '/alarmsystems/1/code0');
      await gw().clock.set(at + 60_000);
      expect((await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN })).status).toBe(200);
      // The right PIN cleared the count, also for the next start.
      at = await gw().clock.now();
      await gw().restart();
      await gw().clock.set(at);
      for (let i = 0; i < 4; i++) await expectDeconzError(await disarm(`901${i}`), 400, 7);
      expect((await put(gw(), key, '/alarmsystems/1/disarm', { code0: PIN })).status).toBe(200);
    });
  });
});
