/**
 * Zigbee2MQTT's resident memory at rest on the same generated network, for the collections suite's
 * memory comparison in the same run: the pinned install (bench/lib/z2m) on its own fresh radio,
 * paired, left to go quiet, then `settleMs` without traffic. Its broker runs in the suite process
 * (not in its RSS), where herdgate's bridge embeds its own. Failure is a value (the figure is then
 * missing and the reason shown).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NetworkDefinition } from '@herdgate/virtual-radio';
import { startBenchRadio, type BenchRadio } from '../../lib/bench-radio';
import type { RunningStack } from '../../lib/bridge-stack';
import { atRest, quiet } from '../../lib/stack-parts';
import { uniqueResidentMiB } from '../../lib/footprint';
import { ensureZigbee2mqtt } from '../../lib/z2m/install';
import { zigbee2mqttStack } from '../../lib/z2m/stack';

export type Z2mRest = { ok: true; rssMiB: number; physicalMiB: number | undefined; describe: string; up: number } | { ok: false; error: string };

export async function z2mAtRest(network: NetworkDefinition, settleMs: number, log: (line: string) => void): Promise<Z2mRest> {
  const install = await ensureZigbee2mqtt(log);
  if (!install.ok) return { ok: false, error: install.error };
  const driver = zigbee2mqttStack(install);
  const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-collections-z2m-'));
  let radio: BenchRadio | undefined;
  let stack: RunningStack | undefined;
  try {
    radio = await startBenchRadio(dir, network);
    log(`Zigbee2MQTT: pairing ${network.devices.length} devices`);
    stack = await driver.start({
      radioPort: radio.port,
      dataDir: join(dir, 'data'),
      devices: network.devices.map((d) => d.ieee),
      pairing: true,
      timeoutMs: 20 * 60_000,
      log,
    });
    await quiet(radio, 3_000, 180_000);
    await atRest(settleMs, () => `Zigbee2MQTT ${stack!.process.rssMiB().toFixed(0)} MiB`, log);
    return {
      ok: true,
      rssMiB: stack.process.rssMiB(),
      physicalMiB: uniqueResidentMiB([stack.process.pid]),
      describe: driver.describe,
      up: network.devices.length,
    };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  } finally {
    await stack?.stop();
    await radio?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
