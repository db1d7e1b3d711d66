import { Messages } from '@filmroom/contract';
import type { z } from 'zod';
import { AppError } from '../services/errors.js';

/** Checks a body's shape with a contract schema; the spec's field rules run in the services. */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError(400, Messages.badRequest);
  return parsed.data;
}
