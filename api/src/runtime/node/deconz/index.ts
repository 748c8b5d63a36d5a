/**
 * `@herdgate/api/deconz`: reading a deCONZ installation for a takeover (issue #23), shared by
 * `npm run import -- deconz` and the Node gateway's `POST /config/import`. Node only (SQLite files,
 * zlib); the schemas and rules it follows are in docs/migrate-from-deconz.md.
 */
export { describePlan, type ImportPlan } from './plan';
export { FRAME_COUNTER_MARGIN } from './network';
export { readTarGz, writeTarGz } from './tar';
export { DeconzRefusal, openZll, planTakeover, readDeconzExport, takeoverBridgeFiles, type DeconzSource } from './read-export';
export { readDeconzUpload } from './upload';
