/**
 * The radio's persisted state (parameters, endpoint descriptors, network state, joined devices with
 * their snapshots, the pairing pool) in one JSON file, written atomically (tmp + rename) so a crash
 * never leaves half a file, and debounced so a burst of attribute changes costs one write.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { PersistedNetwork } from '../network/persisted';
import type { PersistedParameters } from './parameter-store';

export interface RadioState {
  version: 1;
  networkState: number;
  parameters: PersistedParameters;
  network: PersistedNetwork;
}

/** The saved state, or undefined when there is none yet. Throws (naming the file) on a corrupt one. */
export function loadRadioState(path: string | undefined): RadioState | undefined {
  if (!path) return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const state = JSON.parse(text) as RadioState;
  if (state.version !== 1) throw new Error(`${path}: unsupported state version ${String(state.version)}`);
  return state;
}

export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private writes = 0;

  constructor(
    private readonly path: string | undefined,
    private readonly collect: () => RadioState,
    private readonly debounceMs = 200,
  ) {}

  load(): RadioState | undefined {
    return loadRadioState(this.path);
  }

  schedule(): void {
    if (!this.path || this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.path) return;
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.collect()));
    renameSync(tmp, this.path);
    this.writes += 1;
  }

  get writeCount(): number {
    return this.writes;
  }
}
