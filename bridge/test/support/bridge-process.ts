import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridge, type BridgeOptions, type BridgeProcess } from '../../../test/helpers/processes';

export type { BridgeProcess };

/**
 * The real bridge as a child process for the bridge's own tests: test/helpers/processes.ts's
 * launcher with its own virtual radio child and its embedded broker on an ephemeral loopback
 * port, logging at info (the tests read its lines).
 */
export const startBridgeProcess = (options: Pick<BridgeOptions, 'dataDir' | 'env' | 'timeoutMs' | 'entry'>): Promise<BridgeProcess> =>
  startBridge({ timeoutMs: 30_000, ...options, logLevel: 'info' });

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'herdgate-bridge-'));
