import { describe, expect, it } from 'vitest'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { finishedLessonFixture, lessonFixture, lessonId } from '../../test-support/lesson-fixture.ts'
import { type LessonState, lessonState } from './lesson-state.ts'

// Every status and time a lesson can be in, and what each party is offered. The lesson runs
// Wednesday 25.11.2026 08:00–08:45 Poland time (07:00–07:45 UTC).

const at = (iso: string) => Date.parse(iso)
const DAY_BEFORE = at('2026-11-24T07:00:00Z')
const JOIN_OPEN = at('2026-11-25T06:50:00Z') // 10 minutes before the start
const RUNNING = at('2026-11-25T07:20:00Z')
const JUST_ENDED = at('2026-11-25T07:50:00Z') // 5 minutes after the end, inside the join window's margin
const WEEK_AFTER = at('2026-12-02T07:00:00Z')

const scheduled = lessonFixture()
// A lesson list fetched before the end still says "scheduled"; the clock has moved on.
const endedNotRefetched = lessonFixture()
const finished = finishedLessonFixture({
  scheduled_at: scheduled.scheduled_at,
  ends_at: scheduled.ends_at,
  finished_at: scheduled.ends_at,
})
const rated = { ...finished, rating: { value: 4, comment: 'Dużo mówienia.' } }
const cancelled = lessonFixture({
  status: 'cancelled',
  cancelled_at: '2026-11-20T08:00:00Z',
  canceled: true,
  cancellation_reason: 'Wyjazd',
})
const group = lessonFixture({ is_group: true, student_memos: null })
const groupFinished = { ...finished, is_group: true }

type Row = [name: string, lesson: Lesson, now: number, role: Role, expected: LessonState]

const open = { kind: 'open' } as const
const early = { kind: 'early', opensAt: at('2026-11-25T06:45:00Z') } as const

const rows: Row[] = [
  // A lesson still to come: scheduled, Join disabled until 15 minutes before.
  [
    'future scheduled, student',
    scheduled,
    DAY_BEFORE,
    'student',
    {
      tab: 'scheduled',
      badge: 'scheduled',
      join: early,
      rateNow: false,
      actions: ['cancel', 'note', 'memos'],
    },
  ],
  [
    'future scheduled, teacher',
    scheduled,
    DAY_BEFORE,
    'teacher',
    {
      tab: 'scheduled',
      badge: 'scheduled',
      join: early,
      rateNow: false,
      actions: ['cancel', 'memos', 'materials'],
    },
  ],
  [
    'within the join window before the start',
    scheduled,
    JOIN_OPEN,
    'student',
    {
      tab: 'scheduled',
      badge: 'joinable',
      join: open,
      rateNow: false,
      actions: ['cancel', 'note', 'memos', 'absence'],
    },
  ],
  [
    'running',
    scheduled,
    RUNNING,
    'teacher',
    {
      tab: 'scheduled',
      badge: 'joinable',
      join: open,
      rateNow: false,
      actions: ['memos', 'materials', 'absence'],
    },
  ],
  // "MOŻNA DOŁĄCZYĆ" showed with both Dołącz and "Oceń lekcję" under Zakończone.
  [
    'just ended, student',
    finished,
    JUST_ENDED,
    'student',
    {
      tab: 'closed',
      badge: 'finished',
      join: null,
      rateNow: true,
      actions: ['rate', 'note', 'memos', 'absence'],
    },
  ],
  [
    'just ended, teacher',
    finished,
    JUST_ENDED,
    'teacher',
    {
      tab: 'closed',
      badge: 'finished',
      join: null,
      rateNow: false,
      actions: ['memos', 'materials', 'absence'],
    },
  ],
  [
    'just ended, list not refetched yet',
    endedNotRefetched,
    JUST_ENDED,
    'student',
    {
      tab: 'closed',
      badge: 'finished',
      join: null,
      rateNow: true,
      actions: ['rate', 'note', 'memos', 'absence'],
    },
  ],
  [
    'finished and rated: rating changes in the menu only',
    rated,
    WEEK_AFTER,
    'student',
    {
      tab: 'closed',
      badge: 'finished',
      join: null,
      rateNow: false,
      actions: ['rate', 'note', 'memos', 'absence'],
    },
  ],
  [
    'finished unrated, a week later',
    finished,
    WEEK_AFTER,
    'student',
    {
      tab: 'closed',
      badge: 'finished',
      join: null,
      rateNow: true,
      actions: ['rate', 'note', 'memos', 'absence'],
    },
  ],
  // A lesson cancelled for a future date stayed under Zaplanowane.
  [
    'cancelled, start still ahead',
    cancelled,
    DAY_BEFORE,
    'student',
    { tab: 'closed', badge: 'cancelled', join: null, rateNow: false, actions: [] },
  ],
  [
    'cancelled, within what would be its join window',
    cancelled,
    JOIN_OPEN,
    'teacher',
    { tab: 'closed', badge: 'cancelled', join: null, rateNow: false, actions: [] },
  ],
  [
    'cancelled, past',
    cancelled,
    WEEK_AFTER,
    'student',
    { tab: 'closed', badge: 'cancelled', join: null, rateNow: false, actions: [] },
  ],
  // Group lessons keep their own tab; a student has no memo of their own there.
  [
    'group, future',
    group,
    JOIN_OPEN,
    'student',
    { tab: 'group', badge: 'joinable', join: open, rateNow: false, actions: ['cancel', 'note', 'absence'] },
  ],
  [
    'group, ended',
    groupFinished,
    JUST_ENDED,
    'student',
    { tab: 'group', badge: 'finished', join: null, rateNow: true, actions: ['rate', 'note', 'absence'] },
  ],
  [
    'group, cancelled',
    { ...cancelled, is_group: true },
    DAY_BEFORE,
    'teacher',
    { tab: 'group', badge: 'cancelled', join: null, rateNow: false, actions: [] },
  ],
]

describe('a lesson’s tab, badge, Join and actions', () => {
  it.each(rows)('%s', (_name, lesson, now, role, expected) => {
    expect(lessonState(lesson, now, role)).toEqual(expected)
  })

  it('never puts a cancelled lesson in the scheduled tab, nor offers Join on an ended one', () => {
    for (const [, lesson, now, role] of rows) {
      const state = lessonState(lesson, now, role)
      if (state.badge === 'cancelled') expect(state.tab).not.toBe('scheduled')
      if (state.badge === 'finished' || state.badge === 'cancelled') expect(state.join).toBeNull()
      if (state.rateNow) expect(state.join).toBeNull()
    }
  })

  it('offers the recordings to both parties once the lesson has a recording or a voice clip', () => {
    const recorded = finishedLessonFixture({
      recordings: [
        { id: lessonId(9), status: 'ready', duration_ms: 20_000, kept_until: '2027-02-18T07:00:00.000Z' },
      ],
    })
    expect(lessonState(recorded, WEEK_AFTER, 'student').actions).toContain('recordings')
    expect(lessonState(recorded, WEEK_AFTER, 'teacher').actions).toContain('recordings')
    const clip = {
      id: lessonId(8),
      url: '/api/v1/files/x.webm',
      size: 100,
      created_at: '2026-11-20T07:10:00.000Z',
      duration_ms: 2000,
    }
    const withClip = finishedLessonFixture({ voice_recordings: [clip] })
    expect(lessonState(withClip, WEEK_AFTER, 'teacher').actions).toContain('recordings')
    expect(lessonState(finishedLessonFixture(), WEEK_AFTER, 'student').actions).not.toContain('recordings')
  })

  it('offers a meeting’s student their word on coming until it starts, and its teacher the roster instead of one place’s note, absence or cancel', () => {
    const meeting = lessonFixture({
      is_group: true,
      group: { class_id: lessonId(7), title: 'Angielski w firmie B1', absent_at: null },
    })
    expect(lessonState(meeting, DAY_BEFORE, 'student').actions).toEqual(['groupAbsence'])
    expect(lessonState(meeting, RUNNING, 'student').actions).toEqual(['absence'])
    expect(lessonState(meeting, DAY_BEFORE, 'teacher').actions.sort()).toEqual([
      'materials',
      'memos',
      'roster',
    ])
    expect(lessonState(meeting, RUNNING, 'teacher').actions).not.toContain('absence')
  })
})
