import { describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { realClock } from '../../src/network/clock';
import { FrameCounters } from '../../src/network/counters';
import { createDeviceContext } from '../../src/network/device-context';
import { FaultTable } from '../../src/network/faults';
import type { HostPort } from '../../src/network/host-port';
import { SimNetwork } from '../../src/network/network';
import { DeviceRegistry } from '../../src/network/registry';
import { timingProfiles } from '../../src/network/timing';
import { waitFor } from '../../../../test/helpers/wait';

const COORDINATOR = '00212effff001122';
const BULB = '0017880100000a01';
const SENSOR_UNDER_BULB = '00124b0000000b02';
const SENSOR_UNDER_COORDINATOR = '00124b0000000c03';
/** A router that is always on: the barrier every search ends with. */
const SENTINEL = '0017880100000d04';

/**
 * A broadcast NWK_addr_req (as the EmberZNet driver sends it, to 0xFFFD) on a network of a bulb, a
 * sleepy sensor under the bulb, a sleepy sensor under the coordinator and a sentinel router.
 */
function network() {
  const registry = new DeviceRegistry();
  const factory = createDeviceFactory();
  const contexts: Array<{ dispose(): void }> = [];
  const join = (model: string, ieee: string, nwk: number, parent: number) => {
    const ctx = createDeviceContext(ieee, { clock: realClock, coordinatorIeee: () => COORDINATOR, emit: () => {}, changed: () => {} });
    contexts.push(ctx);
    registry.add({ device: factory.create(model, { ieee, nwk }, ctx), online: true, parent, lqi: 200 });
  };
  join('LCT015', BULB, 0x1a01, 0);
  join('TH01', SENSOR_UNDER_BULB, 0x1b02, 0x1a01);
  join('TH01', SENSOR_UNDER_COORDINATOR, 0x1c03, 0);
  join('LCT015', SENTINEL, 0x1d04, 0);
  const answers: Array<{ from: number; cluster: number; asdu: number[] }> = [];
  const host: HostPort = {
    confirm: () => {},
    indicate: (ind) => answers.push({ from: ind.srcNwk, cluster: ind.clusterId, asdu: Array.from(ind.asdu) }),
  };
  const sim = new SimNetwork({
    registry,
    host,
    coordinator: {
      ieee: () => COORDINATOR,
      extendedPanId: () => new Uint8Array(8).fill(0xdd),
      endpoints: () => new Map(),
      channel: () => 15,
      panId: () => 0x1a62,
    },
    counters: new FrameCounters(),
    faults: new FaultTable(() => Date.now()),
    clock: realClock,
    timing: timingProfiles.fast,
    permitJoin: () => {},
    leave: () => {},
    rejoin: () => {},
    networkUp: () => true,
  });
  let tsn = 0x40;
  const ask = (ieee: string) => {
    const le = ieee
      .match(/../g)!
      .reverse()
      .map((b) => Number.parseInt(b, 16));
    sim.handleRequest({
      requestId: ++tsn,
      dst: { mode: 'nwk', nwk: 0xfffd, endpoint: 0 },
      profileId: 0,
      clusterId: 0x0000,
      srcEndpoint: 0,
      asdu: Uint8Array.of(tsn, ...le, 0x00, 0x00),
      txOptions: 0,
      radius: 0,
    });
    return tsn;
  };
  /**
   * The answers to one search. The barrier is a second search for the sentinel router, asked right
   * after: every answer crosses the air in the same time, so one to the first search comes before it.
   */
  const search = async (ieee: string) => {
    answers.length = 0;
    const asked = ask(ieee);
    const barrier = ask(SENTINEL);
    await waitFor(() => answers.some((a) => a.asdu[0] === barrier), 'the sentinel router to answer', 2_000, 1);
    return answers.filter((a) => a.asdu[0] === asked).map((a) => ({ ...a, tsn: a.asdu[0], status: a.asdu[1], nwk: a.asdu[10] | (a.asdu[11] << 8) }));
  };
  return {
    search,
    registry,
    dispose: () => {
      for (const c of contexts) c.dispose();
    },
  };
}

describe('a broadcast NWK_addr_req', () => {
  it('should be answered by a device whose receiver is on, with its own address', async () => {
    const n = network();
    const [answer, ...more] = await n.search(BULB);
    expect(more).toEqual([]);
    expect(answer).toMatchObject({ from: 0x1a01, cluster: 0x8000, status: 0, nwk: 0x1a01 });
    expect(answer.asdu.slice(2, 10)).toEqual([0x01, 0x0a, 0x00, 0x00, 0x01, 0x88, 0x17, 0x00]);
    n.dispose();
  });

  it("should be answered for a sleepy device by its parent router, with the child's address", async () => {
    const n = network();
    expect(await n.search(SENSOR_UNDER_BULB)).toEqual([expect.objectContaining({ from: 0x1a01, cluster: 0x8000, status: 0, nwk: 0x1b02 })]);
    n.dispose();
  });

  it("should go unanswered for the coordinator's own sleepy child, a device that is off, or one not on the network", async () => {
    const n = network();
    expect(await n.search(SENSOR_UNDER_COORDINATOR)).toEqual([]);
    n.registry.get(BULB)!.online = false;
    expect(await n.search(BULB)).toEqual([]);
    // Its parent is off too: nobody holds the sensor in a neighbour table.
    expect(await n.search(SENSOR_UNDER_BULB)).toEqual([]);
    expect(await n.search('00124b000000ffff')).toEqual([]);
    n.dispose();
  });
});
