/**
 * Resolves or rejects like `promise`, but never before `ms` (spinner minimum 300 ms,
 * product-rules.md "Constants and limits").
 */
export async function waitAtLeast<T>(promise: Promise<T>, ms: number): Promise<T> {
  const delay = new Promise((resolve) => setTimeout(resolve, ms))
  const [result] = await Promise.allSettled([promise, delay])
  if (result.status === 'rejected') throw result.reason
  return result.value
}
