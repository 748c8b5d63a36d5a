import { StatusResponseError } from '@matter/main/types';
import { Status } from '@matter/main/types';

/** A command in herdgate's REST vocabulary (`on`, `bri`, `ct`, `xy`, `lift`…), for one Zigbee endpoint. */
export type HerdgateCommand = Record<string, unknown>;

/** What the bridge answered: the same outcome REST gets (`busy`, `unreachable`, `no_ack`…). */
export type SinkOutcome = { status: 'ok' } | { status: 'error'; code: string; message: string };

/**
 * Where the bridged endpoints' servers send Matter commands: registered in the server node's
 * environment, so behaviours find it through `this.env` (no module state). `send` resolves once
 * the bridge answered; a failure becomes a Matter status the controller sees.
 */
export class CommandSink {
  constructor(private readonly deliver: (endpointId: string, command: HerdgateCommand) => Promise<SinkOutcome>) {}

  async send(endpointId: string, command: HerdgateCommand): Promise<void> {
    const outcome = await this.deliver(endpointId, command);
    if (outcome.status === 'ok') return;
    throw new StatusResponseError(`herdgate: ${outcome.message}`, statusFor(outcome.code));
  }
}

/** The bridge's error codes as Matter interaction statuses. */
export function statusFor(code: string): Status {
  switch (code) {
    case 'busy':
      return Status.Busy;
    case 'timeout':
    case 'no_ack':
    case 'unreachable':
    case 'not_connected':
      return Status.Timeout;
    case 'not_supported':
      return Status.UnsupportedCommand;
    case 'invalid_payload':
      return Status.ConstraintError;
    default:
      return Status.Failure;
  }
}
