/**
 * Schedule bodies (deconz-behavior.md §8): every field checked before anything is stored, the first
 * problem answered (400). Hand-written rather than a valibot schema because validity depends on the
 * whitelist (the command's key) and on the clock (a time must still be ahead).
 */
import { DeconzError, type ErrorItemInput } from '@herdgate/shared/errors';
import type { ScheduleCommand } from '../../automation';
import { parseScheduleTime } from '../../automation/schedules/schedule-time';
import type { Services } from '../../context';

export interface ScheduleFields {
  name?: string;
  description?: string;
  command?: ScheduleCommand;
  status?: 'enabled' | 'disabled';
  autodelete?: boolean;
  time?: string;
  localtime?: string;
}

const FIELDS = ['name', 'description', 'command', 'status', 'autodelete', 'time', 'localtime'] as const;
/** `/api/<key>/lights|groups|sensors/…`: the resources deCONZ dispatches schedule commands to. */
const COMMAND_ADDRESS = /^\/api\/([^/]+)\/(lights|groups|sensors)\/[^/]+(\/[^/]+)*$/;
const METHODS = new Set(['PUT', 'POST']);

/** `base` is `/schedules` on create, `/schedules/<id>` on update (error addresses). */
export function validateSchedule(body: Record<string, unknown>, services: Services, base: string): ScheduleFields {
  const unknown = Object.keys(body).find((key) => !(FIELDS as readonly string[]).includes(key));
  if (unknown) throw new DeconzError({ type: 6, address: `${base}/${unknown}`, params: { name: unknown } });
  const fields: ScheduleFields = {};
  const bad = (name: string, value: unknown): never => {
    throw new DeconzError(invalid(base, name, value));
  };
  if (body.name !== undefined) fields.name = text(body.name, 1, 32) ?? bad('name', body.name);
  if (body.description !== undefined) fields.description = text(body.description, 0, 64) ?? bad('description', body.description);
  if (body.command !== undefined) fields.command = command(body.command, services) ?? bad('command', body.command);
  if (body.status !== undefined) {
    if (body.status !== 'enabled' && body.status !== 'disabled') bad('status', body.status);
    fields.status = body.status as 'enabled' | 'disabled';
  }
  if (body.autodelete !== undefined) {
    if (typeof body.autodelete !== 'boolean') bad('autodelete', body.autodelete);
    fields.autodelete = body.autodelete as boolean;
  }
  for (const name of ['time', 'localtime'] as const) {
    const value = body[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !parseScheduleTime(value)) bad(name, value);
    fields[name] = value as string;
  }
  return fields;
}

export function invalid(base: string, name: string, value: unknown): ErrorItemInput {
  return { type: 7, address: `${base}/${name}`, params: { name, value: typeof value === 'string' ? value : JSON.stringify(value) } };
}

function text(value: unknown, min: number, max: number): string | undefined {
  return typeof value === 'string' && value.length >= min && value.length <= max ? value : undefined;
}

/** The command must name a lights/groups/sensors resource under a key that is in the whitelist now. */
function command(value: unknown, services: Services): ScheduleCommand | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { address, method, body } = value as Record<string, unknown>;
  if (typeof address !== 'string' || typeof method !== 'string' || !METHODS.has(method)) return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const match = COMMAND_ADDRESS.exec(address);
  if (!match || !services.store.apiKey(match[1]!)) return undefined;
  return { address, method, body: body as Record<string, unknown> };
}
