import type { ExposeJson } from '../../zigbee/index';

/** Types of the Home Assistant discovery builders, apart so the component builders and the configs need not import each other. */
export interface DiscoveryConfig {
  component: string;
  objectId: string;
  payload: Record<string, unknown>;
  /** `<name>/<prefix>/set/<postfix>`: an endpoint's or one key's command topic (`noTopic`: only its prefix for the others). */
  command?: { prefix?: string; postfix?: string; noTopic?: boolean };
}

export type Feature = ExposeJson & {
  name?: string;
  property?: string;
  label?: string;
  access?: number;
  endpoint?: string;
  unit?: string;
  value_on?: unknown;
  value_off?: unknown;
  value_min?: number;
  value_max?: number;
  value_step?: number;
  values?: unknown[];
  features?: Feature[];
};
