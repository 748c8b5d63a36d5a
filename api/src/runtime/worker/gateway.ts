/**
 * The gateway on workerd: one Durable Object holds what the Node process holds in memory (store,
 * models, rules, schedules, the MQTT link to the bridge), so every write is serialised and ordered
 * as on Node. The Worker (`worker.ts`) routes every request here.
 */
import type { Context, Hono } from 'hono';
import { LogRing, recordFromPino } from '@herdgate/shared/log';
import { pino, type Logger } from 'pino';
import type { DurableObjectState, WebSocket as WorkerWebSocket } from '@cloudflare/workers-types';
import { createClient } from '@libsql/client/web';
import { drizzle } from 'drizzle-orm/libsql';
import migrations from 'herdgate:migrations';
import webAssets from 'herdgate:web-assets';
import type { AppEnv, Services } from '../../context';
import { startGateway } from '../../gateway/start-gateway';
import { connectMqttLink, createDisconnectedLink } from '../../bridge-link';
import { Teardown } from '../../lib/teardown';
import type { BridgeLink } from '../../services/bridge-link';
import { systemClock, type Clock } from '../../services/clock';
import { LOOPBACK_HOST } from '../../services/host-info';
import { applyMigrations } from '../../store/migrate';
import * as schema from '../../store/schema';
import type { Database } from '../../store/types';
import { EnvError, type GatewayEnv } from '../env';
import { parseWorkerEnv, publicWebsocketPort, websocketPortFor } from './env';
import { releaseSourceFrom } from '../../resources/gateway/software-update';
// Bundled at build time: workerd has no file system to read the version from.
import pkg from '../../../package.json' with { type: 'json' };
import { AlarmTimers } from './alarm-timers';
import { openDurableDatabase } from './sqlite-client';
import { eventMessages } from '../../events/deconz-view';
import { closeEventSockets, fanOut, isUpgrade, upgradeEventSocket } from './websocket';
import type { WebSocketPolicy } from '../../security/websocket-admission';

export type WorkerVars = Record<string, unknown>;

/** How often the alarm checks on the bridge link while nothing else is due. */
export const LINK_WATCHDOG_MS = 30_000;

export interface Started {
  app: Hono<AppEnv>;
  services: Services;
  timers: AlarmTimers;
  bridge: BridgeLink;
  /** PUBLIC_WEBSOCKET_PORT, if given; otherwise clients are told the port the request came in on. */
  publicWebsocketPort: number | undefined;
  /** Logs (once per change) whether the bridge link is up; called from the alarm. */
  watchLink(): void;
  websocketPolicy: WebSocketPolicy;
}

function linkWatcher(bridge: BridgeLink, logger: Logger, enabled: boolean): () => void {
  let last = true;
  return () => {
    const up = bridge.connected();
    if (enabled && up !== last) {
      if (up) logger.info('bridge link up');
      else logger.warn('bridge link down; mqtt.js keeps reconnecting with backoff');
    }
    last = up;
  };
}

function stringVars(env: WorkerVars): Record<string, string | undefined> {
  const vars: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === 'string') vars[name] = value;
  return vars;
}

/** An `err` as Node's pino writes it; the browser build would keep the Error, which JSON shows as `{}`. */
function serializeError(err: unknown): unknown {
  return err instanceof Error ? { type: err.constructor.name, message: err.message, stack: err.stack } : err;
}

const WARN = 40;

/**
 * pino's browser build (what workerd gets) writes objects; one JSON line each keeps logs structured.
 * Warnings and errors also go to `logs` (the log view) whatever `level` prints.
 */
function createLogger(level: string, logs: LogRing, print: (record: object) => void = (record) => console.log(JSON.stringify(record))): Logger {
  const printed = pino.levels.values[level] ?? Number.POSITIVE_INFINITY;
  const write = (record: object) => {
    const kept = recordFromPino(record as Record<string, unknown>, 'api');
    if (kept) logs.push(kept);
    if (((record as { level?: number }).level ?? 0) >= printed) print(record);
  };
  return pino({ level: printed < WARN ? level : 'warn', serializers: { err: serializeError }, browser: { asObject: true, serialize: true, write } });
}

/** The object's own SQLite storage, or a remote libSQL server for `libsql://` / `http(s)://` URLs. */
function openDatabase(ctx: DurableObjectState, env: GatewayEnv, raw: string | undefined): Database {
  if (raw === undefined || raw === '' || raw.startsWith('file:')) return openDurableDatabase(ctx.storage);
  return drizzle(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }), { schema });
}

function connectBridge(env: GatewayEnv, logger: Logger): BridgeLink {
  if (env.MQTT_URL === 'none') return createDisconnectedLink();
  return connectMqttLink({ url: env.MQTT_URL, user: env.MQTT_USER, password: env.MQTT_PASSWORD, base: env.MQTT_BASE_TOPIC, bridgeId: env.BRIDGE_ID, logger });
}

/** What a subclass may replace (the test entry's manual clock); production passes nothing. */
export interface GatewayObjectOptions {
  clock?: Clock;
  /** Where log records go (default: one JSON line each on the console). */
  logWrite?: (record: object) => void;
  /** Routes added to the app (the test entry's failing route). */
  extraRoutes?: (app: Hono<AppEnv>) => void;
}

/** What an object starts with: its settings (the Worker's vars, unless a subclass adds its own) and the options. */
export interface ObjectStart {
  vars: WorkerVars;
  options: GatewayObjectOptions;
}

async function start(ctx: DurableObjectState, vars: Record<string, string | undefined>, options: GatewayObjectOptions): Promise<Started> {
  const env = parseWorkerEnv(vars);
  const publicPort = publicWebsocketPort(vars);
  const logs = new LogRing();
  const logger = createLogger(env.LOG_LEVEL, logs, options.logWrite);
  if (vars.WEBSOCKET_PORT)
    logger.warn(
      { WEBSOCKET_PORT: vars.WEBSOCKET_PORT },
      'WEBSOCKET_PORT is ignored on workerd: WebSockets are served on the port of the request (PUBLIC_WEBSOCKET_PORT names another)',
    );
  const teardown = new Teardown(logger);
  try {
    const db = openDatabase(ctx, env, vars.DATABASE_URL);
    const applied = await applyMigrations(db, migrations);
    if (applied > 0) logger.info({ applied }, 'database migrated');
    const bridge = connectBridge(env, logger);
    teardown.add('bridge link', () => bridge.close());
    const timers = new AlarmTimers(ctx.storage, logger, env.MQTT_URL === 'none' ? undefined : LINK_WATCHDOG_MS);
    // Cloudflare's edge names the client; a bare workerd (no header) cannot tell, so nothing is loopback.
    const clientAddress = (c: Context<AppEnv>) => c.req.header('CF-Connecting-IP');
    const { app, services } = await startGateway({
      // No folder to keep archives in: automatic backups are off, exports are downloaded.
      db,
      env: { ...env, BACKUP_INTERVAL_HOURS: 0 },
      logger,
      clock: options.clock ?? systemClock,
      timers,
      bridge,
      host: LOOPBACK_HOST,
      teardown,
      clientAddress,
      version: pkg.version,
      releases: releaseSourceFrom(env.RELEASES_URL),
      web: { assets: webAssets },
      extraRoutes: options.extraRoutes,
      logs,
    });
    services.events.subscribe((message, event) => fanOut(ctx, eventMessages(message, event)));
    services.events.onRestartClients((reason) => closeEventSockets(ctx, reason));
    logger.info(
      { database: vars.DATABASE_URL?.startsWith('file:') === false ? 'libsql' : 'durable-object', bridge: env.MQTT_URL },
      'herdgate api started on workerd',
    );
    return {
      app,
      services,
      timers,
      bridge,
      publicWebsocketPort: publicPort,
      watchLink: linkWatcher(bridge, logger, env.MQTT_URL !== 'none'),
      websocketPolicy: {
        origins: services.options.corsOrigins,
        requireKey: env.WEBSOCKET_AUTH === 'key',
        maxClients: env.WEBSOCKET_MAX_CLIENTS,
        isKey: (candidate) => services.store.apiKey(candidate) !== undefined,
      },
    };
  } catch (err) {
    await teardown.run();
    throw err;
  }
}

/** A start that failed answers every request with why (a bad setting) or where to look. */
function startFailure(err: unknown): Response {
  const reason = err instanceof EnvError ? err.message : 'see the Worker log';
  const body = JSON.stringify([{ error: { address: '/', description: `herdgate could not start: ${reason}`, type: 901 } }]);
  return new Response(body, { status: 503, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

export class GatewayObject {
  private ready: Promise<Started> | undefined;

  constructor(
    protected readonly ctx: DurableObjectState,
    protected readonly env: WorkerVars,
    private readonly options: GatewayObjectOptions = {},
  ) {}

  /** The settings and options this object starts with: the Worker's vars (the test entry gives each object its own). */
  protected async startWith(): Promise<ObjectStart> {
    return { vars: this.env, options: this.options };
  }

  private start(): Promise<Started> {
    // Every event awaits the start, which the first event begins. Not blockConcurrencyWhile: a
    // storage transaction inside it (the start commits the gateway identity) waits for the gate it holds.
    const ready = this.startWith().then(({ vars, options }) => start(this.ctx, stringVars(vars), options));
    ready.catch((err: unknown) => console.error(JSON.stringify({ level: 50, msg: 'herdgate api could not start on workerd', err: String(err) })));
    return ready;
  }

  /** The started gateway; a failed start (e.g. a remote database that was down) is tried again. */
  protected async gateway(): Promise<Started> {
    this.ready ??= this.start();
    try {
      return await this.ready;
    } catch (err) {
      if (!(err instanceof EnvError)) this.ready = undefined;
      throw err;
    }
  }

  async fetch(request: Request): Promise<Response> {
    let gateway: Started;
    try {
      gateway = await this.gateway();
    } catch (err) {
      return startFailure(err);
    }
    gateway.services.options.websocketPort = websocketPortFor(new URL(request.url), gateway.publicWebsocketPort);
    if (isUpgrade(request)) return upgradeEventSocket(this.ctx, request, gateway.websocketPolicy);
    const response = await gateway.app.fetch(request);
    // A body nobody read (a 403 before parsing) would stall the next request on the connection.
    if (request.body !== null && !request.bodyUsed) await request.arrayBuffer().catch(() => undefined);
    return response;
  }

  async alarm(): Promise<void> {
    const gateway = await this.gateway();
    gateway.timers.fireDue();
    gateway.watchLink();
  }

  // Clients never need to send anything; what they send is ignored, as deCONZ does.
  webSocketMessage(): void {}

  webSocketClose(ws: WorkerWebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code);
    } catch {
      // Already closed.
    }
  }

  webSocketError(ws: WorkerWebSocket): void {
    this.webSocketClose(ws, 1011);
  }
}
