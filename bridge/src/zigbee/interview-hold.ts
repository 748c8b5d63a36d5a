import type { ConverterState } from './types';

/**
 * State a device reports while it is interviewed and configured, kept until the bridge announces
 * the interview's success. Before that the registry knows no sub-devices to show it on, so a
 * report then (a Tuya valve sends its whole state once the gateway answers its time request)
 * would otherwise be lost until the device happened to report again.
 */
export class InterviewHold {
  private readonly held = new Map<string, Map<number, ConverterState>>();

  /** The device's interview started: hold what it reports from now on. */
  start(ieee: string): void {
    this.held.set(ieee, new Map());
  }

  hold(ieee: string, endpoint: number, state: ConverterState): void {
    const endpoints = this.held.get(ieee);
    if (endpoints) endpoints.set(endpoint, { ...endpoints.get(endpoint), ...state });
  }

  /** The success is out: what was held, per endpoint, to apply now; holding stops. */
  release(ieee: string): Array<[endpoint: number, state: ConverterState]> {
    const endpoints = this.held.get(ieee);
    this.held.delete(ieee);
    return [...(endpoints ?? [])];
  }

  forget(ieee: string): void {
    this.held.delete(ieee);
  }
}
