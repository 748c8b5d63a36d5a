import { describe, expect, it } from 'vitest';
import { findByDevice } from 'zigbee-herdsman-converters';
import { unexposedKeyExposes } from './unexposed-keys';

const definitionOf = async (modelID: string, manufacturerName: string) => {
  const definition = await findByDevice({ modelID, manufacturerName, endpoints: [], getEndpoint: () => undefined, type: 'EndDevice' } as never);
  if (!definition) throw new Error(`no definition for ${modelID} ${manufacturerName}`);
  return definition;
};

describe('unexposed converter keys', () => {
  it("should expose the battery a Tuya valve's converter reports but its definition leaves out", async () => {
    const definition = await definitionOf('TS0601', '_TZE200_ckud7u2l');
    expect(definition.model).toBe('TS0601_thermostat');
    expect(unexposedKeyExposes(definition, [])).toEqual([expect.objectContaining({ type: 'numeric', name: 'battery', access: 1 })]);
    // Already exposed: nothing added twice.
    expect(unexposedKeyExposes(definition, [{ type: 'numeric', name: 'battery' }])).toEqual([]);
  });

  it('should add nothing to a definition that does not use such a converter', async () => {
    expect(unexposedKeyExposes(await definitionOf('TS0601', '_TZE200_c88teujp'), [])).toEqual([]);
  });
});
