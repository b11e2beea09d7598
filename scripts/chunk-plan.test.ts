import { describe, expect, it } from 'vitest'
import { chunkPlan, type LazyGraph, lazyEntries } from './chunk-plan.ts'

type Module = { imports?: string[]; lazy?: string[] }

/** A graph of plain modules (no package barrels): `code` is empty, the edges are given. */
function graph(modules: Record<string, Module>): LazyGraph {
  return {
    code: () => '',
    importedIds: (id) => modules[id]?.imports ?? [],
    dynamicallyImportedIds: (id) => modules[id]?.lazy ?? [],
  }
}

// main → (lazy) ky-client, prefetch, layout, set-lessons, my-lessons, profile.
const app = graph({
  main: { imports: ['react', 'login'], lazy: ['ky-client', 'prefetch', 'layout', 'set', 'my', 'profile'] },
  login: { imports: ['button'] },
  'ky-client': { imports: ['ky'] },
  prefetch: { imports: ['profile-api'] },
  'profile-api': { imports: ['button'] },
  layout: { imports: ['top-nav', 'prefetch'] },
  set: { imports: ['select', 'pagination', 'week-view'], lazy: ['onboarding'] },
  my: { imports: ['pagination', 'lesson-card'] },
  profile: { imports: ['select', 'file-picker'] },
  onboarding: { imports: ['stepper'] },
  select: { imports: ['popover'] },
})

const plan = chunkPlan(app, {
  entry: 'main',
  requests: ['ky-client', 'prefetch'],
  layout: ['layout'],
  screens: [
    { name: 'set-lessons', module: 'set' },
    { name: 'my-lessons', module: 'my' },
  ],
})
const groupOf = (id: string) => plan.groups.get(id) ?? (plan.shell.has(id) ? 'shell' : 'bundler')

describe('the chunk plan of the signed-in start', () => {
  it('keeps what the entry needs in the shell, and only there', () => {
    expect(['main', 'react', 'login', 'button'].map(groupOf)).toEqual(['shell', 'shell', 'shell', 'shell'])
  })

  it('puts what asks for the profile in one small chunk, apart from the layout', () => {
    expect(['ky-client', 'ky', 'prefetch', 'profile-api'].map(groupOf)).toEqual(Array(4).fill('signed-in'))
    expect(groupOf('top-nav')).toBe('dashboard')
  })

  it('puts what both screens need with the layout', () => {
    expect(groupOf('pagination')).toBe('dashboard')
  })

  it('gives each screen one chunk for what it shares with other lazy modules, and leaves its own to it', () => {
    expect(['select', 'popover'].map(groupOf)).toEqual(['set-lessons-shared', 'set-lessons-shared'])
    // Only set-lessons needs them: the bundler keeps them in the screen's chunk.
    expect(groupOf('week-view')).toBe('bundler')
    expect(groupOf('lesson-card')).toBe('bundler')
    // The screens themselves, and what no start screen needs, are the bundler's.
    expect(['set', 'my', 'profile', 'file-picker', 'onboarding', 'stepper'].map(groupOf)).toEqual(
      Array(6).fill('bundler'),
    )
  })

  it('finds the lazy modules through static and lazy imports alike', () => {
    expect([...lazyEntries('main', app)].sort()).toEqual(
      ['ky-client', 'layout', 'my', 'onboarding', 'prefetch', 'profile', 'set'].sort(),
    )
  })
})
