import type { Definition } from 'zigbee-herdsman-converters';

/**
 * Xiaomi's smoke detector keeps its sensitivity in a Lumi status attribute of its IAS zone (0xfff0,
 * manufacturer 0x115f, 64 bits: 0x01LL…, LL 1 low, 2 medium, 3 high), which deCONZ reads when the
 * detector pairs and every hour. The converters write the sensitivity but never read it, so it was
 * unknown until written: the bridge reads the attribute (initial-reads.ts) and names the level here,
 * for a definition with no reader of its own for the frame (the gas detector's definition has one).
 */
type FzConverter = Definition['fromZigbee'][number];

/** The attribute's id, as herdsman keys it in a frame (its cluster table names no such attribute). */
export const LUMI_STATUS = 0xfff0;
const LEVELS: Readonly<Record<number, string>> = { 1: 'low', 2: 'medium', 3: 'high' };

/** The status as a 64-bit value (herdsman decodes a uint64 as a bigint). */
function asBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if ((typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^(0x[0-9a-f]+|\d+)$/i.test(value))) return BigInt(value);
  return undefined;
}

export const lumiSmokeStatusFromZigbee: FzConverter = {
  cluster: 'ssIasZone',
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const status = asBigInt((msg.data as Record<string, unknown>)[String(LUMI_STATUS)]);
    const level = status === undefined ? undefined : LEVELS[Number((status >> 48n) & 0xffn)];
    return level ? { sensitivity: level } : undefined;
  },
};
