/**
 * What a device checks before it installs a downloaded image: a well-formed OTA file, for its
 * manufacturer and image type (or the wildcard), the version and size it was offered, for it (the
 * destination, when the file names one) and for its hardware (when the file gives a range).
 */
import { OtaWildcard, parseOtaImage } from '@herdgate/shared/ota';

export interface Offer {
  manufacturerCode: number;
  imageType: number;
  fileVersion: number;
  imageSize: number;
}

export interface Identity {
  ieee: string;
  manufacturerCode: number;
  imageType: number;
  hardwareVersion?: number;
}

const fits = (value: number, own: number) => value === own || value === OtaWildcard.manufacturerCode;

/** undefined when the offer itself is for this device, else why not. */
export function offerProblem(offer: Offer, own: Identity, maxImageSize: number): string | undefined {
  if (!fits(offer.manufacturerCode, own.manufacturerCode))
    return `manufacturer 0x${offer.manufacturerCode.toString(16)} is not 0x${own.manufacturerCode.toString(16)}`;
  if (!fits(offer.imageType, own.imageType)) return `image type 0x${offer.imageType.toString(16)} is not 0x${own.imageType.toString(16)}`;
  if (offer.imageSize > maxImageSize) return `image of ${offer.imageSize} bytes does not fit ${maxImageSize} bytes of flash`;
  return undefined;
}

/** undefined when the downloaded bytes are an image this device may install, else why not. */
export function imageProblem(bytes: Uint8Array, offer: Offer, own: Identity): string | undefined {
  const parsed = parseOtaImage(bytes);
  if (!parsed.ok) return `${parsed.problem}: ${parsed.message}`;
  const h = parsed.image.header;
  if (h.totalImageSize !== offer.imageSize) return `total image size ${h.totalImageSize}, offered ${offer.imageSize}`;
  if (h.fileVersion !== offer.fileVersion) return `file version ${h.fileVersion}, offered ${offer.fileVersion}`;
  const header = { manufacturerCode: h.manufacturerCode, imageType: h.imageType, fileVersion: h.fileVersion, imageSize: h.totalImageSize };
  const wrong = offerProblem(header, own, Number.POSITIVE_INFINITY);
  if (wrong) return `file header: ${wrong}`;
  if (h.upgradeFileDestination !== undefined && h.upgradeFileDestination !== own.ieee) return `the file is for ${h.upgradeFileDestination}`;
  if (
    h.minimumHardwareVersion !== undefined &&
    own.hardwareVersion !== undefined &&
    (own.hardwareVersion < h.minimumHardwareVersion || own.hardwareVersion > h.maximumHardwareVersion!)
  ) {
    return `hardware version ${own.hardwareVersion} outside ${h.minimumHardwareVersion}-${h.maximumHardwareVersion}`;
  }
  return undefined;
}
