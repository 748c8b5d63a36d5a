/**
 * The converters' `exposes` as plain JSON: the fields we read from zigbee-herdsman-converters'
 * expose objects. The bridge serialises its definitions to this shape; shared never imports them.
 */
export interface ExposeJson {
  type: string;
  name?: string;
  property?: string;
  access?: number;
  endpoint?: string;
  unit?: string;
  value_min?: number;
  value_max?: number;
  values?: Array<string | number>;
  features?: ExposeJson[];
}

/** Converter state as the converters publish it (zigbee2mqtt-style keys). */
export type ConverterState = Record<string, unknown>;

/** Every expose and feature, depth first, so a lookup by name sees nested features too. */
export function flattenExposes(exposes: readonly ExposeJson[]): ExposeJson[] {
  return exposes.flatMap((expose) => [expose, ...flattenExposes(expose.features ?? [])]);
}

/** The names (and for composites, properties) present among the exposes of one endpoint group. */
export function exposeNames(exposes: readonly ExposeJson[]): Set<string> {
  const names = new Set<string>();
  for (const expose of flattenExposes(exposes)) {
    if (expose.name) names.add(expose.name);
    if (expose.type === 'composite' || expose.features === undefined) {
      if (expose.property) names.add(expose.property);
    }
  }
  return names;
}
