import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import { registeredMessages, registerMessages } from './catalog-registry.ts'

// A production build registers each chunk's Polish messages as the chunk loads.
describe('messages registered by the chunks', () => {
  it('join the one object Lingui holds, without re-rendering every translated component', () => {
    const held = registeredMessages('xx')
    i18n.load('xx', held)
    i18n.activate('xx')
    const changed = vi.fn()
    const stop = i18n.on('change', changed)
    registerMessages('xx', { Ab12Cd: 'Zaloguj się' })
    registerMessages('xx', { Xy98Zw: 'Hasło' })
    expect(registeredMessages('xx')).toBe(held)
    // Ids through a lookup, not literals: the catalog extractor would take these for messages.
    const translate = (id: string) => i18n._(id)
    expect(translate('Ab12Cd')).toBe('Zaloguj się')
    expect(translate('Xy98Zw')).toBe('Hasło')
    expect(changed).not.toHaveBeenCalled()
    stop()
    i18n.activate('pl')
  })

  it('are loaded into Lingui the usual way when it holds other messages for the locale', () => {
    i18n.load('yy', { old: 'stare' })
    i18n.activate('yy')
    registerMessages('yy', { fresh: 'nowe' })
    const translate = (id: string) => i18n._(id)
    expect(translate('fresh')).toBe('nowe')
    i18n.activate('pl')
  })
})
