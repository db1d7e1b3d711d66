import { ErrorNumber, Messages, type ErrorBody } from '@filmroom/contract';

/** A failure the user is told about: HTTP status plus the contract's error body. */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errorNumber: ErrorNumber = ErrorNumber.Unknown,
    readonly errors?: string[],
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      errorNumber: this.errorNumber,
      ...(this.errors ? { errors: this.errors } : {}),
    };
  }
}

/** 400 with the first failure as the message and all of them in `errors`. */
export function validationError(failures: string[]): AppError {
  return new AppError(400, failures[0] ?? Messages.badRequest, ErrorNumber.Unknown, failures);
}

export function assertValid(failures: string[]): void {
  if (failures.length > 0) throw validationError(failures);
}

export const unauthorized = () => new AppError(401, Messages.unauthorized, ErrorNumber.Unknown);

/**
 * The API takes a password once (the form checks the confirmation), so the contract's
 * "confirm ... is required" failures cannot apply to it.
 */
export function withoutConfirmation(failures: string[]): string[] {
  const confirmation: string[] = [
    Messages.confirmPasswordRequired,
    Messages.confirmPasswordRequiredCapital,
  ];
  return failures.filter((failure) => !confirmation.includes(failure));
}
