import { afterEach, describe, expect, it } from 'vitest'
import type { Recap } from '../../domain/api/recaps.ts'
import { recapsTable } from './lektorium-db.ts'
import { clearRecapMirror, loadRecaps, RECAP_MIRROR_MAX_ROWS, saveRecaps } from './recaps-mirror.ts'

const USER = '0b9d7d3e-8a3c-4f5e-9a51-6c1f0f3f2a11'
const LESSON = '6f1c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6'
const address = { userId: USER, lessonId: LESSON }
const recap = (values: Partial<Recap>): Recap => ({
  id: '7f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6',
  lesson_id: LESSON,
  status: 'published',
  failure_reason: null,
  content: { topics: ['Zamawianie w kawiarni'], words: [], mistakes: [], exercises: [] },
  transcript: { text: 'Dzień dobry.', segments: [{ start: 0, end: 1, text: 'Dzień dobry.' }] },
  has_transcript: true,
  publish_at: null,
  published_at: '2026-03-10T10:00:00.000Z',
  created_at: '2026-03-10T09:00:00.000Z',
  ...values,
})

afterEach(() => clearRecapMirror())

describe('recap mirror', () => {
  it("keeps the lesson's published recaps for its user, without the transcript, with when", async () => {
    const draft = recap({ id: '8f0c2a4e-1b2c-4d5e-8f90-a1b2c3d4e5f6', status: 'draft', published_at: null })
    await saveRecaps(address, [recap({}), draft], 1_000)
    expect(await loadRecaps(address)).toEqual({ recaps: [recap({ transcript: null })], savedAt: 1_000 })
    expect(await loadRecaps({ ...address, userId: 'someone-else' })).toBeNull()
    expect(await loadRecaps({ ...address, lessonId: 'another-lesson' })).toBeNull()
  })

  it('forgets the copy once the lesson has no published recap', async () => {
    await saveRecaps(address, [recap({})], 1_000)
    await saveRecaps(address, [recap({ status: 'preparing', content: null })], 2_000)
    expect(await loadRecaps(address)).toBeNull()
  })

  it('forgets a row that no longer reads as recaps (an older build)', async () => {
    await recapsTable().put({ key: `${USER}|${LESSON}`, userId: USER, savedAt: 1, recaps: [{ id: 1 }] })
    expect(await loadRecaps(address)).toBeNull()
    expect(await recapsTable().count()).toBe(0)
  })

  it("keeps only the most recently opened lessons' recaps", async () => {
    for (let i = 0; i < RECAP_MIRROR_MAX_ROWS + 2; i++) {
      await saveRecaps({ ...address, lessonId: `lesson-${i}` }, [recap({})], i)
    }
    expect(await recapsTable().count()).toBe(RECAP_MIRROR_MAX_ROWS)
    expect(await loadRecaps({ ...address, lessonId: 'lesson-0' })).toBeNull()
    expect(await loadRecaps({ ...address, lessonId: `lesson-${RECAP_MIRROR_MAX_ROWS + 1}` })).not.toBeNull()
  })
})
