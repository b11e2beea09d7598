import type { Multipart, Shape } from './fuzz-shapes.ts'

// Where a fuzz variant can put a value: every query parameter, path parameter, node of the JSON
// body or multipart payload (containers too), and plain multipart field of a route's shape.

type Path = (string | number)[]

/** Put in a slot to leave the key out. */
export const REMOVE = Symbol('remove')

/** The parts of a request a variant changes; the rest comes from the shape. */
export type Parts = {
  query?: Record<string, unknown>
  params?: Record<string, unknown>
  body?: unknown
  multipart?: Multipart
}

export type Slot = {
  /** e.g. `query date_from`, `body time_slot_ids.0`, `payload bank.address.street`. */
  name: string
  /** The shape's own value there. */
  current: unknown
  /** JSON slots take any JSON value; the others (query, path, text parts) take strings. */
  json: boolean
  put(value: unknown): Parts
}

/** Every node's path below the root: containers too (replaced whole), arrays by their first item. */
export function paths(value: unknown, prefix: Path = []): Path[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.slice(0, 1).map((item): [number, unknown] => [0, item])
    : isRecord(value)
      ? Object.entries(value)
      : []
  return children.flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])])
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** A copy of `root` with the node at `path` replaced (or removed with REMOVE). */
export function replaced(root: unknown, path: Path, value: unknown): unknown {
  const [key, ...rest] = path
  if (key === undefined) return value
  if (Array.isArray(root)) {
    const copy: unknown[] = [...root]
    const index = Number(key)
    const next = replaced(copy[index], rest, value)
    if (next === REMOVE) copy.splice(index, 1)
    else copy[index] = next
    return copy
  }
  const copy: Record<string, unknown> = { ...(isRecord(root) ? root : {}) }
  const name = String(key)
  const next = replaced(copy[name], rest, value)
  if (next === REMOVE) delete copy[name]
  else copy[name] = next
  return copy
}

function nodeAt(root: unknown, path: Path): unknown {
  let node = root
  for (const key of path) {
    node = Array.isArray(node) ? node[Number(key)] : isRecord(node) ? node[String(key)] : undefined
  }
  return node
}

const textSlots = (
  kind: string,
  record: Record<string, unknown> | undefined,
  put: (changed: Record<string, unknown>) => Parts,
): Slot[] =>
  Object.entries(record ?? {}).map(([key, current]) => ({
    name: `${kind} ${key}`,
    current,
    json: false,
    put: (value) => {
      const changed: Record<string, unknown> = { ...record }
      if (value === REMOVE) delete changed[key]
      else changed[key] = value
      return put(changed)
    },
  }))

const jsonSlots = (kind: string, root: unknown, put: (changed: unknown) => Parts): Slot[] =>
  root === undefined
    ? []
    : paths(root).map((path) => ({
        name: `${kind} ${path.join('.')}`,
        current: nodeAt(root, path),
        json: true,
        put: (value) => put(replaced(root, path, value)),
      }))

/** Every slot of a shape. */
export function slotsOf(shape: Shape): Slot[] {
  const { multipart } = shape
  const multipartSlots = multipart
    ? [
        ...jsonSlots('payload', multipart.payload, (payload) => ({ multipart: { ...multipart, payload } })),
        ...textSlots('field', multipart.fields, (fields) => ({ multipart: { ...multipart, fields } })),
      ]
    : []
  return [
    ...textSlots('query', shape.query, (query) => ({ query })),
    ...textSlots('path', shape.params, (params) => ({ params })),
    ...jsonSlots('body', shape.body, (body) => ({ body })),
    ...multipartSlots,
  ]
}
