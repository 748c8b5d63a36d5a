import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv, Services } from '../../context';
import type { LightEntry } from '../../resources/lights/types';
import { etagWithCounters } from '../../lib/etag';

/** The light a route addresses, or 404 type 3 at `/lights/<id>` (`suffix` for sub-paths). */
export function requireLight(c: Context<AppEnv>, suffix = ''): LightEntry {
  const id = c.req.param('id') ?? '';
  const entry = c.get('services').lights.get(id);
  if (!entry) throw lightNotFound(`${id}${suffix}`);
  return entry;
}

/** 404 type 3 at `/lights/<rest>`; also for a light deleted while a request on it ran. */
export function lightNotFound(rest: string): DeconzError {
  const path = `/lights/${rest}`;
  return new DeconzError({ type: 3, address: path, params: { path } });
}

/**
 * Lighting ETags: the store revision (names, groups, scenes) plus the models' change counters,
 * because a lamp switched by a remote changes the answer without any database write. The counters
 * restart with the process, so they carry its tag (see `etagWithCounters`).
 */
export function lightingEtag(services: Services): string {
  return etagWithCounters(services, [services.lights.version, services.groups.version, services.scenes.version]);
}

/** The ids of the groups a light is in, as its `config.groups` lists them. */
export function groupIdsOf(services: Services, lightId: string): string[] {
  return services.groups.groupsOf(lightId).map((g) => g.record.id);
}
