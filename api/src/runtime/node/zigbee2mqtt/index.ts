/**
 * `@herdgate/api/zigbee2mqtt`: reading a stopped Zigbee2MQTT's data folder for a takeover (issue
 * #24), shared by `npm run import -- zigbee2mqtt` and the Node gateway's `POST /config/import`.
 * Node only (files, zlib); what is taken and what not is in docs/migrate-from-zigbee2mqtt.md.
 */
export { z2mBridgeFiles } from './bridge-files';
export { buildPlan, describePlan, type Z2mPlan } from './plan';
export { FolderRefused, isZ2mUpload, readZ2mArchive, readZ2mFolder, type Z2mFolder } from './source';
export { readZigbee2mqttUpload } from './upload';
