import { Hono, type Context } from 'hono';
import type { AppEnv, Services } from './context';
import { preflight } from './middleware/cors';
import { onError } from './middleware/error-handler';
import { fallThrough } from './middleware/fall-through';
import { requestContext } from './middleware/request-context';
import { requireKey } from './middleware/require-key';
import { alarmsystemRoutes, alarmsystemsRoutes } from './routes/alarmsystems';
import { authRoutes } from './routes/auth';
import { configRoutes, publicConfigRoutes } from './routes/config';
import { ddfRoutes } from './routes/ddf';
import { devicesRoutes } from './routes/devices';
import { fullStateRoutes } from './routes/full-state';
import { groupsRoutes } from './routes/groups';
import { lightsRoutes } from './routes/lights';
import { logsRoutes } from './routes/logs';
import { networkmapRoutes } from './routes/networkmap';
import { matterRoutes } from './routes/matter';
import { resourcelinksRoutes } from './routes/resourcelinks';
import { rulesRoutes } from './routes/rules';
import { scenesRoutes } from './routes/scenes';
import { schedulesRoutes } from './routes/schedules';
import { fileuploadRoutes } from './routes/fileupload';
import { sensorsRoutes } from './routes/sensors';
import { touchlinkRoutes } from './routes/touchlink';
import { touchlinkGuard } from './middleware/touchlink-guard';
import { webFallback, webRoutes, type WebAssets } from './routes/web';
import { resetGuard } from './middleware/reset-guard';

/** The resource modules under `/api/<key>/<module>`; the fall-through tells known from unknown by it. */
const MODULES: Record<string, Hono<AppEnv>> = {
  alarmsystems: alarmsystemsRoutes,
  alarmsystem: alarmsystemRoutes,
  config: configRoutes,
  ddf: ddfRoutes,
  fileupload: fileuploadRoutes,
  devices: devicesRoutes,
  groups: groupsRoutes,
  lights: lightsRoutes,
  logs: logsRoutes,
  matter: matterRoutes,
  networkmap: networkmapRoutes,
  resourcelinks: resourcelinksRoutes,
  rules: rulesRoutes,
  scenes: scenesRoutes,
  schedules: schedulesRoutes,
  sensors: sensorsRoutes,
  touchlink: touchlinkRoutes,
};

/** How a runtime tells the peer address of a request (undefined where it cannot). */
export type ClientAddress = (c: Context<AppEnv>) => string | undefined;

export interface CreateAppOptions {
  /** Routes added after the common middleware and before the API (benchmarks, runtime extras). */
  extraRoutes?: (app: Hono<AppEnv>) => void;
  clientAddress?: ClientAddress;
  /** Serve the web app at `/` (`assets` undefined: not built, `/` says how to build it). */
  web?: { assets: WebAssets | undefined };
}

/** The platform-free gateway app: everything comes in through `services`. */
export function createApp(services: Services, options: CreateAppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Rule actions and schedule commands go through this very app, under their owner's key.
  services.internal.bind((request) => app.fetch(request));
  app.use('*', requestContext(services, options.clientAddress ?? (() => undefined)));
  app.options('*', preflight);
  options.extraRoutes?.(app);

  const keyed = new Hono<AppEnv>();
  keyed.use('*', requireKey);
  keyed.use('*', touchlinkGuard);
  keyed.use('*', resetGuard);
  keyed.route('/', fullStateRoutes);
  for (const [name, routes] of Object.entries(MODULES)) keyed.route(`/${name}`, routes);

  if (options.web) app.route('/', webRoutes(options.web.assets));
  app.route('/api', authRoutes);
  app.route('/api', publicConfigRoutes);
  app.route('/api/:key', keyed);
  const deconzNotFound = fallThrough(new Set(Object.keys(MODULES)));
  const web = options.web;
  app.notFound((c) => (web && webFallback(c, web.assets)) || deconzNotFound(c));
  app.onError(onError);
  return app;
}
