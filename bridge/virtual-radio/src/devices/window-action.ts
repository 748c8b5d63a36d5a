/** The `window` action: a window near a radiator valve with window-open detection opens or closes. */
import type { Action } from './action';
import type { DeviceHost } from './device-host';
import { updateRunningState } from './behaviours/thermostat';
import { windowSeen } from './behaviours/valve';

export function windowAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, 'hvacThermostat', 'danfossWindowOpenInternal') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'window',
    description: 'the window by the radiator opens ({open:true}) or closes ({open:false}); the valve detects it if detection is on',
    params: { open: 'true/false' },
    run: (h, params) => {
      if (typeof params.open !== 'boolean') return { ok: false, error: 'open must be true or false' };
      const seen = windowSeen(h, ep, params.open);
      if (!seen.ok) return seen;
      updateRunningState(h, ep);
      return { ok: true, detail: { danfossWindowOpenInternal: seen.state } };
    },
  };
}
