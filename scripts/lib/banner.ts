/**
 * What `npm start` says once every part is up: where the web app, REST, WebSocket and MQTT are
 * (the ports really bound) and how to get an API key, as the security rules allow it right now.
 */

export interface GatewayAddresses {
  /** Address the api is bound to (`HTTP_HOST`); 0.0.0.0 / :: mean every interface. */
  httpHost: string;
  httpPort: number;
  /** WebSocket: its own port, or the HTTP port with `/` (workerd serves both on one). */
  websocketPort: number;
  mqtt: string[];
  radioControl?: string;
  /** This host's address on the local network, shown when the api listens on every interface. */
  lanAddress?: string;
  gatewayUser: string;
  /** The well-known default password still applies (keys with it from this host only). */
  defaultPassword: boolean;
  /** MATTER=1: how a Matter controller pairs (docs/matter.md). */
  matter?: { port: number; pairingcode: string; qrcode: string; commissioned: boolean };
}

const ANY = new Set(['0.0.0.0', '::', '']);

export function readyFields(a: GatewayAddresses): Record<string, unknown> {
  const host = ANY.has(a.httpHost) ? 'localhost' : a.httpHost.includes(':') ? `[${a.httpHost}]` : a.httpHost;
  const web = `http://${host}:${a.httpPort}/`;
  return {
    web,
    rest: `http://${host}:${a.httpPort}/api`,
    websocket: `ws://${host}:${a.websocketPort}`,
    mqtt: a.mqtt,
    ...(a.radioControl ? { radioControl: a.radioControl } : {}),
    ...(ANY.has(a.httpHost) && a.lanAddress ? { lan: `http://${a.lanAddress}:${a.httpPort}/` } : {}),
    ...(a.matter ? { matter: a.matter } : {}),
  };
}

/** The terminal banner: a few aligned lines, bold headings when `colours`. */
export function readyBanner(a: GatewayAddresses, colours: boolean): string {
  const f = readyFields(a) as { web: string; rest: string; websocket: string; mqtt: string[]; radioControl?: string; lan?: string };
  const bold = (text: string) => (colours ? `\x1b[1m${text}\x1b[0m` : text);
  const row = (label: string, value: string) => `  ${bold(label.padEnd(11))}${value}`;
  const login = a.defaultPassword ? `${a.gatewayUser}:delight` : `${a.gatewayUser}:<password>`;
  const lines = [
    '',
    bold('herdgate is ready'),
    row('Web app', f.web + (f.lan ? `   (other devices: ${f.lan})` : '')),
    row('REST', f.rest),
    row('WebSocket', f.websocket),
    row('MQTT', f.mqtt.join('  ')),
    ...(f.radioControl ? [row('Radio', `${f.radioControl}   (virtual radio control)`)] : []),
    ...(a.matter
      ? [
          row(
            'Matter',
            `UDP ${a.matter.port}, pairing code ${a.matter.pairingcode}, QR ${a.matter.qrcode}${a.matter.commissioned ? '   (commissioned; PUT /api/<key>/matter {"commissioning":true} pairs another)' : ''}`,
          ),
        ]
      : []),
    '',
    `  ${bold('API key')}    sign in to the web app with the gateway login, or on this machine:`,
    `             curl -s -u ${login} -X POST -d '{"devicetype":"me"}' ${f.rest}`,
    a.defaultPassword
      ? "             The default password works from this machine only until you change it (the web app's settings, or PUT /api/<key>/config/password)."
      : '             The login works from other machines too.',
    `             Apps that ask you to press the link button: curl -s -X PUT -d '{"unlock":60}' ${f.rest}/<key>/config`,
    '',
  ];
  return `${lines.join('\n')}\n`;
}
