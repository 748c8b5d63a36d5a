import type { Events } from 'zigbee-herdsman';

/**
 * Many IAS zone definitions convert only the zone's status change notification, so a read of
 * `zoneStatus` (after configure, or on refresh) would show nothing until the first alarm, and
 * deCONZ shows `water`, `fire`, `open`… from the moment a sensor pairs. A read or report of the
 * attribute is handed to the definition's own converters as the notification it stands for.
 */
export function zoneStatusAsNotification(message: Events.MessagePayload): Events.MessagePayload | undefined {
  if (message.cluster !== 'ssIasZone' || (message.type !== 'readResponse' && message.type !== 'attributeReport')) return undefined;
  const zonestatus = (message.data as Record<string, unknown>).zoneStatus;
  if (typeof zonestatus !== 'number') return undefined;
  return { ...message, type: 'commandStatusChangeNotification', data: { zonestatus, extendedstatus: 0 } } as Events.MessagePayload;
}
