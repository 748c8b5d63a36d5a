/**
 * What `npm start`'s children report about themselves on stdout, collected from their lines: the
 * virtual radio's two ports, the bridge's `{"event":"ready"}` line (broker URLs), the api's
 * `{"event":"api-ready"}` line (bound ports, whether the default password applies). Later children
 * are configured from it (port 0 then works everywhere) and the ready banner shows it.
 */
import { networkInterfaces } from 'node:os';
import type { GatewayAddresses } from './banner';
import { parseObject as json } from './log-format';
import { portOf } from './broker-url';

/** This host's first non-internal IPv4 address, for reaching the web app from a phone. */
function lanAddress(): string | undefined {
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

export class GatewayReport {
  private radioPort?: number;
  private controlPort?: number;
  private broker: { mqtt?: string; mqttWs?: string; mqtts?: string; wss?: string; radioControl?: string } = {};
  private apiReady?: { httpPort: number; websocketPort: number; defaultPassword: boolean };
  private matterReady?: { port: number; pairingcode: string; qrcode: string; commissioned: boolean };

  /** A radio line; true once both of its ports are known. */
  radio(line: string): boolean {
    const entry = json(line);
    if (entry?.service === 'radio' && typeof entry.port === 'number') this.radioPort = entry.port;
    if (entry?.service === 'control' && typeof entry.port === 'number') this.controlPort = entry.port;
    return this.radioPort !== undefined && this.controlPort !== undefined;
  }

  /** Where the bridge finds the virtual radio (nothing when no radio ran). */
  bridgeRadioEnv(): Record<string, string> {
    if (this.radioPort === undefined) return {};
    return {
      ZIGBEE_PATH: `tcp://127.0.0.1:${this.radioPort}`,
      // Lets the bridge run the virtual radio's simulated firmware update (POST /config/updatefirmware).
      ...(this.controlPort === undefined ? {} : { VIRTUAL_RADIO_CONTROL: `http://127.0.0.1:${this.controlPort}` }),
    };
  }

  /** A bridge line; true on its ready line. */
  bridge(line: string): boolean {
    const entry = json(line);
    if (entry?.event !== 'ready') return false;
    const text = (key: string) => (typeof entry[key] === 'string' ? (entry[key] as string) : undefined);
    this.broker = { mqtt: text('mqtt'), mqttWs: text('mqttWs'), mqtts: text('mqtts'), wss: text('wss'), radioControl: text('radioControl') };
    return true;
  }

  /** The port of the bridge's embedded broker, once it reported it. */
  mqttPort(): string | undefined {
    return portOf(this.broker.mqtt ?? '');
  }

  /** An api line; true on its ready line. */
  api(line: string): boolean {
    const entry = json(line);
    if (entry?.event !== 'api-ready' || typeof entry.httpPort !== 'number' || typeof entry.websocketPort !== 'number') return false;
    this.apiReady = { httpPort: entry.httpPort, websocketPort: entry.websocketPort, defaultPassword: entry.defaultPassword === true };
    return true;
  }

  /** A Matter bridge line; true on its ready line. */
  matter(line: string): boolean {
    const entry = json(line);
    if (entry?.event !== 'matter-ready' || typeof entry.port !== 'number' || typeof entry.pairingcode !== 'string' || typeof entry.qrcode !== 'string')
      return false;
    this.matterReady = { port: entry.port, pairingcode: entry.pairingcode, qrcode: entry.qrcode, commissioned: entry.commissioned === true };
    return true;
  }

  /** A `wrangler dev` line; true once the Worker serves. */
  edge(line: string): boolean {
    return line.includes('Ready on');
  }

  addresses(options: { httpHost: string; edgePort?: number; gatewayUser: string; defaultPassword: boolean }): GatewayAddresses {
    const httpPort = options.edgePort ?? this.apiReady?.httpPort ?? 0;
    const { mqtt, mqttWs, mqtts, wss, radioControl } = this.broker;
    return {
      httpHost: options.httpHost,
      httpPort,
      websocketPort: options.edgePort ?? this.apiReady?.websocketPort ?? 0,
      mqtt: [mqtt, mqttWs, mqtts, wss].filter((url): url is string => url !== undefined),
      radioControl: radioControl ?? (this.controlPort === undefined ? undefined : `http://127.0.0.1:${this.controlPort}`),
      lanAddress: lanAddress(),
      gatewayUser: options.gatewayUser,
      defaultPassword: this.apiReady?.defaultPassword ?? options.defaultPassword,
      ...(this.matterReady ? { matter: this.matterReady } : {}),
    };
  }
}
