import { describe, expect, it } from 'vitest';
import { buttonChoices } from '../src/pages/button-events';

describe('button events in words', () => {
  it('should turn the introspected codes into "button, event" choices in code order', () => {
    const choices = buttonChoices({
      buttons: { 1: { name: 'Button 1' }, 2: { name: 'Button 2' } },
      values: {
        2002: { button: 2, action: 'SHORT_RELEASE' },
        1004: { button: 1, action: 'DOUBLE_PRESS' },
        1002: { button: 1, action: 'SHORT_RELEASE' },
        1001: { button: 1, action: 'HOLD' },
        1009: { button: 1, action: 'SOME_NEW_THING' },
      },
    });
    expect(choices).toEqual([
      { code: '1001', text: 'Button 1, held' },
      { code: '1002', text: 'Button 1, short press' },
      { code: '1004', text: 'Button 1, double press' },
      { code: '1009', text: 'Button 1, some new thing' },
      { code: '2002', text: 'Button 2, short press' },
    ]);
    expect(buttonChoices({})).toEqual([]);
  });
});
