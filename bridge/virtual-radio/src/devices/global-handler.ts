/**
 * Answers the ZCL global commands a host sends to a device: read, write, configure and read reporting,
 * discover. A command that must carry records but carries none is MALFORMED_COMMAND (ZCL 2.5.1), as
 * on real stacks; a truncated one throws ZclDecodeError, which the caller answers the same way.
 */
import {
  type ClusterDef,
  type ReadRecord,
  type ReportConfigRecord,
  type ZclFrame,
  GlobalCommand,
  Status,
  attributeById,
  decodeAttrIds,
  decodeAttributeValues,
  decodeConfigReport,
  decodeDiscover,
  decodeReadReportConfig,
  encodeDiscoverRsp,
  encodeReadReportConfigRsp,
  encodeReadRsp,
  encodeStatusRecords,
} from '../zcl/index';
import type { DeviceHost } from './device-host';
import { writeStructured } from './structured-write';

/** What to send back: a global response (command id + payload), a bare status, or nothing. */
export type GlobalOutcome = { respond: number; payload: Uint8Array } | { status: number } | { silent: true };

/** Frames a device must accept and drop: herdsman answers reports and reads with these (spec §10.13). */
const SWALLOWED: ReadonlySet<number> = new Set([
  GlobalCommand.readRsp,
  GlobalCommand.writeRsp,
  GlobalCommand.configReportRsp,
  GlobalCommand.readReportConfigRsp,
  GlobalCommand.report,
  GlobalCommand.defaultRsp,
  GlobalCommand.discoverRsp,
  GlobalCommand.writeStructuredRsp,
]);

const RECORDS_REQUIRED: ReadonlySet<number> = new Set([
  GlobalCommand.read,
  GlobalCommand.write,
  GlobalCommand.writeUndiv,
  GlobalCommand.configReport,
  GlobalCommand.readReportConfig,
  GlobalCommand.writeStructured,
]);

export function handleGlobal(host: DeviceHost, endpoint: number, cluster: ClusterDef, frame: ZclFrame): GlobalOutcome {
  const { commandId, manufacturerCode } = frame.header;
  if (SWALLOWED.has(commandId)) return { silent: true };
  const find = (id: number) => attributeById(cluster, id, manufacturerCode) ?? attributeById(cluster, id);
  if (RECORDS_REQUIRED.has(commandId) && frame.payload.length === 0) return { status: Status.malformedCommand };
  switch (commandId) {
    case GlobalCommand.read: {
      host.servers.get(endpoint)?.get(cluster.id)?.beforeRead?.(host, endpoint);
      const records: ReadRecord[] = decodeAttrIds(frame.payload).map((attrId) => {
        const def = find(attrId);
        const value = def && host.store.get(endpoint, cluster.id, def.name);
        return def && value !== undefined ? { attrId, status: Status.success, type: def.type, value } : { attrId, status: Status.unsupportedAttribute };
      });
      return { respond: GlobalCommand.readRsp, payload: encodeReadRsp(records) };
    }
    case GlobalCommand.write:
    case GlobalCommand.writeUndiv:
    case GlobalCommand.writeNoRsp: {
      const records = decodeAttributeValues(frame.payload).map((rec) => {
        const def = find(rec.attrId);
        if (!def || host.store.get(endpoint, cluster.id, def.name) === undefined) return { attrId: rec.attrId, status: Status.unsupportedAttribute };
        if (!def.writable) return { attrId: rec.attrId, status: Status.readOnly };
        if (def.type !== rec.type) return { attrId: rec.attrId, status: Status.invalidDataType };
        const refused = host.servers.get(endpoint)?.get(cluster.id)?.accepts?.(host, endpoint, def.name, rec.value) ?? Status.success;
        if (refused !== Status.success) return { attrId: rec.attrId, status: refused };
        return { attrId: rec.attrId, status: Status.success, apply: () => host.writeAttribute(endpoint, cluster, def.name, rec.value) };
      });
      const undivided = commandId === GlobalCommand.writeUndiv && records.some((r) => r.status !== Status.success);
      if (!undivided) for (const r of records) if ('apply' in r && r.apply) r.apply();
      if (commandId === GlobalCommand.writeNoRsp) return { silent: true };
      return { respond: GlobalCommand.writeRsp, payload: encodeStatusRecords(records) };
    }
    case GlobalCommand.writeStructured:
      return { respond: GlobalCommand.writeStructuredRsp, payload: writeStructured(host, endpoint, cluster, frame.payload, find) };
    case GlobalCommand.configReport: {
      const records = decodeConfigReport(frame.payload).map((rec) => {
        if (rec.direction !== 0) return { status: Status.success, direction: rec.direction, attrId: rec.attrId };
        const def = find(rec.attrId);
        if (!def || host.store.get(endpoint, cluster.id, def.name) === undefined)
          return { status: Status.unsupportedAttribute, direction: 0, attrId: rec.attrId };
        if (def.type !== rec.type) return { status: Status.invalidDataType, direction: 0, attrId: rec.attrId };
        const config = {
          endpoint,
          cluster: cluster.id,
          attribute: def.id,
          min: rec.min,
          max: rec.max,
          ...(rec.change !== undefined ? { change: rec.change } : {}),
        };
        host.reporting.configure(config, cluster, def);
        host.ctx.changed();
        return { status: Status.success, direction: 0, attrId: rec.attrId };
      });
      return { respond: GlobalCommand.configReportRsp, payload: encodeStatusRecords(records) };
    }
    case GlobalCommand.readReportConfig: {
      const records = decodeReadReportConfig(frame.payload).map((q): ReportConfigRecord => {
        const def = find(q.attrId);
        if (!def || host.store.get(endpoint, cluster.id, def.name) === undefined)
          return { status: Status.unsupportedAttribute, direction: q.direction, attrId: q.attrId };
        // We never receive reports, so there is nothing to say about direction 1.
        const config = q.direction === 0 ? host.reporting.get(endpoint, cluster.id, def.id) : undefined;
        if (!config) return { status: Status.notFound, direction: q.direction, attrId: q.attrId };
        return {
          status: 0,
          direction: 0,
          attrId: q.attrId,
          type: def.type,
          min: config.min,
          max: config.max,
          ...(config.change !== undefined ? { change: config.change } : {}),
        };
      });
      return { respond: GlobalCommand.readReportConfigRsp, payload: encodeReadReportConfigRsp(records) };
    }
    case GlobalCommand.discover: {
      const { start, max } = decodeDiscover(frame.payload);
      const present = host.store
        .names(endpoint, cluster.id)
        .map((name) => cluster.attributes.find((a) => a.name === name && a.manufacturerCode === manufacturerCode))
        .filter((a) => a !== undefined && a.id >= start)
        .sort((a, b) => a!.id - b!.id);
      const page = present.slice(0, max);
      return {
        respond: GlobalCommand.discoverRsp,
        payload: encodeDiscoverRsp(
          page.length === present.length,
          page.map((a) => ({ attrId: a!.id, type: a!.type })),
        ),
      };
    }
    default:
      return { status: Status.unsupGeneralCommand };
  }
}
