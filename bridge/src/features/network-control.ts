import type { RequestPayloads, ResponsePayloads } from '@herdgate/shared/mqtt';
import { generateNetworkParams } from '../zigbee/network-params';
import { RequestError } from './error-codes';
import type { FirmwareUpdater, NetworkStateName } from './network-status';
import type { FeatureDeps } from './types';

/**
 * Operations on the whole network: radio off/on, channel change, new network, firmware update,
 * and the gateway options the bridge applies. One operation at a time (another one meanwhile is
 * `busy`); each reports its stages as `network` bridge events and in the logs, and the bridge
 * info says what the network is doing (`network_state`) and what is true once it is done.
 */
type Operation = 'connect' | 'disconnect' | 'channel' | 'reset' | 'firmware';

/** Vendor tools named when the bridge cannot flash the adapter itself. */
const FLASH_TOOLS: Record<string, string> = {
  deconz: 'GCFFlasher (dresden elektronik)',
  zstack: 'cc2538-bsl or the TI Flash Programmer',
  ember: 'ember-zli or universal-silabs-flasher',
  zboss: 'the Nordic nRF Connect programmer',
  zigate: 'the ZiGate flasher',
  zoh: "the adapter vendor's flasher",
};

type Handlers = {
  [K in 'options' | 'network/connect' | 'network/channel' | 'network/reset' | 'firmware/update']: (
    payload: Omit<RequestPayloads[K], 'transaction'>,
  ) => Promise<ResponsePayloads[K]>;
};

export function createNetworkControl(deps: FeatureDeps, firmware: FirmwareUpdater | undefined): Handlers {
  const { radio, queue, bus, status, registry } = deps;
  const log = deps.logger.child({ feature: 'network-control' });
  let running: Operation | undefined;

  const progress = (operation: Operation, stage: string, message: string, error?: string) => {
    log[error ? 'warn' : 'info']({ operation, stage, ...(error ? { error } : {}) }, message);
    bus.emit('bridgeEvent', { type: 'network', ieee: status.started.coordinator.ieee, data: { operation, stage, message, ...(error ? { error } : {}) } });
  };

  /** Runs one operation exclusively, with `state` while it runs and `up`/`down` after. */
  const exclusive = async <T>(operation: Operation, state: NetworkStateName, work: () => Promise<T>): Promise<T> => {
    if (running) throw new RequestError(`a network operation (${running}) is in progress`, 'busy');
    running = operation;
    status.state = state;
    bus.emit('infoChanged', {});
    try {
      return await work();
    } finally {
      running = undefined;
      status.state = radio.isUp() ? 'up' : 'down';
      bus.emit('infoChanged', {});
    }
  };

  /** Starts the network again after a failure, so a failed operation never leaves it down. */
  const recover = async (operation: Operation, err: unknown): Promise<never> => {
    const reason = err instanceof Error ? err.message : String(err);
    progress(operation, 'failed', `${operation} failed: ${reason}`, reason);
    if (!radio.isUp()) {
      status.started = await radio.resume().catch((again: unknown) => {
        log.error({ err: again }, 'the network could not be started again');
        return status.started;
      });
    }
    throw new RequestError(`${operation} failed: ${reason}`, 'internal');
  };

  const requireUp = () => {
    if (!radio.isUp()) throw new RequestError('the Zigbee network is down (rfconnected false)', 'not_connected');
  };

  return {
    async options({ group_delay_ms, ota, light_lastseen_s }) {
      if (group_delay_ms !== undefined) queue.setGroupDelay(group_delay_ms);
      if (ota !== undefined) {
        status.options.ota = ota;
        radio.ota.setActive(ota);
      }
      if (light_lastseen_s !== undefined) status.options.light_lastseen_s = light_lastseen_s;
      status.options.group_delay_ms = queue.groupDelay();
      log.info(status.options, 'options applied');
      bus.emit('infoChanged', {});
      return { ...status.options };
    },

    async 'network/connect'({ connected }) {
      if (connected === radio.isUp()) return { connected };
      const operation = connected ? 'connect' : 'disconnect';
      return exclusive(operation, connected ? 'starting' : 'down', async () => {
        progress(operation, 'started', connected ? 'bringing the Zigbee network up' : 'taking the Zigbee network down');
        try {
          if (connected) status.started = await radio.resume();
          else {
            await radio.suspend();
            deps.permitJoin.closedByRadio();
          }
        } catch (err) {
          if (connected) throw new RequestError(`the network did not start: ${err instanceof Error ? err.message : String(err)}`, 'internal');
          return recover(operation, err);
        }
        progress(operation, 'done', connected ? 'the Zigbee network is up' : 'the Zigbee network is down');
        return { connected: radio.isUp() };
      });
    },

    async 'network/channel'({ channel }) {
      requireUp();
      const from = status.started.network.channel;
      if (channel === from) return { channel };
      return exclusive('channel', 'changing_channel', async () => {
        progress('channel', 'started', `moving the network from channel ${from} to ${channel}: devices are told to follow, then the coordinator moves`);
        try {
          status.started = await radio.resume({ channel });
        } catch (err) {
          return recover('channel', err);
        }
        const now = status.started.network.channel;
        if (now !== channel) {
          progress('channel', 'failed', `the coordinator came back on channel ${now}, not ${channel}`, 'channel not taken');
          throw new RequestError(`the coordinator stayed on channel ${now}`, 'internal');
        }
        progress('channel', 'done', `the network runs on channel ${channel}; sleepy devices rejoin at their next poll`);
        return { channel };
      });
    },

    async 'network/reset'() {
      requireUp();
      return exclusive('reset', 'resetting', async () => {
        progress('reset', 'started', 'forming a new network: every device must pair again');
        const gone = registry.all();
        try {
          status.started = await radio.resume({ network: generateNetworkParams() });
        } catch (err) {
          return recover('reset', err);
        }
        const forgetting = gone.map((description) => registry.remove(description.ieee, 'reset'));
        for (const description of gone) {
          bus.emit('deviceRemoved', { ieee: description.ieee, endpoints: [...new Set(description.subdevices.map((s) => s.endpoint))] });
        }
        await Promise.all(forgetting);
        const { channel, panid, extpanid } = status.started.network;
        progress('reset', 'done', `new network on channel ${channel}, PAN id ${panid}; ${gone.length} devices must pair again`);
        return { channel, panid, extpanid };
      });
    },

    async 'firmware/update'() {
      if (!firmware) {
        const tool = FLASH_TOOLS[status.started.coordinator.type] ?? "the adapter vendor's flasher";
        throw new RequestError(`the bridge cannot flash this adapter safely; stop herdgate and use ${tool}`, 'not_supported');
      }
      requireUp();
      const before = status.started.coordinator.firmware;
      return exclusive('firmware', 'updating_firmware', async () => {
        progress('firmware', 'started', `updating the radio firmware (now ${before}); the network is down meanwhile`);
        try {
          await radio.suspend();
          deps.permitJoin.closedByRadio();
          progress('firmware', 'flashing', 'flashing the radio');
          await firmware.update();
          progress('firmware', 'restarting', 'starting the network on the new firmware');
          status.started = await radio.resume();
        } catch (err) {
          return recover('firmware', err);
        }
        const after = status.started.coordinator.firmware;
        progress('firmware', 'done', `the radio runs firmware ${after}`);
        return { firmware: after, updated: after !== before };
      });
    },
  };
}
