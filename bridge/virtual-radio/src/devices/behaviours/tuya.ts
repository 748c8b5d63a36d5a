/**
 * Tuya's manufacturer cluster 0xEF00 on the server side: hands the host's data-point requests,
 * queries, version requests and time answers to the device's MCU (../tuya-mcu.ts). A device whose
 * catalogue entry declares no data points has no MCU and refuses these commands.
 */
import { Status, type TuyaDatapoint } from '../../zcl/index';
import type { Behaviour, BehaviourHost, CommandCall, CommandOutcome } from '../behaviour';
import type { TuyaMcu } from '../tuya-mcu';

const withMcu =
  (run: (mcu: TuyaMcu, call: CommandCall) => void) =>
  (host: BehaviourHost, call: CommandCall): CommandOutcome => {
    if (!host.tuya || host.tuya.endpoint !== call.endpoint) return { status: Status.unsupClusterCommand };
    run(host.tuya, call);
    return { status: Status.success };
  };

const dataRequest = withMcu((mcu, { args }) => mcu.request(Number(args.seq), args.dpValues as TuyaDatapoint[]));

export const tuya: Behaviour = {
  commands: {
    dataRequest,
    sendData: dataRequest,
    dataQuery: withMcu((mcu) => mcu.reportAll()),
    mcuVersionRequest: withMcu((mcu, { args }) => mcu.version(Number(args.seq))),
    mcuSyncTime: (host, call) => {
      if (!host.tuya || host.tuya.endpoint !== call.endpoint) return { status: Status.unsupClusterCommand };
      return { status: host.tuya.setClock(call.args.payload as number[]) ? Status.success : Status.invalidValue };
    },
    mcuGatewayConnectionStatus: withMcu(() => undefined),
  },
  start: (host, ep) => {
    if (host.tuya?.endpoint === ep) host.tuya.start();
  },
};
