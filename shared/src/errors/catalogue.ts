/**
 * The deCONZ error catalogue: one row per error type with the HTTP status it usually travels with
 * and a description template. `{name}` placeholders are filled from the params of an error item.
 * Types, texts and statuses follow the original gateway (deconz-behavior.md §1.2) because clients
 * such as pydeconz map the numeric type to exception classes.
 */

export interface ErrorTypeInfo {
  status: number;
  template: string;
}

export const ERROR_CATALOGUE = {
  1: { status: 403, template: 'unauthorized user' },
  2: { status: 400, template: 'body contains invalid JSON' },
  3: { status: 404, template: 'resource, {path}, not available' },
  4: { status: 404, template: 'method, {method}, not available for resource, {path}' },
  5: { status: 400, template: 'missing parameters in body' },
  6: { status: 400, template: 'parameter, {name}, not available' },
  7: { status: 400, template: 'invalid value, {value}, for parameter, {name}' },
  8: { status: 400, template: 'parameter, {name}, is not modifiable' },
  11: { status: 400, template: 'too many items in list' },
  12: { status: 400, template: 'body contains invalid DDF bundle(s) data' },
  100: { status: 400, template: 'resource, {path}, already exists' },
  101: { status: 403, template: 'link button not pressed' },
  201: { status: 200, template: 'parameter, {name}, is not modifiable. Device is set to off.' },
  202: { status: 200, template: 'resource, {path}, is not modifiable. Device is not reachable.' },
  301: { status: 400, template: 'group could not be created. Group table is full.' },
  302: { status: 200, template: ' Could not add {name} to group. Group capacity of the device is reached.' },
  402: { status: 200, template: 'Could not set scene for {name}. Scene capacity of the device is reached.' },
  501: { status: 400, template: 'Not allowed to create sensor type' },
  502: { status: 400, template: 'The Sensor List has reached its maximum capacity of 1000 sensors' },
  607: { status: 400, template: 'Condition error' },
  608: { status: 400, template: 'Rule actions contain errors or an action on a unsupported resource' },
  901: { status: 503, template: 'Internal error, {reason}' },
  950: { status: 503, template: 'Not connected' },
  951: { status: 503, template: 'gateway busy' },
} as const satisfies Record<number, ErrorTypeInfo>;

export type ErrorType = keyof typeof ERROR_CATALOGUE;

/** Fill `{name}` placeholders; unknown placeholders stay visible so a missing param is noticed. */
export function describeError(type: ErrorType, params: Record<string, string> = {}): string {
  return ERROR_CATALOGUE[type].template.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}
