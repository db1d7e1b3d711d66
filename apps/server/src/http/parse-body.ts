import { Messages } from '@filmroom/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../services/errors.js';

/**
 * Checks a body's shape with a contract schema; the spec's field rules run in the services. A rule
 * the contract words itself (a custom issue, as an unknown sport) answers with its words.
 */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  return parseValue(schema, body ?? {});
}

/** Checks one value as it arrived (a multipart field, absent or not) with a contract schema. */
export function parseValue<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const worded = parsed.error.issues.filter((issue) => issue.code === 'custom');
  if (worded.length > 0 && worded.length === parsed.error.issues.length) {
    throw validationError(worded.map((issue) => issue.message));
  }
  throw new AppError(400, Messages.badRequest);
}
