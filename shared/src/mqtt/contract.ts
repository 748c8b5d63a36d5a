import type * as v from 'valibot';
import type { Response } from './envelope';
import type { ParsedTopic, TopicKind } from './parse-topic';
import { bridgeEventSchema, bridgeInfoSchema, bridgeStateSchema } from './schemas/bridge';
import type { BridgeEvent, BridgeInfo, BridgeState } from './schemas/bridge';
import { deviceSchema, endpointEventSchema, endpointStateSchema } from './schemas/device';
import type { DeviceDescription, EndpointEvent, EndpointState } from './schemas/device';
import type { RequestPayloads } from './schemas/requests';
import { requestSchemas } from './schemas/requests';
import type { ResponsePayloads } from './schemas/responses';
import { deviceSetSchema, groupSetSchema } from './schemas/set-command';
import type { DeviceSetCommand, GroupSetCommand, SetResultData } from './schemas/set-command';
import type { RequestName } from './topics';
import { alarmStateSchema, type AlarmStatePayload } from './schemas/alarm';
import { networkMapProgressSchema, networkMapSchema, type NetworkMap, type NetworkMapProgress } from './schemas/network-map';
import { matterNamesSchema, matterRequestSchemas, matterStatusSchema, type MatterNames, type MatterRequestPayloads, type MatterStatus } from './schemas/matter';
import { removedDevicesSchema, type RemovedDevices } from './schemas/removed-devices';
import { otaStateSchema, type OtaState } from './schemas/ota';
import { bridgeLogSchema, type BridgeLog } from './schemas/log';
import { gatewayGroupsSchema, gatewayRequestSchemas, type GatewayGroups, type GatewayRequestPayloads, type GatewayResponsePayloads } from './schemas/gateway';

/**
 * The whole MQTT API as one map: topic kind -> payload type. Request and response topics are
 * further keyed by request name. `retained` tells publishers which topics must carry the flag.
 */
export interface MqttContract {
  'bridge/state': BridgeState;
  'bridge/info': BridgeInfo;
  'bridge/event': BridgeEvent;
  'bridge/alarm': AlarmStatePayload;
  'bridge/networkmap': NetworkMap;
  'bridge/networkmap/progress': NetworkMapProgress;
  'bridge/removed': RemovedDevices;
  'bridge/log': BridgeLog;
  'bridge/request': RequestPayloads;
  'bridge/response': { [K in RequestName]: Response<ResponsePayloads[K]> };
  'gateway/groups': GatewayGroups;
  'gateway/request': GatewayRequestPayloads;
  'gateway/response': { [K in keyof GatewayResponsePayloads]: Response<GatewayResponsePayloads[K]> };
  'group/set': GroupSetCommand;
  'group/set/result': Response<SetResultData>;
  device: DeviceDescription;
  'device/ota': OtaState;
  'device/state': EndpointState;
  'device/event': EndpointEvent;
  'device/set': DeviceSetCommand;
  'device/set/result': Response<SetResultData>;
  'matter/state': MatterStatus;
  'matter/names': MatterNames;
  'matter/request': MatterRequestPayloads;
  'matter/response': Response<MatterStatus>;
}

export const RETAINED: Record<TopicKind, boolean> = {
  'bridge/state': true,
  'bridge/info': true,
  'bridge/event': false,
  'bridge/alarm': true,
  'bridge/networkmap': true,
  'bridge/networkmap/progress': false,
  'bridge/removed': true,
  'bridge/log': false,
  'bridge/request': false,
  'bridge/response': false,
  'gateway/groups': true,
  'gateway/request': false,
  'gateway/response': false,
  'group/set': false,
  'group/set/result': false,
  device: true,
  'device/ota': true,
  'device/state': true,
  'device/event': false,
  'device/set': false,
  'device/set/result': false,
  'matter/state': true,
  'matter/names': true,
  'matter/request': false,
  'matter/response': false,
};

/** The schema that validates what arrives on an inbound or published topic (responses excluded). */
export function schemaForTopic(topic: ParsedTopic): v.GenericSchema | undefined {
  switch (topic.kind) {
    case 'bridge/state':
      return bridgeStateSchema;
    case 'bridge/info':
      return bridgeInfoSchema;
    case 'bridge/event':
      return bridgeEventSchema;
    case 'bridge/alarm':
      return alarmStateSchema;
    case 'bridge/networkmap':
      return networkMapSchema;
    case 'bridge/networkmap/progress':
      return networkMapProgressSchema;
    case 'bridge/removed':
      return removedDevicesSchema;
    case 'bridge/log':
      return bridgeLogSchema;
    case 'bridge/request':
      return requestSchemas[topic.name];
    case 'gateway/groups':
      return gatewayGroupsSchema;
    case 'gateway/request':
      return gatewayRequestSchemas[topic.name];
    case 'group/set':
      return groupSetSchema;
    case 'device':
      return deviceSchema;
    case 'device/ota':
      return otaStateSchema;
    case 'device/state':
      return endpointStateSchema;
    case 'device/event':
      return endpointEventSchema;
    case 'device/set':
      return deviceSetSchema;
    case 'matter/state':
      return matterStatusSchema;
    case 'matter/names':
      return matterNamesSchema;
    case 'matter/request':
      return matterRequestSchemas[topic.name];
    default:
      return undefined;
  }
}
