/** The `set` action: the world changes (temperature, humidity, pressure, light, battery, power use). */
import type { ActionResult } from '../network/types';
import type { Action } from './action';
import type { DeviceHost } from './device-host';

interface Quantity {
  cluster: string;
  attr: string;
  /** From the person's unit to the ZCL attribute's. */
  convert(v: number): number;
  unit: string;
  /** A vendor attribute: offered only where the device has it (not every thermostat has a floor probe). */
  seeded?: true;
}

const quantities: Record<string, Quantity[]> = {
  temperature: [
    { cluster: 'msTemperatureMeasurement', attr: 'measuredValue', convert: (c) => Math.round(c * 100), unit: '°C' },
    { cluster: 'hvacThermostat', attr: 'localTemp', convert: (c) => Math.round(c * 100), unit: '°C' },
  ],
  // A floor-heating thermostat's floor probe (ELKO's attribute, 0.01 °C).
  floorTemperature: [{ cluster: 'hvacThermostat', attr: 'elkoExternalTemp', convert: (c) => Math.round(c * 100), unit: '°C', seeded: true }],
  humidity: [{ cluster: 'msRelativeHumidity', attr: 'measuredValue', convert: (p) => Math.round(p * 100), unit: '%' }],
  pressure: [{ cluster: 'msPressureMeasurement', attr: 'measuredValue', convert: (h) => Math.round(h), unit: 'hPa' }],
  // ZCL 4.2.2.2.1: MeasuredValue = 10000 × log10(lux) + 1, 0 meaning "too dark to measure".
  illuminance: [
    {
      cluster: 'msIlluminanceMeasurement',
      attr: 'measuredValue',
      convert: (lx) => (lx <= 0 ? 0 : Math.min(0xfffe, Math.round(10000 * Math.log10(lx) + 1))),
      unit: 'lx',
    },
  ],
  // A metering plug (divisors as the catalogue seeds them: power 1 W, voltage 1 V, current 1 mA, energy 0.01 kWh).
  power: [{ cluster: 'haElectricalMeasurement', attr: 'activePower', convert: (w) => Math.round(w), unit: 'W' }],
  voltage: [{ cluster: 'haElectricalMeasurement', attr: 'rmsVoltage', convert: (v) => Math.round(v), unit: 'V' }],
  current: [{ cluster: 'haElectricalMeasurement', attr: 'rmsCurrent', convert: (a) => Math.round(a * 1000), unit: 'A' }],
  energy: [{ cluster: 'seMetering', attr: 'currentSummDelivered', convert: (kwh) => Math.round(kwh * 100), unit: 'kWh' }],
  battery: [
    { cluster: 'genPowerCfg', attr: 'batteryPercentageRemaining', convert: (p) => Math.round(Math.min(100, Math.max(0, p)) * 2), unit: '%' },
    // A 3 V cell: 2.1 V empty to 3.0 V full, in 100 mV.
    { cluster: 'genPowerCfg', attr: 'batteryVoltage', convert: (p) => Math.round(21 + (Math.min(100, Math.max(0, p)) * 9) / 100), unit: '%' },
  ],
};

function targets(host: DeviceHost, name: string): Array<{ ep: number; q: Quantity }> {
  const present = (ep: number, q: Quantity) => host.has(ep, q.cluster) && (!q.seeded || host.get(ep, q.cluster, q.attr) !== undefined);
  return (quantities[name] ?? []).flatMap((q) => host.entry.endpoints.filter((e) => present(e.id, q)).map((e) => ({ ep: e.id, q })));
}

export function setAction(host: DeviceHost): Action | undefined {
  const offered = Object.keys(quantities).filter((name) => targets(host, name).length > 0);
  if (offered.length === 0) return undefined;
  return {
    name: 'set',
    description: 'change what the sensor measures',
    params: Object.fromEntries(offered.map((n) => [n, quantities[n][0].unit])),
    run: (h, params): ActionResult => {
      const unknown = Object.keys(params).filter((k) => !offered.includes(k));
      if (unknown.length > 0) return { ok: false, error: `cannot set ${unknown.join(', ')} (this device measures ${offered.join(', ')})` };
      const bad = Object.entries(params).filter(([, v]) => typeof v !== 'number' || !Number.isFinite(v));
      if (bad.length > 0) return { ok: false, error: `${bad.map(([k]) => k).join(', ')} must be a number` };
      const applied: Record<string, number> = {};
      for (const [name, value] of Object.entries(params)) {
        for (const { ep, q } of targets(h, name)) {
          const raw = q.convert(value as number);
          if (h.config.announces.includes(q.cluster)) h.announce(ep, q.cluster, q.attr, raw);
          else h.set(ep, q.cluster, q.attr, raw);
          applied[`${ep}/${q.cluster}/${q.attr}`] = raw;
        }
      }
      return { ok: true, detail: applied };
    },
  };
}
