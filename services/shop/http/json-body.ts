/**
 * The one way a route reads a request's JSON: application/json only (a cross-site form
 * cannot send it without the page asking first), parsed without throwing, and checked
 * against the route's zod schema. Every failure is a 4xx HttpError saying what was wrong,
 * never a 500. The size was capped before (http/shop-app.ts, bodyLimit).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './http-error';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The first few problems zod found, as one line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'body'}: ${issue.message}`)
    .join('; ');
}

export function requireJsonType(c: Context): void {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new HttpError(415, 'unsupported-media-type', 'Send the body as application/json.');
  }
}

/** The body's text (cached by Hono, so a later reader gets the same text). */
export async function bodyText(c: Context): Promise<string> {
  try {
    return await c.req.text();
  } catch {
    throw new HttpError(400, 'unreadable-body', 'The request body could not be read.');
  }
}

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'not-json', 'The request body is not JSON.');
  }
}

export function checkAgainst<T>(value: unknown, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'invalid-body', describeIssues(parsed.error));
  return parsed.data;
}

export async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  requireJsonType(c);
  return checkAgainst(parseJsonText(await bodyText(c)), schema);
}
