/** `MATTER=1 npm start` runs this as its own child (docs/matter.md says why); also runnable alone. */
import { exitWithParent } from '@herdgate/shared/node';
import { runMatter } from './run-matter';

try {
  const running = await runMatter(process.env);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'matter: shutting down');
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        running.logger.error({ err }, 'matter: shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  exitWithParent();
} catch (err) {
  process.stderr.write(`herdgate matter: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
