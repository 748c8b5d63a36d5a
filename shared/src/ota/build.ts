/** Builds a well-formed OTA upgrade file from its fields (tests, demo images, the virtual radio's checks). */
import {
  OTA_ELEMENT_HEADER_LENGTH,
  OTA_FILE_IDENTIFIER,
  OTA_FIXED_HEADER_LENGTH,
  OTA_HEADER_STRING_LENGTH,
  OTA_HEADER_VERSION,
  OtaFieldControl,
  OtaStackVersion,
  OtaTag,
} from './format';

export interface OtaElementSpec {
  tag: number;
  data: Uint8Array;
  /** Telink AES (tag 0xF000) only: its two info bytes; default `00 00`. */
  prefix?: Uint8Array;
}

export interface OtaImageSpec {
  manufacturerCode: number;
  imageType: number;
  fileVersion: number;
  /** Default ZigBee PRO (2). */
  stackVersion?: number;
  /** At most 32 bytes of UTF-8; default empty. */
  headerString?: string;
  /** Sets field control bit 0. */
  securityCredentialVersion?: number;
  /** IEEE address (16 hex digits) of the only device that may take the file; sets bit 1. */
  upgradeFileDestination?: string;
  /** Hardware versions the image is for; sets bit 2. */
  hardwareVersions?: { min: number; max: number };
  /** The firmware itself: one upgrade image element (tag 0). Ignored when `elements` is given. */
  payload?: Uint8Array;
  /** Every sub-element, in order. */
  elements?: OtaElementSpec[];
}

function u(bytes: number, value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0 || value >= 2 ** (bytes * 8)) throw new RangeError(`${name}: ${value} does not fit ${bytes * 8} bits`);
  return value;
}

function optionalHeaderLength(spec: OtaImageSpec): number {
  return (spec.securityCredentialVersion !== undefined ? 1 : 0) + (spec.upgradeFileDestination !== undefined ? 8 : 0) + (spec.hardwareVersions ? 4 : 0);
}

function elementLength(e: OtaElementSpec): number {
  return OTA_ELEMENT_HEADER_LENGTH + (e.tag === OtaTag.telinkAes ? 2 : 0) + e.data.length;
}

/** Throws RangeError on a field that does not fit its width or a header string over 32 bytes. */
export function buildOtaImage(spec: OtaImageSpec): Uint8Array {
  const headerString = new TextEncoder().encode(spec.headerString ?? '');
  if (headerString.length > OTA_HEADER_STRING_LENGTH) throw new RangeError(`headerString: ${headerString.length} bytes, at most ${OTA_HEADER_STRING_LENGTH}`);
  const elements = spec.elements ?? [{ tag: OtaTag.upgradeImage, data: spec.payload ?? new Uint8Array(0) }];
  const headerLength = OTA_FIXED_HEADER_LENGTH + optionalHeaderLength(spec);
  const total = headerLength + elements.reduce((sum, e) => sum + elementLength(e), 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let fieldControl = 0;
  if (spec.securityCredentialVersion !== undefined) fieldControl |= OtaFieldControl.securityCredentialVersion;
  if (spec.upgradeFileDestination !== undefined) fieldControl |= OtaFieldControl.upgradeFileDestination;
  if (spec.hardwareVersions) fieldControl |= OtaFieldControl.hardwareVersions;
  view.setUint32(0, OTA_FILE_IDENTIFIER, true);
  view.setUint16(4, OTA_HEADER_VERSION, true);
  view.setUint16(6, headerLength, true);
  view.setUint16(8, fieldControl, true);
  view.setUint16(10, u(2, spec.manufacturerCode, 'manufacturerCode'), true);
  view.setUint16(12, u(2, spec.imageType, 'imageType'), true);
  view.setUint32(14, u(4, spec.fileVersion, 'fileVersion'), true);
  view.setUint16(18, u(2, spec.stackVersion ?? OtaStackVersion.pro, 'stackVersion'), true);
  out.set(headerString, 20);
  view.setUint32(52, total, true);
  let at = OTA_FIXED_HEADER_LENGTH;
  if (spec.securityCredentialVersion !== undefined) view.setUint8(at++, u(1, spec.securityCredentialVersion, 'securityCredentialVersion'));
  if (spec.upgradeFileDestination !== undefined) {
    if (!/^[0-9a-f]{16}$/i.test(spec.upgradeFileDestination)) throw new RangeError('upgradeFileDestination: expected 16 hex digits');
    view.setBigUint64(at, BigInt(`0x${spec.upgradeFileDestination}`), true);
    at += 8;
  }
  if (spec.hardwareVersions) {
    view.setUint16(at, u(2, spec.hardwareVersions.min, 'hardwareVersions.min'), true);
    view.setUint16(at + 2, u(2, spec.hardwareVersions.max, 'hardwareVersions.max'), true);
    at += 4;
  }
  for (const e of elements) {
    view.setUint16(at, u(2, e.tag, 'element tag'), true);
    view.setUint32(at + 2, e.data.length, true);
    at += OTA_ELEMENT_HEADER_LENGTH;
    if (e.tag === OtaTag.telinkAes) {
      out.set((e.prefix ?? new Uint8Array(2)).subarray(0, 2), at);
      at += 2;
    }
    out.set(e.data, at);
    at += e.data.length;
  }
  return out;
}

/**
 * Deterministic filler firmware of `size` bytes (xorshift from `seed`): the same image on every run,
 * so a test can compare what a device stored with what was sent.
 */
export function otaFiller(size: number, seed = 1): Uint8Array {
  const out = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
