import type { Models } from 'zigbee-herdsman';
import type { Definition } from 'zigbee-herdsman-converters';
import { describeDefinition } from './translate';
import type { BindingInfo, InterviewStatus, LogicalType, ZigbeeDevice } from './types';

const INTERVIEW: Record<string, InterviewStatus> = {
  PENDING: 'pending',
  IN_PROGRESS: 'in_progress',
  SUCCESSFUL: 'successful',
  FAILED: 'failed',
};

/** A plain snapshot of a herdsman Device, the only device shape features ever see. */
export function toZigbeeDevice(device: Models.Device, definition: Definition | undefined): ZigbeeDevice {
  return {
    ieee: device.ieeeAddr,
    nwk: device.networkAddress,
    type: device.type as LogicalType,
    manufacturerName: device.manufacturerName,
    modelId: device.modelID,
    swBuildId: device.softwareBuildID,
    dateCode: device.dateCode,
    powerSource: device.powerSource,
    interview: INTERVIEW[device.interviewState] ?? 'pending',
    lastSeen: device.lastSeen,
    linkquality: device.linkquality,
    endpoints: device.endpoints.map((ep) => ({
      id: ep.ID,
      profileId: ep.profileID,
      deviceId: ep.deviceID,
      inputClusters: [...ep.inputClusters],
      outputClusters: [...ep.outputClusters],
      bindings: bindingsOf(ep),
    })),
    definition: definition ? describeDefinition(definition, device) : undefined,
  };
}

/** The endpoint's bindings, each with the reporting herdsman recorded for that cluster. */
function bindingsOf(endpoint: Models.Endpoint): BindingInfo[] {
  const reportings = endpoint.configuredReportings;
  return endpoint.binds.map(({ cluster, target }) => ({
    cluster: cluster.ID,
    ...('groupID' in target ? { group: target.groupID } : {}),
    reporting: reportings
      .filter((r) => r.cluster.ID === cluster.ID)
      .map((r) => ({
        attribute: r.attribute.ID,
        min: r.minimumReportInterval,
        max: r.maximumReportInterval,
        ...(typeof r.reportableChange === 'number' ? { change: r.reportableChange } : {}),
      })),
  }));
}
