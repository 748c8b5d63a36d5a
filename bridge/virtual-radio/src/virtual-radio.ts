/**
 * Composes the virtual radio: parameter store, radio core, TCP server, simulated network, state file.
 * `startVirtualRadio` is the one entry point (main.ts, tests and benchmarks use it).
 */
import { randomBytes } from 'node:crypto';
import { realClock } from './network/clock';
import type { Clock } from './network/clock';
import { FrameCounters } from './network/counters';
import { FaultTable } from './network/faults';
import { Membership } from './network/membership';
import { SimNetwork } from './network/network';
import { DeviceRegistry } from './network/registry';
import { timingProfiles } from './network/timing';
import type { Timing } from './network/timing';
import type { DeviceFactory } from './network/types';
import type { NetworkDefinition } from './network-definition';
import { NetworkState } from './protocol/index';
import { ParameterStore } from './radio/parameter-store';
import { RadioCore } from './radio/radio-core';
import { StateFile } from './radio/state-file';
import type { RadioState } from './radio/state-file';
import { RadioServer } from './radio/tcp-server';

export type RadioLog = (event: string, detail?: Record<string, unknown>) => void;

export interface VirtualRadioOptions {
  factory: DeviceFactory;
  /** TCP port for the host; 0 = ephemeral. */
  port?: number;
  statePath?: string;
  /** Devices for a fresh radio (ignored when the state file already exists). */
  network?: NetworkDefinition;
  /** Coordinator MAC for a fresh radio; random (deCONZ prefix) otherwise. */
  mac?: string;
  timing?: Timing;
  clock?: Clock;
  log?: RadioLog;
}

export interface VirtualRadio {
  readonly port: number;
  readonly registry: DeviceRegistry;
  readonly membership: Membership;
  readonly faults: FaultTable;
  readonly counters: FrameCounters;
  readonly factory: DeviceFactory;
  readonly core: RadioCore;
  readonly params: ParameterStore;
  hostConnected(): boolean;
  reboot(downMs: number): void;
  /** Writes the state file now. */
  flush(): void;
  stop(): Promise<void>;
}

/**
 * A fresh coordinator IEEE in the range ConBee II sticks ship with (`00:21:2e:ff:ff:xx:xx:xx`):
 * deCONZ clients take the gateway's `bridgeid` from it and some check that prefix.
 */
export function conbeeMac(): string {
  return `00212effff${randomBytes(3).toString('hex')}`;
}

export async function startVirtualRadio(options: VirtualRadioOptions): Promise<VirtualRadio> {
  const log: RadioLog = options.log ?? (() => {});
  const clock = options.clock ?? realClock;
  const timing = options.timing ?? timingProfiles.fast;
  const registry = new DeviceRegistry();
  const counters = new FrameCounters();
  const faults = new FaultTable(() => clock.now());
  let collect: () => RadioState = () => {
    throw new Error('radio state read before the radio was built');
  };
  const state = new StateFile(options.statePath, () => collect(), undefined, (info) => log('state-file-recovered', { ...info }));
  const changed = () => state.schedule();

  const saved = state.load();
  const params = saved ? ParameterStore.restore(saved.parameters) : ParameterStore.fresh(options.mac ?? conbeeMac());
  const coordinator = { ieee: () => params.macAddress(), extendedPanId: () => params.extendedPanId(), endpoints: () => params.endpoints() };

  let network: SimNetwork | undefined;
  const core = new RadioCore({
    params,
    networkState: saved?.networkState ?? NetworkState.Offline,
    route: (request) => network!.handleRequest(request),
    changed,
    log,
  });
  const membership = new Membership({
    registry, factory: options.factory, host: core, clock, timing,
    coordinatorIeee: coordinator.ieee,
    emit: (ieee, frame) => network!.emit(ieee, frame),
    changed,
  });
  network = new SimNetwork({
    registry, host: core, coordinator, counters, faults, clock, timing,
    permitJoin: (s) => membership.permitJoin(s),
    leave: (ieee) => membership.remove(ieee),
  });

  collect = (): RadioState => ({ version: 1, networkState: core.networkState, parameters: params.persist(), network: membership.persist() });
  if (saved) membership.restore(saved.network);
  else seedNetwork(membership, options.network);
  state.flush();

  const server = new RadioServer(core, log);
  const port = await server.listen(options.port ?? 0);
  log('listening', { port, devices: registry.size, pool: registry.pool().length, resumed: Boolean(saved) });

  return {
    port, registry, membership, faults, counters, core, params, factory: options.factory,
    hostConnected: () => server.hostConnected,
    reboot: (downMs) => {
      state.flush();
      server.reboot(downMs);
    },
    flush: () => state.flush(),
    stop: async () => {
      membership.stopAll();
      state.flush();
      await server.close();
    },
  };
}

function seedNetwork(membership: Membership, definition: NetworkDefinition | undefined): void {
  for (const entry of definition?.devices ?? []) {
    if (entry.join === 'joined') membership.join({ ieee: entry.ieee, model: entry.model });
    else membership.addToPool({ ieee: entry.ieee, model: entry.model });
  }
}
