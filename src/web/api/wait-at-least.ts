/** Resolves or rejects like `promise`, but never before `ms` (spec §9: spinner minimum 300 ms). */
export async function waitAtLeast<T>(promise: Promise<T>, ms: number): Promise<T> {
  const delay = new Promise((resolve) => setTimeout(resolve, ms))
  const [result] = await Promise.allSettled([promise, delay])
  if (result.status === 'rejected') throw result.reason
  return result.value
}
