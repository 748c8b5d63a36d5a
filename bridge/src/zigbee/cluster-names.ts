import { Zcl } from 'zigbee-herdsman';

/** herdsman's name of a ZCL cluster id (`genOnOff`), or the id as text when it knows none. */
export function clusterName(id: number): string {
  try {
    return Zcl.Utils.getCluster(id, undefined, {}).name;
  } catch {
    return String(id);
  }
}
