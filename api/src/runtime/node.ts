/**
 * `npm start -w @herdgate/api`: the api on Node. Reads the environment, starts the gateway and
 * closes it cleanly on SIGINT/SIGTERM (pending key last-use dates are flushed on the way out).
 */
import { pino } from 'pino';
import { exitWithParent } from '@herdgate/shared/node';
import { createNodeGateway } from './node-gateway';
import { EnvError, parseEnv } from './env';

async function main(): Promise<void> {
  let level: string;
  try {
    level = parseEnv(process.env).LOG_LEVEL;
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    process.stderr.write(`herdgate api: ${err.message}\n`);
    process.exit(1);
  }
  const logger = pino({ level });
  const gateway = await createNodeGateway(process.env, { logger });
  logger.info({ httpPort: gateway.httpPort, websocketPort: gateway.websocketPort }, 'herdgate api listening');
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
