/**
 * genOta client side: the server's commands go to the device's OTA client (devices/ota/). A model
 * without one (its catalogue entry has no `ota`) answers them as an unsupported command.
 */
import { Status } from '../../zcl/index';
import type { Behaviour, CommandHandler } from '../behaviour';
import { decodeBlockResponse } from '../ota/ota-frames';
import type { OtaClient } from '../ota/ota-client';

const toClient =
  (run: (ota: OtaClient, call: Parameters<CommandHandler>[1]) => void): CommandHandler =>
  (host, call) => {
    if (!host.ota) return { status: Status.unsupClusterCommand };
    run(host.ota, call);
    return { silent: true };
  };

export const otaClient: Behaviour = {
  clientCommands: {
    imageNotify: toClient((ota, call) => ota.imageNotify(call.args, call)),
    queryNextImageResponse: toClient((ota, call) => ota.queryNextImageResponse(call.args, call.tsn)),
    imageBlockResponse: toClient((ota, call) =>
      ota.imageBlockResponse(decodeBlockResponse(Number(call.args.status), (call.args.tail as number[] | undefined) ?? []), call.tsn),
    ),
    upgradeEndResponse: toClient((ota, call) => ota.upgradeEndResponse(call.args, call.tsn)),
  },
};
