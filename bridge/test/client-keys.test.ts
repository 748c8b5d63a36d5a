import { readFileSync } from 'node:fs';
import { findByDevice } from 'zigbee-herdsman-converters';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describeSubdevices,
  ITEM_RULES,
  STATE_ITEM_KINDS,
  withItemDefaults,
  withUnsetItems,
  type ExposeJson,
  type SubdevicePlan,
} from '@herdgate/shared/deconz';
import { LIGHT_KEYS, lightKeys, missingKeys, notInitial, SENSOR_KEYS, sensorKeys } from '../../test/helpers/deconz-client-keys';
import { describeDefinition } from '../src/zigbee/translate';
import { catalogueModels, interviewedDevice } from './support/catalogue-device';

/**
 * The item lists against what a deCONZ client reads: every sub-device of every catalogue model
 * (the demo home and the generated networks are made of them), as a new resource shows it before
 * its device reported anything, has each key the client table (test/helpers/deconz-client-keys.ts,
 * written from the spec and pydeconz) names for its type and model, with deCONZ's type or null.
 */
const NETWORKS = ['demo.json', 'generated-200.json'].map(
  (file) => JSON.parse(readFileSync(new URL(`../virtual-radio/networks/${file}`, import.meta.url), 'utf8')) as { devices: { model: string }[] },
);

interface Described {
  model: string;
  modelid: string;
  plans: SubdevicePlan[];
}

/**
 * A new resource's state as the api first shows it: every listed item unset, lights reachable and
 * `alert` none, items at deCONZ's defaults where its generic item has one (the api's view fill).
 */
function freshState(plan: SubdevicePlan): Record<string, unknown> {
  const state = withUnsetItems(
    plan.state.filter((item) => item !== 'lastupdated'),
    {},
  );
  return withItemDefaults(plan.resource === 'lights' ? { ...state, alert: 'none', reachable: true } : { ...state, lastupdated: 'none' });
}

describe('deCONZ client keys: item lists of the catalogue', () => {
  const described: Described[] = [];
  beforeAll(async () => {
    for (const model of catalogueModels()) {
      const device = interviewedDevice(model) as never as { modelID: string };
      const definition = await findByDevice(device as never);
      if (!definition) throw new Error(`${model}: no converter definition`);
      const info = describeDefinition(definition, device as never);
      const exposes = info.exposes as unknown as ExposeJson[];
      described.push({
        model,
        modelid: device.modelID,
        plans: describeSubdevices({ ieee: '0x00124b0000000001', exposes, defaultEndpoint: 1, endpointNames: info.endpointNames, model: info.model }),
      });
    }
  });

  it('should cover every model of the demo home and the generated networks', () => {
    const catalogue = new Set(catalogueModels());
    expect(NETWORKS.flatMap(({ devices }) => devices.map((d) => d.model)).filter((model) => !catalogue.has(model))).toEqual([]);
  });

  it("should give each sub-device every key a client reads, unset or at deCONZ's default until its device reports", () => {
    const problems: string[] = [];
    for (const { model, modelid, plans } of described) {
      for (const plan of plans) {
        const keys = plan.resource === 'lights' ? lightKeys(plan.type) : sensorKeys(plan.type, modelid);
        if (!keys) {
          problems.push(`${model} ${plan.type}: no row for its type`);
          continue;
        }
        const fresh = { state: freshState(plan) };
        const own = { state: keys.state ?? {} };
        for (const problem of [...missingKeys(fresh, own), ...notInitial(fresh, own)]) problems.push(`${model} ${plan.type} ${plan.uniqueid}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
    expect(described.flatMap(({ plans }) => plans).length).toBeGreaterThan(50);
  });

  it('should know the deCONZ data type of every state item the rules list, as the client table has it', () => {
    const items = new Set(ITEM_RULES.filter((rule) => rule.section === 'state').map((rule) => rule.item));
    expect([...items].filter((item) => !Object.hasOwn(STATE_ITEM_KINDS, item))).toEqual([]);
    // Where the client table names an item, both say the same type (a timestamp is a string to a client).
    const clientKinds = [...Object.values(SENSOR_KEYS), ...Object.values(LIGHT_KEYS)].flatMap((keys) => Object.entries(keys.state ?? {}));
    const disagree = clientKinds.filter(([item, spec]) => {
      const own = STATE_ITEM_KINDS[item]?.kind;
      const kind = typeof spec === 'string' ? spec : spec.kind;
      return own !== undefined && (own === 'time' ? 'string' : own) !== kind;
    });
    expect(disagree).toEqual([]);
  });
});
