/**
 * OTA Upgrade (ZCL 11.13, cluster 0x0019). Devices are the client: the attributes are client-side and
 * the device sends the requests. Fields whose presence depends on a status or a field-control bit are
 * left as a `bytes` tail, decoded by the OTA client itself (devices/ota/ota-frames.ts).
 */
import { type ClusterDef, attr, cmd } from './define';

const IMAGE = 'manufacturerCode:uint16 imageType:uint16 fileVersion:uint32';

export const genOta: ClusterDef = {
  id: 0x0019,
  name: 'genOta',
  attributes: [
    attr(0x0000, 'upgradeServerId', 'ieee'),
    attr(0x0001, 'fileOffset', 'uint32'),
    attr(0x0002, 'currentFileVersion', 'uint32'),
    attr(0x0003, 'currentZigbeeStackVersion', 'uint16'),
    attr(0x0004, 'downloadedFileVersion', 'uint32'),
    attr(0x0005, 'downloadedZigbeeStackVersion', 'uint16'),
    attr(0x0006, 'imageUpgradeStatus', 'enum8'),
    attr(0x0007, 'manufacturerId', 'uint16'),
    attr(0x0008, 'imageTypeId', 'uint16'),
    attr(0x0009, 'minimumBlockReqDelay', 'uint16'),
  ],
  commands: [
    cmd(0x01, 'queryNextImageRequest', `fieldControl:map8 ${IMAGE} hardwareVersion:uint16?`),
    // requestNodeIeeeAddress (bit 0) and minimumBlockPeriod (bit 1) follow in that order.
    cmd(0x03, 'imageBlockRequest', `fieldControl:map8 ${IMAGE} fileOffset:uint32 maximumDataSize:uint8 tail:bytes?`),
    cmd(0x04, 'imagePageRequest', `fieldControl:map8 ${IMAGE} fileOffset:uint32 maximumDataSize:uint8 pageSize:uint16 responseSpacing:uint16 tail:bytes?`),
    cmd(0x06, 'upgradeEndRequest', `status:enum8 ${IMAGE}`),
  ],
  responses: [
    cmd(0x00, 'imageNotify', 'payloadType:enum8 queryJitter:uint8 manufacturerCode:uint16? imageType:uint16? fileVersion:uint32?'),
    cmd(0x02, 'queryNextImageResponse', 'status:enum8 manufacturerCode:uint16? imageType:uint16? fileVersion:uint32? imageSize:uint32?'),
    // SUCCESS: image, fileOffset u32, dataSize u8, data; WAIT_FOR_DATA: currentTime, requestTime u32, minimumBlockPeriod u16.
    cmd(0x05, 'imageBlockResponse', 'status:enum8 tail:bytes?'),
    cmd(0x07, 'upgradeEndResponse', `${IMAGE} currentTime:uint32 upgradeTime:uint32`),
  ],
};
