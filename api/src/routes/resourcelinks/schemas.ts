/**
 * Resourcelink bodies, checked as deCONZ does (rest_resourcelinks.cpp): every parameter is looked
 * at and every problem reported in one error array (unknown → 6, wrong value → 7), nothing stored
 * when there is one. herdgate adds the Hue API's limits deCONZ leaves out: name 1-32 characters,
 * description up to 64, classid an integer 1-65535, at most 64 links, each a resource address.
 */
import * as v from 'valibot';
import type { ErrorItemInput } from '@herdgate/shared/errors';
import type { ResourcelinkChanges } from '../../resources/resourcelinks/resourcelinks-model';

/** `/lights/1`, `/groups/2`, `/groups/2/scenes/3`, `/sensors/4`, `/scenes/…`, `/rules/…`, `/schedules/…`, `/resourcelinks/…`. */
const ADDRESS = /^\/(?:(?:lights|groups|sensors|scenes|rules|schedules|resourcelinks)\/[^/\s]+|groups\/[^/\s]+\/scenes\/[^/\s]+)$/;

const FIELDS = {
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(32)),
  description: v.pipe(v.string(), v.maxLength(64)),
  classid: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  links: v.pipe(v.array(v.pipe(v.string(), v.regex(ADDRESS))), v.maxLength(64)),
  recycle: v.boolean(),
  // Accepted on create only, and stored as `Link` whatever it says (deCONZ knows no other type).
  type: v.string(),
} satisfies Record<string, v.GenericSchema>;

type Field = keyof typeof FIELDS;
export type ResourcelinkFields = ResourcelinkChanges & { type?: string };

/** What `POST` must carry (deCONZ's list), each missing one answered with type 5. */
export const REQUIRED: readonly Field[] = ['name', 'classid', 'links'];
export const CREATE_FIELDS: readonly Field[] = ['name', 'description', 'type', 'classid', 'links', 'recycle'];
/** `type` is not writable after creation (deCONZ answers it with type 6). */
export const UPDATE_FIELDS: readonly Field[] = ['name', 'description', 'classid', 'links', 'recycle'];

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Checks each parameter of `body` in its order; `fields` holds the good ones, `errors` the rest. */
export function checkFields(body: Record<string, unknown>, allowed: readonly Field[]): { fields: ResourcelinkFields; errors: ErrorItemInput[] } {
  const fields: Record<string, unknown> = {};
  const errors: ErrorItemInput[] = [];
  for (const [name, value] of Object.entries(body)) {
    const address = `/resourcelinks/${name}`;
    if (!(allowed as readonly string[]).includes(name)) errors.push({ type: 6, address, params: { name } });
    else if (!v.is(FIELDS[name as Field], value)) errors.push({ type: 7, address, params: { name, value: show(value) } });
    else fields[name] = value;
  }
  return { fields: fields as ResourcelinkFields, errors };
}

/** Type 5 for each required parameter `body` lacks. */
export function missingFields(body: Record<string, unknown>): ErrorItemInput[] {
  return REQUIRED.filter((name) => body[name] === undefined).map((name) => ({
    type: 5,
    address: `/resourcelinks/${name}`,
    description: 'invalid/missing parameters in body',
  }));
}
