import { label, unitOf } from './sensor-words';

/** How a condition's value is entered. */
export type ValueInput = 'none' | 'number' | 'buttonevent' | 'timerange' | 'duration' | 'text' | 'armstate';

/** One thing a condition can say, in words: "opens", "temperature above", and the deCONZ triple behind it. */
export interface Phrase {
  key: string;
  text: string;
  attribute: string;
  operator: string;
  /** Fixed value (`true` for "opens"); absent when the user gives it. */
  value?: string;
  input: ValueInput;
  /** True for the plain attribute-and-operator phrases offered for anything without words of its own. */
  other?: boolean;
}

type Meaning = [text: string, operator: string, value: string | undefined, input: ValueInput];
const yes = (text: string): Meaning => [text, 'eq', 'true', 'none'];
const no = (text: string): Meaning => [text, 'eq', 'false', 'none'];
const above = (what: string): Meaning[] => [
  [`${what} above`, 'gt', undefined, 'number'],
  [`${what} below`, 'lt', undefined, 'number'],
];

/** Attributes by meaning, in the words a household uses. */
const MEANINGS: Record<string, Meaning[]> = {
  'state/buttonevent': [['button pressed', 'eq', undefined, 'buttonevent']],
  'state/open': [yes('opens'), no('closes')],
  'state/presence': [yes('detects motion'), no('motion stops')],
  'state/temperature': above('temperature'),
  'state/humidity': above('humidity'),
  'state/lightlevel': above('light level'),
  'state/lux': above('illuminance'),
  'state/pressure': above('pressure'),
  'state/power': above('power'),
  'state/dark': [yes('gets dark'), no('gets light')],
  'state/daylight': [yes('daylight begins'), no('night begins')],
  'state/water': [yes('detects water'), no('is dry again')],
  'state/fire': [yes('detects smoke or fire')],
  'state/carbonmonoxide': [yes('detects carbon monoxide')],
  'state/vibration': [yes('vibrates')],
  'state/tampered': [yes('is tampered with')],
  'state/lowbattery': [yes('battery runs low')],
  'state/alarm': [yes('raises its alarm')],
  'state/on': [yes('switches on'), no('switches off')],
  'state/any_on': [yes('has a light switched on'), no('has every light off')],
  'state/all_on': [yes('has every light on')],
  'state/armstate': [['alarm state becomes', 'eq', undefined, 'armstate']],
  'state/lastupdated': [['reports anything', 'dx', undefined, 'none']],
  localtime: [
    ['time is between', 'in', undefined, 'timerange'],
    ['time is outside', 'not in', undefined, 'timerange'],
  ],
};

const GENERIC: { operator: string; text: string }[] = [
  { operator: 'eq', text: 'equals' },
  { operator: 'ne', text: 'is not' },
  { operator: 'gt', text: 'greater than' },
  { operator: 'lt', text: 'less than' },
  { operator: 'dx', text: 'changes' },
  { operator: 'ddx', text: 'changed, then after' },
  { operator: 'stable', text: 'unchanged for' },
];

export const ARMSTATES = ['disarmed', 'armed_stay', 'armed_night', 'armed_away', 'exit_delay', 'entry_delay', 'in_alarm'];

const keyOf = (attribute: string, operator: string, value?: string) => `${attribute}|${operator}|${value ?? ''}`;

/** The phrases a subject with these attributes offers: its meanings first, then the plain ones. */
export function phrasesFor(attributes: readonly string[]): Phrase[] {
  const phrases: Phrase[] = [];
  for (const attribute of attributes) {
    for (const [text, operator, value, input] of MEANINGS[attribute] ?? [])
      phrases.push({ key: keyOf(attribute, operator, value), text, attribute, operator, value, input });
  }
  for (const attribute of attributes) {
    if (attribute === 'localtime') continue;
    const name = label(attribute.split('/').pop() ?? attribute);
    for (const { operator, text } of GENERIC) {
      const input: ValueInput =
        operator === 'dx'
          ? 'none'
          : operator === 'ddx' || operator === 'stable'
            ? 'duration'
            : unitOf(attribute.split('/').pop() ?? '') && (operator === 'gt' || operator === 'lt')
              ? 'number'
              : 'text';
      phrases.push({ key: keyOf(attribute, operator), text: `${name} ${text}`, attribute, operator, input, other: true });
    }
  }
  return phrases;
}

/** The phrase a stored condition reads as (its fixed value matched first), if the subject offers one. */
export function phraseOf(phrases: readonly Phrase[], attribute: string, operator: string, value: string): Phrase | undefined {
  return (
    phrases.find((p) => p.attribute === attribute && p.operator === operator && p.value !== undefined && p.value === value) ??
    phrases.find((p) => p.attribute === attribute && p.operator === operator && p.value === undefined)
  );
}

/** A number condition's value in the unit people read (21.5 °C) and back (2150). */
export function toShown(attribute: string, stored: string): string {
  const scale = unitOf(attribute.split('/').pop() ?? '')?.scale ?? 1;
  return stored.trim() === '' || !Number.isFinite(Number(stored)) ? stored : String(Math.round(Number(stored) * scale * 100) / 100);
}
export function toStored(attribute: string, shown: string): string {
  const scale = unitOf(attribute.split('/').pop() ?? '')?.scale ?? 1;
  return shown.trim() === '' || !Number.isFinite(Number(shown)) ? shown : String(Math.round(Number(shown) / scale));
}

/** `T22:00:00/T06:00:00` ⇄ `["22:00", "06:00"]`. */
export function timesOf(value: string): [string, string] {
  const match = /^T(\d\d:\d\d)(?::\d\d)?\/T(\d\d:\d\d)(?::\d\d)?$/.exec(value);
  return match ? [match[1]!, match[2]!] : ['', ''];
}
export const timeRange = (from: string, to: string) => (from && to ? `T${from}:00/T${to}:00` : '');

/** `PT00:05:30` ⇄ 330 seconds. */
export function secondsOf(value: string): string {
  const match = /^PT(\d\d):(\d\d):(\d\d)$/.exec(value);
  return match ? String(Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) : '';
}
export function duration(seconds: string): string {
  const total = Math.max(0, Math.round(Number(seconds)));
  if (seconds.trim() === '' || !Number.isFinite(total)) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `PT${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** What is missing from a condition before the gateway is asked, in words; undefined when complete. */
export function conditionProblem(phrase: Phrase | undefined, value: string): string | undefined {
  if (!phrase) return 'Choose what this condition watches.';
  if (phrase.input === 'none' || phrase.value !== undefined) return undefined;
  if (value.trim() === '') {
    return {
      buttonevent: 'Choose a button and how it is pressed.',
      timerange: 'Choose both times.',
      duration: 'Say how long, in seconds.',
      number: 'Enter a number.',
      armstate: 'Choose an alarm state.',
      text: 'Enter a value.',
    }[phrase.input];
  }
  if (phrase.input === 'number' && !Number.isFinite(Number(value))) return 'Enter a number.';
  return undefined;
}
