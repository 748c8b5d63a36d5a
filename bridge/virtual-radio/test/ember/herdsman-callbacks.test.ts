/**
 * Callbacks and tables through zigbee-herdsman 11.1.1's own EZSP layer (no Controller): a child of
 * the coordinator joins (childJoinHandler before trustCenterJoinHandler, then the child table), a
 * device behind a router brings a route record (the source route table), messageSent comes only
 * once the device has the frame, and herdsman's tokens manager saves one NCP and restores another.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmberTokensManager } from 'zigbee-herdsman/dist/adapter/ember/adapter/tokensManager';
import { SLStatus } from 'zigbee-herdsman/dist/adapter/ember/enums';
import type { Ezsp } from 'zigbee-herdsman/dist/adapter/ember/ezsp/ezsp';
import type { NetworkDefinition } from '../../src/network-definition';
import { startEzspHost } from '../support/herdsman-ezsp';
import type { EzspHost } from '../support/herdsman-ezsp';

const NETWORK_KEY = Buffer.from('0103050709' + '0b0d0f00020406080a0c0d', 'hex');
const hosts: EzspHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.stop();
});

async function formed(network: NetworkDefinition): Promise<EzspHost> {
  const host = await startEzspHost({ network });
  hosts.push(host);
  const { ezsp } = host;
  await ezsp.ezspSetInitialSecurityState({
    bitmask: 0x0b84,
    preconfiguredKey: { contents: Buffer.from('ZigBeeAlliance09') },
    networkKey: { contents: NETWORK_KEY },
    networkKeySequenceNumber: 0,
    preconfiguredTrustCenterEui64: '0x0000000000000000',
  });
  const up = new Promise((resolve) => ezsp.once('stackStatus', resolve));
  expect(
    await ezsp.ezspFormNetwork({
      extendedPanId: [1, 2, 3, 4, 5, 6, 7, 8],
      panId: 0x1a62,
      radioTxPower: 5,
      radioChannel: 15,
      joinMethod: 0,
      nwkManagerId: 0,
      nwkUpdateId: 0,
      channels: 0x07fff800,
    }),
  ).toBe(SLStatus.OK);
  expect(await up).toBe(SLStatus.NETWORK_UP);
  return host;
}

/** Opens the network as herdsman does: the coordinator's own permit, then the ZDO broadcast. */
async function permitJoin(ezsp: Ezsp): Promise<void> {
  await ezsp.ezspPermitJoining(60);
  const zdo = { profileId: 0, clusterId: 0x0036, sourceEndpoint: 0, destinationEndpoint: 0, options: 0, groupId: 0, sequence: 0 };
  await ezsp.ezspSendBroadcast(0, 0xfffc, 0, zdo, 30, 1, Buffer.from([1, 60, 0]));
}

describe('EZSP callbacks through zigbee-herdsman 11.1.1', () => {
  it('should report a child of the coordinator with childJoinHandler before its trust centre join', async () => {
    const { ezsp, radio } = await formed({ devices: [{ model: 'TH01', ieee: '00124b00000000e1' }] });
    const order: string[] = [];
    const child = vi.spyOn(ezsp, 'ezspChildJoinHandler').mockImplementation(() => {
      order.push('child');
    });
    const joined = new Promise<unknown[]>((resolve) => ezsp.once('trustCenterJoin', (...args: unknown[]) => resolve((order.push('tc'), args))));
    await permitJoin(ezsp);
    const [nwk, eui64] = await joined;
    const device = radio.registry.get('00124b00000000e1')!.device.identity;
    expect([nwk, eui64]).toEqual([device.nwk, '0x00124b00000000e1']);
    // index 0, joining, its address and EUI64, a sleepy end device (EmberNodeType 4).
    expect(child.mock.calls).toEqual([[0, true, device.nwk, '0x00124b00000000e1', 4]]);
    expect(order).toEqual(['child', 'tc']);
    const [status, data] = await ezsp.ezspGetChildData(0);
    expect([status, data.eui64, data.id, data.type]).toEqual([SLStatus.OK, '0x00124b00000000e1', device.nwk, 4]);
  });

  it('should learn the source route of a device behind a router from its route record', async () => {
    const { ezsp, radio } = await formed({
      devices: [
        { model: 'LCT015', ieee: '0017880100ee0001', join: 'joined' },
        { model: 'TH01', ieee: '00124b00000000e2' },
      ],
    });
    const record = new Promise<unknown[]>((resolve) => {
      vi.spyOn(ezsp, 'ezspIncomingRouteRecordHandler').mockImplementation((...args: unknown[]) => resolve(args));
    });
    const joined = new Promise<unknown[]>((resolve) => ezsp.once('trustCenterJoin', (...args: unknown[]) => resolve(args)));
    await permitJoin(ezsp);
    const [source, eui, , , relayCount, relays] = await record;
    const router = radio.registry.get('0017880100ee0001')!.device.identity.nwk;
    expect([eui, relayCount, relays]).toEqual(['0x00124b00000000e2', 1, [router]]);
    // The trust centre join names the router as the new device's parent.
    expect((await joined)[4]).toBe(router);
    expect(await ezsp.ezspGetSourceRouteTableFilledSize()).toBe(1);
    expect(await ezsp.ezspGetSourceRouteTableEntry(0)).toEqual([SLStatus.OK, source, 0xff]);
  });

  it('should send messageSent only once the device has applied the frame', async () => {
    const { ezsp, radio } = await formed({ devices: [{ model: 'LCT015', ieee: '0017880100ee0003', join: 'joined' }] });
    const bulb = radio.registry.get('0017880100ee0003')!.device;
    const onOff = () => (bulb.inspect().endpoints['11'] as { genOnOff: { onOff: number } }).genOnOff.onOff;
    expect(onOff()).toBe(0);
    // Read the bulb's state at the instant herdsman learns the frame was delivered.
    const seen = new Promise<[number, number]>((resolve) => ezsp.once('messageSent', (status: number) => resolve([status, onOff()])));
    const aps = { profileId: 0x0104, clusterId: 0x0006, sourceEndpoint: 1, destinationEndpoint: 11, options: 0x1140, groupId: 0, sequence: 0 };
    expect((await ezsp.ezspSendUnicast(0, bulb.identity.nwk, aps, 5, Buffer.from([0x01, 0x07, 0x01])))[0]).toBe(SLStatus.OK);
    expect(await seen).toEqual([SLStatus.OK, 1]);
  });

  it("should restore one NCP's network into a blank one through herdsman's tokens manager", async () => {
    const source = await formed({ devices: [] });
    await source.ezsp.ezspImportLinkKey(0, '0x00124b00000000e3', { contents: Buffer.from('00112233445566778899aabbccddeeff', 'hex') });
    const saved = await EmberTokensManager.saveTokens(source.ezsp, Buffer.from(source.front.ncp.tokens.eui64, 'hex').reverse());
    expect(saved?.[0]).toBe(13);

    const blank = await startEzspHost({ mac: '000d6f00a1b2c3ff' });
    hosts.push(blank);
    expect(await blank.ezsp.ezspNetworkInit({ bitmask: 0 })).toBe(SLStatus.NOT_JOINED);
    expect(await EmberTokensManager.restoreTokens(blank.ezsp, saved!)).toBe(SLStatus.OK);
    const { network, networkKey, tcLinkKey, keyTable, restoredEui64 } = blank.front.ncp.tokens;
    const original = source.front.ncp.tokens;
    expect({ network, networkKey, tcLinkKey, keyTable: keyTable.filter(Boolean) }).toEqual({
      network: original.network,
      networkKey: original.networkKey,
      tcLinkKey: original.tcLinkKey,
      keyTable: original.keyTable,
    });
    // The blank stick takes over the old coordinator's identity, then brings the network up.
    expect(restoredEui64).toBe(original.eui64);
    expect(await blank.ezsp.ezspGetEui64()).toBe(`0x${original.eui64}`);
    expect(await blank.ezsp.ezspNetworkInit({ bitmask: 0 })).toBe(SLStatus.OK);
    expect((await blank.ezsp.ezspGetNetworkParameters())[2]).toEqual((await source.ezsp.ezspGetNetworkParameters())[2]);
  });
});
