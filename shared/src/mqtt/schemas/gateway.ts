import * as v from 'valibot';
import { endpointSchema, envelopeEntries, groupIdSchema, ieeeSchema } from './common';

/**
 * What the bridge asks of the api (the REST gateway), the other way round from the requests in
 * requests.ts. The api owns the groups: their names, and which lights belong to them. The bridge's
 * Zigbee2MQTT-compatible API (a group made or renamed there, a member added) asks the api, which
 * does it as a REST call would and answers; the api keeps its group list retained on
 * `<base>/bridge/<bridge>/gateway/groups` so the bridge names groups as REST does.
 *
 * A group's `id` is its Zigbee group address, which is also its REST id.
 */
export const GATEWAY_REQUEST_NAMES = ['group/add', 'group/remove', 'group/rename', 'group/members/add', 'group/members/remove'] as const;
export type GatewayRequestName = (typeof GATEWAY_REQUEST_NAMES)[number];
export const isGatewayRequestName = (name: string): name is GatewayRequestName => (GATEWAY_REQUEST_NAMES as readonly string[]).includes(name);

const name = v.pipe(v.string('expected a name'), v.minLength(1, 'expected a name'), v.maxLength(32, 'expected at most 32 characters'));
const member = { id: groupIdSchema, ieee: ieeeSchema, endpoint: endpointSchema };
const request = <E extends v.ObjectEntries>(entries: E) => v.strictObject({ ...entries, ...envelopeEntries });

export const gatewayRequestSchemas = {
  /** A group with this name, made if none has it (REST's POST /groups); `id` asks for that address. */
  'group/add': request({ name, id: v.optional(groupIdSchema) }),
  'group/remove': request({ id: groupIdSchema }),
  'group/rename': request({ id: groupIdSchema, name }),
  /** The light on that device endpoint joins (leaves) the group, on the device and in REST. */
  'group/members/add': request(member),
  'group/members/remove': request(member),
} satisfies Record<GatewayRequestName, v.GenericSchema>;
export type GatewayRequestPayloads = { [K in GatewayRequestName]: v.InferOutput<(typeof gatewayRequestSchemas)[K]> };

const groupRef = v.object({ id: groupIdSchema, name: v.string() });
export const gatewayResponseDataSchemas = {
  'group/add': v.object({ id: groupIdSchema, name: v.string(), created: v.boolean() }),
  'group/remove': v.object({ id: groupIdSchema }),
  'group/rename': groupRef,
  'group/members/add': v.object(member),
  'group/members/remove': v.object(member),
} satisfies Record<GatewayRequestName, v.GenericSchema>;
export type GatewayResponsePayloads = { [K in GatewayRequestName]: v.InferOutput<(typeof gatewayResponseDataSchemas)[K]> };

/** The api's groups (retained): every REST group with its name and the device endpoints of its lights. */
export const gatewayGroupsSchema = v.object({
  groups: v.array(
    v.object({
      id: groupIdSchema,
      name: v.string(),
      members: v.array(v.object({ ieee: ieeeSchema, endpoint: endpointSchema })),
    }),
  ),
});
export type GatewayGroups = v.InferOutput<typeof gatewayGroupsSchema>;
