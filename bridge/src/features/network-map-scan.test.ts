import { describe, expect, it } from 'vitest';
import type { NetworkMapProgress } from '@herdgate/shared/mqtt';
import type { Neighbour } from '../zigbee/index';
import { scanNetwork, type ScanNode } from './network-map-scan';

const C = '0x00212effff000001';
const R1 = '0x0017880100000001';
const R2 = '0x0017880100000002';
const E1 = '0x00124b0000000001';
const STRAY = '0x0000000000000bad';

const entry = (ieee: string, relationship: Neighbour['relationship'], lqi: number, type: Neighbour['type'] = 'Router', depth = 1): Neighbour => ({
  ieee,
  nwk: 1,
  type,
  relationship,
  depth,
  lqi,
});

describe('network map scan', () => {
  it('should ask the coordinator and routers only, turn tables into links and mark a silent router', async () => {
    const tables: Record<string, Neighbour[] | Error> = {
      [C]: [entry(R1, 'child', 200), entry(R2, 'child', 150), entry(STRAY, 'child', 90)],
      [R1]: [entry(C, 'parent', 200, 'Coordinator', 0), entry(E1, 'child', 170, 'EndDevice', 2), entry(R1, 'none', 1)],
      [R2]: new Error('neighbour table of R2: no answer within 100 ms'),
    };
    const asked: string[] = [];
    const progress: NetworkMapProgress[] = [];
    let clock = 1_000;
    const devices: ScanNode[] = [
      { ieee: R1, nwk: 0x1111, type: 'Router' },
      { ieee: R2, nwk: 0x2222, type: 'Router' },
      { ieee: E1, nwk: 0x3333, type: 'Unknown' },
    ];
    const map = await scanNetwork({
      coordinator: { ieee: C, nwk: 0, type: 'Coordinator' },
      devices,
      now: () => (clock += 100),
      onProgress: (p) => progress.push(p),
      ask: async (ieee) => {
        asked.push(ieee);
        const table = tables[ieee]!;
        if (table instanceof Error) throw table;
        return table;
      },
    });
    expect(asked).toEqual([C, R1, R2]);
    expect(map.nodes).toEqual([
      { ieee: C, nwk: 0, type: 'Coordinator', reachable: true },
      { ieee: R1, nwk: 0x1111, type: 'Router', reachable: true },
      { ieee: R2, nwk: 0x2222, type: 'Router', reachable: false, error: 'neighbour table of R2: no answer within 100 ms' },
      { ieee: E1, nwk: 0x3333, type: 'EndDevice', reachable: null },
    ]);
    // The stray neighbour (unknown to the bridge) and R1's own entry are left out.
    expect(map.links).toEqual([
      { source: R1, target: C, lqi: 200, depth: 1, relationship: 'child' },
      { source: R2, target: C, lqi: 150, depth: 1, relationship: 'child' },
      { source: C, target: R1, lqi: 200, depth: 0, relationship: 'parent' },
      { source: E1, target: R1, lqi: 170, depth: 2, relationship: 'child' },
    ]);
    expect(progress).toEqual([
      { done: 0, total: 3 },
      { done: 1, total: 3, ieee: C, reachable: true, neighbours: 3 },
      { done: 2, total: 3, ieee: R1, reachable: true, neighbours: 3 },
      { done: 3, total: 3, ieee: R2, reachable: false, neighbours: 0 },
    ]);
    expect(map.duration_ms).toBe(100);
    expect(map.scannedat).toBe(new Date(1_200).toISOString());
  });
});
