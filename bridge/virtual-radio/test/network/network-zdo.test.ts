import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { createDeviceContext } from '../../src/network/device-context';
import { realClock } from '../../src/network/clock';
import { DeviceRegistry } from '../../src/network/registry';
import { chooseParent, linkQuality } from '../../src/network/topology';
import { answerCoordinatorZdo, answerNetworkZdo } from '../../src/zdo/network-zdo';
import type { ZdoDeps } from '../../src/zdo/network-zdo';

const COORDINATOR = '00212effff001122';

function network() {
  const registry = new DeviceRegistry();
  const factory = createDeviceFactory();
  const contexts: Array<{ dispose(): void }> = [];
  const join = (model: string, ieee: string, nwk: number) => {
    const ctx = createDeviceContext(ieee, { clock: realClock, coordinatorIeee: () => COORDINATOR, emit: () => {}, changed: () => {} });
    contexts.push(ctx);
    const device = factory.create(model, { ieee, nwk }, ctx);
    registry.add({ device, online: true, parent: chooseParent(registry, device.identity.logicalType), lqi: linkQuality(ieee) });
  };
  join('LCT015', '0017880100000a01', 0x1a01);
  join('TH01', '00124b0000000b02', 0x1b02);
  const replies: Array<{ from: number; cluster: number; bytes: number[] }> = [];
  const left: string[] = [];
  const joins: number[] = [];
  const deps: ZdoDeps = {
    registry,
    coordinator: {
      ieee: () => COORDINATOR,
      extendedPanId: () => new Uint8Array(8).fill(0xdd),
      endpoints: () => new Map([[1, Uint8Array.of(1, 4, 1, 5, 0, 1, 0, 0)]]),
      channel: () => 15,
      panId: () => 0x1a62,
    },
    reply: (from, cluster, bytes) => replies.push({ from, cluster, bytes: Array.from(bytes) }),
    permitJoin: (s) => joins.push(s),
    leave: (ieee) => left.push(ieee),
    energyScan: (scan, done) => done({ energies: scan.mask === 0x8000 ? [150] : [], transmissions: 7, failures: 1 }),
  };
  return {
    deps,
    replies,
    left,
    joins,
    dispose: () => {
      for (const c of contexts) c.dispose();
    },
  };
}

describe('network-level ZDO', () => {
  it('should answer IEEE_addr_req for a device from the registry', () => {
    const n = network();
    answerNetworkZdo(n.deps, 0x1a01, 0x0001, Uint8Array.of(0x31, 0x01, 0x1a, 0x00, 0x00));
    expect(n.replies).toEqual([{ from: 0x1a01, cluster: 0x8001, bytes: [0x31, 0x00, 0x01, 0x0a, 0x00, 0x00, 0x01, 0x88, 0x17, 0x00, 0x01, 0x1a] }]);
    n.dispose();
  });

  it('should list the router in the coordinator LQI table and the end device under its router', () => {
    const n = network();
    answerNetworkZdo(n.deps, 0, 0x0031, Uint8Array.of(0x05, 0x00));
    const coordinatorTable = n.replies[0].bytes;
    expect(coordinatorTable.slice(0, 5)).toEqual([0x05, 0x00, 1, 0, 1]); // tsn, status, total 1, start 0, count 1
    expect(coordinatorTable.slice(13, 19)).toEqual([0x01, 0x0a, 0x00, 0x00, 0x01, 0x88]); // ieee of the bulb starts after extPanId
    answerNetworkZdo(n.deps, 0x1a01, 0x0031, Uint8Array.of(0x06, 0x00));
    const routerTable = n.replies[1].bytes;
    expect(routerTable.slice(0, 5)).toEqual([0x06, 0x00, 2, 0, 2]); // its parent (coordinator) and its child
    // Child entry: device type 2 (end device), rx off when idle, relationship child (1 << 4).
    expect(routerTable[5 + 22 + 18]).toBe(0x12);
    n.dispose();
  });

  it('should answer Mgmt_Leave from the device and then remove it', () => {
    const n = network();
    answerNetworkZdo(n.deps, 0x1b02, 0x0034, Uint8Array.of(0x07, 0x02, 0x0b, 0, 0, 0, 0x4b, 0x12, 0x00, 0x00));
    expect(n.replies).toEqual([{ from: 0x1b02, cluster: 0x8034, bytes: [0x07, 0x00] }]);
    expect(n.left).toEqual(['00124b0000000b02']);
    n.dispose();
  });

  it('should answer the coordinator Simple_Desc from the stored descriptor and refuse unknown endpoints', () => {
    const n = network();
    answerCoordinatorZdo(n.deps, 0x0004, Uint8Array.of(0x08, 0x00, 0x00, 0x01));
    answerCoordinatorZdo(n.deps, 0x0004, Uint8Array.of(0x09, 0x00, 0x00, 0x05));
    answerCoordinatorZdo(n.deps, 0x0021, Uint8Array.of(0x0a));
    expect(n.replies).toEqual([
      { from: 0, cluster: 0x8004, bytes: [0x08, 0x00, 0x00, 0x00, 8, 1, 4, 1, 5, 0, 1, 0, 0] },
      { from: 0, cluster: 0x8004, bytes: [0x09, 0x82, 0x00, 0x00, 0] },
      { from: 0, cluster: 0x8021, bytes: [0x0a, 0x84] },
    ]);
    n.dispose();
  });

  it('should open the join window on a unicast permit join and answer success', () => {
    const n = network();
    answerNetworkZdo(n.deps, 0x1a01, 0x0036, Uint8Array.of(0x0b, 60, 1));
    expect(n.joins).toEqual([60]);
    expect(n.replies[0]).toEqual({ from: 0x1a01, cluster: 0x8036, bytes: [0x0b, 0x00] });
    n.dispose();
  });

  it('should answer an energy scan with Mgmt_NWK_Update_notify and refuse bad scan durations', () => {
    const n = network();
    // tsn, mask (channel 15 only, and channel 5 which 2.4 GHz does not have), duration 2, count 1
    answerCoordinatorZdo(n.deps, 0x0038, Uint8Array.of(0x0c, 0x20, 0x80, 0x00, 0x00, 0x02, 0x01));
    answerCoordinatorZdo(n.deps, 0x0038, Uint8Array.of(0x0d, 0x00, 0x80, 0x00, 0x00, 0x09, 0x01));
    answerCoordinatorZdo(n.deps, 0x0038, Uint8Array.of(0x0e, 0x00, 0x80, 0x00, 0x00, 0xfe, 0x03));
    expect(n.replies).toEqual([
      { from: 0, cluster: 0x8038, bytes: [0x0c, 0x00, 0x00, 0x80, 0x00, 0x00, 7, 0, 1, 0, 1, 150] },
      { from: 0, cluster: 0x8038, bytes: [0x0d, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    ]);
    n.dispose();
  });
});
