import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { GroupEntry } from '../../resources/groups/types';

/** The group a route addresses (`0` is `All`), or 404 type 3 at `/groups/<id><suffix>`. */
export function requireGroup(c: Context<AppEnv>, suffix = ''): GroupEntry {
  const id = c.req.param('id') ?? '';
  const entry = c.get('services').groups.get(id);
  if (!entry) {
    const path = `/groups/${id}${suffix}`;
    throw new DeconzError({ type: 3, address: path, params: { path } });
  }
  return entry;
}
