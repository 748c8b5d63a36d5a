import type { OtaState } from '@herdgate/shared/mqtt';

/**
 * `otau` of the Device object (a herdgate extension; deCONZ's REST API has only `config.otauactive`):
 * the firmware update state the bridge publishes for a device with an OTA client. File versions are
 * the OTA header's 32-bit numbers; `progress` (0-100) and `remaining` (seconds) move while updating
 * and are 0 otherwise; `lastresult` says how the last update ended.
 */
export function otauView(ota: OtaState): Record<string, unknown> {
  return {
    state: ota.state,
    installed: ota.installed,
    available: ota.available,
    progress: ota.state === 'updating' ? (ota.progress ?? 0) : 0,
    remaining: ota.state === 'updating' ? (ota.remaining ?? 0) : 0,
    sleepy: ota.sleepy,
    ...(ota.size !== undefined ? { size: ota.size, sent: ota.sent ?? 0 } : {}),
    lastresult: ota.result
      ? {
          ok: ota.result.ok,
          at: ota.result.at,
          from: ota.result.from,
          to: ota.result.to,
          ...(ota.result.error ? { error: ota.result.error.code, message: ota.result.error.message } : {}),
        }
      : null,
  };
}

/** deCONZ's `otaustate` `busy`: some device's image is being sent now. */
export function otauBusy(link: { devices(): ReadonlyMap<string, unknown>; deviceOta(ieee: string): OtaState | undefined }): boolean {
  for (const ieee of link.devices().keys()) if (link.deviceOta(ieee)?.state === 'updating') return true;
  return false;
}
