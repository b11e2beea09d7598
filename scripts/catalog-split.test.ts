import { describe, expect, it } from 'vitest'
import { registration } from './catalog-split.ts'

const catalog = { Ab12Cd: ['Zaloguj się'], Xy98Zw: ['Hasło'], unused: ['Nieużywany'] }

describe('Polish messages registered with the module that uses them', () => {
  it('registers exactly the catalog messages the module names', () => {
    const code = 'const a = i18n._({ id: "Ab12Cd" }); jsx(Trans, { id: "Xy98Zw" }); notify({ id: "toast-1" })'
    const prefix = registration(code, catalog, '/registry.ts')
    expect(prefix).toContain('from "/registry.ts"')
    expect(prefix).toContain('"pl", {"Ab12Cd":["Zaloguj się"],"Xy98Zw":["Hasło"]}')
    expect(prefix).not.toContain('unused')
    // One line, so the module's own lines keep their numbers.
    expect(prefix?.includes('\n')).toBe(false)
  })

  it('leaves a module without messages alone', () => {
    expect(registration('export const x = { id: "toast-1" }', catalog, '/registry.ts')).toBeNull()
  })
})
