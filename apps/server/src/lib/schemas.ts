import { z } from 'zod';

/** The answer of every failed call (DESIGN §4). */
export const ErrorResult = z.object({ success: z.literal(false), message: z.string() });

/**
 * Error answers every protected route can give, for the OpenAPI document; 503 (with Retry-After)
 * while the database is away (DESIGN §4).
 */
export const AUTH_ERRORS = {
  400: ErrorResult,
  401: ErrorResult,
  403: ErrorResult,
  404: ErrorResult,
  503: ErrorResult,
} as const;

/** An answer with only success and a message. */
export const MessageResult = z.object({ success: z.boolean(), message: z.string() });
