import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { touchlinkError } from './refusal';

/**
 * `POST /touchlink/<id>/identify` and `/reset`: 200 with no body once the bridge has sent the frames
 * (deCONZ answers before it tries; herdgate answers what happened).
 */
async function act(c: Context<AppEnv>, kind: 'identify' | 'reset'): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const service = c.get('services').touchlink;
  const outcome = kind === 'identify' ? await service.identify(id) : await service.reset(id);
  if (!outcome.ok) throw touchlinkError(`/touchlink/${id}/${kind}`, outcome);
  return c.body(null, 200);
}

export const identifyTarget = (c: Context<AppEnv>) => act(c, 'identify');
export const resetTarget = (c: Context<AppEnv>) => act(c, 'reset');
