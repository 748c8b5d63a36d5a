import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems, type ResultItem } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import type { GroupRecord } from '../../resources/groups/types';
import { requireGroup } from './lookup';
import { unknownLights, writeMembership } from './membership';
import { updateGroupSchema } from './schemas';

/**
 * `PUT|PATCH /groups/<id>`. Everything is validated before anything changes; a new member list is
 * written to the devices first, and only the memberships the devices took are stored.
 */
export async function updateGroup(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireGroup(c);
  const id = c.req.param('id') ?? entry.record.id;
  const base = `/groups/${id}`;
  const input = await parseBody(c.req.raw, updateGroupSchema, { base });
  const isAll = entry === services.groups.all;
  for (const field of ['lights', 'lightsequence', 'multideviceids'] as const) {
    const list = input[field];
    if (!list) continue;
    if (isAll) throw new DeconzError({ type: 8, address: `${base}/${field}`, params: { name: field } });
    const bad = unknownLights(services, list);
    if (bad.length > 0) throw new DeconzError({ type: 7, address: `${base}/${field}`, params: { name: field, value: bad[0]! } });
  }
  const next: GroupRecord = { ...entry.record };
  const successes: Record<string, unknown>[] = [];
  const errors: ReturnType<typeof errorItem>[] = [];
  if (input.name !== undefined) {
    next.name = input.name;
    successes.push({ [`${base}/name`]: input.name });
  }
  if (input.lights) {
    const result = await writeMembership(services, entry.record.id, entry.record.lights, input.lights);
    next.lights = result.members;
    next.lightsequence = next.lightsequence.filter((l) => result.members.includes(l));
    errors.push(...result.errors.map(errorItem));
    if (result.errors.length === 0) successes.push({ [`${base}/lights`]: result.members });
  }
  if (input.hidden !== undefined) {
    next.hidden = input.hidden;
    successes.push({ [`${base}/hidden`]: String(input.hidden) });
  }
  for (const field of ['lightsequence', 'multideviceids'] as const) {
    if (!input[field]) continue;
    next[field] = input[field];
    successes.push({ [`${base}/${field}`]: input[field] });
  }
  if (input.class !== undefined && next.type === 'Room') {
    next.class = input.class;
    successes.push({ [`${base}/class`]: input.class });
  }
  await services.groups.update(entry, next);
  c.header('ETag', `"${entry.etag}"`);
  const items: ResultItem[] = [...errors.map((error) => ({ error })), ...successes.map((success) => ({ success }))];
  return sendJson(c, renderResultItems(items));
}
