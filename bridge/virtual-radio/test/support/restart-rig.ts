/**
 * For tests that stop and start radios and herdsman children around one state file: a temp folder
 * with the radio state path, every herdsman child spawned, and the current radio, all stopped and
 * removed after the file's tests (afterAll), whatever failed.
 */
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { startVirtualRadio } from '../../src/virtual-radio';
import type { VirtualRadio, VirtualRadioOptions } from '../../src/virtual-radio';
import { HerdsmanChild } from './herdsman-child';
import { tempDir } from './temp-dir';

export interface RestartRig {
  /** The folder herdsman keeps its database in. */
  dir: string;
  statePath: string;
  spawn(): Promise<HerdsmanChild>;
  /** Starts a radio on the state file; it replaces the current one (stop that first). */
  startRadio(options: Omit<VirtualRadioOptions, 'statePath'>): Promise<VirtualRadio>;
}

export function restartRig(prefix: string): RestartRig {
  const dir = tempDir(prefix);
  const statePath = join(dir.path, 'radio.json');
  const children: HerdsmanChild[] = [];
  let radio: VirtualRadio | undefined;
  afterAll(async () => {
    for (const child of children) await child.stop();
    await radio?.stop();
    dir.remove();
  });
  return {
    dir: dir.path,
    statePath,
    async spawn() {
      const child = await HerdsmanChild.spawn();
      children.push(child);
      return child;
    },
    async startRadio(options) {
      radio = await startVirtualRadio({ ...options, statePath });
      return radio;
    },
  };
}
