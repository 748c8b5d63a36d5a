import * as v from 'valibot';

/**
 * The payloads of Zigbee2MQTT's `bridge/request/*` that herdgate serves, as Zigbee2MQTT accepts
 * them (some also as a bare value: `permit_join` a number, `device/remove` an id string).
 */
const id = v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.integer())], 'expected a friendly name, IEEE address or group id');
const endpoint = v.optional(v.union([v.pipe(v.number(), v.integer()), v.string()]));
const channel = v.pipe(v.number(), v.integer(), v.minValue(11), v.maxValue(26));
const ieee = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{16}$/, 'expected an IEEE address (0x + 16 hex digits)'));

export const z2mRequestSchemas = {
  permit_join: v.object({ time: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(254, 'time must be at most 254')), device: v.optional(v.string()) }),
  health_check: v.object({}),
  // The text on the device's label or in its QR code; herdsman reads its formats.
  'install_code/add': v.object({ value: v.pipe(v.string(), v.minLength(1, 'value: the install code text')) }),
  // `type` is checked by the handler, with Zigbee2MQTT's own message; `routes` stays absent unless sent.
  networkmap: v.object({ type: v.optional(v.unknown()), routes: v.optional(v.boolean()) }),
  options: v.object({ options: v.record(v.string(), v.unknown()) }),
  // Zigbee2MQTT ignores the payload; herdgate takes an object or nothing (HA's button sends an empty one).
  restart: v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input), 'expected an object ({})'),
  'group/add': v.object({
    friendly_name: v.pipe(v.string(), v.minLength(1), v.maxLength(32, 'friendly_name: at most 32 characters (the REST name)')),
    id: v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(0xffef)), v.pipe(v.string(), v.regex(/^\d+$/))])),
  }),
  'group/remove': v.object({ id, force: v.optional(v.boolean(), false) }),
  'group/rename': v.object({
    from: id,
    to: v.pipe(v.string(), v.minLength(1), v.maxLength(32, 'to: at most 32 characters (the REST name)')),
    homeassistant_rename: v.optional(v.boolean(), false),
  }),
  'device/remove': v.object({
    id,
    block: v.optional(v.boolean(), false),
    force: v.optional(v.boolean(), false),
    keep_config: v.optional(v.boolean()),
    clear_cache: v.optional(v.boolean()),
  }),
  'device/rename': v.object({
    from: v.optional(id),
    to: v.pipe(v.string(), v.minLength(1), v.maxLength(32, 'to: at most 32 characters (the REST name)')),
    last: v.optional(v.boolean()),
    homeassistant_rename: v.optional(v.boolean(), false),
  }),
  'device/configure': v.object({ id }),
  'device/interview': v.object({ id }),
  'device/bind': v.object({
    from: id,
    from_endpoint: endpoint,
    to: id,
    to_endpoint: endpoint,
    clusters: v.optional(
      v.array(
        v.picklist(
          ['genOnOff', 'genLevelCtrl', 'genScenes', 'lightingColorCtrl'],
          'clusters: herdgate binds genOnOff, genLevelCtrl, genScenes and lightingColorCtrl to groups',
        ),
      ),
    ),
    skip_disable_reporting: v.optional(v.boolean()),
  }),
  'group/members/add': v.object({ group: id, device: id, endpoint, skip_disable_reporting: v.optional(v.boolean()) }),
  'touchlink/scan': v.object({}),
  'touchlink/identify': v.object({ ieee_address: ieee, channel }),
  'touchlink/factory_reset': v.object({ ieee_address: ieee, channel }),
};

/** A bare value a request also takes, turned into its object form. */
export function bareToObject(name: string, value: unknown): unknown {
  if (name === 'permit_join' && typeof value === 'number') return { time: value };
  if (['device/remove', 'device/configure', 'device/interview', 'group/remove'].includes(name) && (typeof value === 'string' || typeof value === 'number'))
    return { id: value };
  if (name === 'networkmap' && typeof value === 'string') return { type: value, routes: false };
  if (name === 'group/add' && typeof value === 'string') return { friendly_name: value };
  return value;
}
