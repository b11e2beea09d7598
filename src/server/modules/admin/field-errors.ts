import { AppError, OpsError } from '../../platform/errors.ts'

// The operator services speak the ops CLI's language (OpsError, a sentence to print); the console
// gets the same sentence as a field error (400 validation_failed), on the field it is about.

/** An OpsError about one field of the console's request. */
export class OpsFieldError extends OpsError {
  readonly field: string
  constructor(field: string, message: string) {
    super(message)
    this.field = field
  }
}

export const fieldError = (field: string, message: string) =>
  new AppError('validation_failed', { errors: [{ field, message, code: 'invalid' }] })

/** Runs an operator service; its OpsError becomes a field error (on `field` unless it names its own). */
export async function withFieldErrors<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof OpsFieldError) throw fieldError(error.field, error.message)
    if (error instanceof OpsError) throw fieldError(field, error.message)
    throw error
  }
}
