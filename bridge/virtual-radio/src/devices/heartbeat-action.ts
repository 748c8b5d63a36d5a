/**
 * The `heartbeat` action: a Xiaomi (Lumi) device's periodic status report. It announces, unasked,
 * the basic cluster's Lumi attribute 0xFF01: a character string carrying a struct of tagged values,
 * here tag 1 the battery voltage (mV, uint16) and tag 3 the device's own temperature (°C, int8).
 */
import type { Action } from './action';
import type { DeviceHost } from './device-host';

const UINT16 = 0x21;
const INT8 = 0x28;

export function heartbeatBytes(voltage: number, temperature: number): number[] {
  return [1, UINT16, voltage & 0xff, (voltage >> 8) & 0xff, 3, INT8, temperature & 0xff];
}

export function heartbeatAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, 'genBasic', 'lumiHeartbeat') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'heartbeat',
    description: 'the device sends its status report: battery voltage and its own temperature',
    params: { temperature: '°C (-128 to 127)', voltage: 'mV (default 3000)' },
    run: (h, params) => {
      const { temperature, voltage = 3000 } = params as { temperature?: unknown; voltage?: unknown };
      if (typeof temperature !== 'number' || !Number.isInteger(temperature) || temperature < -128 || temperature > 127) {
        return { ok: false, error: 'temperature must be an integer from -128 to 127 (°C)' };
      }
      if (typeof voltage !== 'number' || !Number.isInteger(voltage) || voltage < 0 || voltage > 0xffff)
        return { ok: false, error: 'voltage must be an integer from 0 to 65535 (mV)' };
      const bytes = heartbeatBytes(voltage, temperature);
      h.announce(ep, 'genBasic', 'lumiHeartbeat', bytes);
      return { ok: true, detail: { temperature, voltage } };
    },
  };
}
