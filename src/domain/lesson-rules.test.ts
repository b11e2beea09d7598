import { describe, expect, it } from 'vitest'
import {
  absenteeOf,
  canAddNote,
  canCancel,
  canJoin,
  canRate,
  canReportAbsence,
  canUploadMaterial,
  joinState,
  joinWindowPassed,
  type RuleLesson,
} from './lesson-rules.ts'

// A lesson on Monday 23 November 2026, 11:00–11:45 Poland time (10:00–10:45 UTC).
const lesson: RuleLesson = {
  scheduled_at: '2026-11-23T10:00:00.000Z',
  ends_at: '2026-11-23T10:45:00.000Z',
  status: 'scheduled',
  cancelled_at: null,
}
const at = (iso: string) => Date.parse(iso)
const cancelled: RuleLesson = { ...lesson, status: 'cancelled', cancelled_at: '2026-11-22T10:00:00.000Z' }
const finished: RuleLesson = { ...lesson, status: 'finished' }

describe('the join window', () => {
  it('opens exactly 15 minutes before the start, not a second earlier', () => {
    expect(joinState(lesson, at('2026-11-23T09:44:59.999Z'))).toEqual({
      kind: 'early',
      opensAt: at('2026-11-23T09:45:00Z'),
    })
    expect(canJoin(lesson, at('2026-11-23T09:45:00Z'))).toBe(true)
  })

  it('stays open during the lesson and until exactly 15 minutes after its end', () => {
    expect(canJoin(lesson, at('2026-11-23T10:20:00Z'))).toBe(true)
    expect(canJoin(lesson, at('2026-11-23T11:00:00Z'))).toBe(true)
    expect(joinState(lesson, at('2026-11-23T11:00:00.001Z'))).toEqual({ kind: 'closed' })
    expect(joinWindowPassed(lesson, at('2026-11-23T11:00:00Z'))).toBe(false)
    expect(joinWindowPassed(lesson, at('2026-11-23T11:00:01Z'))).toBe(true)
  })

  it('uses the lesson end from the answer, not a fixed length', () => {
    const long = { ...lesson, ends_at: '2026-11-23T11:30:00.000Z' }
    expect(canJoin(long, at('2026-11-23T11:45:00Z'))).toBe(true)
    expect(canJoin(long, at('2026-11-23T11:45:01Z'))).toBe(false)
  })

  it('is never open for a cancelled lesson, even inside the window', () => {
    expect(joinState(cancelled, at('2026-11-23T10:00:00Z'))).toEqual({ kind: 'cancelled' })
    expect(canJoin({ ...lesson, cancelled_at: '2026-11-22T10:00:00.000Z' }, at('2026-11-23T10:00:00Z'))).toBe(
      false,
    )
  })

  it('stays open 15 minutes after the end although the lesson already counts as finished', () => {
    expect(canJoin(finished, at('2026-11-23T10:50:00Z'))).toBe(true)
  })

  it('follows summer time: a lesson at 02:30 UTC on the last Sunday of October', () => {
    const dst = { ...lesson, scheduled_at: '2026-10-25T01:30:00.000Z', ends_at: '2026-10-25T02:15:00.000Z' }
    expect(canJoin(dst, at('2026-10-25T01:15:00Z'))).toBe(true)
    expect(canJoin(dst, at('2026-10-25T01:14:59Z'))).toBe(false)
  })
})

describe('cancel, absence and rating rules', () => {
  it('allows cancelling only a scheduled lesson before its start', () => {
    expect(canCancel(lesson, at('2026-11-23T09:59:59Z'))).toBe(true)
    expect(canCancel(lesson, at('2026-11-23T10:00:00Z'))).toBe(false)
    expect(canCancel(cancelled, at('2026-11-20T10:00:00Z'))).toBe(false)
    expect(canCancel(finished, at('2026-11-20T10:00:00Z'))).toBe(false)
  })

  it('offers the absence report from 15 minutes before the start onward, once', () => {
    const open = { ...lesson, my_absence_report: null }
    expect(canReportAbsence(open, at('2026-11-23T09:44:59Z'))).toBe(false)
    expect(canReportAbsence(open, at('2026-11-23T09:45:00Z'))).toBe(true)
    expect(canReportAbsence({ ...open, status: 'finished' }, at('2026-11-30T09:45:00Z'))).toBe(true)
    const reported = {
      ...open,
      my_absence_report: { absentee_id: 'x', note: '', absentee_joined: false, created_at: '' },
    }
    expect(canReportAbsence(reported, at('2026-11-23T10:00:00Z'))).toBe(false)
    expect(canReportAbsence({ ...cancelled, my_absence_report: null }, at('2026-11-23T10:00:00Z'))).toBe(
      false,
    )
  })

  it('lets only the student rate, and only a finished lesson', () => {
    expect(canRate(finished, 'student')).toBe(true)
    expect(canRate(finished, 'teacher')).toBe(false)
    expect(canRate(lesson, 'student')).toBe(false)
    expect(canRate(cancelled, 'student')).toBe(false)
  })

  it('gives notes to students and uploads to teachers, never on a cancelled lesson', () => {
    expect(canAddNote(lesson, 'student')).toBe(true)
    expect(canAddNote(lesson, 'teacher')).toBe(false)
    expect(canAddNote(cancelled, 'student')).toBe(false)
    expect(canUploadMaterial(lesson, 'teacher')).toBe(true)
    expect(canUploadMaterial(lesson, 'student')).toBe(false)
    expect(canUploadMaterial(cancelled, 'teacher')).toBe(false)
  })

  it('names the other party as the absentee', () => {
    const parties = {
      teacher: { id: 't', first_name: 'Anna', last_name: 'Nowak', image_url: null },
      student: { id: 's', first_name: 'Julia', last_name: 'Jankowska', image_url: null },
    }
    expect(absenteeOf(parties, 'student').id).toBe('t')
    expect(absenteeOf(parties, 'teacher').id).toBe('s')
  })
})
