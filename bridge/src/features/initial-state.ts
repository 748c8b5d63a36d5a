import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Feature, FeatureDeps } from './types';

/**
 * The first state of taken-over devices: an import from Zigbee2MQTT writes its `state.json` as
 * `initial-state.json` (ieee → converter state). Applied once at the first start, as if each device
 * had just reported it, so a sensor that reports hourly shows its last values at once; then the
 * file is removed, so a later restart never brings old values back over newer ones.
 */
const FILE = 'initial-state.json';

export function initialState(deps: FeatureDeps): Feature {
  const log = deps.logger.child({ feature: 'initial-state' });
  return {
    name: 'initial-state',
    async start() {
      const path = join(deps.config.dataDir, FILE);
      const text = await readFile(path, 'utf8').catch(() => undefined);
      if (text === undefined) return;
      let states: Record<string, Record<string, unknown>> = {};
      try {
        states = JSON.parse(text) as typeof states;
      } catch (err) {
        log.error({ err }, `${FILE} is not JSON; devices start without their imported state`);
      }
      let applied = 0;
      for (const [ieee, state] of Object.entries(states ?? {})) {
        const endpoint = deps.registry.get(ieee)?.subdevices[0]?.endpoint;
        if (endpoint === undefined || typeof state !== 'object' || state === null) continue;
        // The radio's state too: relative commands start from it, and the Zigbee2MQTT API shows it.
        deps.radio.seedState?.(ieee, state);
        for (const change of deps.registry.apply(ieee, endpoint, state)) deps.bus.emit('endpointChanged', { ieee, change });
        applied++;
      }
      log.info({ devices: applied }, 'imported device states applied');
      await rm(path, { force: true });
    },
    stop() {},
  };
}
