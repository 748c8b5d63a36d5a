import * as v from 'valibot';
import { GROUP_TYPES, ROOM_CLASSES } from '../../resources/groups/types';

/** More members than any Zigbee group needs; each one is a radio request when the list changes. */
export const MAX_GROUP_MEMBERS = 256;

/** Light id lists: a repeated id counts once (it used to become one radio request per copy). */
const ids = v.pipe(
  v.array(v.pipe(v.string(), v.regex(/^\d{1,5}$/))),
  v.transform((list) => [...new Set(list)]),
  v.maxLength(MAX_GROUP_MEMBERS),
);
const name = v.pipe(v.string(), v.maxLength(32));

/** `POST /groups` (deconz-behavior §11). */
export const createGroupSchema = v.object({
  name: v.pipe(
    name,
    v.check((s) => s.trim() !== ''),
  ),
  type: v.optional(v.picklist(GROUP_TYPES)),
  class: v.optional(v.picklist(ROOM_CLASSES)),
  hidden: v.optional(v.boolean()),
  lights: v.optional(ids),
});

/** `PUT /groups/<id>`; every field optional, unknown ones are error 6. */
export const updateGroupSchema = v.strictObject({
  name: v.optional(name),
  lights: v.optional(ids),
  hidden: v.optional(v.boolean()),
  lightsequence: v.optional(ids),
  multideviceids: v.optional(ids),
  class: v.optional(v.picklist(ROOM_CLASSES)),
});
export type UpdateGroupInput = v.InferOutput<typeof updateGroupSchema>;
