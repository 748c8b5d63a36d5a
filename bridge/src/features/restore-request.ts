import type { RequestPayloads, ResponsePayloads } from '@herdgate/shared/mqtt';
import { checkRestore, restoredId, swapInRestore } from '../backup/restore-files';
import { RequestError } from './error-codes';
import type { FeatureDeps } from './types';

/**
 * `backup/restore`: the api hands the bridge its part of a restore. Checked whole against this
 * stick first (a check request stops there); then herdsman stops, the files are swapped in
 * atomically and the bridge restarts on them (`deps.restart`, after the answer is out), where
 * zigbee-herdsman resumes the network, or writes it onto a stick that holds another one. A failure
 * before the swap committed starts herdsman again on the old files.
 */
type Payload = Omit<RequestPayloads['backup/restore'], 'transaction'>;
type Answer = ResponsePayloads['backup/restore'];

export function createRestoreHandler(deps: FeatureDeps): (payload: Payload) => Promise<Answer> {
  const { radio, status, registry, bus } = deps;
  const log = deps.logger.child({ feature: 'restore' });
  let running = false;

  return async (payload) => {
    const started = status.started;
    const stick = { adapter: started.coordinator.type, coordinator: started.coordinator.ieee, network: started.network, devices: registry.all().length };
    const checked = await checkRestore(payload, stick);
    const { answer } = checked;
    if (payload.check) {
      log.info({ id: answer.id, stick: answer.stick, replaces: answer.replaces }, 'restore checked, nothing changed');
      return answer;
    }
    if ((await restoredId(deps.config.dataDir)) === answer.id) {
      log.info({ id: answer.id }, 'restore already done: the bridge runs on its files');
      return { ...answer, restored: true };
    }
    if (running || status.state !== 'up') throw new RequestError(`the network is ${running ? 'restoring' : status.state}`, 'busy');
    running = true;
    status.state = 'restoring';
    bus.emit('infoChanged', {});
    if (answer.replaces) {
      log.warn(
        { id: answer.id, stick: answer.coordinator, backup: answer.backup, replaces: answer.replaces },
        'restoring onto another stick: zigbee-herdsman writes the backed-up network over the one it holds',
      );
    }
    log.info({ id: answer.id, files: answer.files }, 'restore: stopping zigbee-herdsman and swapping the data files');
    try {
      await swapInRestore(deps.config.dataDir, checked, () => radio.suspend());
    } catch (err) {
      running = false;
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'restore failed before the swap committed; starting again on the old files');
      if (!radio.isUp())
        status.started = await radio.resume().catch((again: unknown) => {
          log.error({ err: again }, 'the network could not be started again');
          return status.started;
        });
      status.state = radio.isUp() ? 'up' : 'down';
      bus.emit('infoChanged', {});
      throw new RequestError(`restore failed, nothing changed: ${reason}`, 'internal');
    }
    log.info({ id: answer.id }, 'restore: files swapped in; the bridge restarts on them');
    deps.restart('restore');
    return { ...answer, restored: true };
  };
}
