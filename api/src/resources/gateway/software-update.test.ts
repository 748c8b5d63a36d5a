import { describe, expect, it } from 'vitest';
import { compareVersions } from './software-update';

describe('compareVersions', () => {
  it('should order releases numerically and a pre-release before its release', () => {
    const sorted = ['0.10.0', '0.2.0', '0.2.0-beta.1', '1.0.0', '0.2.1', 'v0.9.9'].sort(compareVersions);
    expect(sorted).toEqual(['0.2.0-beta.1', '0.2.0', '0.2.1', 'v0.9.9', '0.10.0', '1.0.0']);
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.3.0-beta.2', '0.3.0-beta.1')).toBe(1);
  });
});
