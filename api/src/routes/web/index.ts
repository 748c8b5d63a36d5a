import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../context';
import { pageHeaders } from './content-policy';
import type { WebAsset, WebAssets } from './types';

export type { WebAsset, WebAssets } from './types';

const NOT_BUILT =
  '<!doctype html><title>herdgate</title><p>The web app is not built. Run <code>npm run build -w @herdgate/web</code> (npm ci does it) and start again. The REST API is at <code>/api</code>.</p>';

function send(c: Context<AppEnv>, asset: WebAsset): Response {
  const headers: Record<string, string> = {
    ...pageHeaders(new URL(c.req.url).hostname),
    'Content-Type': asset.type,
    ETag: asset.etag,
    // Hashed names never change; the page itself is checked each time so a new build shows at once.
    'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (c.req.header('If-None-Match') === asset.etag) return c.body(null, 304, headers);
  return c.body(asset.body, 200, headers);
}

/**
 * The web app at `/` (`/index.html`, `/assets/<hashed name>`, `/favicon.svg`). GET and HEAD only;
 * nothing under `/api` is touched. Without a build, `/` says how to make one (503).
 */
export function webRoutes(assets: WebAssets | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', (c) => {
    const page = assets?.files['/index.html'];
    return page ? send(c, page) : c.html(NOT_BUILT, 503, pageHeaders(new URL(c.req.url).hostname));
  });
  for (const path of ['/index.html', '/favicon.svg', '/assets/:name']) {
    routes.get(path, async (c, next) => {
      const asset = assets?.files[c.req.path];
      if (!asset) return next();
      return send(c, asset);
    });
  }
  return routes;
}

/**
 * For a browser asking for a page the app does not have (a bookmarked `/rules`): the app itself,
 * which opens its default page. Anything else (API clients, `/api/...`, non-GET) returns undefined
 * and gets the deCONZ answer.
 */
export function webFallback(c: Context<AppEnv>, assets: WebAssets | undefined): Response | undefined {
  const page = assets?.files['/index.html'];
  if (!page || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return undefined;
  if (c.req.path === '/api' || c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) return undefined;
  if (!(c.req.header('Accept') ?? '').includes('text/html')) return undefined;
  return send(c, page);
}
