import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDeviceFactory } from '../../src/devices/index';
import { timingProfiles } from '../../src/network/timing';
import { takeoverState, type TakeoverNetwork } from '../../src/takeover-state';
import { startVirtualRadio, type VirtualRadio } from '../../src/virtual-radio';
import { tempDir } from '../support/temp-dir';

const PLUG = '0017880103000d03';
const network = (devices: TakeoverNetwork['devices']): TakeoverNetwork => ({
  mac: '00212effff0b0004',
  panId: 0x4d5e,
  channel: 26,
  networkKey: 'd1d2d3d4d5d6d7d8d9dadbdcdddedf40',
  nwkUpdateId: 0,
  frameCounter: 5000,
  devices,
});
const plugDescriptors = {
  router: true,
  mains: true,
  manufacturerCode: 0x100b,
  swBuildId: '1.65.9',
  endpoints: [{ id: 11, profileId: 0x0104, deviceId: 0x010a, inClusters: [0, 3, 4, 5, 6, 0x1000], outClusters: [0x0019] }],
};

describe("a takeover's virtual stick", () => {
  const dir = tempDir('vr-takeover');
  let radio: VirtualRadio | undefined;
  afterEach(async () => {
    await radio?.stop();
    radio = undefined;
  });
  afterAll(() => dir.remove());

  it('should simulate a model the catalogue lacks from its descriptors, and keep it across a restart', async () => {
    const { state, generic, unknown } = takeoverState(
      network([
        { ieee: '0017880101000d02', nwk: 0x5d02, modelId: 'LCT015', manufacturer: 'Signify Netherlands B.V.' },
        { ieee: PLUG, nwk: 0x5d03, modelId: 'LOM002', manufacturer: 'Signify Netherlands B.V.', groups: [3], descriptors: plugDescriptors },
        { ieee: '0017880103000d04', nwk: 0x5d04, modelId: 'NOPE1', manufacturer: 'Nobody', descriptors: { ...plugDescriptors, endpoints: [] } },
      ]),
    );
    expect(generic.map((d) => d.ieee)).toEqual([PLUG]);
    expect(unknown.map((d) => d.ieee)).toEqual(['0017880103000d04']);
    const path = join(dir.path, 'virtual-radio.json');
    writeFileSync(path, JSON.stringify(state));

    for (const round of ['taken over', 'restarted']) {
      radio = await startVirtualRadio({ factory: createDeviceFactory(), statePath: path, timing: timingProfiles.fast });
      const plug = radio.registry.get(PLUG)?.device;
      expect(plug?.identity, round).toMatchObject({ model: 'LOM002', logicalType: 'router', rxOnWhenIdle: true, nwk: 0x5d03 });
      const view = plug!.inspect();
      expect(view.endpoints['11'].genBasic, round).toMatchObject({
        modelId: 'LOM002',
        manufacturerName: 'Signify Netherlands B.V.',
        swBuildId: '1.65.9',
        powerSource: 1,
      });
      expect(view.endpoints['11'].genOnOff, round).toBeDefined();
      expect(view.groups, round).toEqual({ '11': [3] });
      await radio.stop();
      radio = undefined;
      expect(
        (JSON.parse(readFileSync(path, 'utf8')) as { network: { devices: { ieee: string; definition?: unknown }[] } }).network.devices.find(
          (d) => d.ieee === PLUG,
        )?.definition,
      ).toMatchObject({ modelId: 'LOM002' });
    }
  });

  it('should leave a device out when its descriptors do not make a valid device', () => {
    const { generic, unknown } = takeoverState(
      network([
        {
          ieee: PLUG,
          nwk: 0x5d03,
          modelId: 'LOM002',
          manufacturer: 'x',
          descriptors: { ...plugDescriptors, endpoints: [{ ...plugDescriptors.endpoints[0], id: 0 }] },
        },
      ]),
    );
    expect(generic).toEqual([]);
    expect(unknown.map((d) => d.ieee)).toEqual([PLUG]);
  });
});
