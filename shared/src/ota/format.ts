/**
 * The Zigbee OTA upgrade file (ZCL 11.4, "OTA Upgrade File Format"): a header of at least 56 bytes,
 * little-endian, then sub-elements (tag u16, length u32, data). These constants and types are shared
 * by the builder and the parser; the field offsets are the standard's.
 */

/** Upgrade file identifier, the first four bytes of every file (`1E F1 EE 0B` on disk). */
export const OTA_FILE_IDENTIFIER = 0x0beef11e;
/** The one header version the standard defines. */
export const OTA_HEADER_VERSION = 0x0100;
/** Fixed part of the header: identifier … total image size. */
export const OTA_FIXED_HEADER_LENGTH = 56;
/** Bytes of the header string field (UTF-8, zero padded). */
export const OTA_HEADER_STRING_LENGTH = 32;
/** A sub-element's tag u16 + length u32. */
export const OTA_ELEMENT_HEADER_LENGTH = 6;

/** Header field control bits: which optional fields follow the fixed header, in this order. */
export const OtaFieldControl = {
  securityCredentialVersion: 0x0001,
  upgradeFileDestination: 0x0002,
  hardwareVersions: 0x0004,
} as const;

/** Sub-element tags (ZCL 11.4.3); 0xF000-0xFFFF are manufacturer specific. */
export const OtaTag = {
  upgradeImage: 0x0000,
  ecdsaSignatureSuite1: 0x0001,
  ecdsaCertificateSuite1: 0x0002,
  imageIntegrityCode: 0x0003,
  pictureData: 0x0004,
  ecdsaSignatureSuite2: 0x0005,
  ecdsaCertificateSuite2: 0x0006,
  /**
   * Telink's AES-wrapped image: two bytes of Telink element info sit between the element header
   * and the data, and the length field does not count them (as zigbee-herdsman reads it).
   */
  telinkAes: 0xf000,
} as const;

/** Wildcards a server or a file may use. */
export const OtaWildcard = { manufacturerCode: 0xffff, imageType: 0xffff, fileVersion: 0xffffffff } as const;
/** Image types of the specific files (not firmware): security credentials, configuration, log. */
export const OtaSpecificImageType = { security: 0xffc0, configuration: 0xffc1, log: 0xffc2 } as const;

/** Zigbee stack versions a header may name; ZigBee PRO is what every current device runs. */
export const OtaStackVersion = { zigbee2006: 0x0000, zigbee2007: 0x0001, pro: 0x0002, ip: 0x0003 } as const;

export interface OtaHeader {
  headerVersion: number;
  headerLength: number;
  fieldControl: number;
  manufacturerCode: number;
  imageType: number;
  fileVersion: number;
  stackVersion: number;
  /** The header string without its zero padding. */
  headerString: string;
  totalImageSize: number;
  securityCredentialVersion?: number;
  /** IEEE address of the one device the file is for, 16 lower-case hex digits (field control bit 1). */
  upgradeFileDestination?: string;
  minimumHardwareVersion?: number;
  maximumHardwareVersion?: number;
}

export interface OtaElement {
  tag: number;
  data: Uint8Array;
  /** Telink AES elements only: the two info bytes before the data. */
  prefix?: Uint8Array;
}

export interface OtaImage {
  header: OtaHeader;
  elements: OtaElement[];
  /** The file from its identifier to its total image size: what a server sends, block by block. */
  bytes: Uint8Array;
}
