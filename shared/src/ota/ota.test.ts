import { parseOtaImage as herdsmanParse } from 'zigbee-herdsman';
import { describe, expect, it } from 'vitest';
import { OtaTag, buildOtaImage, otaFiller, parseOtaImage, upgradeImageOf } from './index';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

// A Hue bulb's file with every optional header field, written out by hand from ZCL 11.4.2.
const GOLDEN = [
  '1ef1ee0b', // identifier 0x0BEEF11E
  '0001', // header version 0x0100
  '4500', // header length 69 = 56 + 1 + 8 + 4
  '0700', // field control: credential version, destination, hardware versions
  '0b10', // manufacturer 0x100B (Signify)
  '0c01', // image type 0x010C
  '002a0001', // file version 0x01002A00
  '0200', // ZigBee PRO
  Buffer.from('herdgate test'.padEnd(32, '\0')).toString('hex'),
  '50000000', // total image size 80
  '02', // security credential version
  '0100000001881700', // destination 00178801 00000001
  '01000200', // hardware versions 1..2
  '0000',
  '05000000',
  '0102030405', // upgrade image, 5 bytes
].join('');

describe('OTA image files', () => {
  it('should build the header byte for byte as ZCL lays it out', () => {
    const bytes = buildOtaImage({
      manufacturerCode: 0x100b,
      imageType: 0x010c,
      fileVersion: 0x01002a00,
      headerString: 'herdgate test',
      securityCredentialVersion: 2,
      upgradeFileDestination: '0017880100000001',
      hardwareVersions: { min: 1, max: 2 },
      payload: Uint8Array.of(1, 2, 3, 4, 5),
    });
    expect(hex(bytes)).toBe(GOLDEN);
  });

  it('should read back every field it built', () => {
    const result = parseOtaImage(new Uint8Array(Buffer.from(GOLDEN, 'hex')));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.image.header).toEqual({
      headerVersion: 0x0100,
      headerLength: 69,
      fieldControl: 7,
      manufacturerCode: 0x100b,
      imageType: 0x010c,
      fileVersion: 0x01002a00,
      stackVersion: 2,
      headerString: 'herdgate test',
      totalImageSize: 80,
      securityCredentialVersion: 2,
      upgradeFileDestination: '0017880100000001',
      minimumHardwareVersion: 1,
      maximumHardwareVersion: 2,
    });
    expect(upgradeImageOf(result.image)).toEqual(Uint8Array.of(1, 2, 3, 4, 5));
  });

  it('should agree with zigbee-herdsman on a multi-element file, Telink AES element included', () => {
    const payload = otaFiller(300, 7);
    const bytes = buildOtaImage({
      manufacturerCode: 0x117c,
      imageType: 0x2101,
      fileVersion: 587810353,
      stackVersion: 2,
      headerString: 'EBL tradfri_light_basic',
      elements: [
        { tag: OtaTag.upgradeImage, data: payload },
        { tag: OtaTag.imageIntegrityCode, data: otaFiller(16, 3) },
        { tag: OtaTag.telinkAes, prefix: Uint8Array.of(0xaa, 0xbb), data: otaFiller(20, 9) },
      ],
    });
    const ours = parseOtaImage(bytes);
    const theirs = herdsmanParse(Buffer.from(bytes));
    expect(ours.ok).toBe(true);
    if (!ours.ok) return;
    expect(theirs.header.totalImageSize).toBe(bytes.length);
    expect(theirs.header.manufacturerCode).toBe(0x117c);
    expect(theirs.header.fileVersion).toBe(587810353);
    expect(theirs.elements.map((e) => [e.tagId, e.length, hex(e.data)])).toEqual(ours.image.elements.map((e) => [e.tag, e.data.length, hex(e.data)]));
    expect(hex(ours.image.elements[2].prefix!)).toBe('aabb');
    expect(upgradeImageOf(ours.image)).toEqual(payload);
  });

  it('should refuse fields that do not fit and header strings over 32 bytes', () => {
    expect(() => buildOtaImage({ manufacturerCode: 0x10000, imageType: 1, fileVersion: 1 })).toThrow(/manufacturerCode/);
    expect(() => buildOtaImage({ manufacturerCode: 1, imageType: 1, fileVersion: 2 ** 32 })).toThrow(/fileVersion/);
    expect(() => buildOtaImage({ manufacturerCode: 1, imageType: 1, fileVersion: 1, headerString: 'x'.repeat(33) })).toThrow(/headerString/);
    expect(() => buildOtaImage({ manufacturerCode: 1, imageType: 1, fileVersion: 1, upgradeFileDestination: 'zz' })).toThrow(/upgradeFileDestination/);
  });
});

describe('malformed OTA files', () => {
  const good = () => buildOtaImage({ manufacturerCode: 0x100b, imageType: 0x010c, fileVersion: 5, payload: otaFiller(100) });
  const edit = (at: number, write: (view: DataView) => void) => {
    const bytes = good();
    write(new DataView(bytes.buffer));
    return bytes.subarray(0, at < 0 ? bytes.length : at);
  };
  const problem = (bytes: Uint8Array, options = {}) => {
    const result = parseOtaImage(bytes, options);
    return result.ok ? 'ok' : result.problem;
  };

  it('should name what is wrong with each kind of bad file', () => {
    expect(problem(new Uint8Array(0))).toBe('truncated-header');
    expect(problem(edit(-1, (v) => v.setUint32(0, 0x12345678, true)))).toBe('not-an-ota-file');
    expect(problem(good().subarray(0, 40))).toBe('truncated-header');
    expect(problem(edit(-1, (v) => v.setUint16(4, 0x0200, true)))).toBe('unsupported-header-version');
    expect(problem(edit(-1, (v) => v.setUint16(6, 60, true)))).toBe('bad-header-length');
    expect(problem(edit(-1, (v) => v.setUint16(8, 0x0004, true)))).toBe('bad-header-length');
    expect(problem(good().subarray(0, 120))).toBe('size-mismatch');
    expect(problem(edit(-1, (v) => v.setUint32(52, 200, true)))).toBe('size-mismatch');
    expect(problem(edit(-1, (v) => v.setUint32(52, 20, true)))).toBe('size-mismatch');
    expect(problem(edit(-1, (v) => v.setUint32(58, 101, true)))).toBe('truncated-element');
    expect(problem(buildOtaImage({ manufacturerCode: 1, imageType: 1, fileVersion: 1, elements: [{ tag: OtaTag.pictureData, data: otaFiller(4) }] }))).toBe(
      'no-upgrade-image',
    );
  });

  it('should take a security credentials file without an upgrade image', () => {
    expect(
      problem(
        buildOtaImage({ manufacturerCode: 1, imageType: 0xffc0, fileVersion: 1, elements: [{ tag: OtaTag.ecdsaCertificateSuite1, data: otaFiller(48) }] }),
      ),
    ).toBe('ok');
  });

  it('should skip a vendor prefix and ignore trailing bytes only when asked', () => {
    const wrapped = new Uint8Array([...otaFiller(10, 5).map((b) => (b === 0x1e ? 0 : b)), ...good(), 0xff, 0xff]);
    expect(problem(wrapped)).toBe('not-an-ota-file');
    expect(problem(wrapped, { allowPrefix: true })).toBe('size-mismatch');
    const result = parseOtaImage(wrapped, { allowPrefix: true, allowTrailing: true });
    expect(result.ok && [result.prefixLength, result.image.bytes.length]).toEqual([10, good().length]);
    expect(problem(otaFiller(64, 2), { allowPrefix: true })).toBe('not-an-ota-file');
  });
});
