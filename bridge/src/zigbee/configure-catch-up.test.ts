import { describe, expect, it, vi } from 'vitest';
import { createConfigureCatchUp } from './configure-catch-up';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('configure catch-up', () => {
  it('should configure nothing before the bridge is up, then a waiting device once it is heard', async () => {
    const configure = vi.fn(async () => true);
    const catchUp = createConfigureCatchUp(configure);
    catchUp.add('remote');
    catchUp.heard('remote');
    catchUp.heard('lamp');
    await flush();
    expect(configure).not.toHaveBeenCalled();
    catchUp.open();
    catchUp.heard('lamp');
    catchUp.heard('remote');
    await flush();
    expect(configure.mock.calls).toEqual([['remote']]);
    expect(catchUp.pending()).toEqual([]);
  });

  it('should try a refusing device once per start and again after it announces, not on every frame', async () => {
    const configure = vi.fn(async () => false);
    const catchUp = createConfigureCatchUp(configure);
    catchUp.add('remote');
    catchUp.open();
    catchUp.heard('remote');
    catchUp.heard('remote');
    await flush();
    catchUp.heard('remote');
    await flush();
    expect(configure).toHaveBeenCalledTimes(1);
    catchUp.heard('remote', true);
    await flush();
    expect(configure).toHaveBeenCalledTimes(2);
    expect(catchUp.pending()).toEqual(['remote']);
    catchUp.forget('remote');
    catchUp.heard('remote', true);
    await flush();
    expect(configure).toHaveBeenCalledTimes(2);
  });
});
