/**
 * `stick.json` in the data dir: an import from Zigbee2MQTT leaves the network on Zigbee2MQTT's
 * stick, so `npm start` must drive that stick. Started without ZIGBEE_ADAPTER, the gateway would
 * run the virtual radio instead: zigbee-herdsman would form a new network on it and clear the
 * imported device database. `npm start` refuses that with the command to use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const STICK_FILE = 'stick.json';

export interface TakenStick {
  adapter: string;
  path?: string;
  from: string;
}

/** Why the gateway must not start this way, or undefined. */
export function stickMismatch(dataDir: string, adapter: string | undefined): string | undefined {
  let stick: TakenStick;
  try {
    stick = JSON.parse(readFileSync(join(dataDir, STICK_FILE), 'utf8')) as TakenStick;
  } catch {
    return undefined;
  }
  if (typeof stick?.adapter !== 'string' || adapter === stick.adapter) return undefined;
  const command = `ZIGBEE_ADAPTER=${stick.adapter} ZIGBEE_PATH=${stick.path ?? '<serial port>'} npm start`;
  return `${join(dataDir, STICK_FILE)}: this data holds the network of ${stick.from}'s ${stick.adapter} stick, and ZIGBEE_ADAPTER is ${adapter ?? 'not set (the virtual radio)'}; start with ${command} (delete ${STICK_FILE} to start another network on purpose)`;
}
