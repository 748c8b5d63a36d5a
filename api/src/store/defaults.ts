import type { GatewayIdentity, GatewaySettings } from './types';

export const DEFAULT_SETTINGS: GatewaySettings = {
  name: 'herdgate',
  timezone: 'Etc/UTC',
  timeformat: '12h',
  websocketnotifyall: true,
  permitjoin: 0,
  zigbeechannel: 11,
  rfconnected: true,
  groupdelay: 50,
  lightlastseeninterval: 60,
  networkopenduration: 60,
  otauactive: false,
  discovery: false,
  updatechannel: 'stable',
  disablePermitJoinAutoOff: false,
};

function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A placeholder identity until the radio reports the coordinator's: a random locally administered
 * MAC and the EUI-64 formed from it, the way deCONZ derives a LAN bridge id.
 */
export function mintIdentity(): GatewayIdentity {
  const macBytes = randomBytes(6);
  // Locally administered, unicast: bit 1 set, bit 0 clear of the first octet.
  macBytes[0] = ((macBytes[0] ?? 0) | 0x02) & 0xfe;
  const macHex = hex(macBytes);
  const panid = new DataView(randomBytes(2).buffer).getUint16(0) % 0xfff0 || 1;
  return {
    bridgeid: `${macHex.slice(0, 6)}FFFE${macHex.slice(6)}`.toUpperCase(),
    mac: macHex.match(/../g)!.join(':'),
    panid,
    uuid: crypto.randomUUID(),
    etagPrefix: hex(randomBytes(4)),
  };
}
