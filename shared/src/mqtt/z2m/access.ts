import type { MqttRole } from '../access';
import { parseZ2mTopic } from './topics';

/**
 * Who may publish and read the Zigbee2MQTT-compatible topics: the same rule as the contract's
 * (access.ts). Requests that change or reveal the network (the backup carries the network key,
 * a restart or options change stops every device's service, a touchlink reset wipes a device,
 * an install code lets a device in, the network map reveals the topology, a device firmware update
 * rewrites a device and keeps the network busy for minutes) are for the api's and
 * an admin account only, and only trusted roles read their answers. Everything but requests,
 * `/set` and `/get` is the bridge's to publish.
 */
export const Z2M_ADMIN_REQUESTS: ReadonlySet<string> = new Set(['backup', 'options', 'restart', 'touchlink/factory_reset', 'install_code/add', 'networkmap']);
/** Zigbee2MQTT's `device/ota_update/<op>[/downgrade|/abort]`, in any letter case. */
const isAdminRequest = (name: string) => Z2M_ADMIN_REQUESTS.has(name) || name.toLowerCase().startsWith('device/ota_update/');
const ADMIN: readonly MqttRole[] = ['api', 'admin'];
const TRUSTED: readonly MqttRole[] = ['bridge', 'api', 'admin'];

/** Why `role` may not publish to `topic` under the compatible base, or undefined when it may. */
export function z2mPublishDenial(base: string, role: MqttRole, topic: string, retain: boolean): string | undefined {
  const parsed = parseZ2mTopic(base, topic) ?? (topic === base ? { kind: 'entity' as const } : undefined);
  if (!parsed || role === 'bridge') return undefined;
  if (parsed.kind === 'request') {
    if (isAdminRequest(parsed.name) && !ADMIN.includes(role)) return `not allowed for ${role} clients`;
  } else if (parsed.kind !== 'set' && parsed.kind !== 'get') {
    return 'only the bridge publishes this topic';
  }
  // A retained command would be replayed at every bridge (re)start.
  return retain ? 'commands and requests must not be retained' : undefined;
}

/** Whether `role` may read `topic` (administrative requests and their answers: trusted only). */
export function z2mMayRead(base: string, role: MqttRole, topic: string): boolean {
  const parsed = parseZ2mTopic(base, topic);
  if (parsed?.kind !== 'request' && parsed?.kind !== 'response') return true;
  return !isAdminRequest(parsed.name) || TRUSTED.includes(role);
}
