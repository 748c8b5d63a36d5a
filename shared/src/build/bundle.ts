/**
 * The one way herdgate turns a Node entry into plain JavaScript (`@herdgate/shared/build`): the
 * bridge (`bridge/scripts/build.ts`) and the api (`api/scripts/build.ts`) are each bundled with it
 * into one `.mjs` that `npm start`, the supervisor and the benchmarks run with plain `node`.
 *
 * Why: running TypeScript through the tsx loader keeps the loader, every transformed source and its
 * source map in the process (about 30 MiB of the bridge's RSS, docs/benchmarks.md). Our code and the
 * `@herdgate/*` workspaces are bundled; npm packages stay external and load from node_modules as they
 * are. The source map is written beside the bundle but not enabled at run time (it costs memory
 * too): `NODE_OPTIONS=--enable-source-maps` maps stack traces back to the .ts files.
 *
 * Several builds may run at once (tests, the supervisor): each file is written to a temporary name
 * and renamed, so a starting process never reads half a bundle. Bundles are never committed.
 * Build tooling only: nothing that runs in the gateway imports this module.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { build, stop, type Metafile, type Plugin } from 'esbuild';

export interface BuildResult {
  /** Absolute path of the bundle to run with plain `node`. */
  bundle: string;
  /** Source files that went into the bundle, relative to the repository root. */
  inputs: string[];
  /** Packages left to node_modules. */
  external: string[];
}

/** Workspace packages ship TypeScript, so they are bundled; every other package is external. */
function externalPackages(seen: Set<string>): Plugin {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@herdgate/') || args.path.startsWith('node:')) return undefined;
        seen.add(packageName(args.path));
        return { path: args.path, external: true };
      });
    },
  };
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * esbuild keeps a service child process (~25 MiB) alive until told to stop; a long-lived caller (the
 * supervisor) must not keep it. Stopped once no build is in flight.
 */
let building = 0;

/** Bundles `entry` into `outfile` (ESM, node20) with a linked source map beside it. */
export async function bundleEntry(entry: string, outfile: string): Promise<BuildResult> {
  building++;
  try {
    return await bundle(entry, outfile);
  } finally {
    if (--building === 0) await stop();
  }
}

async function bundle(entry: string, outfile: string): Promise<BuildResult> {
  const external = new Set<string>();
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [externalPackages(external)],
  });
  mkdirSync(dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = join(dirname(file.path), `.${basename(file.path)}.${process.pid}.${Date.now()}.tmp`);
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return { bundle: outfile, inputs: inputsOf(result.metafile), external: [...external].sort() };
}

const inputsOf = (metafile: Metafile) => Object.keys(metafile.inputs).sort();
