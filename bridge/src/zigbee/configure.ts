import type { Logger } from 'pino';
import type { Models } from 'zigbee-herdsman';
import type { Definition } from 'zigbee-herdsman-converters';
import { configureExtraReporting } from './extra-reporting';
import { exposedKeys, readInitialState } from './initial-reads';
import { describeDefinition } from './translate';

/**
 * Run the definition's `configure` (binds + reporting) once per device and definition version,
 * with retries: sleepy devices often miss the first attempt right after the interview.
 * The marker lives in herdsman's device meta, so it survives restarts with the database.
 */
const ATTEMPTS = 3;

const markerOf = (definition: Definition) => `${definition.model}@${definition.version}`;

/** Whether the device's configure has yet to succeed for this definition version. */
export function needsConfigure(device: Models.Device, definition: Definition): boolean {
  return definition.configure !== undefined && device.meta.herdgateConfigured !== markerOf(definition);
}

export async function configureOnce(
  device: Models.Device,
  coordinatorEndpoint: Models.Endpoint,
  definition: Definition,
  logger: Logger,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<boolean> {
  const { configure } = definition;
  if (!configure || !needsConfigure(device, definition)) return true;
  const marker = markerOf(definition);
  const log = logger.child({ ieee: device.ieeeAddr, model: definition.model });
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      await configure(device, coordinatorEndpoint, definition);
      const read = new Set(definition.fromZigbee.map((converter) => converter.cluster));
      await configureExtraReporting(device, coordinatorEndpoint, exposedKeys(describeDefinition(definition, device).exposes), read);
      device.meta.herdgateConfigured = marker;
      device.save();
      log.debug({ attempt }, 'configured (binds and reporting)');
      return true;
    } catch (err) {
      const last = attempt === ATTEMPTS;
      log[last ? 'error' : 'warn']({ err, attempt }, last ? 'configure failed; will retry on next announce or restart' : 'configure failed, retrying');
      if (!last) await pause(1000 * attempt);
    }
  }
  return false;
}

/**
 * The initial reads (initial-reads.ts) once per device and definition version: after the first
 * successful configure, and at a later start for a device whose reads never all got an answer.
 * The marker is set only when every cluster answered, so a sleepy device is asked again.
 */
export async function readOnce(device: Models.Device, definition: Definition, logger: Logger): Promise<void> {
  const marker = markerOf(definition);
  if (device.meta.herdgateInitialRead === marker) return;
  const exposed = exposedKeys(describeDefinition(definition, device).exposes);
  const { failed } = await readInitialState(device, exposed, logger.child({ ieee: device.ieeeAddr, model: definition.model }));
  if (failed > 0) return;
  device.meta.herdgateInitialRead = marker;
  device.save();
}
