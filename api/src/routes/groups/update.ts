import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems, type ResultItem } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import type { GroupRecord } from '../../resources/groups/types';
import { requireGroup } from './lookup';
import { writeMembership } from '../../resources/groups/write-membership';
import { membershipDeps, membershipRefusal, mergeMembership, unknownLights } from './membership';
import { updateGroupSchema } from './schemas';

/**
 * `PUT|PATCH /groups/<id>`. Everything is validated before anything changes; a new member list is
 * written to the devices first (503 when they cannot be reached), and only the memberships the
 * devices took are stored.
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
  if (input.lights) {
    const refusal = membershipRefusal(services, entry.record.id, entry.record.lights, input.lights);
    if (refusal) throw refusal;
  }
  // Membership writes of one group run one at a time (a repair after a bridge crash included).
  const { successes, errors } = await services.groups.doubts.exclusive(entry.record.id, async () => {
    // What changes is collected as edits of the committed record, applied in one store transaction.
    const edits: ((next: GroupRecord) => void)[] = [];
    const successes: Record<string, unknown>[] = [];
    const errors: ReturnType<typeof errorItem>[] = [];
    if (input.name !== undefined) {
      const name = input.name;
      edits.push((next) => {
        next.name = name;
      });
      successes.push({ [`${base}/name`]: name });
    }
    if (input.lights) {
      const wanted = input.lights;
      const result = await writeMembership(membershipDeps(services), entry.record.id, entry.record.lights, wanted);
      edits.push((next) => {
        next.lights = mergeMembership(next.lights, result, wanted);
        next.lightsequence = next.lightsequence.filter((l) => next.lights.includes(l));
      });
      errors.push(...result.errors.map(errorItem));
      if (result.errors.length === 0) successes.push({ [`${base}/lights`]: result.members });
    }
    if (input.hidden !== undefined) {
      const hidden = input.hidden;
      edits.push((next) => {
        next.hidden = hidden;
      });
      successes.push({ [`${base}/hidden`]: String(hidden) });
    }
    for (const field of ['lightsequence', 'multideviceids'] as const) {
      const list = input[field];
      if (!list) continue;
      edits.push((next) => {
        next[field] = list;
      });
      successes.push({ [`${base}/${field}`]: list });
    }
    if (input.class !== undefined && entry.record.type === 'Room') {
      const groupClass = input.class;
      edits.push((next) => {
        next.class = groupClass;
      });
      successes.push({ [`${base}/class`]: groupClass });
    }
    const written = await services.groups.modify(entry, (current) => {
      const next: GroupRecord = { ...current };
      for (const edit of edits) edit(next);
      return next;
    });
    if (!written) throw new DeconzError({ type: 3, address: base, params: { path: base } });
    return { successes, errors };
  });
  c.header('ETag', `"${entry.etag}"`);
  const items: ResultItem[] = [...errors.map((error) => ({ error })), ...successes.map((success) => ({ success }))];
  return sendJson(c, renderResultItems(items));
}
