import type { FastifyInstance } from 'fastify'

/**
 * `METHOD /path` of every route Fastify knows, from its route tree (HEAD mirrors GET): the fuzz
 * and the console's authorization matrix run over it, so a new route cannot go unprobed.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = []
  // A route under another is printed indented, with its rest only: /health/live under /health,
  // and _csv/preview under /admin/students/invite (the rest need not start at a slash).
  const parents: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    if (!line.trim()) continue
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line)
    if (!match?.[2] || !match[3]) throw new Error(`unexpected route line: ${line}`)
    const depth = (match[1] ?? '').length / 4
    parents.length = depth
    const route = `${parents.at(-1) ?? ''}${match[2]}`
    parents.push(route)
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(`${method} ${route}`)
  }
  return routes
}
