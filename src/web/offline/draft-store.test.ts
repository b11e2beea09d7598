// @vitest-environment happy-dom

import * as v from 'valibot'
import { beforeEach, describe, expect, it } from 'vitest'
import { clearUserDrafts, createDraftStore, DRAFT_MAX_AGE_MS, USER_DRAFT_PREFIX } from './draft-store.ts'

const schema = v.object({ step: v.number(), values: v.object({ first_name: v.string() }) })
const draft = { step: 2, values: { first_name: 'Anna' } }

describe('the draft store', () => {
  beforeEach(() => localStorage.clear())

  it('saves a draft and restores it after a reload', () => {
    createDraftStore('draft-a', schema).save(draft)
    expect(createDraftStore('draft-a', schema).load()).toEqual(draft)
  })

  it('returns null when nothing was saved', () => {
    expect(createDraftStore('draft-b', schema).load()).toBeNull()
  })

  // wall clock: a draft saved just now, on the wall's clock as the store's own stamps
  const justNow = Date.now()
  it.each([
    ['not JSON', '{oops'],
    ['a bare value', '"Anna"'],
    ['another version', JSON.stringify({ version: 99, savedAt: justNow, data: draft })],
    ['data of another shape', JSON.stringify({ version: 1, savedAt: justNow, data: { step: 'x' } })],
    ['no timestamp', JSON.stringify({ version: 1, data: draft })],
  ])('ignores and removes a corrupt draft (%s)', (_, raw) => {
    localStorage.setItem('draft-c', raw)
    expect(createDraftStore('draft-c', schema).load()).toBeNull()
    expect(localStorage.getItem('draft-c')).toBeNull()
  })

  it('forgets a draft older than the maximum age', () => {
    let now = 1_000_000
    const store = createDraftStore('draft-d', schema, { now: () => now })
    store.save(draft)
    now += DRAFT_MAX_AGE_MS + 1
    expect(store.load()).toBeNull()
  })

  it('clears a draft', () => {
    const store = createDraftStore('draft-e', schema)
    store.save(draft)
    store.clear()
    expect(store.load()).toBeNull()
  })

  it('keeps working when storage throws', () => {
    const fail = () => {
      throw new Error('denied')
    }
    const broken: Storage = {
      length: 0,
      clear: fail,
      getItem: fail,
      key: fail,
      removeItem: fail,
      setItem: fail,
    }
    const store = createDraftStore('draft-f', schema, { storage: broken })
    expect(() => store.save(draft)).not.toThrow()
    expect(store.load()).toBeNull()
  })
})

describe('the user drafts', () => {
  beforeEach(() => localStorage.clear())

  it('are all removed on logout, other keys kept', () => {
    createDraftStore(`${USER_DRAFT_PREFIX}onboarding:u1`, schema).save(draft)
    createDraftStore(`${USER_DRAFT_PREFIX}onboarding:u2`, schema).save(draft)
    localStorage.setItem('lektorium:locale', 'en')
    clearUserDrafts()
    expect(createDraftStore(`${USER_DRAFT_PREFIX}onboarding:u1`, schema).load()).toBeNull()
    expect(localStorage.length).toBe(1)
    expect(localStorage.getItem('lektorium:locale')).toBe('en')
  })
})
