/**
 * Touchlink through zigbee-herdsman's own Touchlink functions (scan, identify, factoryReset). Only
 * adapters whose drivers send inter-PAN frames can do it; herdsman's deconz driver refuses them (and
 * a ConBee cannot do it under deCONZ either), so on those the calls fail with `unsupported` naming
 * the adapters that can. herdsman's scan reports only IEEE and channel; the rest of each answer
 * (factory-new flag, address, PAN id, link quality) is read from the scan responses as they arrive.
 */
import type { Controller } from 'zigbee-herdsman';
import type { Logger } from 'pino';
import { RadioError } from './radio-error';
import { TOUCHLINK_ADAPTERS } from '@herdgate/shared/mqtt';
import type { AdapterName } from '../config';

export interface TouchlinkFound {
  ieee: string;
  channel: number;
  factorynew: boolean;
  address: number;
  panid: number;
  rssi: number;
}

interface ScanPayload {
  clusterID: number;
  address: number | string;
  data: Buffer;
  linkquality: number;
}

const TOUCHLINK_CLUSTER = 0x1000;
const SCAN_RESPONSE = 0x01;

/** Scan response payload after the 3-byte ZCL header: transaction u32, rssi corr, zb info, touchlink info, key bitmask u16, response id u32, epid[8], update id, channel, pan u16, nwk u16. */
function parseScanResponse(payload: ScanPayload): Omit<TouchlinkFound, 'channel'> | undefined {
  const d = payload.data;
  if (payload.clusterID !== TOUCHLINK_CLUSTER || typeof payload.address !== 'string' || d.length < 31 || d[2] !== SCAN_RESPONSE) return undefined;
  const at = 3;
  return {
    ieee: payload.address,
    factorynew: (d[at + 6] & 0x01) === 0x01,
    panid: d.readUInt16LE(at + 23),
    address: d.readUInt16LE(at + 25),
    // herdsman passes link quality; map 0..255 back onto the -100..-30 dBm range it came from.
    rssi: Math.round(-100 + (payload.linkquality * 70) / 255),
  };
}

export interface Touchlink {
  scan(onProgress: (found: TouchlinkFound) => void): Promise<TouchlinkFound[]>;
  identify(ieee: string, channel: number): Promise<void>;
  reset(ieee: string, channel: number): Promise<void>;
}

/** `current` gives the running Controller (network operations replace it). */
export function createTouchlink(current: () => Controller, adapter: AdapterName, log: Logger): Touchlink {
  const supported = () => {
    if (!(TOUCHLINK_ADAPTERS as readonly string[]).includes(adapter)) {
      throw new RadioError(
        `touchlink needs inter-PAN frames, which the ${adapter} adapter cannot send; adapters that support it: ${TOUCHLINK_ADAPTERS.join(', ')}`,
        'unsupported',
      );
    }
  };
  const busy = (err: unknown): never => {
    const message = err instanceof Error ? err.message : String(err);
    throw new RadioError(`touchlink: ${message}`, /already in progress/i.test(message) ? 'busy' : 'error', { cause: err });
  };
  // The adapter emits every ZCL payload; the touchlink ones never reach the controller's messages.
  const adapterEvents = () =>
    (current() as unknown as { adapter?: { on(e: string, l: (p: ScanPayload) => void): void; off(e: string, l: (p: ScanPayload) => void): void } }).adapter;

  return {
    async scan(onProgress) {
      supported();
      const details = new Map<string, Omit<TouchlinkFound, 'channel'>>();
      const listener = (payload: ScanPayload) => {
        const found = parseScanResponse(payload);
        if (found && !details.has(found.ieee)) details.set(found.ieee, found);
      };
      const events = adapterEvents();
      events?.on('zclPayload', listener);
      try {
        log.info('touchlink scan started');
        const answers = await current().touchlink.scan().catch(busy);
        const results = answers.map(({ ieeeAddr, channel }) => {
          const d = details.get(ieeeAddr);
          return {
            ieee: ieeeAddr,
            channel,
            factorynew: d?.factorynew ?? false,
            address: d?.address ?? 0xffff,
            panid: d?.panid ?? 0xffff,
            rssi: d?.rssi ?? -100,
          };
        });
        for (const found of results) onProgress(found);
        log.info({ found: results.length }, 'touchlink scan finished');
        return results;
      } finally {
        events?.off('zclPayload', listener);
      }
    },
    async identify(ieee, channel) {
      supported();
      log.info({ ieee, channel }, 'touchlink identify');
      await current().touchlink.identify(ieee, channel).catch(busy);
    },
    async reset(ieee, channel) {
      supported();
      log.info({ ieee, channel }, 'touchlink reset to factory new');
      await current().touchlink.factoryReset(ieee, channel).catch(busy);
    },
  };
}
