/**
 * The radio's persisted state (parameters, endpoint descriptors, network state, joined devices with
 * their snapshots, the pairing pool) in one JSON file, written through the shared atomic file
 * (unique temp file, fsync, rename, folder fsync, last good version kept as `.bak`), and debounced
 * so a burst of attribute changes costs one write. A corrupt file is moved aside and the last good
 * version used, or a fresh radio when there is none: the radio always starts.
 */
import { atomicFile, type AtomicFile, type ReadResult } from '@herdgate/shared/node';
import type { PersistedNetwork } from '../network/persisted';
import type { PersistedEmber } from '../ember/ncp-state';
import type { PersistedNv } from '../zstack/nv-store';
import type { PersistedParameters } from './parameter-store';

/**
 * `protocol` names the front that wrote it (absent = deCONZ, as before there were two). The network
 * part is shared; a radio started with the other protocol keeps the devices and starts its
 * coordinator fresh.
 */
export interface RadioState {
  version: 1;
  protocol?: 'deconz' | 'zstack' | 'ember';
  /** deCONZ front. */
  networkState?: number;
  /** deCONZ front: firmware version after a simulated update (absent: the factory one). */
  firmware?: number;
  parameters?: PersistedParameters;
  /** Z-Stack front: NV items and tables. */
  znp?: PersistedNv;
  /** EmberZNet front: the NCP's tokens. */
  ember?: PersistedEmber;
  network: PersistedNetwork;
}

function validate(value: unknown): RadioState {
  const state = value as RadioState;
  if (typeof state !== 'object' || state === null) throw new Error('not a JSON object');
  if (state.version !== 1) throw new Error(`unsupported state version ${String(state.version)}`);
  const front = state.protocol === 'zstack' ? state.znp : state.protocol === 'ember' ? state.ember : state.parameters;
  if (typeof front !== 'object' || typeof state.network !== 'object' || !Array.isArray(state.network?.devices))
    throw new Error('coordinator (parameters or NV) or network missing');
  return state;
}

export type Recovery = NonNullable<ReadResult<RadioState>['recovered']>;

export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private writes = 0;
  private readonly file: AtomicFile<RadioState> | undefined;

  constructor(
    path: string | undefined,
    private readonly collect: () => RadioState,
    private readonly debounceMs = 200,
    onRecover?: (info: Recovery) => void,
  ) {
    // Compact JSON: a 200-device network is written often.
    this.file = path ? atomicFile(path, { validate, serialise: (state) => JSON.stringify(state), onRecover }) : undefined;
  }

  /** The saved state, or undefined when there is none (or it was corrupt and had no good copy). */
  load(): RadioState | undefined {
    return this.file?.readSync().value;
  }

  schedule(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.debounceMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.file) return;
    this.file.writeSync(this.collect());
    this.writes += 1;
  }

  get writeCount(): number {
    return this.writes;
  }
}
