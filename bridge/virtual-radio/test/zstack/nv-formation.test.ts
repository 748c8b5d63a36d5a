import { describe, expect, it } from 'vitest';
import { readNib } from '../../src/znp/index';
import { NvItem } from '../../src/zstack/nv-store';
import { hex, mt, znpBench } from '../support/znp-bench';

/**
 * The Z-Stack front's NV memory and BDB formation as the firmware keeps them: the standard items of a
 * blank stick, the startup option applied once, BDB notifications, the NIB and keys of a formed
 * network, EXTADDR re-created from the chip, and a formed network that a formation request resumes.
 */
const EPID = 'DD CC BB AA 00 11 22 33';
const KEY = '01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10';
const RESET_IND = mt('41 80 00 02 01 02 07 01');

/** osalNvWriteExt of a whole item: id, offset 0, length u16, value. */
const write = (id: number, value: string) => {
  const bytes = hex(value);
  return mt(`21 1D ${(id & 0xff).toString(16)} ${(id >> 8).toString(16)} 00 00 ${bytes.length.toString(16)} 00 ${value}`);
};

/** What zigpy-znp writes before it forms its temporary network: PAN 0xFFFF, an extended PAN, a key, channels. */
function configure(bench: ReturnType<typeof znpBench>): void {
  expect(bench.send(write(NvItem.PanId, 'FF FF'))).toEqual([mt('61 1D 00')]);
  expect(bench.send(write(NvItem.ApsUseExtPanId, EPID))).toEqual([mt('61 1D 00')]);
  expect(bench.send(write(NvItem.PrecfgKey, KEY))).toEqual([mt('61 1D 00')]);
  expect(bench.send(mt('2F 08 01 00 80 10 02'))).toEqual([mt('6F 08 00')]); // primary set: channels 15, 20, 25
}

describe('zstack NV and formation', () => {
  it('should hold the standard items of a blank Z-Stack 3 coordinator, with their defaults', () => {
    const { item, send } = znpBench();
    expect(item(NvItem.ExtAddr)).toBe('04 03 02 01 00 4B 12 00');
    expect(item(NvItem.StartupOption)).toBe('00');
    expect([item(NvItem.ConcentratorEnable), item(NvItem.ConcentratorDiscovery), item(NvItem.ConcentratorRadius), item(NvItem.ConcentratorRc)]).toEqual([
      '01',
      '78',
      '0A',
      '01',
    ]);
    expect([item(NvItem.BcastDeliveryTime), item(NvItem.SrcRtgExpiryTime), item(NvItem.ZdoDirectCb), item(NvItem.LogicalType)]).toEqual([
      '1E',
      'FF',
      '01',
      '00',
    ]);
    expect([item(NvItem.BdbNodeIsOnANetwork), item(NvItem.PanId), item(NvItem.ChanList)]).toEqual(['00', 'FF FF', '00 08 00 00']);
    expect(item(NvItem.Nib)).toBeUndefined();
    expect(send(mt('21 13 33 00'))).toEqual([mt('61 13 01 00')]); // CONCENTRATOR_DISCOVERY: one byte
  });

  it('should form with BDB notifications, pick a PAN for 0xFFFF, and record the network, keys and membership', () => {
    const bench = znpBench();
    configure(bench);
    expect(bench.send(mt('2F 05 04'))).toEqual([mt('6F 05 00'), mt('45 C0 08'), mt('4F 80 01 02 04'), mt('45 C0 09'), mt('4F 80 00 02 00')]);
    const nib = readNib(bench.nv.get(NvItem.Nib)!);
    expect(nib).toMatchObject({ channel: 15, channelList: 0x02108000, extendedPanId: hex(EPID), nwkState: 8, keyLoaded: true });
    expect(nib.panId).not.toBe(0xffff);
    expect(bench.item(NvItem.PanId)).toBe([nib.panId & 0xff, nib.panId >> 8].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(' '));
    expect(bench.item(NvItem.ExtendedPanId)).toBe(EPID);
    expect(bench.item(NvItem.BdbNodeIsOnANetwork)).toBe('01');
    expect(bench.item(NvItem.ActiveKeyInfo)).toBe(`00 ${KEY}`); // 17 bytes: sequence number and key
    expect(bench.item(NvItem.AlternKeyInfo)).toBe(`00 ${KEY}`);
    expect(bench.nv.get(NvItem.NwkKey)).toHaveLength(24);
    expect(bench.send(mt('21 13 3A 00'))).toEqual([mt('61 13 11 00')]);
  });

  it('should take the extended PAN from the chip when APS_USE_EXT_PANID is zero', () => {
    const bench = znpBench();
    bench.send(mt('2F 05 04'));
    expect(readNib(bench.nv.get(NvItem.Nib)!).extendedPanId).toEqual(hex('04 03 02 01 00 4B 12 00'));
  });

  it('should apply the startup option at one reset and clear it, so the next reset keeps the network', () => {
    const bench = znpBench();
    configure(bench);
    bench.send(mt('2F 05 04'));
    expect(bench.send(write(NvItem.StartupOption, '03'))).toEqual([mt('61 1D 00')]);
    expect(bench.send(mt('41 00 01'))).toEqual([RESET_IND]);
    expect(bench.item(NvItem.Nib)).toBeUndefined();
    expect([bench.item(NvItem.StartupOption), bench.item(NvItem.BdbNodeIsOnANetwork), bench.item(NvItem.PanId)]).toEqual(['00', '00', 'FF FF']);
    configure(bench);
    bench.send(mt('2F 05 04'));
    const formed = bench.item(NvItem.Nib);
    expect(bench.send(mt('41 00 01'))).toEqual([RESET_IND]);
    expect(bench.item(NvItem.Nib)).toBe(formed);
  });

  it('should re-create a deleted EXTADDR from the chip IEEE at the next reset', () => {
    const bench = znpBench();
    expect(bench.send(write(NvItem.ExtAddr, '88 77 66 55 44 33 22 11'))).toEqual([mt('61 1D 00')]);
    expect(bench.send(mt('21 12 01 00 08 00'))).toEqual([mt('61 12 00')]);
    expect(bench.send(mt('21 13 01 00'))).toEqual([mt('61 13 00 00')]);
    bench.send(mt('41 00 01'));
    expect(bench.item(NvItem.ExtAddr)).toBe('04 03 02 01 00 4B 12 00');
    expect(bench.send(mt('27 00'))[0]).toBe(mt('67 00 00 04 03 02 01 00 4B 12 00 00 00 07 00 00'));
  });

  it('should resume a formed network on a formation request, keeping what the host wrote, and report formation failure', () => {
    const bench = znpBench();
    configure(bench);
    bench.send(mt('2F 05 04'));
    bench.send(mt('41 00 01'));
    // The host restores its own network record: PAN 0x1234 (NIB offset 36) and another key.
    expect(bench.send(mt('21 1D 21 00 24 00 02 00 34 12'))).toEqual([mt('61 1D 00')]);
    expect(bench.send(write(NvItem.ActiveKeyInfo, `00 ${'AA '.repeat(16)}`))).toEqual([mt('61 1D 00')]);
    const nib = bench.item(NvItem.Nib);
    bench.send(mt('41 00 01'));
    expect(bench.send(mt('2F 05 04'))).toEqual([mt('6F 05 00'), mt('45 C0 09'), mt('4F 80 0D 00 04'), mt('4F 80 08 02 00')]);
    expect(bench.item(NvItem.Nib)).toBe(nib);
    expect(readNib(bench.nv.get(NvItem.Nib)!).panId).toBe(0x1234);
    expect(bench.item(NvItem.ActiveKeyInfo)).toBe(`00 ${'AA '.repeat(16).trim()}`);
    // Once initialised, a second request only reports the failure.
    expect(bench.send(mt('2F 05 04'))).toEqual([mt('6F 05 00'), mt('4F 80 08 02 00')]);
  });
});
