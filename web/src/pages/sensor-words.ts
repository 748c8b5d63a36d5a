import type { Sensor } from '../state/types';

/** Attribute names as people say them; anything not listed is split into words. */
const LABELS: Record<string, string> = {
  lightlevel: 'Light level',
  lux: 'Illuminance',
  dark: 'Dark',
  daylight: 'Daylight',
  presence: 'Motion',
  open: 'Open',
  temperature: 'Temperature',
  humidity: 'Humidity',
  pressure: 'Pressure',
  buttonevent: 'Button event',
  airqualityppb: 'Air quality',
  airquality: 'Air quality',
  water: 'Water leak',
  fire: 'Smoke or fire',
  carbonmonoxide: 'Carbon monoxide',
  vibration: 'Vibration',
  tampered: 'Tampered',
  lowbattery: 'Low battery',
  power: 'Power',
  consumption: 'Energy used',
  current: 'Current',
  voltage: 'Voltage',
  valve: 'Valve',
  on: 'On',
  alarm: 'Alarm',
  status: 'Status',
  tiltangle: 'Tilt angle',
  vibrationstrength: 'Vibration strength',
  orientation: 'Orientation',
  action: 'Action',
  panel: 'Panel',
  seconds_remaining: 'Seconds remaining',
  mountingmodeactive: 'Mounting mode',
  errorcode: 'Error code',
  sensitivity: 'Sensitivity',
  sensitivitymax: 'Highest sensitivity',
  duration: 'Stays on for',
  delay: 'Delay',
  ledindication: 'LED indication',
  tholddark: 'Dark below (light level)',
  tholdoffset: 'Daylight above dark by',
  heatsetpoint: 'Heat setpoint',
  coolsetpoint: 'Cool setpoint',
  offset: 'Offset',
  locked: 'Child lock',
  displayflipped: 'Display upside down',
  usertest: 'Test mode',
  mode: 'Mode',
  fanmode: 'Fan mode',
  preset: 'Preset',
  externalsensortemp: 'External sensor temperature',
  reachable: 'Reachable',
  battery: 'Battery',
  windowopen: 'Window open',
  heating: 'Heating',
  pm2_5: 'Fine dust (PM2.5)',
  sunrise: 'Sunrise',
  sunset: 'Sunset',
};

/** Units of numeric readings; temperature and humidity are hundredths in deCONZ. */
const UNITS: Record<string, { unit: string; scale?: number; digits?: number }> = {
  temperature: { unit: '°C', scale: 0.01, digits: 1 },
  humidity: { unit: '%', scale: 0.01, digits: 1 },
  heatsetpoint: { unit: '°C', scale: 0.01, digits: 1 },
  lux: { unit: 'lx' },
  pressure: { unit: 'hPa' },
  airqualityppb: { unit: 'ppb' },
  power: { unit: 'W' },
  consumption: { unit: 'Wh' },
  voltage: { unit: 'V' },
  current: { unit: 'mA' },
  valve: { unit: '%' },
  pm2_5: { unit: 'µg/m³' },
  tiltangle: { unit: '°' },
  coolsetpoint: { unit: '°C', scale: 0.01, digits: 1 },
  externalsensortemp: { unit: '°C', scale: 0.01, digits: 1 },
  battery: { unit: '%' },
  duration: { unit: 's' },
  delay: { unit: 's' },
};

/** A config offset is in the unit of the sensor's own reading (hundredths of °C or %, or hPa). */
const OFFSET_OF: Record<string, string> = { ZHATemperature: 'temperature', ZHAHumidity: 'humidity', ZHAPressure: 'pressure', ZHAThermostat: 'temperature' };

/** The unit (and scale from the gateway's integer) of an item; `type` picks an offset's. */
export function unitOf(key: string, type?: string): { unit: string; scale?: number; digits?: number } | undefined {
  return UNITS[key === 'offset' && type ? (OFFSET_OF[type] ?? '') : key];
}

export function label(key: string): string {
  const known = LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A reading as shown: with its unit, yes/no for flags, and "no reading yet" until the device reports. */
export function reading(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'no reading yet';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const unit = unitOf(key);
  if (typeof value === 'number' && unit) {
    const scaled = value * (unit.scale ?? 1);
    return `${unit.digits === undefined ? Math.round(scaled * 100) / 100 : scaled.toFixed(unit.digits)} ${unit.unit}`;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** What a sensor needs before it can say anything, in words (Daylight: the gateway's location). */
export function needs(sensor: Sensor): string | undefined {
  if (sensor.type === 'Daylight' && sensor.config.configured !== true) {
    return "Daylight needs the gateway's location: set its latitude and longitude (the sensor's config lat and long) to learn sunrise and sunset.";
  }
  return undefined;
}

/** The physical device a sensor belongs to: the MAC part of its uniqueid (CLIP sensors stand alone). */
export function deviceOf(sensor: Sensor, id: string): string {
  return sensor.uniqueid && /^([0-9a-f]{2}:){7}[0-9a-f]{2}-/i.test(sensor.uniqueid) ? sensor.uniqueid.split('-')[0]! : `sensor:${id}`;
}

/** When the sensor was last heard: its newest reading (to the second) or `lastseen` (to the minute). */
export function lastHeard(sensor: Sensor): string | undefined {
  const at = (t: unknown) => (typeof t === 'string' && t !== 'none' ? Date.parse(/Z$/.test(t) ? t : `${t}Z`) : Number.NaN);
  const candidates = [sensor.state.lastupdated, sensor.lastseen].filter((t): t is string => !Number.isNaN(at(t)));
  return candidates.sort((a, b) => at(b) - at(a))[0];
}
