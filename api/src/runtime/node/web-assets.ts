import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { WebAssets } from '../../routes/web';

/**
 * The built web app (`@herdgate/web/assets`, written by its build: npm ci, npm start), read once
 * at start. Missing or unreadable: the api serves without it and `/` says how to build it.
 */
export function loadWebAssets(logger: Logger): WebAssets | undefined {
  try {
    const path = createRequire(import.meta.url).resolve('@herdgate/web/assets');
    const assets = JSON.parse(readFileSync(path, 'utf8')) as WebAssets;
    if (!assets.files?.['/index.html']) throw new Error('no /index.html in the build');
    return assets;
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'web app not built (npm run build -w @herdgate/web); / answers 503');
    return undefined;
  }
}
