/**
 * A device's firmware update state (`otau` of the Device object, a herdgate extension) in words:
 * what it runs, what the gateway's image sources hold for it, a transfer's progress, how the last
 * update ended, and which actions make sense now. Pure, so the page and a test read the same words.
 */
export interface Otau {
  state: 'idle' | 'available' | 'scheduled' | 'updating';
  installed: number | null;
  available: number | null;
  progress: number;
  remaining: number;
  sleepy: boolean;
  lastresult: { ok: boolean; at: string; from: number | null; to: number | null; error?: string; message?: string } | null;
}

export type OtauAction = 'check' | 'update' | 'unschedule' | 'abort';

/** An OTA file version as vendors print it: 32-bit hex. */
export const fileVersion = (version: number | null) => (version === null ? 'unknown' : `0x${version.toString(16).padStart(8, '0')}`);

/** What a `otau` value is, if it is one (the field is absent for devices without an OTA client). */
export function otauOf(value: unknown): Otau | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const otau = value as Partial<Otau>;
  return typeof otau.state === 'string' && typeof otau.sleepy === 'boolean' ? (otau as Otau) : undefined;
}

/** The headline: is there something to do, and what is the device doing. */
export function otauSummary(otau: Otau): string {
  const running = `running ${fileVersion(otau.installed)}`;
  if (otau.state === 'updating')
    return `Updating to ${fileVersion(otau.available)}: ${Math.floor(otau.progress)} %${otau.remaining > 0 ? `, about ${minutes(otau.remaining)} left` : ''}`;
  if (otau.state === 'scheduled') return `Update to ${fileVersion(otau.available)} waits for the device's next check-in (${running})`;
  if (otau.state === 'available') return `Update available: ${fileVersion(otau.available)} (${running})`;
  if (otau.installed === null) return 'Not checked yet';
  if (otau.available === null) return `No image known for this device (${running})`;
  return `Up to date (${running})`;
}

/** How the last update ended, or undefined when there was none. */
export function otauLastResult(otau: Otau): string | undefined {
  const last = otau.lastresult;
  if (!last) return undefined;
  if (last.ok) return `Last update done: ${fileVersion(last.from)} → ${fileVersion(last.to)}`;
  const why = last.message ? `${last.message}${last.error ? ` (${last.error})` : ''}` : (last.error ?? 'no reason given');
  return `Last update failed: ${why}`;
}

/** The actions that make sense now, with their button words. A sleepy device's update waits for it. */
export function otauActions(otau: Otau): { action: OtauAction; label: string }[] {
  if (otau.state === 'updating') return [{ action: 'abort', label: 'Stop the update' }];
  if (otau.state === 'scheduled') return [{ action: 'unschedule', label: 'Cancel the update' }];
  const check = { action: 'check' as const, label: 'Check for an update' };
  if (otau.state !== 'available') return [check];
  // `update` of a sleepy device is scheduled by the gateway for its next image query.
  const update = {
    action: 'update' as const,
    label: otau.sleepy ? `Update to ${fileVersion(otau.available)} at its next check-in` : `Update to ${fileVersion(otau.available)}`,
  };
  return [update, check];
}

function minutes(seconds: number): string {
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}
