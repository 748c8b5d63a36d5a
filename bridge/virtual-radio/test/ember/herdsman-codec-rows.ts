/**
 * The rows of `herdsman-codec.test.ts`: one herdsman EZSP call per frame id the NCP implements,
 * what herdsman decodes from the answer, and the parameter bytes both ways (hex, EZSP 14).
 */
import { SecManFlag, SecManKeyType, SLStatus } from 'zigbee-herdsman/dist/adapter/ember/enums';
import type { EmberNetworkInitBitmask } from 'zigbee-herdsman/dist/adapter/ember/enums';
import { EzspConfigId, EzspDecisionId, EzspExtendedValueId, EzspPolicyId, EzspValueId } from 'zigbee-herdsman/dist/adapter/ember/ezsp/enums';
import type { Ezsp } from 'zigbee-herdsman/dist/adapter/ember/ezsp/ezsp';
import { initSecurityManagerContext } from 'zigbee-herdsman/dist/adapter/ember/utils/initters';
import type { EzspHost } from '../support/herdsman-ezsp';

export interface CodecRow {
  name: string;
  call(ezsp: Ezsp, host: EzspHost): Promise<unknown>;
  returns: unknown;
  command: string;
  answer: string;
}

const key = (hex: string) => ({ contents: Buffer.from(hex, 'hex') });
const NETWORK_KEY = '0103050709' + '0b0d0f00020406080a0c0d';
const TC_KEY = Buffer.from('ZigBeeAlliance09').toString('hex');
const LINK_KEY = '112233445566778899aabbccddeeff00';
const DEVICE = '0x0017880100ee0009';
const JOINER = '0x00124b00000000aa';
/** KEY_INDEX_IS_VALID | EUI_IS_VALID: the NCP names both in the contexts it fills. */
const BOTH_VALID = (SecManFlag.KEY_INDEX_IS_VALID | SecManFlag.EUI_IS_VALID) as SecManFlag;
const context = (over: Partial<ReturnType<typeof initSecurityManagerContext>>) => ({ ...initSecurityManagerContext(), ...over });
const aps = { profileId: 0x0104, clusterId: 0x0006, sourceEndpoint: 1, destinationEndpoint: 11, options: 0x1140, groupId: 0, sequence: 0 };
/** MAC header (short broadcast destination, PAN 0xFFFF, long source), stub NWK, inter-PAN APS, ZCL scan request. */
const TOUCHLINK_SCAN = '01c800ffffffff621ad4c3b2a1006f0d000b000b00105ec0110100785634120412';
const bulbNwk = (host: EzspHost) => host.radio.registry.get('0017880100ee0001')!.device.identity.nwk;

export const CODEC_ROWS: CodecRow[] = [
  {
    name: 'getConfigurationValue(KEY_TABLE_SIZE)',
    call: (e) => e.ezspGetConfigurationValue(EzspConfigId.KEY_TABLE_SIZE),
    returns: [SLStatus.OK, 12],
    command: '1e',
    answer: '000000000c00',
  },
  {
    name: 'setConfigurationValue(MAX_HOPS)',
    call: (e) => e.ezspSetConfigurationValue(EzspConfigId.MAX_HOPS, 30),
    returns: SLStatus.OK,
    command: '101e00',
    answer: '00000000',
  },
  {
    name: 'setConfigurationValue of an id the image does not have',
    call: (e) => e.ezspSetConfigurationValue(0xee as EzspConfigId, 1),
    returns: SLStatus.ZIGBEE_EZSP_ERROR,
    command: 'ee0100',
    answer: '1e0c0000',
  },
  {
    name: 'setPolicy',
    call: (e) => e.ezspSetPolicy(EzspPolicyId.MESSAGE_CONTENTS_IN_CALLBACK_POLICY, EzspDecisionId.MESSAGE_TAG_ONLY_IN_CALLBACK),
    returns: SLStatus.OK,
    command: '0440',
    answer: '00000000',
  },
  {
    name: 'getPolicy',
    call: (e) => e.ezspGetPolicy(EzspPolicyId.MESSAGE_CONTENTS_IN_CALLBACK_POLICY),
    returns: [SLStatus.OK, EzspDecisionId.MESSAGE_TAG_ONLY_IN_CALLBACK],
    command: '04',
    answer: '0000000040',
  },
  {
    name: 'getValue(VERSION_INFO)',
    call: (e) => e.ezspGetValue(EzspValueId.VERSION_INFO, 7),
    returns: [SLStatus.OK, 7, [0, 0, 8, 0, 2, 0, 0xaa]],
    command: '11',
    answer: '0000000007000008000200aa',
  },
  {
    name: 'getValue(KEY_STORAGE_VERSION)',
    call: (e) => e.ezspGetValue(EzspValueId.KEY_STORAGE_VERSION, 1),
    returns: [SLStatus.OK, 1, [0]],
    command: '44',
    answer: '000000000100',
  },
  {
    name: 'setValue(CCA_THRESHOLD)',
    call: (e) => e.ezspSetValue(EzspValueId.CCA_THRESHOLD, 1, [0]),
    returns: SLStatus.OK,
    command: '150100',
    answer: '00000000',
  },
  {
    name: 'getExtendedValue(ENDPOINT_FLAGS) before the endpoint exists',
    call: (e) => e.ezspGetExtendedValue(EzspExtendedValueId.ENDPOINT_FLAGS, 1, 2),
    returns: [SLStatus.ZIGBEE_EZSP_ERROR, 2, [0, 0]],
    command: '0001000000',
    answer: '1e0c0000020000',
  },
  {
    name: 'addEndpoint',
    call: (e) => e.ezspAddEndpoint(1, 0x0104, 0x0005, 0, [0x0000, 0x0006], [0x0019]),
    returns: SLStatus.OK,
    command: '0104010500000201000006001900',
    answer: '00000000',
  },
  {
    name: 'getExtendedValue(ENDPOINT_FLAGS)',
    call: (e) => e.ezspGetExtendedValue(EzspExtendedValueId.ENDPOINT_FLAGS, 1, 2),
    returns: [SLStatus.OK, 2, [1, 0]],
    command: '0001000000',
    answer: '00000000020100',
  },
  {
    name: 'setMulticastTableEntry',
    call: (e) => e.ezspSetMulticastTableEntry(0, { multicastId: 0x0b84, endpoint: 242, networkIndex: 0 }),
    returns: SLStatus.OK,
    command: '00840bf200',
    answer: '00000000',
  },
  {
    name: 'getMulticastTableEntry',
    call: (e) => e.ezspGetMulticastTableEntry(0),
    returns: [SLStatus.OK, { multicastId: 0x0b84, endpoint: 242, networkIndex: 0 }],
    command: '00',
    answer: '00000000840bf200',
  },
  {
    name: 'getMulticastTableEntry past the table',
    call: (e) => e.ezspGetMulticastTableEntry(16),
    returns: [SLStatus.INVALID_INDEX, { multicastId: 0, endpoint: 0, networkIndex: 0 }],
    command: '10',
    answer: '2700000000000000',
  },
  { name: 'setManufacturerCode', call: (e) => e.ezspSetManufacturerCode(0x1049), returns: undefined, command: '4910', answer: '' },
  { name: 'networkState on a blank NCP', call: (e) => e.ezspNetworkState(), returns: 0, command: '', answer: '00' },
  {
    name: 'networkInit on a blank NCP',
    call: (e) => e.ezspNetworkInit({ bitmask: 0x0005 as EmberNetworkInitBitmask }),
    returns: SLStatus.NOT_JOINED,
    command: '0500',
    answer: '17000000',
  },
  {
    name: 'getCurrentSecurityState off the network',
    call: (e) => e.ezspGetCurrentSecurityState(),
    returns: [SLStatus.NOT_JOINED, { bitmask: 0, trustCenterLongAddress: '0x0000000000000000' }],
    command: '',
    answer: '1700000000000000000000000000',
  },
  {
    name: 'setInitialSecurityState',
    returns: SLStatus.OK,
    command: '840b5a6967426565416c6c69616e6365303901030507090b0d0f00020406080a0c0d000000000000000000',
    answer: '00000000',
    call: (e) =>
      e.ezspSetInitialSecurityState({
        bitmask: 0x0b84 | 0x0300,
        preconfiguredKey: key(TC_KEY),
        networkKey: key(NETWORK_KEY),
        networkKeySequenceNumber: 0,
        preconfiguredTrustCenterEui64: '0x0000000000000000',
      }),
  },
  {
    name: 'formNetwork',
    returns: SLStatus.OK,
    command: 'dddddddddddddddd621a050f0000000000f8ff07',
    answer: '00000000',
    call: (e) =>
      e.ezspFormNetwork({
        extendedPanId: [0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd],
        panId: 0x1a62,
        radioTxPower: 5,
        radioChannel: 15,
        joinMethod: 0,
        nwkManagerId: 0,
        nwkUpdateId: 0,
        channels: 0x07fff800,
      }),
  },
  {
    name: 'getNetworkParameters',
    call: (e) => e.ezspGetNetworkParameters(),
    command: '',
    answer: '0000000001dddddddddddddddd621a050f0000000000f8ff07',
    returns: [
      SLStatus.OK,
      1,
      {
        extendedPanId: [0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd, 0xdd],
        panId: 0x1a62,
        radioTxPower: 5,
        radioChannel: 15,
        joinMethod: 0,
        nwkManagerId: 0,
        nwkUpdateId: 0,
        channels: 0x07fff800,
      },
    ],
  },
  {
    name: 'getNetworkKeyInfo',
    call: (e) => e.ezspGetNetworkKeyInfo(),
    command: '',
    answer: '000000000100000000000000',
    returns: [
      SLStatus.OK,
      { networkKeySet: true, alternateNetworkKeySet: false, networkKeySequenceNumber: 0, altNetworkKeySequenceNumber: 0, networkKeyFrameCounter: 0 },
    ],
  },
  {
    name: 'getCurrentSecurityState',
    call: (e, h) => e.ezspGetCurrentSecurityState().then(([s, st]) => [s, st.bitmask, st.trustCenterLongAddress === `0x${h.front.ncp.tokens.eui64}`]),
    returns: [SLStatus.OK, 0x0094, true],
    command: '',
    answer: '000000009400d4c3b2a1006f0d00',
  },
  {
    name: 'exportKey(NETWORK)',
    call: (e) => e.ezspExportKey(context({ coreKeyType: SecManKeyType.NETWORK })),
    returns: [SLStatus.OK, key(NETWORK_KEY)],
    command: '010000000000000000000000000000014405',
    answer: '0000000001030507090b0d0f00020406080a0c0d010000000000000000000000000000014405',
  },
  {
    name: 'exportKey(TC_LINK)',
    call: (e) => e.ezspExportKey(context({ coreKeyType: SecManKeyType.TC_LINK })),
    returns: [SLStatus.OK, key(TC_KEY)],
    command: '020000000000000000000000000000014405',
    answer: '000000005a6967426565416c6c69616e63653039020000000000000000000000000000014405',
  },
  {
    name: 'exportKey(APP_LINK) of an empty slot',
    call: (e) => e.ezspExportKey(context({ coreKeyType: SecManKeyType.APP_LINK, flags: SecManFlag.KEY_INDEX_IS_VALID })),
    returns: [SLStatus.NOT_FOUND, key('00'.repeat(16))],
    command: '040000000000000000000000000100014405',
    answer: '2d00000000000000000000000000000000000000040000000000000000000000000100014405',
  },
  {
    name: 'importLinkKey',
    call: (e) => e.ezspImportLinkKey(0, DEVICE, key(LINK_KEY)),
    returns: SLStatus.OK,
    command: '000900ee0001881700112233445566778899aabbccddeeff00',
    answer: '00000000',
  },
  {
    name: 'exportLinkKeyByIndex',
    call: (e) => e.ezspExportLinkKeyByIndex(0),
    command: '00',
    answer: '00000000040000000900ee0001881700000300014405112233445566778899aabbccddeeff001e0000000000000000000000',
    returns: [
      SLStatus.OK,
      context({ coreKeyType: SecManKeyType.APP_LINK, eui64: DEVICE, flags: BOTH_VALID }),
      key(LINK_KEY),
      { bitmask: 0x1e, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 0 },
    ],
  },
  {
    name: 'exportLinkKeyByEui',
    call: (e) => e.ezspExportLinkKeyByEui(DEVICE),
    command: '0900ee0001881700',
    answer: '00000000040000000900ee0001881700000300014405112233445566778899aabbccddeeff001e0000000000000000000000',
    returns: [
      SLStatus.OK,
      context({ coreKeyType: SecManKeyType.APP_LINK, eui64: DEVICE, flags: BOTH_VALID }),
      key(LINK_KEY),
      { bitmask: 0x1e, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 0 },
    ],
  },
  {
    name: 'getApsKeyInfo',
    call: (e) => e.ezspGetApsKeyInfo(context({ coreKeyType: SecManKeyType.APP_LINK, flags: SecManFlag.EUI_IS_VALID, eui64: DEVICE })),
    command: '040000000900ee0001881700000200014405',
    answer: '000000001e0000000000000000000000040000000900ee0001881700000300014405',
    returns: [SLStatus.OK, { bitmask: 0x1e, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 0 }],
  },
  {
    name: 'checkKeyContext',
    call: (e) => e.ezspCheckKeyContext(context({ coreKeyType: SecManKeyType.APP_LINK, flags: SecManFlag.KEY_INDEX_IS_VALID, keyIndex: 1 })),
    returns: SLStatus.NOT_FOUND,
    command: '040100000000000000000000000100014405',
    answer: '2d000000',
  },
  {
    name: 'importKey(APP_LINK, index 1)',
    call: (e) =>
      e.ezspImportKey(context({ coreKeyType: SecManKeyType.APP_LINK, flags: SecManFlag.KEY_INDEX_IS_VALID, keyIndex: 1, eui64: JOINER }), key(LINK_KEY)),
    returns: SLStatus.OK,
    command: '04010000aa000000004b1200000100014405112233445566778899aabbccddeeff00',
    answer: '0000000004010000aa000000004b1200000100014405',
  },
  { name: 'eraseKeyTableEntry', call: (e) => e.ezspEraseKeyTableEntry(1), returns: SLStatus.OK, command: '01', answer: '00000000' },
  { name: 'eraseKeyTableEntry past the table', call: (e) => e.ezspEraseKeyTableEntry(12), returns: SLStatus.INVALID_INDEX, command: '0c', answer: '27000000' },
  {
    name: 'importTransientKey',
    call: (e) => e.ezspImportTransientKey(JOINER, key(LINK_KEY)),
    returns: SLStatus.OK,
    command: 'aa000000004b1200112233445566778899aabbccddeeff00',
    answer: '00000000',
  },
  {
    name: 'exportTransientKeyByEui',
    call: (e) => e.ezspExportTransientKeyByEui(JOINER),
    command: 'aa000000004b1200',
    answer: '0000000003000000aa000000004b1200000300014405112233445566778899aabbccddeeff00480000000000000000002c01',
    returns: [
      SLStatus.OK,
      context({ coreKeyType: SecManKeyType.TC_LINK_WITH_TIMEOUT, eui64: JOINER, flags: BOTH_VALID }),
      key(LINK_KEY),
      { bitmask: 0x48, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 300 },
    ],
  },
  {
    name: 'exportTransientKeyByIndex',
    call: (e) => e.ezspExportTransientKeyByIndex(0),
    command: '00',
    answer: '0000000003000000aa000000004b1200000300014405112233445566778899aabbccddeeff00480000000000000000002c01',
    returns: [
      SLStatus.OK,
      context({ coreKeyType: SecManKeyType.TC_LINK_WITH_TIMEOUT, eui64: JOINER, flags: BOTH_VALID }),
      key(LINK_KEY),
      { bitmask: 0x48, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 300 },
    ],
  },
  { name: 'clearTransientLinkKeys', call: (e) => e.ezspClearTransientLinkKeys(), returns: undefined, command: '', answer: '' },
  {
    name: 'exportTransientKeyByIndex once cleared',
    call: (e) => e.ezspExportTransientKeyByIndex(0),
    command: '00',
    answer: '2d00000003000000000000000000000000000001440500000000000000000000000000000000000000000000000000000000',
    returns: [
      SLStatus.NOT_FOUND,
      context({ coreKeyType: SecManKeyType.TC_LINK_WITH_TIMEOUT }),
      key('00'.repeat(16)),
      { bitmask: 0, outgoingFrameCounter: 0, incomingFrameCounter: 0, ttlInSeconds: 0 },
    ],
  },
  { name: 'getTokenCount', call: (e) => e.ezspGetTokenCount(), returns: 13, command: '', answer: '0d' },
  {
    name: 'getTokenInfo(4): STACK_NODE_DATA',
    call: (e) => e.ezspGetTokenInfo(4),
    returns: [SLStatus.OK, { nvm3Key: 0x1ee64, isCnt: false, isIdx: false, size: 16, arraySize: 1 }],
    command: '04',
    answer: '0000000064ee010000001001',
  },
  {
    name: 'getTokenInfo(12): STACK_KEY_TABLE',
    call: (e) => e.ezspGetTokenInfo(12),
    returns: [SLStatus.OK, { nvm3Key: 0x10600, isCnt: false, isIdx: true, size: 25, arraySize: 12 }],
    command: '0c',
    answer: '00000000000601000001190c',
  },
  {
    name: 'getTokenInfo past the list',
    call: (e) => e.ezspGetTokenInfo(13),
    returns: [SLStatus.INVALID_INDEX, { nvm3Key: 0, isCnt: false, isIdx: false, size: 0, arraySize: 0 }],
    command: '0d',
    answer: '270000000000000000000000',
  },
  {
    name: 'getTokenData(STACK_NODE_DATA)',
    call: (e) => e.ezspGetTokenData(0x1ee64, 0),
    command: '64ee010000000000',
    answer: '0000000010000000621a050f02010000dddddddddddddddd',
    returns: [SLStatus.OK, { size: 16, data: Buffer.from('621a050f02010000dddddddddddddddd', 'hex') }],
  },
  {
    name: 'getTokenData(STACK_KEY_TABLE, 0)',
    call: (e) => e.ezspGetTokenData(0x10600, 0),
    returns: [SLStatus.OK, { size: 25, data: Buffer.from(`0900ee0001881700${LINK_KEY}01`, 'hex') }],
    command: '0006010000000000',
    answer: '00000000190000000900ee0001881700112233445566778899aabbccddeeff0001',
  },
  {
    name: 'getTokenData of an unknown token',
    call: (e) => e.ezspGetTokenData(0x1e999, 0),
    returns: [SLStatus.NOT_FOUND, { size: 0, data: Buffer.alloc(0) }],
    command: '99e9010000000000',
    answer: '2d00000000000000',
  },
  {
    name: 'setTokenData(STACK_MIN_RECEIVED_RSSI)',
    call: (e) => e.ezspSetTokenData(0x1e129, 0, { size: 1, data: Buffer.from([0xa6]) }),
    returns: SLStatus.OK,
    command: '29e101000000000001000000a6',
    answer: '00000000',
  },
  {
    name: 'setTokenData of the wrong size',
    call: (e) => e.ezspSetTokenData(0x1e129, 0, { size: 2, data: Buffer.from([0xa6, 0]) }),
    returns: SLStatus.INVALID_PARAMETER,
    command: '29e101000000000002000000a600',
    answer: '21000000',
  },
  {
    name: 'getTokenData reads back what was written',
    call: (e) => e.ezspGetTokenData(0x1e129, 0),
    returns: [SLStatus.OK, { size: 1, data: Buffer.from([0xa6]) }],
    command: '29e1010000000000',
    answer: '0000000001000000a6',
  },
  { name: 'permitJoining', call: (e) => e.ezspPermitJoining(0), returns: SLStatus.OK, command: '00', answer: '00000000' },
  { name: 'getSourceRouteTableTotalSize', call: (e) => e.ezspGetSourceRouteTableTotalSize(), returns: 200, command: '', answer: 'c8' },
  { name: 'getSourceRouteTableFilledSize', call: (e) => e.ezspGetSourceRouteTableFilledSize(), returns: 0, command: '', answer: '00' },
  {
    name: 'getSourceRouteTableEntry of an empty table',
    call: (e) => e.ezspGetSourceRouteTableEntry(0),
    returns: [SLStatus.NOT_FOUND, 0xffff, 0xff],
    command: '00',
    answer: '2d000000ffffff',
  },
  {
    name: 'getChildData of an empty slot',
    call: (e) => e.ezspGetChildData(0),
    command: '00',
    answer: '17000000000000000000000000ffff00000000000000',
    returns: [SLStatus.NOT_JOINED, { eui64: '0x0000000000000000', type: 0, id: 0xffff, phy: 0, power: 0, timeout: 0, remainingTimeout: 0 }],
  },
  {
    name: 'sendUnicast',
    call: (e, h) => e.ezspSendUnicast(0, bulbNwk(h), aps, 7, Buffer.from('010001', 'hex')),
    returns: [SLStatus.OK, 0],
    command: '00020004010600010b4011000000070003010001',
    answer: '0000000000',
  },
  {
    name: 'sendBroadcast',
    call: (e) => e.ezspSendBroadcast(0, 0xfffd, 0, { ...aps, destinationEndpoint: 0xff }, 30, 8, Buffer.from('010101', 'hex')),
    returns: [SLStatus.OK, 1],
    command: '0000fdff000401060001ff40110000001e080003010101',
    answer: '0000000001',
  },
  {
    name: 'sendMulticast',
    call: (e) => e.ezspSendMulticast({ ...aps, groupId: 0x0007, destinationEndpoint: 0xff }, 30, 0xfffd, 0, 0, 9, Buffer.from('010201', 'hex')),
    returns: [SLStatus.OK, 2],
    command: '0401060001ff40110700001efdff000000090003010201',
    answer: '0000000002',
  },
  { name: 'setRadioPower', call: (e) => e.ezspSetRadioPower(8), returns: SLStatus.OK, command: '08', answer: '00000000' },
  { name: 'setLogicalAndRadioChannel', call: (e) => e.ezspSetLogicalAndRadioChannel(15), returns: SLStatus.OK, command: '0f', answer: '00000000' },
  {
    name: 'sendRawMessage (an inter-PAN touchlink scan request)',
    call: (e) => e.ezspSendRawMessage(Buffer.from(TOUCHLINK_SCAN, 'hex'), 0, true),
    returns: SLStatus.OK,
    command: '2101c800ffffffff621ad4c3b2a1006f0d000b000b00105ec01101007856341204120001',
    answer: '00000000',
  },
  {
    name: 'setConcentrator',
    call: (e) => e.ezspSetConcentrator(true, 0xfff9, 5, 60, 3, 1, 0),
    returns: SLStatus.OK,
    command: '01f9ff05003c00030100',
    answer: '00000000',
  },
  { name: 'setSourceRouteDiscoveryMode', call: (e) => e.ezspSetSourceRouteDiscoveryMode(2), returns: 0, command: '02', answer: '00000000' },
  { name: 'setRadioIeee802154CcaMode', call: (e) => e.ezspSetRadioIeee802154CcaMode(0), returns: SLStatus.OK, command: '00', answer: '00000000' },
  {
    name: 'readAndClearCounters',
    call: (e) => e.ezspReadAndClearCounters().then((c) => c.length),
    returns: 42,
    command: '',
    answer:
      '000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000',
  },
  {
    name: 'getEui64',
    call: (e, h) => e.ezspGetEui64().then((eui) => eui === `0x${h.front.ncp.tokens.eui64}`),
    returns: true,
    command: '',
    answer: 'd4c3b2a1006f0d00',
  },
  { name: 'getNodeId', call: (e) => e.ezspGetNodeId(), returns: 0, command: '', answer: '0000' },
  { name: 'nop', call: (e) => e.ezspNop(), returns: undefined, command: '', answer: '' },
  {
    name: 'broadcastNextNetworkKey',
    call: (e) => e.ezspBroadcastNextNetworkKey(key(LINK_KEY)),
    returns: SLStatus.OK,
    command: '112233445566778899aabbccddeeff00',
    answer: '00000000',
  },
  {
    name: 'exportKey(NETWORK, alternate)',
    call: (e) => e.ezspExportKey(context({ coreKeyType: SecManKeyType.NETWORK, keyIndex: 1 })),
    returns: [SLStatus.OK, key(LINK_KEY)],
    command: '010100000000000000000000000000014405',
    answer: '00000000112233445566778899aabbccddeeff00010100000000000000000000000000014405',
  },
  { name: 'broadcastNetworkKeySwitch', call: (e) => e.ezspBroadcastNetworkKeySwitch(), returns: SLStatus.OK, command: '', answer: '00000000' },
  { name: 'clearKeyTable', call: (e) => e.ezspClearKeyTable(), returns: SLStatus.OK, command: '', answer: '00000000' },
  { name: 'leaveNetwork', call: (e) => e.ezspLeaveNetwork(), returns: SLStatus.OK, command: '00', answer: '00000000' },
  { name: 'networkState once left', call: (e) => e.ezspNetworkState(), returns: 0, command: '', answer: '00' },
];
