/**
 * Reads an OTA upgrade file and says exactly what is wrong with a bad one. Strict by default (a
 * dropped file must be exactly one image); `allowPrefix` skips a vendor wrapper before the
 * identifier and `allowTrailing` ignores bytes after the total image size, as zigbee-herdsman does.
 */
import {
  OTA_ELEMENT_HEADER_LENGTH,
  OTA_FILE_IDENTIFIER,
  OTA_FIXED_HEADER_LENGTH,
  OTA_HEADER_VERSION,
  type OtaElement,
  OtaFieldControl,
  type OtaHeader,
  type OtaImage,
  OtaSpecificImageType,
  OtaTag,
} from './format';

export type OtaProblem =
  /** Shorter than the fixed header, or than the header length it states. */
  | 'truncated-header'
  /** No 0x0BEEF11E identifier where the file starts (or anywhere, with allowPrefix). */
  | 'not-an-ota-file'
  | 'unsupported-header-version'
  /** The header length is not the fixed part plus the optional fields its field control announces. */
  | 'bad-header-length'
  /** The total image size is not the file's length (or, with allowTrailing, more than it). */
  | 'size-mismatch'
  /** A sub-element runs past the total image size. */
  | 'truncated-element'
  /** A firmware image (not a security, configuration or log file) without an upgrade image element. */
  | 'no-upgrade-image';

export type OtaParseResult = { ok: true; image: OtaImage; prefixLength: number } | { ok: false; problem: OtaProblem; message: string };

export interface OtaParseOptions {
  allowPrefix?: boolean;
  allowTrailing?: boolean;
}

const IDENTIFIER_BYTES = [0x1e, 0xf1, 0xee, 0x0b];

function findIdentifier(bytes: Uint8Array): number {
  outer: for (let i = 0; i + 4 <= bytes.length; i++) {
    for (let j = 0; j < 4; j++) if (bytes[i + j] !== IDENTIFIER_BYTES[j]) continue outer;
    return i;
  }
  return -1;
}

const fail = (problem: OtaProblem, message: string): OtaParseResult => ({ ok: false, problem, message });

function readHeader(file: Uint8Array, view: DataView): OtaHeader {
  const raw = file.subarray(20, 52);
  const end = raw.indexOf(0);
  const header: OtaHeader = {
    headerVersion: view.getUint16(4, true),
    headerLength: view.getUint16(6, true),
    fieldControl: view.getUint16(8, true),
    manufacturerCode: view.getUint16(10, true),
    imageType: view.getUint16(12, true),
    fileVersion: view.getUint32(14, true),
    stackVersion: view.getUint16(18, true),
    headerString: new TextDecoder().decode(end < 0 ? raw : raw.subarray(0, end)),
    totalImageSize: view.getUint32(52, true),
  };
  return header;
}

function optionalLength(fieldControl: number): number {
  return (
    (fieldControl & OtaFieldControl.securityCredentialVersion ? 1 : 0) +
    (fieldControl & OtaFieldControl.upgradeFileDestination ? 8 : 0) +
    (fieldControl & OtaFieldControl.hardwareVersions ? 4 : 0)
  );
}

function readOptional(header: OtaHeader, view: DataView): void {
  let at = OTA_FIXED_HEADER_LENGTH;
  if (header.fieldControl & OtaFieldControl.securityCredentialVersion) header.securityCredentialVersion = view.getUint8(at++);
  if (header.fieldControl & OtaFieldControl.upgradeFileDestination) {
    header.upgradeFileDestination = view.getBigUint64(at, true).toString(16).padStart(16, '0');
    at += 8;
  }
  if (header.fieldControl & OtaFieldControl.hardwareVersions) {
    header.minimumHardwareVersion = view.getUint16(at, true);
    header.maximumHardwareVersion = view.getUint16(at + 2, true);
  }
}

function readElements(file: Uint8Array, view: DataView, header: OtaHeader): OtaElement[] | OtaParseResult {
  const elements: OtaElement[] = [];
  let at = header.headerLength;
  while (at < header.totalImageSize) {
    if (at + OTA_ELEMENT_HEADER_LENGTH > header.totalImageSize)
      return fail('truncated-element', `sub-element header at ${at} runs past the total image size ${header.totalImageSize}`);
    const tag = view.getUint16(at, true);
    const length = view.getUint32(at + 2, true);
    const prefixLength = tag === OtaTag.telinkAes ? 2 : 0;
    const start = at + OTA_ELEMENT_HEADER_LENGTH + prefixLength;
    if (start + length > header.totalImageSize)
      return fail(
        'truncated-element',
        `sub-element 0x${tag.toString(16).padStart(4, '0')} at ${at} (${length} bytes) runs past the total image size ${header.totalImageSize}`,
      );
    elements.push({ tag, data: file.subarray(start, start + length), ...(prefixLength ? { prefix: file.subarray(start - 2, start) } : {}) });
    at = start + length;
  }
  return elements;
}

export function parseOtaImage(bytes: Uint8Array, options: OtaParseOptions = {}): OtaParseResult {
  const prefixLength = options.allowPrefix ? findIdentifier(bytes) : 0;
  if (prefixLength < 0) return fail('not-an-ota-file', 'no OTA upgrade file identifier 0x0BEEF11E in the file');
  const file = bytes.subarray(prefixLength);
  if (file.length < 4) return fail('truncated-header', `${file.length} bytes, an OTA header has ${OTA_FIXED_HEADER_LENGTH}`);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(0, true) !== OTA_FILE_IDENTIFIER)
    return fail('not-an-ota-file', `starts with 0x${view.getUint32(0, true).toString(16).padStart(8, '0')}, not the OTA identifier 0x0beef11e`);
  if (file.length < OTA_FIXED_HEADER_LENGTH) return fail('truncated-header', `${file.length} bytes, an OTA header has ${OTA_FIXED_HEADER_LENGTH}`);
  const header = readHeader(file, view);
  if (header.headerVersion !== OTA_HEADER_VERSION)
    return fail('unsupported-header-version', `header version 0x${header.headerVersion.toString(16).padStart(4, '0')}, expected 0x0100`);
  const expectedLength = OTA_FIXED_HEADER_LENGTH + optionalLength(header.fieldControl);
  if (header.headerLength !== expectedLength)
    return fail(
      'bad-header-length',
      `header length ${header.headerLength}, field control 0x${header.fieldControl.toString(16).padStart(4, '0')} makes it ${expectedLength}`,
    );
  if (file.length < header.headerLength) return fail('truncated-header', `${file.length} bytes, the header alone has ${header.headerLength}`);
  readOptional(header, view);
  if (header.totalImageSize < header.headerLength)
    return fail('size-mismatch', `total image size ${header.totalImageSize} is smaller than the header (${header.headerLength})`);
  if (header.totalImageSize > file.length) return fail('size-mismatch', `total image size ${header.totalImageSize}, the file has ${file.length} bytes`);
  if (header.totalImageSize < file.length && !options.allowTrailing)
    return fail(
      'size-mismatch',
      `total image size ${header.totalImageSize}, the file has ${file.length} bytes (${file.length - header.totalImageSize} after the image)`,
    );
  const elements = readElements(file, view, header);
  if (!Array.isArray(elements)) return elements;
  const specific = header.imageType >= OtaSpecificImageType.security && header.imageType <= OtaSpecificImageType.log;
  if (!specific && !elements.some((e) => e.tag === OtaTag.upgradeImage)) return fail('no-upgrade-image', 'no upgrade image sub-element (tag 0x0000)');
  return { ok: true, image: { header, elements, bytes: file.subarray(0, header.totalImageSize) }, prefixLength };
}

/** The firmware (upgrade image element) of a parsed file, if it has one. */
export function upgradeImageOf(image: OtaImage): Uint8Array | undefined {
  return image.elements.find((e) => e.tag === OtaTag.upgradeImage)?.data;
}
