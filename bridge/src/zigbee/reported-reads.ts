import { Zcl, type Models } from 'zigbee-herdsman';

/**
 * Every attribute the device was configured to report, read once after pairing: a device reports
 * a value when it changes (or at its maximum interval, often an hour), so without a read REST shows
 * nothing until then (a thermometer holding 21.50 °C shows no temperature). The answers are
 * ordinary `readResponse` messages, which the definition's converters turn into state as they do
 * reports. What the initial-reads table already read is left out, and the reads are bounded per
 * device so a large device cannot hold the command path for long; they run in the background
 * after the interview, one cluster at a time, never at a restart (configure.ts readOnce).
 */
export const MAX_REPORTED_READS = 8;

interface Batch {
  cluster: string;
  attributes: string[];
  manufacturerCode?: number;
}

/** The reported attributes of one endpoint, grouped by cluster (and manufacturer code), minus `done`. */
export function reportedBatches(reportings: Models.Endpoint['configuredReportings'], done: ReadonlySet<string>): Batch[] {
  const batches = new Map<string, Batch>();
  for (const { cluster, attribute } of reportings) {
    if (done.has(`${cluster.name}.${attribute.name}`)) continue;
    const code = attribute.manufacturerCode ?? cluster.manufacturerCode;
    const key = `${cluster.name}#${code ?? ''}`;
    const batch = batches.get(key) ?? { cluster: cluster.name, attributes: [], ...(code !== undefined ? { manufacturerCode: code } : {}) };
    if (!batch.attributes.includes(attribute.name)) batch.attributes.push(attribute.name);
    batches.set(key, batch);
  }
  return [...batches.values()];
}

/** Reads the batches of every endpoint, at most `limit` in all; the failed clusters with why. */
export async function readReported(
  device: Models.Device,
  done: ReadonlySet<string>,
  limit = MAX_REPORTED_READS,
): Promise<{ read: number; failed: Array<{ endpoint: number; cluster: string; err: unknown }> }> {
  const outcome = { read: 0, failed: [] as Array<{ endpoint: number; cluster: string; err: unknown }> };
  let left = limit;
  for (const endpoint of device.endpoints) {
    for (const batch of reportedBatches(endpoint.configuredReportings, done)) {
      if (left-- <= 0) return outcome;
      try {
        await endpoint.read(batch.cluster, batch.attributes as never, batch.manufacturerCode !== undefined ? { manufacturerCode: batch.manufacturerCode } : {});
        outcome.read += 1;
      } catch (err) {
        // A non-success record fails the read in herdsman, but the answer's values reached the converters.
        if (err instanceof Zcl.StatusError) outcome.read += 1;
        else outcome.failed.push({ endpoint: endpoint.ID, cluster: batch.cluster, err });
      }
    }
  }
  return outcome;
}
