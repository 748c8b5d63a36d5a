import type { BoundItem } from './bindings';
import type { ItemRule } from './item-rules';
import { clamp, isNumber } from './values';

/** ZHAAirQuality `airqualityppb`: the VOC reading. */
export const AIR_QUALITY_RULES: readonly ItemRule[] = [
  {
    item: 'airqualityppb',
    section: 'state',
    types: ['ZHAAirQuality'],
    exposes: ['voc'],
    read: (get) => {
      const ppb = get('voc');
      return isNumber(ppb) ? clamp(Math.round(ppb), 0, 65534) : undefined;
    },
  },
];

/**
 * ZHAAirQuality `airquality`: the device's own verdict where it gives one (Aqara's monitor does),
 * else deCONZ's generic thresholds on the VOC reading.
 */
export const AIR_QUALITY_ITEMS: readonly BoundItem[] = [
  {
    item: 'airquality',
    section: 'state',
    keys: [
      { key: 'air_quality', kind: 'enum' },
      {
        key: 'voc',
        kind: 'thresholds',
        limits: [
          [65, 'excellent'],
          [220, 'good'],
          [660, 'moderate'],
          [5000, 'unhealthy'],
        ],
        above: 'out of scale',
      },
    ],
  },
];
