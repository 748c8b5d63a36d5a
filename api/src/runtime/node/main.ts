/**
 * `npm start -w @herdgate/api`: the api on Node. Reads the environment, starts the gateway and
 * closes it cleanly on SIGINT/SIGTERM (pending key last-use dates are flushed on the way out).
 * Imported rather than run (the one-process gateway loads the bundle), it only exports the start
 * function.
 */
import { exitWithParent, isMainModule } from '@herdgate/shared/node';
import { EnvError, startApiProcess } from './run-api';

export { EnvError, startApiProcess } from './run-api';

async function main(): Promise<void> {
  let started: Awaited<ReturnType<typeof startApiProcess>>;
  try {
    started = await startApiProcess(process.env);
  } catch (err) {
    if (!(err instanceof EnvError)) throw err;
    process.stderr.write(`herdgate api: ${err.message}\n`);
    process.exit(1);
  }
  const { gateway, logger } = started;
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

if (isMainModule(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`herdgate api: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
