import { describe, expect, it } from 'vitest';
import { conditionProblem, duration, phraseOf, phrasesFor, secondsOf, timeRange, timesOf, toShown, toStored } from '../src/pages/rule-words';
import { errorWords } from '../src/state/form-errors';

describe('rules in words', () => {
  it("should offer a sensor's attributes by meaning first, then the plain ones", () => {
    const phrases = phrasesFor(['state/open', 'state/temperature', 'state/lastupdated']);
    expect(phrases.filter((p) => !p.other).map((p) => p.text)).toEqual(['opens', 'closes', 'temperature above', 'temperature below', 'reports anything']);
    expect(phrases.find((p) => p.text === 'opens')).toMatchObject({ attribute: 'state/open', operator: 'eq', value: 'true', input: 'none' });
    expect(phrases.some((p) => p.other && p.text === 'Open is not')).toBe(true);
  });

  it('should read a stored condition back as its phrase, a fixed value before a free one', () => {
    const phrases = phrasesFor(['state/presence']);
    expect(phraseOf(phrases, 'state/presence', 'eq', 'false')?.text).toBe('motion stops');
    expect(phraseOf(phrases, 'state/presence', 'eq', 'maybe')?.text).toBe('Motion equals');
    expect(phraseOf(phrases, 'state/presence', 'in', '')).toBeUndefined();
  });

  it("should show values in the unit people read and store the gateway's integers", () => {
    expect(toShown('state/temperature', '2150')).toBe('21.5');
    expect(toStored('state/temperature', '21.5')).toBe('2150');
    expect(toStored('state/lux', '300')).toBe('300');
    expect(timesOf('T22:00:00/T06:30:00')).toEqual(['22:00', '06:30']);
    expect(timeRange('22:00', '06:30')).toBe('T22:00:00/T06:30:00');
    expect([secondsOf('PT00:05:30'), duration('330')]).toEqual(['330', 'PT00:05:30']);
  });

  it("should say what a condition lacks, and the gateway's refusals, in words", () => {
    const [above] = phrasesFor(['state/temperature']);
    expect(conditionProblem(above, '')).toBe('Enter a number.');
    expect(conditionProblem(above, 'warm')).toBe('Enter a number.');
    expect(conditionProblem(above, '2100')).toBeUndefined();
    expect(conditionProblem(phrasesFor(['state/buttonevent'])[0], '')).toBe('Choose a button and how it is pressed.');
    expect(conditionProblem(undefined, '')).toBe('Choose what this condition watches.');
    expect(errorWords({ type: 7, address: '/rules/name', description: 'invalid value, x, for parameter, name' })).toBe('“x” is not a value this takes.');
    expect(errorWords({ type: 607, address: '/sensors/2/state/open', description: 'Condition error' })).toMatch(/^This condition cannot work/);
  });
});
