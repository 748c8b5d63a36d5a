import type { Definition } from 'zigbee-herdsman-converters';

/**
 * Boolean attributes some converters misread. herdsman decodes a ZCL boolean (type 0x10) as the
 * number 0 or 1, but the converters' Hue motion sensor reader compares `ledIndication === true`, so
 * a sensor whose LED indication is on reads as off from every report and read answer; only the
 * converters' own write put `true` in the state. The bridge reads the same attribute again, beside
 * the definition's converter for the same frame, and keeps its key as the boolean the device holds.
 */
type FzConverter = Definition['fromZigbee'][number];

interface BooleanAttribute {
  cluster: string;
  /** The attribute's name in the device's cluster definition (custom clusters included). */
  attribute: string;
  /** The converter key the definition's own reader sets from it. */
  key: string;
}

const MISREAD: readonly BooleanAttribute[] = [
  // Signify's genBasic 0x0033 (Hue motion sensors): blink the LED on motion.
  { cluster: 'genBasic', attribute: 'ledIndication', key: 'led_indication' },
];

export const BOOLEAN_ATTRIBUTE_CONVERTERS: readonly FzConverter[] = MISREAD.map(({ cluster, attribute, key }) => ({
  cluster,
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const value = (msg.data as Record<string, unknown>)[attribute];
    return typeof value === 'number' || typeof value === 'boolean' ? { [key]: value === true || value === 1 } : undefined;
  },
}));
