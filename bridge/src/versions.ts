import pkg from '../package.json' with { type: 'json' };

/** Versions for bridge info; herdsman and converters are pinned exactly in package.json. */
export const VERSIONS = {
  herdgate: pkg.version,
  herdsman: pkg.dependencies['zigbee-herdsman'],
  converters: pkg.dependencies['zigbee-herdsman-converters'],
};
