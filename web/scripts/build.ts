import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** One file the api serves: its content type, text body and whether its name carries its hash. */
export interface WebAsset {
  type: string;
  body: string;
  /** Hashed names never change content: cached for a year. */
  immutable: boolean;
  etag: string;
}

/** What the build writes to `web/dist/assets.json`: request path → asset. */
export interface WebBundle {
  files: Record<string, WebAsset>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** herdgate's one version, the repository's (the bridge reports the same in its MQTT info). */
const VERSION = (JSON.parse(readFileSync(join(ROOT, '..', 'package.json'), 'utf8')) as { version: string }).version;
export const ASSETS_PATH = join(ROOT, 'dist', 'assets.json');

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
};

function asset(path: string, body: string, immutable: boolean): [string, WebAsset] {
  const type = TYPES[path.slice(path.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return [path, { type, body, immutable, etag }];
}

/** Bundles `web/src` (Preact, JSX, CSS) with esbuild into hashed assets and an index page. */
export async function buildWebApp(): Promise<WebBundle> {
  const result = await build({
    entryPoints: [join(ROOT, 'src', 'main.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    entryNames: '[name]-[hash]',
    outdir: join(ROOT, 'dist', 'assets'),
    write: false,
    legalComments: 'none',
    define: { __HERDGATE_VERSION__: JSON.stringify(VERSION) },
    logLevel: 'silent',
  });
  const files: Record<string, WebAsset> = {};
  const names: Record<string, string> = {};
  for (const output of result.outputFiles) {
    const name = output.path.slice(output.path.lastIndexOf('/') + 1);
    names[name.slice(name.lastIndexOf('.') + 1)] = `/assets/${name}`;
    const [path, entry] = asset(`/assets/${name}`, output.text, true);
    files[path] = entry;
  }
  if (!names.js || !names.css) throw new Error('web build: expected one script and one stylesheet');
  const html = readFileSync(join(ROOT, 'src', 'index.html'), 'utf8')
    .replace('%SCRIPT%', names.js)
    .replace('%STYLE%', names.css);
  for (const [path, entry] of [asset('/index.html', html, false), asset('/favicon.svg', readFileSync(join(ROOT, 'src', 'favicon.svg'), 'utf8'), false)])
    files[path] = entry;
  return { files };
}

/** Bytes of the script and stylesheet after gzip: what a first load transfers (the budget's unit). */
export function gzippedSize(bundle: WebBundle): number {
  return Object.entries(bundle.files)
    .filter(([path]) => path.startsWith('/assets/'))
    .reduce((sum, [, entry]) => sum + gzipSync(entry.body, { level: 9 }).length, 0);
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export async function writeWebApp(): Promise<WebBundle> {
  const bundle = await buildWebApp();
  mkdirSync(dirname(ASSETS_PATH), { recursive: true });
  const json = JSON.stringify(bundle);
  // Unchanged content is not rewritten: a running `wrangler dev` bundles this file with esbuild in
  // watch mode and restarts its Worker (dropping writes in flight) when the file is replaced.
  if (readIfPresent(ASSETS_PATH) === json) return bundle;
  // Renamed into place: a test or a starting api reading it meanwhile sees the old or the new build.
  const temporary = `${ASSETS_PATH}.${process.pid}.tmp`;
  writeFileSync(temporary, json);
  renameSync(temporary, ASSETS_PATH);
  return bundle;
}
