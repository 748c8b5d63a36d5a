import { describe, expect, it } from 'vitest';
import { fileVersion, otauActions, otauLastResult, otauOf, otauSummary, type Otau } from '../src/pages/device/firmware-words';

const idle: Otau = { state: 'idle', installed: 0x01001b02, available: 0x01001b02, progress: 0, remaining: 0, sleepy: false, lastresult: null };

describe('firmware words', () => {
  it('should read only an otau object the gateway sends', () => {
    expect(otauOf(undefined)).toBeUndefined();
    expect(otauOf({ state: 'idle' })).toBeUndefined();
    expect(otauOf(idle)).toEqual(idle);
  });

  it('should say what the device runs and whether an update is known, with the actions that fit', () => {
    expect(fileVersion(0x1b02)).toBe('0x00001b02');
    expect(otauSummary({ ...idle, installed: null, available: null })).toBe('Not checked yet');
    expect(otauSummary({ ...idle, available: null })).toBe('No image known for this device (running 0x01001b02)');
    expect(otauSummary(idle)).toBe('Up to date (running 0x01001b02)');
    expect(otauActions(idle)).toEqual([{ action: 'check', label: 'Check for an update' }]);
    const available = { ...idle, state: 'available' as const, available: 0x01001b03 };
    expect(otauSummary(available)).toBe('Update available: 0x01001b03 (running 0x01001b02)');
    expect(otauActions(available).map((a) => a.label)).toEqual(['Update to 0x01001b03', 'Check for an update']);
    expect(otauActions({ ...available, sleepy: true })[0]).toEqual({ action: 'update', label: 'Update to 0x01001b03 at its next check-in' });
  });

  it('should show progress while updating and offer only to stop; a scheduled update can be cancelled', () => {
    const updating = { ...idle, state: 'updating' as const, available: 0x01001b03, progress: 42.5, remaining: 200 };
    expect(otauSummary(updating)).toBe('Updating to 0x01001b03: 42 %, about 3 min left');
    expect(otauActions(updating)).toEqual([{ action: 'abort', label: 'Stop the update' }]);
    const scheduled = { ...idle, state: 'scheduled' as const, available: 0x01001b03, sleepy: true };
    expect(otauSummary(scheduled)).toContain("waits for the device's next check-in");
    expect(otauActions(scheduled)).toEqual([{ action: 'unschedule', label: 'Cancel the update' }]);
  });

  it('should tell how the last update ended, in words', () => {
    expect(otauLastResult(idle)).toBeUndefined();
    const at = '2026-12-03T07:00:00.000Z';
    expect(otauLastResult({ ...idle, lastresult: { ok: true, at, from: 1, to: 2 } })).toBe('Last update done: 0x00000001 → 0x00000002');
    expect(otauLastResult({ ...idle, lastresult: { ok: false, at, from: 1, to: 2, error: 'refused', message: 'the device refused the image' } })).toBe(
      'Last update failed: the device refused the image (refused)',
    );
  });
});
