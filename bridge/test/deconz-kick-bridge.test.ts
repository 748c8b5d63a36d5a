import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startBridgeProcess, tempDataDir } from './support/bridge-process';

async function startupLogs(env: Record<string, string>): Promise<string> {
  const dataDir = tempDataDir();
  const bridge = await startBridgeProcess({ dataDir, env });
  try {
    return bridge.logs.join('\n');
  } finally {
    await bridge.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The real bridge process wires the fast path and the start-up pace into its Controller at start, and DECONZ_FAST_PATH=0 keeps both out. */
describe('deconz fast path in the bridge', () => {
  it('should switch the fast path on at start on the deconz adapter', async () => {
    const logs = await startupLogs({});
    expect(logs).toContain('deconz fast path on');
    expect(logs).not.toContain('deconz fast path unavailable');
    expect(logs).toContain('deconz start-up pace on');
    expect(logs).not.toContain('deconz start-up pace unavailable');
  });

  it('should leave herdsman untouched with DECONZ_FAST_PATH=0', async () => {
    const logs = await startupLogs({ DECONZ_FAST_PATH: '0' });
    expect(logs).toContain('deconz fast path off');
    expect(logs).not.toContain('deconz fast path on');
    expect(logs).not.toContain('deconz start-up pace on');
  });
});
