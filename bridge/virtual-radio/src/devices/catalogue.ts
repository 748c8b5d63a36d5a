/**
 * Loads `catalogue/*.json` and checks each file twice: its shape (valibot) and its references
 * (every cluster, attribute and command name must exist in the ZCL tables), so a typo fails at start
 * with the file and path instead of misbehaving at run time.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { attributeByName, commandByName, resolveCluster, typeById } from '../zcl/index';
import { type CatalogueEntry, CatalogueEntrySchema } from './catalogue-schema';
import { datapointProblem } from './tuya-mcu';

export class CatalogueError extends Error {
  override name = 'CatalogueError';
}

export const defaultCatalogueDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'catalogue');

export function parseCatalogueEntry(source: string, json: unknown): CatalogueEntry {
  const result = v.safeParse(CatalogueEntrySchema, json);
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`);
    throw new CatalogueError(`${source}: ${issues.join('; ')}`);
  }
  const problems = referenceProblems(result.output);
  if (problems.length > 0) throw new CatalogueError(`${source}: ${problems.join('; ')}`);
  return result.output;
}

function referenceProblems(entry: CatalogueEntry): string[] {
  const problems: string[] = [];
  entry.endpoints.forEach((ep, i) => {
    for (const [clusterName, attrs] of Object.entries(ep.attributes)) {
      const cluster = resolveCluster(clusterName);
      if (!cluster) {
        problems.push(`endpoints.${i}.attributes.${clusterName}: unknown cluster`);
        continue;
      }
      for (const name of Object.keys(attrs)) {
        if (!attributeByName(cluster, name)) problems.push(`endpoints.${i}.attributes.${clusterName}.${name}: unknown attribute`);
      }
    }
  });
  for (const [button, kinds] of Object.entries(entry.buttons ?? {})) {
    for (const [kind, emissions] of Object.entries(kinds)) {
      emissions.forEach((e, i) => {
        const at = `buttons.${button}.${kind}.${i}`;
        const cluster = resolveCluster(e.cluster);
        if (e.report !== undefined) {
          if (!cluster) problems.push(`${at}.cluster: unknown cluster ${e.cluster}`);
          else if (!attributeByName(cluster, e.report.attribute)) problems.push(`${at}.report: ${cluster.name} has no attribute ${e.report.attribute}`);
        } else if (e.command !== undefined) {
          if (!cluster) problems.push(`${at}.cluster: unknown cluster ${e.cluster}`);
          else if (!commandByName(cluster, 'toServer', e.command)) problems.push(`${at}.command: ${cluster.name} has no command ${e.command}`);
        } else if (e.commandId === undefined) {
          problems.push(`${at}: give either command or commandId`);
        } else if (typeof e.cluster === 'string' && !cluster) {
          problems.push(`${at}.cluster: unknown cluster ${e.cluster}`);
        }
        for (const arg of e.args ?? []) {
          if (!knownType(arg.type)) problems.push(`${at}.args: unknown data type ${arg.type}`);
        }
      });
    }
  }
  if (entry.ota) {
    const ep =
      entry.ota.endpoint === undefined
        ? entry.endpoints.find((e) => e.outClusters.includes(0x0019))
        : entry.endpoints.find((e) => e.id === entry.ota!.endpoint);
    if (!ep?.outClusters.includes(0x0019)) problems.push('ota.endpoint: no endpoint with the OTA client cluster (out-cluster 0x0019)');
  }
  if (entry.tuya) {
    const ep = entry.endpoints.find((e) => e.id === entry.tuya!.endpoint);
    if (!ep?.inClusters.includes(0xef00)) problems.push(`tuya.endpoint: endpoint ${entry.tuya.endpoint} has no manuSpecificTuya (0xef00) server cluster`);
    const { datapoints, follows } = entry.tuya;
    for (const [dp, spec] of Object.entries(datapoints)) {
      const problem = datapointProblem(spec, spec.value);
      if (problem) problems.push(`tuya.datapoints.${dp}.value: ${problem}`);
    }
    follows.forEach((rule, i) => {
      for (const side of ['when', 'set'] as const) {
        const spec = datapoints[rule[side].dp];
        const problem = spec ? datapointProblem(spec, rule[side].value) : 'no such data point';
        if (problem) problems.push(`tuya.follows.${i}.${side}: ${problem}`);
      }
    });
  }
  return problems;
}

function knownType(name: string): boolean {
  for (let id = 0; id < 0x100; id++) if (typeById(id) === name) return true;
  return false;
}

/** Reads every `*.json` in `dir`; the model key is the file name without `.json`. */
export function loadCatalogue(dir = defaultCatalogueDir): Map<string, CatalogueEntry> {
  const models = new Map<string, CatalogueEntry>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const path = join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new CatalogueError(`${path}: not valid JSON (${(err as Error).message})`);
    }
    models.set(basename(file, '.json'), parseCatalogueEntry(path, json));
  }
  return models;
}
