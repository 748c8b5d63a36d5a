/**
 * The api as a process runs it: the environment checked, the root logger, the Node gateway started
 * and its machine-readable ready line printed. node.ts runs it as the api's own process; the
 * one-process gateway (scripts/one-process/) runs it beside the bridge through the bundle's exports
 * (`@herdgate/api/run` names the types).
 */
import type { Logger } from 'pino';
import { LogRing } from '@herdgate/shared/log';
import { ringLogger } from '@herdgate/shared/node/logger';
import { createNodeGateway, type NodeGateway } from './gateway';
import { parseEnv } from '../env';
import { defaultPasswordInUse } from '../../security/default-password';

export { EnvError } from '../env';

export interface StartedApi {
  gateway: NodeGateway;
  logger: Logger;
}

/**
 * Throws EnvError before anything starts, or the start error. `tag` adds a `process` field to every
 * log and ready line, when several halves share one process's output.
 */
export async function startApiProcess(env: Record<string, string | undefined>, tag?: string): Promise<StartedApi> {
  const { LOG_LEVEL: level, GATEWAY_PASSWORD: password } = parseEnv(env);
  const logs = new LogRing();
  const root = ringLogger(level, logs, 'api');
  const logger = tag ? root.child({ process: tag }) : root;
  const gateway = await createNodeGateway(env, { logger, logs });
  logger.info({ httpPort: gateway.httpPort, websocketPort: gateway.websocketPort }, 'herdgate api listening');
  // One machine-readable line for supervisors (npm start's banner), whatever the log level.
  const ready = {
    event: 'api-ready',
    ...(tag ? { process: tag } : {}),
    httpPort: gateway.httpPort,
    websocketPort: gateway.websocketPort,
    defaultPassword: defaultPasswordInUse(gateway.services.store, password),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  return { gateway, logger };
}
