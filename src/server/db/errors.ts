// Drizzle wraps driver errors: the SQLSTATE is on `.cause.code` (architecture.md "Data").
function sqlState(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined
  const cause: unknown = error.cause
  if (cause instanceof Error && 'code' in cause) return cause.code
  return 'code' in error ? error.code : undefined
}

export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505'
