/**
 * The MT commands the emulated CC2652 understands or sends, in the layouts of TI's MT (Monitor and
 * Test) interface as Z-Stack 3.x builds them: subsystem, command id and field layout of the request
 * (host → radio, or the indication for an AREQ the radio sends) and of the synchronous response.
 * Any SREQ not listed here is answered with an RPC error (`rpc-error.ts`).
 */
import { Subsystem } from './unpi';
import type { Field } from './fields';

export interface MtCommand {
  subsystem: number;
  id: number;
  request: readonly Field[];
  response?: readonly Field[];
}

const status: readonly Field[] = [['status', 'u8']];
const { SYS, AF, ZDO, UTIL, APP_CNF } = Subsystem;

export const MT = {
  // SYS
  resetReq: { subsystem: SYS, id: 0x00, request: [['type', 'u8']] },
  ping: { subsystem: SYS, id: 0x01, request: [], response: [['capabilities', 'u16']] },
  version: {
    subsystem: SYS,
    id: 0x02,
    request: [],
    response: [
      ['transportrev', 'u8'],
      ['product', 'u8'],
      ['majorrel', 'u8'],
      ['minorrel', 'u8'],
      ['maintrel', 'u8'],
      ['revision', 'u32'],
    ],
  },
  getExtAddr: { subsystem: SYS, id: 0x04, request: [], response: [['extaddress', 'ieee']] },
  osalNvRead: {
    subsystem: SYS,
    id: 0x08,
    request: [
      ['id', 'u16'],
      ['offset', 'u8'],
    ],
    response: [
      ['status', 'u8'],
      ['len', 'u8'],
      ['value', 'rest'],
    ],
  },
  osalNvItemInit: {
    subsystem: SYS,
    id: 0x07,
    request: [
      ['id', 'u16'],
      ['len', 'u16'],
      ['initlen', 'u8'],
      ['initvalue', 'rest'],
    ],
    response: status,
  },
  stackTune: {
    subsystem: SYS,
    id: 0x0f,
    request: [
      ['operation', 'u8'],
      ['value', 'i8'],
    ],
    response: [['value', 'u8']],
  },
  osalNvDelete: {
    subsystem: SYS,
    id: 0x12,
    request: [
      ['id', 'u16'],
      ['len', 'u16'],
    ],
    response: status,
  },
  osalNvLength: { subsystem: SYS, id: 0x13, request: [['id', 'u16']], response: [['length', 'u16']] },
  osalNvReadExt: {
    subsystem: SYS,
    id: 0x1c,
    request: [
      ['id', 'u16'],
      ['offset', 'u16'],
    ],
    response: [
      ['status', 'u8'],
      ['len', 'u8'],
      ['value', 'rest'],
    ],
  },
  osalNvWriteExt: {
    subsystem: SYS,
    id: 0x1d,
    request: [
      ['id', 'u16'],
      ['offset', 'u16'],
      ['len', 'u16'],
      ['value', 'rest'],
    ],
    response: status,
  },
  nvCreate: {
    subsystem: SYS,
    id: 0x30,
    request: [
      ['sysid', 'u8'],
      ['itemid', 'u16'],
      ['subid', 'u16'],
      ['len', 'u32'],
    ],
    response: status,
  },
  nvDelete: {
    subsystem: SYS,
    id: 0x31,
    request: [
      ['sysid', 'u8'],
      ['itemid', 'u16'],
      ['subid', 'u16'],
    ],
    response: status,
  },
  // Z-Stack 3 answers the length of an extended item as a u32.
  nvLength: {
    subsystem: SYS,
    id: 0x32,
    request: [
      ['sysid', 'u8'],
      ['itemid', 'u16'],
      ['subid', 'u16'],
    ],
    response: [['len', 'u32']],
  },
  nvRead: {
    subsystem: SYS,
    id: 0x33,
    request: [
      ['sysid', 'u8'],
      ['itemid', 'u16'],
      ['subid', 'u16'],
      ['offset', 'u16'],
      ['len', 'u8'],
    ],
    response: [
      ['status', 'u8'],
      ['len', 'u8'],
      ['value', 'rest'],
    ],
  },
  nvWrite: {
    subsystem: SYS,
    id: 0x34,
    request: [
      ['sysid', 'u8'],
      ['itemid', 'u16'],
      ['subid', 'u16'],
      ['offset', 'u16'],
      ['len', 'u8'],
      ['value', 'rest'],
    ],
    response: status,
  },
  resetInd: {
    subsystem: SYS,
    id: 0x80,
    request: [
      ['reason', 'u8'],
      ['transportrev', 'u8'],
      ['productid', 'u8'],
      ['majorrel', 'u8'],
      ['minorrel', 'u8'],
      ['hwrev', 'u8'],
    ],
  },
  // AF
  register: {
    subsystem: AF,
    id: 0x00,
    request: [
      ['endpoint', 'u8'],
      ['appprofid', 'u16'],
      ['appdeviceid', 'u16'],
      ['appdevver', 'u8'],
      ['latencyreq', 'u8'],
      ['numIn', 'u8'],
      ['inClusters', 'list16'],
      ['numOut', 'u8'],
      ['outClusters', 'list16'],
    ],
    response: status,
  },
  dataRequest: {
    subsystem: AF,
    id: 0x01,
    request: [
      ['dstaddr', 'u16'],
      ['destendpoint', 'u8'],
      ['srcendpoint', 'u8'],
      ['clusterid', 'u16'],
      ['transid', 'u8'],
      ['options', 'u8'],
      ['radius', 'u8'],
      ['len', 'u8'],
      ['data', 'rest'],
    ],
    response: status,
  },
  dataRequestExt: {
    subsystem: AF,
    id: 0x02,
    request: [
      ['dstaddrmode', 'u8'],
      ['dstaddr', 'ieee'],
      ['destendpoint', 'u8'],
      ['dstpanid', 'u16'],
      ['srcendpoint', 'u8'],
      ['clusterid', 'u16'],
      ['transid', 'u8'],
      ['options', 'u8'],
      ['radius', 'u8'],
      ['len', 'u16'],
      ['data', 'rest'],
    ],
    response: status,
  },
  interPanCtl: {
    subsystem: AF,
    id: 0x10,
    request: [
      ['cmd', 'u8'],
      ['data', 'rest'],
    ],
    response: status,
  },
  dataRetrieve: {
    subsystem: AF,
    id: 0x12,
    request: [
      ['timestamp', 'u32'],
      ['index', 'u16'],
      ['length', 'u8'],
    ],
    response: [
      ['status', 'u8'],
      ['length', 'u8'],
      ['data', 'rest'],
    ],
  },
  dataConfirm: {
    subsystem: AF,
    id: 0x80,
    request: [
      ['status', 'u8'],
      ['endpoint', 'u8'],
      ['transid', 'u8'],
    ],
  },
  incomingMsg: {
    subsystem: AF,
    id: 0x81,
    request: [
      ['groupid', 'u16'],
      ['clusterid', 'u16'],
      ['srcaddr', 'u16'],
      ['srcendpoint', 'u8'],
      ['dstendpoint', 'u8'],
      ['wasbroadcast', 'u8'],
      ['linkquality', 'u8'],
      ['securityuse', 'u8'],
      ['timestamp', 'u32'],
      ['transseqnumber', 'u8'],
      ['len', 'u8'],
      ['data', 'counted'],
      ['macsrcaddr', 'u16'],
      ['radius', 'u8'],
    ],
  },
  incomingMsgExt: {
    subsystem: AF,
    id: 0x82,
    request: [
      ['groupid', 'u16'],
      ['clusterid', 'u16'],
      ['srcaddrmode', 'u8'],
      ['srcaddr', 'ieee'],
      ['srcendpoint', 'u8'],
      ['srcpanid', 'u16'],
      ['dstendpoint', 'u8'],
      ['wasbroadcast', 'u8'],
      ['linkquality', 'u8'],
      ['securityuse', 'u8'],
      ['timestamp', 'u32'],
      ['transseqnumber', 'u8'],
      ['len', 'u16'],
      ['data', 'rest'],
    ],
  },
  // ZDO (the MT ZDO requests themselves are mapped in zdo-map.ts)
  msgCbRegister: { subsystem: ZDO, id: 0x3e, request: [['clusterid', 'u16']], response: status },
  startupFromApp: { subsystem: ZDO, id: 0x40, request: [['startdelay', 'u16']], response: status },
  extRouteDisc: {
    subsystem: ZDO,
    id: 0x45,
    request: [
      ['dstAddr', 'u16'],
      ['options', 'u8'],
      ['radius', 'u8'],
    ],
    response: status,
  },
  extRouteChk: {
    subsystem: ZDO,
    id: 0x46,
    request: [
      ['dstaddr', 'u16'],
      ['rtstatus', 'u8'],
      ['options', 'u8'],
    ],
    response: status,
  },
  extFindGroup: {
    subsystem: ZDO,
    id: 0x4a,
    request: [
      ['endpoint', 'u8'],
      ['groupid', 'u16'],
    ],
    response: [
      ['status', 'u8'],
      ['groupid', 'u16'],
      ['namelen', 'u8'],
      ['groupname', 'rest'],
    ],
  },
  extAddGroup: {
    subsystem: ZDO,
    id: 0x4b,
    request: [
      ['endpoint', 'u8'],
      ['groupid', 'u16'],
      ['namelen', 'u8'],
      ['groupname', 'rest'],
    ],
    response: status,
  },
  extNwkInfo: {
    subsystem: ZDO,
    id: 0x50,
    request: [],
    response: [
      ['shortaddr', 'u16'],
      ['devstate', 'u8'],
      ['panid', 'u16'],
      ['parentaddr', 'u16'],
      ['extendedpanid', 'ieee'],
      ['parentextaddr', 'ieee'],
      ['channel', 'u8'],
    ],
  },
  stateChangeInd: { subsystem: ZDO, id: 0xc0, request: [['state', 'u8']] },
  endDeviceAnnceInd: {
    subsystem: ZDO,
    id: 0xc1,
    request: [
      ['srcaddr', 'u16'],
      ['nwkaddr', 'u16'],
      ['ieeeaddr', 'ieee'],
      ['capabilities', 'u8'],
    ],
  },
  leaveInd: {
    subsystem: ZDO,
    id: 0xc9,
    request: [
      ['srcaddr', 'u16'],
      ['extaddr', 'ieee'],
      ['request', 'u8'],
      ['removechildren', 'u8'],
      ['rejoin', 'u8'],
    ],
  },
  tcDeviceInd: {
    subsystem: ZDO,
    id: 0xca,
    request: [
      ['nwkaddr', 'u16'],
      ['extaddr', 'ieee'],
      ['parentaddr', 'u16'],
    ],
  },
  msgCbIncoming: {
    subsystem: ZDO,
    id: 0xff,
    request: [
      ['srcaddr', 'u16'],
      ['wasbroadcast', 'u8'],
      ['clusterid', 'u16'],
      ['securityuse', 'u8'],
      ['seqnum', 'u8'],
      ['macdstaddr', 'u16'],
      ['data', 'rest'],
    ],
  },
  // UTIL
  getDeviceInfo: {
    subsystem: UTIL,
    id: 0x00,
    request: [],
    response: [
      ['status', 'u8'],
      ['ieeeaddr', 'ieee'],
      ['shortaddr', 'u16'],
      ['devicetype', 'u8'],
      ['devicestate', 'u8'],
      ['numassocdevices', 'u8'],
      ['assocdevices', 'list16'],
    ],
  },
  ledControl: {
    subsystem: UTIL,
    id: 0x0a,
    request: [
      ['ledid', 'u8'],
      ['mode', 'u8'],
    ],
    response: status,
  },
  // The associated_devices_t struct as the CC26xx holds it in memory (36 bytes, aligned).
  assocFindDevice: { subsystem: UTIL, id: 0x49, request: [['number', 'u8']], response: [['device', 'rest']] },
  assocGetWithAddress: {
    subsystem: UTIL,
    id: 0x4a,
    request: [
      ['extaddr', 'ieee'],
      ['nwkaddr', 'u16'],
    ],
    response: [
      ['nwkaddr', 'u16'],
      ['addridx', 'u16'],
      ['noderelation', 'u8'],
    ],
  },
  assocRemove: { subsystem: UTIL, id: 0x63, request: [['ieeeadr', 'ieee']], response: status },
  assocAdd: {
    subsystem: UTIL,
    id: 0x64,
    request: [
      ['ieeeadr', 'ieee'],
      ['nwkaddr', 'u16'],
      ['noderelation', 'u8'],
    ],
    response: status,
  },
  // APP_CNF
  bdbAddInstallCode: {
    subsystem: APP_CNF,
    id: 0x04,
    request: [
      ['installCodeFormat', 'u8'],
      ['ieeeaddr', 'ieee'],
      ['installCode', 'rest'],
    ],
    response: status,
  },
  bdbStartCommissioning: { subsystem: APP_CNF, id: 0x05, request: [['mode', 'u8']], response: status },
  bdbSetChannel: {
    subsystem: APP_CNF,
    id: 0x08,
    request: [
      ['isPrimary', 'u8'],
      ['channel', 'u32'],
    ],
    response: status,
  },
  bdbCommissioningNotification: {
    subsystem: APP_CNF,
    id: 0x80,
    request: [
      ['status', 'u8'],
      ['mode', 'u8'],
      ['remainingmodes', 'u8'],
    ],
  },
} as const satisfies Record<string, MtCommand>;

export type MtCommandName = keyof typeof MT;

const byKey = new Map<number, MtCommandName>();
for (const [name, def] of Object.entries(MT) as [MtCommandName, MtCommand][]) byKey.set((def.subsystem << 8) | def.id, name);

/** The command a (subsystem, id) pair names, if the emulator knows it. */
export const commandName = (subsystem: number, id: number): MtCommandName | undefined => byKey.get((subsystem << 8) | id);
