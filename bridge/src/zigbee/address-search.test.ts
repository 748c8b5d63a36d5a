import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Models } from 'zigbee-herdsman';
import { createAddressSearch, interviewNow, UNKNOWN_NWK } from './address-search';

type Fake = { ieeeAddr: string; type: string; networkAddress: number; isDeleted: boolean; interviewState: string; requestNetworkAddress(): Promise<void> };

/** Devices as herdsman keeps them; a request is answered (the address set) for those in `answering`. */
function devices(answering: Set<string>) {
  const asked: Array<{ ieee: string; at: number }> = [];
  const started = performance.now();
  const make = (ieeeAddr: string, type: string, networkAddress: number, interviewState = 'PENDING'): Fake => {
    const device: Fake = {
      ieeeAddr,
      type,
      networkAddress,
      isDeleted: false,
      interviewState,
      async requestNetworkAddress() {
        asked.push({ ieee: ieeeAddr, at: performance.now() - started });
        if (ieeeAddr === '0xbroken') throw new Error('broadcast table full');
        if (answering.has(ieeeAddr)) device.networkAddress = 0x1234;
      },
    };
    return device;
  };
  return { make, asked };
}

const quiet = pino({ level: 'silent' });

describe('the address search after start', () => {
  it('should ask once for each device at 0xfffe, paced, and go on past a failed request', async () => {
    const d = devices(new Set(['0xlamp']));
    const all = [
      d.make('0xcoordinator', 'Coordinator', 0),
      d.make('0xknown', 'Router', 0x4321, 'SUCCESSFUL'),
      d.make('0xbroken', 'Router', UNKNOWN_NWK),
      d.make('0xlamp', 'Router', UNKNOWN_NWK),
      d.make('0xsensor', 'EndDevice', UNKNOWN_NWK),
    ];
    const asked = await createAddressSearch(quiet, 40).run(() => all as unknown as Models.Device[]);
    expect(asked).toBe(3);
    expect(d.asked.map((a) => a.ieee)).toEqual(['0xbroken', '0xlamp', '0xsensor']);
    expect(d.asked[2].at - d.asked[1].at).toBeGreaterThanOrEqual(35);
    expect(all[3].networkAddress).toBe(0x1234);
  });

  it('should ask no more once cancelled, and nothing when every address is known', async () => {
    const d = devices(new Set());
    const all = [d.make('0xa', 'Router', UNKNOWN_NWK), d.make('0xb', 'Router', UNKNOWN_NWK)];
    const search = createAddressSearch(quiet, 50);
    const running = search.run(() => all as unknown as Models.Device[]);
    search.cancel();
    expect(await running).toBe(1);
    expect(await search.run(() => [d.make('0xc', 'Router', 7)] as unknown as Models.Device[])).toBe(0);
  });

  it('should interview a router once its address is known, a sleepy device only when it speaks', () => {
    const d = devices(new Set());
    const router = d.make('0xr', 'Router', 0x10) as unknown as Models.Device;
    const sleepy = d.make('0xs', 'EndDevice', 0x11) as unknown as Models.Device;
    expect(interviewNow(router, 'address')).toBe(true);
    expect(interviewNow(sleepy, 'address')).toBe(false);
    expect(interviewNow(sleepy, 'heard')).toBe(true);
    expect(interviewNow(d.make('0xu', 'Router', UNKNOWN_NWK) as unknown as Models.Device, 'heard')).toBe(false);
    expect(interviewNow(d.make('0xi', 'Router', 0x12, 'SUCCESSFUL') as unknown as Models.Device, 'address')).toBe(false);
  });
});
