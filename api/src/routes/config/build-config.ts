import type { RadioSnapshot } from '../../services/radio';
import { otauBusy } from '../../resources/devices/otau-view';
import type { Services } from '../../context';
import { localSeconds, utcSeconds } from '../../lib/timestamps';

/**
 * Versions as deCONZ 2.33 reports them: clients (homebridge-hue, pydeconz) gate features on
 * `apiversion`/`swversion` and detect the gateway kind by `modelid`.
 */
export const GATEWAY_VERSIONS = { apiversion: '1.16.0', swversion: '2.33.2', datastoreversion: '93', modelid: 'deCONZ' } as const;

/** The moment a config is built for: read once, so a cache key and the body it stands for agree. */
export interface ConfigMoment {
  now: number;
  radio: RadioSnapshot;
}

export function configMoment(services: Services): ConfigMoment {
  return { now: services.clock.now(), radio: services.radioInfo.snapshot() };
}

/** The unauthenticated subset (deconz-behavior.md §6): `GET /api/config`, `GET /api/<badkey>/config`. */
export function publicConfig(services: Services, moment: ConfigMoment = configMoment(services)): Record<string, unknown> {
  const { radio } = moment;
  return {
    ...GATEWAY_VERSIONS,
    bridgeid: radio.bridgeid,
    devicename: radio.devicename,
    factorynew: false,
    mac: radio.mac,
    name: services.store.settings().name,
    replacesbridgeid: null,
    starterkitid: '',
  };
}

function whitelist(services: Services): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of services.store.apiKeys()) {
    out[entry.key] = { 'create date': utcSeconds(entry.createdAt), 'last use date': utcSeconds(entry.lastUsedAt), name: entry.name };
  }
  return out;
}

/** Services the original reports for its portal and backup; herdgate has neither. */
const STATIC_FIELDS = {
  dhcp: true,
  portalconnection: 'disconnected',
  portalservices: false,
  portalstate: { communication: 'disconnected', incoming: false, outgoing: false, signedon: false },
  internetservices: { internet: 'disconnected', remoteaccess: 'disconnected', swupdate: 'disconnected', time: 'disconnected' },
  backup: { errorcode: 0, status: 'idle' },
  proxyaddress: 'none',
  proxyport: 0,
} as const;

/** The full configuration (`GET /api/<key>/config` and the `config` member of the full state). */
export function fullConfig(services: Services, moment: ConfigMoment = configMoment(services)): Record<string, unknown> {
  const { store, host, options, session, gateway } = services;
  const settings = gateway.settings();
  const { now, radio } = moment;
  return {
    ...publicConfig(services, moment),
    ...STATIC_FIELDS,
    ...gateway.updateFields(),
    ipaddress: host.ipaddress,
    netmask: host.netmask,
    gateway: host.gateway,
    UTC: utcSeconds(now),
    localtime: localSeconds(now, settings.timezone),
    timezone: settings.timezone,
    timeformat: settings.timeformat,
    linkbutton: session.unlockedUntil > now,
    whitelist: whitelist(services),
    websocketport: options.websocketPort,
    websocketnotifyall: settings.websocketnotifyall,
    networkopenduration: settings.networkopenduration,
    lightlastseeninterval: settings.lightlastseeninterval,
    disablePermitJoinAutoOff: settings.disablePermitJoinAutoOff,
    // deCONZ shows at most 254 here and the whole countdown of a longer search in `permitjoinfull`.
    permitjoin: Math.min(254, radio.permitjoin),
    permitjoinfull: radio.permitjoin,
    groupdelay: settings.groupdelay,
    otauactive: settings.otauactive,
    // As deCONZ: busy while an image is being sent (network up), else idle when devices' own image
    // queries are served (otauactive), off when not.
    otaustate: radio.rfconnected && otauBusy(services.bridge) ? 'busy' : settings.otauactive ? 'idle' : 'off',
    discovery: settings.discovery,
    updatechannel: settings.updatechannel,
    fwversion: radio.fwversion,
    fwupdatestate: radio.fwupdatestate,
    ntp: host.ntp,
    rfconnected: radio.rfconnected,
    zigbeechannel: radio.zigbeechannel,
    panid: radio.panid,
    uuid: store.identity().uuid,
  };
}
