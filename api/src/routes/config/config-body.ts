import type { Services } from '../../context';
import { BodyCache } from '../../lib/body-cache';
import { configMoment, fullConfig, publicConfig, type ConfigMoment } from './build-config';
import { configFacts } from './etag';

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
 * (`UTC`, `localtime`) and what the ETag follows (`configFacts`).
 */
export function fullConfigKey(services: Services, moment: ConfigMoment): unknown[] {
  const { store } = services;
  return [store.revision(), store.keyUseVersion(), Math.floor(moment.now / 1000), ...configFacts(services, moment)];
}

/** The encoded `GET /api/<key>/config` body, built again only when something it shows changed. */
export function fullConfigBody(services: Services, moment: ConfigMoment = configMoment(services)): Uint8Array<ArrayBuffer> {
  return bodiesOf(services).full.get(fullConfigKey(services, moment), () => fullConfig(services, moment));
}

/** The encoded public config body: the store revision (name) and the radio identity. */
export function publicConfigBody(services: Services, moment: ConfigMoment = configMoment(services)): Uint8Array<ArrayBuffer> {
  const { radio } = moment;
  const key = [services.store.revision(), radio.bridgeid, radio.devicename, radio.mac];
  return bodiesOf(services).public.get(key, () => publicConfig(services, moment));
}
