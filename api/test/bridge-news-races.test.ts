import { beforeAll, expect, it } from 'vitest';
import { examples } from '@herdgate/shared/mqtt';
import type { DeviceDescription } from '@herdgate/shared/mqtt';
import { awaitId, WAIT_MS } from './helpers/bridge-devices';
import { describeOnRuntimesWithBridge } from './helpers/runtimes';
import type { HeldRequest } from './helpers/test-bridge';
import { waitFor } from '../../test/helpers/wait';

/**
 * Routes that ask the bridge and then write a row only if it is still live: the bridge's news
 * caused by the request (here "the device left", an empty retained description) can arrive before
 * the request's own answer, and must not turn the request's success into a 404.
 */
describeOnRuntimesWithBridge('bridge news before the answer', (gw, bridge) => {
  let key: string;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await gw().request(`/api/${key}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };
  const describeDevice = (ieee: string, mac: string, subdevices: unknown[]) =>
    bridge().describeDevice({ ...examples.device, ieee, uniqueid: mac, name: `device ${mac}`, subdevices } as DeviceDescription);
  /** Answers the held `device/remove` request for `ieee`, after publishing the device's departure. */
  const leaveWithNewsFirst = async (ieee: string) => {
    let held: HeldRequest | undefined;
    await waitFor(
      () => (held = bridge().heldRequests.find((r) => r.name === 'device/remove' && r.data.ieee === ieee)) !== undefined,
      'the held device/remove request',
      WAIT_MS,
    );
    await bridge().removeDevice(ieee);
    await held!.answer({ status: 'ok', data: { ieee, left: true } });
  };

  beforeAll(async () => {
    key = await gw().createKey();
    bridge().holdRequests = ['device/remove'];
  });

  it('should answer DELETE /sensors/<id> with reset as a success when the leave news came first', async () => {
    const ieee = '0x00124b0022a1d001';
    const mac = '00:12:4b:00:22:a1:d0:01';
    await describeDevice(ieee, mac, [
      { type: 'ZHAOpenClose', resource: 'sensors', uniqueid: `${mac}-01-0006`, endpoint: 1, state: ['open'], config: ['battery', 'reachable', 'on'] },
    ]);
    const id = await awaitId(gw(), key, 'sensors', `${mac}-01-0006`);
    const [answer] = await Promise.all([call('DELETE', `/sensors/${id}`, { reset: true }), leaveWithNewsFirst(ieee)]);
    expect(answer).toEqual({ status: 200, body: [{ success: { [`/sensors/${id}/reset`]: true } }] });
    expect((await call('GET', `/sensors/${id}`)).status).toBe(404);
  });

  it('should answer DELETE /lights/<id> with reset as a success when the leave news came first', async () => {
    const ieee = '0x0017880102a3d002';
    const mac = '00:17:88:01:02:a3:d0:02';
    await describeDevice(ieee, mac, [{ ...examples.device.subdevices[0], uniqueid: `${mac}-0b` }]);
    const id = await awaitId(gw(), key, 'lights', `${mac}-0b`);
    const [answer] = await Promise.all([call('DELETE', `/lights/${id}`, { reset: true }), leaveWithNewsFirst(ieee)]);
    expect(answer).toEqual({ status: 200, body: [{ success: { id } }] });
    expect((await call('GET', `/lights/${id}`)).status).toBe(404);
  });
});
