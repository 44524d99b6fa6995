/**
 * An error the client caused or may see, whose Indonesian message is for the person: the API
 * answers it with its status, the `ukt` command prints it without a stack trace. Services throw
 * it through the helpers below, so the API, the console and the CLI share one error type.
 */
export class AppError extends Error {
  /**
   * False for a refusal that a later change may lift (a ratification, which the committee can
   * undo): it is not kept as the answer to an Idempotency-Key, so a retry with the key really runs.
   */
  replay = true;

  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as Retry-After: how many seconds the client should wait before trying again. */
    readonly retryAfterSeconds?: number,
    /** Sent as the answer's `data` beside the message: what the client shows of the refusal. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** 400: the request is malformed or a value is out of range; the message names the field, `data` the details. */
export const badRequest = (message: string, data?: unknown) => new AppError(400, message, undefined, data);
/** 401: no token, or the token is unknown, expired or revoked. */
export const unauthorized = (message = 'Sesi tidak valid atau sudah berakhir. Silakan login kembali.') =>
  new AppError(401, message);
/** 403: the examiner is known but may not do this. */
export const forbidden = (message: string) => new AppError(403, message);
/** 404: the thing asked for does not exist (or is not this examiner's to see). */
export const notFound = (message: string) => new AppError(404, message);
/** 409: the request conflicts with the current state. */
export const conflict = (message: string) => new AppError(409, message);
/** 409 while a state lasts that the committee can undo (a ratified event): not replayed to a retry. */
export const conflictForNow = (message: string) => Object.assign(conflict(message), { replay: false });
/** 429: a limit was reached; the message says how long to wait. */
export const tooMany = (message: string) => new AppError(429, message);

/**
 * 507: what had to be written could not be (a backup's folder is full, missing or read-only) and
 * nothing else was touched; the message names the place and what to do, `cause` is only logged.
 */
export const insufficientStorage = (message: string, cause: unknown) =>
  Object.assign(new AppError(507, message), { cause });

/** How long a client waits before retrying while the database is away (DESIGN §4, docs/decisions/019). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** 503: the database is away; the phone keeps the score in its outbox and sends it again. */
export const serviceUnavailable = () =>
  new AppError(
    503,
    'Server sedang tidak dapat menyimpan; nilai tetap di HP dan akan dikirim lagi.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
