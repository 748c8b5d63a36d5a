/**
 * Which single sensors the collections benchmark reads: ids are allocated in pairing order, so "the
 * first ZHA sensor" is a different model from run to run (a switch, a temperature sensor, a
 * thermostat whose values change every few seconds). So each sensor's changes are counted over a
 * window (its ETag moving, sampled every second) and two are read: a quiet one (no change in the
 * window) and the most changing one, each named with its change count.
 */
export interface SensorPick {
  label: string;
  id: string;
  type: string;
  /** Samples (of `windowMs / 1000`) in which its ETag had moved. */
  changes: number;
}

type SensorBodies = Record<string, { type: string; etag: string }>;

export async function pickSensors(
  read: () => Promise<SensorBodies>,
  windowMs: number,
): Promise<{ picks: SensorPick[]; first: SensorBodies; changes: Map<string, number> }> {
  const first = await read();
  const changes = new Map(Object.keys(first).map((id) => [id, 0]));
  let last = first;
  for (let t = 0; t < windowMs; t += 1_000) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await read();
    for (const id of Object.keys(now)) if (now[id]!.etag !== last[id]?.etag) changes.set(id, (changes.get(id) ?? 0) + 1);
    last = now;
  }
  const devices = Object.keys(first).filter((id) => first[id]!.type.startsWith('ZHA'));
  const pool = devices.length > 0 ? devices : Object.keys(first);
  const quiet = pool.find((id) => changes.get(id) === 0) ?? pool[0]!;
  const chatty = [...pool].sort((a, b) => changes.get(b)! - changes.get(a)!)[0]!;
  const pick = (label: string, id: string): SensorPick => ({ label, id, type: first[id]!.type, changes: changes.get(id)! });
  return { picks: [pick('quiet', quiet), pick('most changing', chatty)], first, changes };
}
