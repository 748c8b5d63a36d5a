import type { Definition, Tz } from 'zigbee-herdsman-converters';
import type { Models } from 'zigbee-herdsman';
import { RadioError } from './radio-error';
import type { ExposeJson } from './types';

/**
 * ubisys' switch modules (S1, S2, J1…) keep what their inputs do in the input actions of their
 * device setup cluster (0xfc00, device-management endpoint 232), an array of octet strings. The
 * definitions write them (`configure_device_setup`, a Write Attributes Structured whose answer
 * herdsman does not check) and report them nested in that key. The bridge names them as a key of its
 * own, `input_actions` (one byte array per action), exposed where the definition can write them and
 * the device has the cluster, and written through the definition's converter, then read back: the
 * device keeps what it refused, so a write it did not take fails instead of passing unseen.
 */
type FzConverter = Definition['fromZigbee'][number];

const CLUSTER = 'manuSpecificUbisysDeviceSetup';
const CLUSTER_ID = 0xfc00;
const SETUP_KEY = 'configure_device_setup';
export const INPUT_ACTIONS = 'input_actions';
/** The cluster is manufacturer-specific by id, yet the devices answer only frames without a code. */
const NO_CODE = { manufacturerCode: null } as unknown as { manufacturerCode: number };

type Actions = number[][];

const asActions = (raw: unknown): Actions | undefined => (Array.isArray(raw) ? raw.map((entry) => Array.from(entry as ArrayLike<number>)) : undefined);

const same = (a: Actions, b: Actions) => JSON.stringify(a) === JSON.stringify(b);

export const converterOf = (definition: Definition, key: string): Tz.Converter | undefined =>
  definition.toZigbee.find((converter) => converter.key?.includes(key) && converter.convertSet && !converter.endpoints);

const setupEndpoint = (device: Models.Device) => device.endpoints.find((ep) => ep.inputClusters.includes(CLUSTER_ID));

export function inputSetupExposes(definition: Definition, device: Models.Device): ExposeJson[] {
  if (!converterOf(definition, SETUP_KEY) || !setupEndpoint(device)) return [];
  return [{ type: 'text', name: INPUT_ACTIONS, property: INPUT_ACTIONS, access: 7 }];
}

export const inputActionsFromZigbee: FzConverter = {
  cluster: CLUSTER,
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const actions = asActions((msg.data as Record<string, unknown>).inputActions);
    return actions ? { [INPUT_ACTIONS]: actions } : undefined;
  },
};

export const inputActionsConverter: Tz.Converter = {
  key: [INPUT_ACTIONS],
  async convertSet(entity, _key, value, meta) {
    const device = meta.device;
    const definition = Array.isArray(meta.mapped) ? undefined : (meta.mapped as Definition);
    const setup = definition && converterOf(definition, SETUP_KEY);
    const endpoint = device && setupEndpoint(device);
    const wanted = asActions(value);
    if (!setup || !endpoint || !wanted) throw new RadioError('input actions: this device has no device setup cluster the converters can write', 'unsupported');
    await setup.convertSet!(entity, SETUP_KEY, { input_actions: wanted }, meta);
    const read = (await endpoint.read(CLUSTER, ['inputActions'] as never, NO_CODE)) as Record<string, unknown>;
    const kept = asActions(read.inputActions) ?? [];
    if (!same(kept, wanted)) throw new RadioError(`the device refused the input actions ${JSON.stringify(wanted)} and kept ${JSON.stringify(kept)}`, 'error');
    return { state: { [INPUT_ACTIONS]: kept } };
  },
};
