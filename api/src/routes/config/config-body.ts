import type { Services } from '../../services/types';
import { BodyCache } from '../../lib/body-cache';
import { configMoment, fullConfig, publicConfig, type ConfigMoment } from './build-config';

interface ConfigBodies {
  full: BodyCache;
  public: BodyCache;
}

/** Per running gateway (per `Services`), so test gateways in one process never share a body. */
const perGateway = new WeakMap<Services, ConfigBodies>();

function bodiesOf(services: Services): ConfigBodies {
  let bodies = perGateway.get(services);
  if (!bodies) {
    bodies = { full: new BodyCache(), public: new BodyCache() };
    perGateway.set(services, bodies);
  }
  return bodies;
}

/**
 * Everything the full config depends on that can change while the gateway runs: the store
 * revision (settings, keys, password), the keys' last-use seconds (memory only), the clock second
 * (`UTC`, `localtime`), the unlock window (`linkbutton`), the update check, NTP and every radio fact
 * (the bridge's, not the database's). The host facts and the WebSocket port are fixed once serving starts; they are
 * in the key anyway, as a change there must never serve an old body.
 */
export function fullConfigKey(services: Services, moment: ConfigMoment): unknown[] {
  const { store, session, options, host } = services;
  const { now, radio } = moment;
  return [
    store.revision(), store.keyUseVersion(), Math.floor(now / 1000), session.unlockedUntil > now,
    options.websocketPort, host.ipaddress, host.netmask, host.gateway, host.ntp, services.gateway.version(),
    radio.bridgeid, radio.mac, radio.panid, radio.zigbeechannel, radio.fwversion, radio.devicename, radio.rfconnected, radio.permitjoin, radio.fwupdatestate,
  ];
}

/** The encoded `GET /api/<key>/config` body, built again only when something it shows changed. */
export function fullConfigBody(services: Services): Uint8Array<ArrayBuffer> {
  const moment = configMoment(services);
  return bodiesOf(services).full.get(fullConfigKey(services, moment), () => fullConfig(services, moment));
}

/** The encoded public config body: the store revision (name) and the radio identity. */
export function publicConfigBody(services: Services): Uint8Array<ArrayBuffer> {
  const moment = configMoment(services);
  const { radio } = moment;
  const key = [services.store.revision(), radio.bridgeid, radio.devicename, radio.mac];
  return bodiesOf(services).public.get(key, () => publicConfig(services, moment));
}
