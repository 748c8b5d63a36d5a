import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
import { createBridgeLink, createMemoryTransport, createVolatileRadioMemory, loadRadioMemory } from '../bridge-link';
import { openDatabase } from '../runtime/node/database';
import { createLibsqlStore } from '../store/libsql-store';
import type { Store } from '../store/types';
import { ManualClock } from './clock';
import { createLinkedRadio, macFromIeee } from './radio';
import { waitFor } from '../../../test/helpers/wait';

const logger = pino({ level: 'silent' });
const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;

describe('linked radio', () => {
  let store: Store;
  let closeDb: () => void;

  beforeAll(async () => {
    const { db, client } = await openDatabase('file::memory:', undefined);
    store = await createLibsqlStore({ db, logger });
    closeDb = () => client.close();
  });
  afterAll(() => closeDb());

  function rig(memory = createVolatileRadioMemory()) {
    const transport = createMemoryTransport();
    const link = createBridgeLink({ transport, base: 'herdgate', logger, timeoutMs: 200 });
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const radio = createLinkedRadio({ store, link, memory, clock, onError: () => {} });
    const online = (info: object = examples.bridgeInfo) => {
      transport.deliver(bridgeTopic('state'), { state: 'online' });
      transport.deliver(bridgeTopic('info'), info);
    };
    const answer = (status: object) => {
      const last = transport.published.at(-1)!;
      transport.deliver(bridgeTopic('response/permit_join'), { transaction: last.body.transaction, ...status });
    };
    return { transport, link, clock, radio, online, answer, memory };
  }

  it('should form the MAC from the coordinator IEEE without its two middle bytes', () => {
    expect(macFromIeee('0x00212effff012345')).toBe('00:21:2e:01:23:45');
  });

  it('should report the stored placeholder identity and rfconnected false before any bridge', () => {
    const { radio } = rig();
    expect(radio.info.snapshot()).toMatchObject({ bridgeid: store.identity().bridgeid, rfconnected: false, permitjoin: 0, fwversion: '0x00000000' });
  });

  it('should take identity, channel and the permit-join countdown from the bridge info', () => {
    const { radio, online, clock } = rig();
    online();
    expect(radio.info.snapshot()).toEqual({
      bridgeid: EXAMPLE_BRIDGE,
      mac: '00:21:2e:01:23:45',
      panid: 6754,
      zigbeechannel: 15,
      fwversion: '0x26720700',
      devicename: 'ConBee II',
      rfconnected: true,
      permitjoin: 57,
      fwupdatestate: 'idle',
    });
    clock.advance(10_500);
    expect(radio.info.snapshot().permitjoin).toBe(47);
    clock.advance(60_000);
    expect(radio.info.snapshot().permitjoin).toBe(0);
  });

  it('should remember the identity and answer it after the bridge is gone', async () => {
    const { db, client } = await openDatabase('file::memory:', undefined);
    const own = await createLibsqlStore({ db, logger });
    const first = rig(await loadRadioMemory(db, own));
    first.online();
    // Stored before the test reads it back: the write is the barrier, not a pause.
    await waitFor(async () => (await loadRadioMemory(db, own)).last()?.bridgeid === EXAMPLE_BRIDGE, 'the identity stored', 5_000, 10);
    const later = await loadRadioMemory(db, own);
    expect(later.last()).toMatchObject({ bridgeid: EXAMPLE_BRIDGE, zigbeechannel: 15 });
    const second = rig(later);
    expect(second.radio.info.snapshot()).toMatchObject({ bridgeid: EXAMPLE_BRIDGE, rfconnected: false, permitjoin: 0 });
    client.close();
  });

  it('should send permit_join for a window longer than one radio frame and show it at once', async () => {
    const { radio, online, transport, answer } = rig();
    online({ ...examples.bridgeInfo, permit_join: { open: false, remaining: 0 } });
    const done = radio.control.setPermitJoin(600);
    await new Promise((resolve) => setImmediate(resolve));
    expect(transport.published.at(-1)).toMatchObject({ topic: bridgeTopic('request/permit_join'), body: { time: 600 } });
    answer({ status: 'ok', data: { time: 600, open: true } });
    expect(await done).toEqual({ ok: true });
    expect(radio.info.snapshot().permitjoin).toBe(600);
  });

  it('should map the bridge refusals to deCONZ error types', async () => {
    const { radio, online, answer } = rig();
    expect(await radio.control.setPermitJoin(60)).toMatchObject({ ok: false, type: 950 });
    online();
    const busy = radio.control.setPermitJoin(60);
    await new Promise((resolve) => setImmediate(resolve));
    answer({ status: 'error', error: { code: 'busy', message: 'queue full' } });
    expect(await busy).toMatchObject({ ok: false, type: 951 });
    expect(await radio.control.setPermitJoin(60)).toMatchObject({
      ok: false,
      type: 901,
      reason: expect.stringMatching(/no answer from the bridge within 200 ms/),
    });
  });

  it('should move the channel and switch the radio through the bridge, and show the outcome at once', async () => {
    const { radio, online, transport } = rig();
    expect(await radio.control.setChannel(15)).toMatchObject({ ok: false, type: 950 });
    online();
    const before = transport.published.length;
    expect(await radio.control.setChannel(15)).toEqual({ ok: true });
    expect(transport.published.length).toBe(before);
    const reply = async (leaf: string, status: object) => {
      await new Promise((resolve) => setImmediate(resolve));
      const last = transport.published.at(-1)!;
      expect(last.topic).toBe(bridgeTopic(`request/${leaf}`));
      transport.deliver(bridgeTopic(`response/${leaf}`), { transaction: last.body.transaction, ...status });
      return last.body;
    };
    const move = radio.control.setChannel(20);
    expect(await reply('network/channel', { status: 'ok', data: { channel: 20 } })).toMatchObject({ channel: 20 });
    expect(await move).toEqual({ ok: true });
    expect(radio.info.snapshot().zigbeechannel).toBe(20);
    const off = radio.control.setConnected(false);
    await reply('network/connect', { status: 'ok', data: { connected: false } });
    expect(await off).toEqual({ ok: true });
    expect(radio.info.snapshot()).toMatchObject({ rfconnected: false, permitjoin: 0 });
    const refused = radio.control.setChannel(25);
    await reply('network/channel', { status: 'error', error: { code: 'not_connected', message: 'the Zigbee network is down' } });
    expect(await refused).toMatchObject({ ok: false, type: 950, reason: 'channel change: the Zigbee network is down' });
    const flash = radio.control.updateFirmware();
    await reply('firmware/update', { status: 'error', error: { code: 'not_supported', message: 'use GCFFlasher' } });
    expect(await flash).toMatchObject({ ok: false, type: 901, reason: 'firmware update: use GCFFlasher' });
  });
});
