/**
 * The NV items a CC2652 on Z-Stack 3.x creates at its first boot (and re-creates at any reset that
 * finds them missing) with the build's defaults. `config` items go back to their defaults at a reset
 * with STARTUP_OPTION bit 0 (default config state); EXTADDR is filled from the chip's IEEE instead.
 */
export const NvItem = {
  ExtAddr: 0x0001,
  StartupOption: 0x0003,
  Nib: 0x0021,
  ExtendedPanId: 0x002d,
  BcastDeliveryTime: 0x0030,
  ConcentratorEnable: 0x0032,
  ConcentratorDiscovery: 0x0033,
  ConcentratorRadius: 0x0034,
  ConcentratorRc: 0x0036,
  SrcRtgExpiryTime: 0x0038,
  ActiveKeyInfo: 0x003a,
  AlternKeyInfo: 0x003b,
  ChildAgeEnable: 0x003e,
  ApsUseExtPanId: 0x0047,
  ApsLinkKeyTable: 0x004c,
  BdbNodeIsOnANetwork: 0x0055,
  HasConfigured: 0x0060,
  PrecfgKey: 0x0062,
  PrecfgKeysEnable: 0x0063,
  NwkKey: 0x0082,
  PanId: 0x0083,
  ChanList: 0x0084,
  LogicalType: 0x0087,
  ZdoDirectCb: 0x008f,
} as const;

/** Z-Stack's default pre-configured network key (f8wConfig's DEFAULT_KEY). */
const DEFAULT_KEY = [0x01, 0x03, 0x05, 0x07, 0x09, 0x0b, 0x0d, 0x0f, 0x00, 0x02, 0x04, 0x06, 0x08, 0x0a, 0x0c, 0x0d];

interface DefaultItem {
  id: number;
  value: readonly number[];
  /** Reset to the default by a reset with "default config state". */
  config: boolean;
}

const item = (id: number, value: readonly number[], config = true): DefaultItem => ({ id, value, config });

export const DEFAULT_ITEMS: readonly DefaultItem[] = [
  item(NvItem.StartupOption, [0x00], false),
  item(NvItem.ExtendedPanId, new Array(8).fill(0)),
  item(NvItem.BcastDeliveryTime, [30]),
  item(NvItem.ConcentratorEnable, [1]),
  item(NvItem.ConcentratorDiscovery, [120]),
  item(NvItem.ConcentratorRadius, [10]),
  item(NvItem.ConcentratorRc, [1]),
  item(NvItem.SrcRtgExpiryTime, [255]),
  item(NvItem.ChildAgeEnable, [1]),
  item(NvItem.ApsUseExtPanId, new Array(8).fill(0)),
  item(NvItem.BdbNodeIsOnANetwork, [0], false),
  item(NvItem.PrecfgKey, DEFAULT_KEY),
  item(NvItem.PrecfgKeysEnable, [0]),
  // nwkActiveKeyItems: key descriptor (sequence, key), padding, frame counter u32 = 24 aligned bytes.
  item(NvItem.NwkKey, new Array(24).fill(0), false),
  item(NvItem.PanId, [0xff, 0xff]),
  item(NvItem.ChanList, [0x00, 0x08, 0x00, 0x00]), // channel 11
  item(NvItem.LogicalType, [0x00]), // coordinator
  item(NvItem.ZdoDirectCb, [0x01]), // ZDO responses as their own MT callbacks
];
