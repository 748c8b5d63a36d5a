/**
 * The `charging` action: someone plugs the charger into a rechargeable Lumi device (Aqara's roller
 * shade driver E1) or pulls it out. The device announces, unasked, its charging state on Lumi's
 * cluster (attribute 0x0409: 1 charging, 0 not).
 */
import type { Action } from './action';
import type { DeviceHost } from './device-host';

export function chargingAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, 'manuSpecificLumi', 'chargingStatus') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'charging',
    description: 'the charger is plugged in (active true) or pulled out (active false)',
    params: { active: 'boolean' },
    run: (h, params) => {
      if (params.active !== undefined && typeof params.active !== 'boolean') return { ok: false, error: 'active: must be a boolean' };
      const active = params.active !== false;
      h.announce(ep, 'manuSpecificLumi', 'chargingStatus', active ? 1 : 0);
      return { ok: true, detail: { charging: h.get(ep, 'manuSpecificLumi', 'chargingStatus') === 1 } };
    },
  };
}
