import type { FailureReason } from '../radio-error';
/**
 * Device firmware updates (OTA) as the rest of the bridge sees them: plain data, no herdsman type.
 * The zigbee layer serves images from the configured sources (image-sources.ts) and runs the
 * transfer through herdsman (device-ota.ts); features get these events and this interface.
 */
export interface OtaImageInfo {
  manufacturerCode: number;
  imageType: number;
  fileVersion: number;
  /** Total image size in bytes (the header's total image size). */
  size: number;
  /** File name (folder images) or URL (index entries). */
  source: string;
  releaseNotes?: string;
}

export interface OtaCheck {
  /** What the device runs (null when it never said). */
  installed: number | null;
  /** The matching image of the sources, newer or not. */
  image?: OtaImageInfo;
  /** True when `image` is newer than `installed`. */
  available: boolean;
}

export interface OtaRun {
  /** Resolves once the device accepted the image and the transfer began; rejects when it never did. */
  started: Promise<{ from: number; to: number; size: number }>;
  /** Resolves once the device runs the new image. */
  done: Promise<{ from: number; to: number }>;
}

export interface DeviceOta {
  /** The device has an OTA client endpoint (genOta output cluster). */
  supports(ieee: string): boolean;
  /** True for a device that sleeps: it is reached only when it asks (its check-in). */
  sleepy(ieee: string): boolean;
  /** Asks an awake device what it runs (image notify, then its query) and matches the sources. */
  check(ieee: string): Promise<OtaCheck>;
  /** What the device said last time it asked, matched against the sources now (no frame). */
  known(ieee: string): Promise<OtaCheck>;
  /** Starts an update of an awake device now. */
  update(ieee: string): OtaRun;
  /** The update runs when the device next asks for an image (kept across restarts). */
  schedule(ieee: string): Promise<void>;
  unschedule(ieee: string): boolean;
  scheduled(ieee: string): boolean;
  /** A check or transfer of the device is running. */
  busy(ieee: string): boolean;
  /** Aborts a running transfer (its next block request is answered ABORT); false when none runs. */
  abort(ieee: string): boolean;
  /** Whether devices' own image queries are answered (deCONZ `otauactive`). */
  setActive(active: boolean): void;
}

/** Events of the zigbee layer about OTA (part of ZigbeeEventMap). */
export interface OtaEventMap {
  /** A device asked for an image on its own and nothing was scheduled: it was told there is none. */
  otaQuery: { ieee: string; check: OtaCheck };
  otaStarted: { ieee: string; from: number; to: number; size: number };
  /** Every few percent and at least once a second while blocks are sent. */
  otaProgress: { ieee: string; percent: number; remaining: number; sent: number; size: number };
  otaDone: { ieee: string; ok: boolean; from: number | null; to: number | null; reason?: FailureReason; message?: string; scheduled: boolean };
}
