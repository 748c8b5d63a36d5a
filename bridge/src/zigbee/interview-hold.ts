import type { ConverterState } from './types';

/**
 * State a device reports while it is interviewed and configured, kept until the bridge announces
 * the interview's success. Before that the registry knows no sub-devices to show it on, so a
 * report then (a Tuya valve sends its whole state once the gateway answers its time request)
 * would otherwise be lost until the device happened to report again.
 */
interface Held {
  state: ConverterState;
  /** Keys whose latest value the bridge made itself (the radio's `bridgeKeys`), not the converters. */
  bridgeKeys: Set<string>;
}

export class InterviewHold {
  private readonly held = new Map<string, Map<number, Held>>();

  /** The device's interview started: hold what it reports from now on. */
  start(ieee: string): void {
    this.held.set(ieee, new Map());
  }

  hold(ieee: string, endpoint: number, state: ConverterState, bridgeKeys: readonly string[] = []): void {
    const endpoints = this.held.get(ieee);
    if (!endpoints) return;
    const held = endpoints.get(endpoint) ?? { state: {}, bridgeKeys: new Set<string>() };
    for (const key of Object.keys(state)) {
      if (bridgeKeys.includes(key)) held.bridgeKeys.add(key);
      else held.bridgeKeys.delete(key);
    }
    endpoints.set(endpoint, { state: { ...held.state, ...state }, bridgeKeys: held.bridgeKeys });
  }

  /** The success is out: what was held, per endpoint, to apply now; holding stops. */
  release(ieee: string): Array<{ endpoint: number; state: ConverterState; bridgeKeys: string[] }> {
    const endpoints = this.held.get(ieee);
    this.held.delete(ieee);
    return [...(endpoints ?? [])].map(([endpoint, held]) => ({ endpoint, state: held.state, bridgeKeys: [...held.bridgeKeys] }));
  }

  forget(ieee: string): void {
    this.held.delete(ieee);
  }
}
