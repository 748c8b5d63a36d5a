export * from './format';
export { archiveFile, bridgeFileBytes, decodeArchive, encodeArchive, REQUIRED_BRIDGE_FILES, type DecodeResult } from './archive';
export { detectUpload, type UploadKind } from './detect';
export { fromBase64, gunzip, gzip, sha256Hex, toBase64 } from './bytes';
export { advanceFrameCounter, coordinatorFacts, FRAME_COUNTER_ADVANCE, parseCoordinatorBackup, restoreRefusal, type OpenBackup } from './coordinator';
