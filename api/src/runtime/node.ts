/**
 * `npm start -w @herdgate/api`: the api on Node. Reads the environment, starts the gateway and
 * closes it cleanly on SIGINT/SIGTERM (pending key last-use dates are flushed on the way out).
 */
import { pino } from 'pino';
import { exitWithParent } from '@herdgate/shared/node';
import { createNodeGateway } from './node-gateway';
import { EnvError, parseEnv } from './env';
import { defaultPasswordInUse } from '../security/default-password';

async function main(): Promise<void> {
  let level: string;
  let password: string;
  try {
    ({ LOG_LEVEL: level, GATEWAY_PASSWORD: password } = parseEnv(process.env));
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    process.stderr.write(`herdgate api: ${err.message}\n`);
    process.exit(1);
  }
  const logger = pino({ level });
  const gateway = await createNodeGateway(process.env, { logger });
  logger.info({ httpPort: gateway.httpPort, websocketPort: gateway.websocketPort }, 'herdgate api listening');
  // One machine-readable line for supervisors (npm start's banner), whatever the log level.
  const ready = { event: 'api-ready', httpPort: gateway.httpPort, websocketPort: gateway.websocketPort, defaultPassword: defaultPasswordInUse(gateway.services.store, password) };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    gateway.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  exitWithParent();
}

main().catch((err: unknown) => {
  process.stderr.write(`herdgate api: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
