import { describe, expect, it } from 'vitest';
import type { Models } from 'zigbee-herdsman';
import { forgetDefinition, resolveDefinition } from './translate';

/** The fields findByDevice reads of an interviewed device. */
function interviewed(ieee: string, modelID: string, manufacturerName: string, deviceID: number, inputClusters: number[]): Models.Device {
  const endpoints = [{ ID: 11, profileID: 260, deviceID, inputClusters, outputClusters: [] }];
  return {
    ieeeAddr: ieee,
    type: 'Router',
    modelID,
    manufacturerName,
    powerSource: 'Mains (single phase)',
    endpoints,
    getEndpoint: (id: number) => endpoints.find((e) => e.ID === id),
  } as never;
}

describe('definition cache', () => {
  it('should give the devices of one model one shared definition and other models their own', async () => {
    const hue = (ieee: string) => interviewed(ieee, 'LCT015', 'Signify Netherlands B.V.', 0x010d, [0, 3, 4, 5, 6, 8, 0x300]);
    const first = await resolveDefinition(hue('0x0017880100000001'));
    const second = await resolveDefinition(hue('0x0017880100000002'));
    const other = await resolveDefinition(interviewed('0x0017880100000003', 'LWB010', 'Signify Netherlands B.V.', 0x0100, [0, 3, 4, 5, 6, 8]));
    expect(first?.model).toBe('9290012573A');
    expect(second).toBe(first);
    expect(other?.model).toBe('9290011370');
    expect(other).not.toBe(first);
    // Forgetting one device (a re-interview) keeps the model's definition for the others.
    forgetDefinition('0x0017880100000001');
    expect(await resolveDefinition(hue('0x0017880100000001'))).toBe(second);
  });

  it('should remember a device the converters do not know as unsupported', async () => {
    expect(await resolveDefinition(interviewed('0x0017880100000009', 'no-such-model-xyz', 'Nobody', 0x0100, [0]))).toBeUndefined();
  });
});
