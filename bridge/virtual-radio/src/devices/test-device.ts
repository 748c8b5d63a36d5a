/** Test helper: one catalogue device on a FakeContext, with shorthands to send it ZCL frames. */
import type { SimDevice } from '../network/types';
import { FakeContext } from './fake-context';
import { createDeviceFactory } from './index';

const factory = createDeviceFactory();
export const COORDINATOR = '00212effff001122';
const COORD_LE = [0x22, 0x11, 0x00, 0xff, 0xff, 0x2e, 0x21, 0x00];
let tsn = 0;

export function testDevice(model: string, ieee = '00124b0000000001') {
  const ctx = new FakeContext(COORDINATOR);
  const device: SimDevice = factory.create(model, { ieee, nwk: 0x2001 }, ctx);
  device.start();
  const firstEp = factory.entry(model).endpoints[0].id;
  return {
    ctx,
    device,
    /** A cluster-specific command from the coordinator (default response disabled). */
    command(clusterId: number, commandId: number, payload: number[] = [], ep = firstEp, group?: number) {
      device.receive({
        profileId: 0x0104,
        clusterId,
        srcEndpoint: 1,
        dstEndpoint: ep,
        asdu: Uint8Array.of(0x11, ++tsn & 0xff, commandId, ...payload),
        ...(group !== undefined ? { group } : {}),
      });
    },
    global(clusterId: number, commandId: number, payload: number[] = [], ep = firstEp) {
      device.receive({ profileId: 0x0104, clusterId, srcEndpoint: 1, dstEndpoint: ep, asdu: Uint8Array.of(0x00, ++tsn & 0xff, commandId, ...payload) });
    },
    bindToCoordinator(clusterId: number, ep = firstEp) {
      device.receive({
        profileId: 0,
        clusterId: 0x0021,
        srcEndpoint: 0,
        dstEndpoint: 0,
        asdu: Uint8Array.of(++tsn & 0xff, 1, 2, 3, 4, 5, 6, 7, 8, ep, clusterId & 0xff, clusterId >> 8, 0x03, ...COORD_LE, 1),
      });
    },
    bindToGroup(clusterId: number, group: number, ep = firstEp) {
      device.receive({
        profileId: 0,
        clusterId: 0x0021,
        srcEndpoint: 0,
        dstEndpoint: 0,
        asdu: Uint8Array.of(++tsn & 0xff, 1, 2, 3, 4, 5, 6, 7, 8, ep, clusterId & 0xff, clusterId >> 8, 0x01, group & 0xff, group >> 8),
      });
    },
    attrs(cluster: string, ep = firstEp) {
      return device.inspect().endpoints[String(ep)][cluster] as Record<string, unknown>;
    },
    frames() {
      return ctx.take().map((e) => ({ to: e.to, cluster: e.clusterId, bytes: Array.from(e.asdu) }));
    },
  };
}
