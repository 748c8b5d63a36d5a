/**
 * Turns one ZCL frame that reached a device into the device's answer: global commands, cluster commands
 * dispatched to the behaviours, and default responses where ZCL 2.5.12 wants them (never to a groupcast
 * or broadcast, never in answer to a default response, on success only when not disabled). Every
 * answer carries the profile of the request it answers.
 */
import type { Delivery, Destination } from '../network/types';
import {
  type ZclFrame,
  GlobalCommand,
  Status,
  ZclDecodeError,
  clusterById,
  commandById,
  decodeCommand,
  decodeFrame,
  encodeCommand,
  encodeDefaultRsp,
} from '../zcl/index';
import type { CommandOutcome } from './behaviour';
import type { DeviceHost } from './device-host';
import { type GlobalOutcome, handleGlobal } from './global-handler';

export function handleZcl(host: DeviceHost, delivery: Delivery): void {
  let frame: ZclFrame;
  try {
    frame = decodeFrame(delivery.asdu);
  } catch {
    return; // not even a header: a real device drops it
  }
  const ep = host.endpoint(delivery.dstEndpoint);
  if (!ep) return;
  const reply = replier(host, delivery, frame);
  const isServer = ep.inClusters.includes(delivery.clusterId);
  const isClient = ep.outClusters.includes(delivery.clusterId);
  const cluster = clusterById(delivery.clusterId);
  if (!isServer && !isClient) return reply.status(Status.unsupportedCluster);
  if (!frame.header.clusterSpecific) {
    if (!cluster) return reply.status(frame.header.commandId === GlobalCommand.defaultRsp ? -1 : Status.unsupportedCluster);
    let outcome: GlobalOutcome;
    try {
      outcome = handleGlobal(host, delivery.dstEndpoint, cluster, frame);
    } catch (err) {
      if (err instanceof ZclDecodeError) return reply.status(Status.malformedCommand);
      throw err;
    }
    if ('respond' in outcome) return reply.global(outcome.respond, outcome.payload);
    if ('status' in outcome) return reply.status(outcome.status);
    return;
  }
  if (!cluster) return reply.status(Status.unsupClusterCommand);
  const toServer = frame.header.direction === 'toServer';
  // A command for the side of the cluster this endpoint does not have (ZCL 2.5.12.3).
  if (toServer ? !isServer : !isClient) return reply.status(Status.unsupportedCluster);
  const behaviour = (toServer ? host.servers : host.clients).get(delivery.dstEndpoint)?.get(cluster.id);
  const def = commandById(cluster, frame.header.direction, frame.header.commandId);
  const handler = def && (toServer ? behaviour?.commands : behaviour?.clientCommands)?.[def.name];
  if (!def || !handler) return reply.status(Status.unsupClusterCommand);
  let outcome: CommandOutcome;
  try {
    const args = decodeCommand(def, frame.payload);
    const from = { tsn: frame.header.tsn, srcEndpoint: delivery.srcEndpoint, broadcast: delivery.broadcast === true };
    outcome = handler(host, { endpoint: delivery.dstEndpoint, cluster, args, ...from, ...(delivery.group !== undefined ? { group: delivery.group } : {}) });
  } catch (err) {
    if (err instanceof ZclDecodeError) return reply.status(Status.malformedCommand);
    throw err;
  }
  if ('status' in outcome) return reply.status(outcome.status);
  if ('response' in outcome) return reply.cluster(outcome.response, outcome.payload);
}

function replier(host: DeviceHost, delivery: Delivery, frame: ZclFrame) {
  const { header } = frame;
  const unicast = delivery.group === undefined && !delivery.broadcast;
  const to: Destination[] = [{ kind: 'coordinator', endpoint: delivery.srcEndpoint }];
  const base = {
    direction: header.direction === 'toServer' ? ('toClient' as const) : ('toServer' as const),
    disableDefaultResponse: true,
    tsn: header.tsn,
    ...(header.manufacturerCode !== undefined ? { manufacturerCode: header.manufacturerCode } : {}),
  };
  return {
    status(status: number): void {
      if (status < 0 || !unicast || (header.commandId === GlobalCommand.defaultRsp && !header.clusterSpecific)) return;
      if (status === Status.success && header.disableDefaultResponse) return;
      const payload = encodeDefaultRsp(header.commandId, status);
      host.emit(
        delivery.dstEndpoint,
        delivery.clusterId,
        { ...base, clusterSpecific: false, commandId: GlobalCommand.defaultRsp },
        payload,
        to,
        delivery.profileId,
      );
    },
    global(commandId: number, payload: Uint8Array): void {
      if (!unicast) return;
      host.emit(delivery.dstEndpoint, delivery.clusterId, { ...base, clusterSpecific: false, commandId }, payload, to, delivery.profileId);
    },
    cluster(name: string, payload: Record<string, unknown>): void {
      const cluster = clusterById(delivery.clusterId);
      const dir = base.direction;
      const def = cluster && (dir === 'toClient' ? cluster.responses : cluster.commands).find((c) => c.name === name);
      if (!def || !unicast) return;
      host.emit(
        delivery.dstEndpoint,
        delivery.clusterId,
        { ...base, clusterSpecific: true, commandId: def.id },
        encodeCommand(def, payload as never),
        to,
        delivery.profileId,
      );
    },
  };
}
