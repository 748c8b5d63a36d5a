/** Node-only helpers shared by the processes herdgate runs (never imported by the Workers build). */
export { atomicFile, type AtomicFile, type AtomicFileOptions, type ReadResult } from './atomic-file';
export { exitWithParent, parentPipe, PARENT_PID_ENV } from './parent-watch';
export { isMainModule } from './main-module';
export { recoverDataDir, replaceDataDir, SWAP_DIR, type ReplaceOptions } from './data-swap';
