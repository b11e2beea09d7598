/**
 * Runs `task` in an idle moment at least `delayMs` from now: background work (saving a copy on the
 * device, fetching the code of the next likely step) then neither downloads nor writes while a
 * phone's first screen still loads and renders. Where there is no requestIdleCallback (Safari),
 * after the delay. Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, delayMs = 1000): () => void {
  let idle: number | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => task(), { timeout: 2000 })
    else task()
  }, delayMs)
  return () => {
    clearTimeout(timer)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}
