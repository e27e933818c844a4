import type { StreamEvent } from './events';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Parses an event's data as a JSON object, or says why it is malformed. */
export function parseData(data: string): { ok: true; value: Json } | { ok: false; event: StreamEvent } {
  try {
    const value: unknown = JSON.parse(data);
    if (isObject(value)) return { ok: true, value };
    return { ok: false, event: { type: 'malformed', data, message: 'expected a JSON object' } };
  } catch (error) {
    return { ok: false, event: { type: 'malformed', data, message: (error as Error).message } };
  }
}

/** Drops undefined fields, so a later usage event only overrides what it states. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
