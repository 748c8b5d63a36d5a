/**
 * The bridge's files a Zigbee2MQTT takeover writes, by name: the network handed to herdsman,
 * Zigbee2MQTT's coordinator backup and herdsman database as they were, the friendly names and the
 * first states. `npm run import -- zigbee2mqtt` writes them into the data dir, `POST /config/import`
 * sends them to the bridge: both paths put the same bytes in place.
 */
import { networkParams } from './network';
import type { Z2mPlan } from './plan';

export function z2mBridgeFiles(plan: Z2mPlan): Record<string, string> {
  return {
    'network.json': `${JSON.stringify(networkParams(plan.network), null, 2)}\n`,
    ...(plan.network.backup !== undefined ? { 'coordinator_backup.json': plan.network.backup } : {}),
    'database.db': plan.db.text,
    'names.json': `${JSON.stringify(plan.names, null, 2)}\n`,
    'initial-state.json': `${JSON.stringify(plan.initialState)}\n`,
  };
}
