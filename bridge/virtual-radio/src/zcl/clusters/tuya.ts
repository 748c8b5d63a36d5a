/**
 * Tuya's manufacturer cluster 0xEF00: the host reads and writes the MCU's data points
 * (dataRequest, dataQuery), the device answers and reports them (dataResponse, dataReport), asks
 * for the time (mcuSyncTime, which the host answers with UTC and local time) and tells its MCU
 * version. It has no attributes.
 */
import { type ClusterDef, cmd } from './define';

const DATA = 'seq:uint16 dpValues:tuyaDatapoints';

export const manuSpecificTuya: ClusterDef = {
  id: 0xef00,
  name: 'manuSpecificTuya',
  attributes: [],
  commands: [
    cmd(0x00, 'dataRequest', DATA),
    cmd(0x03, 'dataQuery'),
    cmd(0x04, 'sendData', DATA),
    cmd(0x10, 'mcuVersionRequest', 'seq:uint16'),
    // The host's answer to the device's time request: 8 bytes, UTC then local seconds, big-endian.
    cmd(0x24, 'mcuSyncTime', 'payloadSize:uint16 payload:bytes'),
    cmd(0x25, 'mcuGatewayConnectionStatus', 'payloadSize:uint16 payload:uint8'),
  ],
  responses: [
    cmd(0x01, 'dataResponse', DATA),
    cmd(0x02, 'dataReport', DATA),
    cmd(0x06, 'activeStatusReport', DATA),
    cmd(0x11, 'mcuVersionResponse', 'seq:uint16 version:uint8'),
    // The device asks for the time (a sequence number only).
    cmd(0x24, 'mcuSyncTime', 'payloadSize:uint16'),
    cmd(0x25, 'mcuGatewayConnectionStatus', 'payloadSize:uint16'),
  ],
};
