import type { Logger } from 'pino';
import type { Models } from 'zigbee-herdsman';

/** herdsman's network address for a device it knows by IEEE only. */
export const UNKNOWN_NWK = 0xfffe;
/**
 * Between two searches. Each broadcast holds a slot in every router's broadcast table for about
 * nine seconds and stacks keep about fifteen, so a burst would be refused by the stick itself.
 */
const SPACING_MS = 1_000;

export interface AddressSearch {
  /** Asks for every device still at 0xfffe, one broadcast each, paced; resolves when all are asked. */
  run(devices: () => Iterable<Models.Device>): Promise<number>;
  /** A restart or stop: the round in progress asks no more. */
  cancel(): void;
}

/**
 * Devices taken over from a database that kept no network address (deCONZ 2.0x) are in herdsman's
 * database at 0xfffe. Rather than wait for each to announce itself, the bridge asks where each
 * one is after start: a broadcast NWK_addr_req by IEEE, answered by the device if its receiver is
 * on, or by its parent router for a sleepy one. herdsman records the address from the answer
 * (`deviceNetworkAddressChanged`); a device nobody answers for (a sleepy child of the coordinator,
 * a device that is off) is found by herdsman when it is next heard.
 */
export function createAddressSearch(log: Logger, spacingMs = SPACING_MS): AddressSearch {
  let round = 0;
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  return {
    async run(devices) {
      const mine = ++round;
      const wanted = [...devices()].filter((d) => d.type !== 'Coordinator' && !d.isDeleted && d.networkAddress === UNKNOWN_NWK);
      if (wanted.length === 0) return 0;
      log.info(
        { devices: wanted.length, seconds: Math.ceil((wanted.length * spacingMs) / 1000) },
        'searching for devices taken over without a network address',
      );
      let asked = 0;
      for (const device of wanted) {
        if (mine !== round) return asked;
        if (!device.isDeleted && device.networkAddress === UNKNOWN_NWK) {
          await device
            .requestNetworkAddress()
            .catch((err: unknown) =>
              log.warn({ ieee: device.ieeeAddr, err: err instanceof Error ? err.message : String(err) }, 'network address request failed'),
            );
          asked++;
          log.debug({ ieee: device.ieeeAddr, asked, of: wanted.length }, 'network address requested');
        }
        if (asked < wanted.length) await pause(spacingMs);
      }
      // Answers still on their way are not counted: herdsman records them as they come.
      const foundSoFar = wanted.filter((d) => d.networkAddress !== UNKNOWN_NWK).length;
      log.info({ asked, foundSoFar }, 'network address search sent; devices nobody answers for are found when next heard');
      return asked;
    },
    cancel() {
      round++;
    },
  };
}

/**
 * Whether a device whose interview is still to do should be interviewed now that herdsman has
 * heard of it: a router as soon as its address is known (its receiver is on), a sleepy device only
 * when it speaks itself (it is awake then), not when its parent answered for it.
 */
export function interviewNow(device: Models.Device, why: 'address' | 'heard'): boolean {
  if (device.interviewState !== 'PENDING' || device.networkAddress === UNKNOWN_NWK) return false;
  return why === 'heard' || device.type === 'Router';
}
