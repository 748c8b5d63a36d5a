import { Zcl } from 'zigbee-herdsman';
import { createDeviceFactory } from '@herdgate/virtual-radio';

/**
 * A catalogue model of the virtual radio as herdsman records it after an interview: the fields
 * findByDevice, fingerprints and the definitions' exposes read of a herdsman Device.
 */
const factory = createDeviceFactory();
const powerSources: Record<number, string> = { 1: 'Mains (single phase)', 3: 'Battery', 4: 'DC Source' };

export const catalogueModels = (): string[] => factory.models();

export function interviewedDevice(model: string) {
  const entry = factory.entry(model);
  const clusters = (ids: readonly number[]) => ids.map((id) => Zcl.Utils.getCluster(id, entry.manufacturerCode, {}));
  const endpoints = entry.endpoints.map((e) => ({
    ID: e.id,
    profileID: e.profileId,
    deviceID: e.deviceId,
    inputClusters: e.inClusters,
    outputClusters: e.outClusters,
    getInputClusters: () => clusters(e.inClusters),
    getOutputClusters: () => clusters(e.outClusters),
  }));
  return {
    ieeeAddr: '0x00124b0000000001',
    type: entry.logicalType === 'router' ? 'Router' : 'EndDevice',
    modelID: entry.modelId,
    manufacturerName: entry.manufacturerName,
    manufacturerID: entry.manufacturerCode,
    powerSource: powerSources[Number(entry.basic.powerSource)] ?? 'Unknown',
    softwareBuildID: entry.basic.swBuildId,
    dateCode: entry.basic.dateCode,
    customClusters: {},
    endpoints,
    getEndpoint: (id: number) => endpoints.find((e) => e.ID === id),
  };
}
