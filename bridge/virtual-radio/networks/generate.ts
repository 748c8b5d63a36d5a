/**
 * Writes a large network definition to stdout: `npx tsx networks/generate.ts <count> [seed]`.
 * The mix follows a typical home: mostly lights and plugs (the routers that carry the mesh), then
 * sensors, contacts and buttons (end devices), a few covers, thermostats and keypads. Models come
 * from the catalogue folder (key = file name); a model missing from the weights gets weight 1.
 * IEEE addresses are deterministic (`00124b01` + index), so the same count gives the same network.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NetworkDefinition } from '../src/network-definition';

const WEIGHTS: Record<string, number> = {
  LCT015: 14,
  LWB010: 12,
  'TRADFRI-bulb-E27-WW-806lm': 12,
  'TRADFRI-control-outlet': 10,
  TH01: 10,
  SML001: 8,
  DS01: 10,
  WB01: 6,
  'TRADFRI-remote-control': 6,
  'FYRTUR-block-out-roller-blind': 4,
  'Zen-01': 4,
  '3400': 2,
  'SmokeSensor-N': 2,
  'WaterSensor-N': 2,
  'COSensor-N': 1,
  'SP-120': 4,
  HBUniversalCFRemote: 1,
  eTRV0100: 2,
  MFKZQ01LM: 2,
  RDM001: 2,
  'ZBT-Remote-ALL-RGBW': 2,
  'lumi.remote.b28ac1': 2,
  'Super-TR': 1,
  'Adapter-Zigbee-FUJITSU': 1,
  SPZB0001: 2,
  AC201: 1,
  'SYMFONISK-Sound-Controller': 1,
  'TS0601-_TZE200_ckud7u2l': 2,
  'S2-5502': 2,
  'J1-5502': 1,
};

/** Models that pair by permit join alone (install-code models wait for their code, so not here). */
export function catalogueModels(dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'catalogue')): string[] {
  const pairsFreely = (file: string) => !('installCode' in (JSON.parse(readFileSync(join(dir, file), 'utf8')) as object));
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && pairsFreely(f))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** A deterministic pseudo-random sequence (mulberry32), so a seed reproduces a network. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateNetwork(count: number, models: string[], seed = 1): NetworkDefinition {
  if (models.length === 0) throw new Error('the catalogue has no models');
  const weighted = models.map((m) => ({ model: m, weight: WEIGHTS[m] ?? 1 }));
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  const next = random(seed);
  const devices = Array.from({ length: count }, (_, i) => {
    // Every model at least once, then by weight.
    let pick = i < weighted.length ? weighted[i] : undefined;
    for (let r = next() * total; !pick; ) {
      for (const w of weighted)
        if ((r -= w.weight) < 0) {
          pick = w;
          break;
        }
      pick ??= weighted[weighted.length - 1];
    }
    return { model: pick.model, ieee: `00124b01${(i + 1).toString(16).padStart(8, '0')}`, name: `${pick.model} ${i + 1}` };
  });
  return { description: `${count} generated devices (seed ${seed})`, devices };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = Number(process.argv[2] ?? 200);
  if (!Number.isInteger(count) || count < 1 || count > 65000) {
    process.stderr.write('usage: generate.ts <count 1..65000> [seed]\n');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(generateNetwork(count, catalogueModels(), Number(process.argv[3] ?? 1)), null, 2)}\n`);
}
