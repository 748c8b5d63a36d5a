import type { GatewaySettings } from '../../store/types';

/** A validated `PUT /config` body, in the order its parameters are checked (deconz-behavior §17). */
export type ConfigChanges = Partial<GatewaySettings> & {
  unlock?: number;
  utc?: string;
  UTC?: string;
  localtime?: string;
};

/** One success entry of a config answer: `{"/config/<key>": value}`. */
export type ConfigSuccess = Record<string, unknown>;

/** What a change of the configuration changed, for the bridge options and the WebSocket. */
export interface ConfigChange {
  /** Settings that were written (their new values). */
  settings: Partial<GatewaySettings>;
}
