/**
 * Builds the bridge into one plain-JavaScript file, `bridge/dist/main.mjs`: what `npm run
 * start:bridge`, `npm start` (scripts/start.ts) and the bridge benchmark run.
 *
 * Why: running the TypeScript through the tsx loader keeps the loader, every transformed source
 * and its source map in the bridge process, about 30 MiB of its RSS with 50 devices (measured in
 * docs/benchmarks.md, bridge section). Our code and @herdgate/shared are bundled; npm packages stay
 * external and load from node_modules as they are (converters loads vendor files on demand from
 * its own folder). The source map is written beside the bundle but not enabled at run time (it
 * costs memory too): `NODE_OPTIONS=--enable-source-maps` maps stack traces back to the .ts files.
 *
 * Several builds may run at once (tests, the supervisor): each file is written to a temporary
 * name and renamed, so a starting bridge never reads half a bundle. The output is never committed.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop, type Metafile, type Plugin } from 'esbuild';

const BRIDGE = fileURLToPath(new URL('..', import.meta.url));
export const BRIDGE_ENTRY = join(BRIDGE, 'src', 'main.ts');
/** Must stay a sibling of src/: main.ts and radio-child.ts find the virtual radio relative to it. */
export const BRIDGE_BUNDLE = join(BRIDGE, 'dist', 'main.mjs');

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

const packageName = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * esbuild keeps a service child process (~25 MiB) alive until told to stop; a long-lived caller (the
 * supervisor) must not keep it. Stopped once no build of this module is in flight.
 */
let building = 0;

export async function buildBridge(outfile = BRIDGE_BUNDLE): Promise<BuildResult> {
  building++;
  try {
    return await bundle(outfile);
  } finally {
    if (--building === 0) await stop();
  }
}

async function bundle(outfile: string): Promise<BuildResult> {
  const external = new Set<string>();
  const result = await build({
    entryPoints: [BRIDGE_ENTRY],
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

// `tsx bridge/scripts/build.ts` (the workspace's build / prestart script).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { bundle, inputs, external } = await buildBridge();
  process.stdout.write(`bridge built: ${bundle} (${inputs.length} sources; external: ${external.join(', ')})\n`);
}
