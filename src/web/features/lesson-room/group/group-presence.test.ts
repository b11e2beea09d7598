import { describe, expect, it } from 'vitest'
import type { GroupParticipant } from '../../../../domain/api/group-room.ts'
import { afterFrame, inRoomOrder, LOST_FOR_MS, welcomed, withoutLongLost } from './group-presence.ts'

// Who the group room shows as present: a dropped connection is "reconnecting", never "left".

const id = (n: number) => `40000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const person = (n: number, name: string, role: 'teacher' | 'student' = 'student'): GroupParticipant => ({
  user_id: id(n),
  name,
  role,
  feed_id: n,
  microphone: true,
  camera: true,
  screen: false,
  muted_by_teacher: false,
  hand_raised: false,
})
const ewa = person(1, 'Ewa', 'teacher')
const adam = person(2, 'Adam')
const basia = person(3, 'Basia')

describe('group presence', () => {
  it('keeps those missing from a welcome after a reconnection, as lost, until they are back', () => {
    const before = welcomed([], [ewa, adam, basia], 0)
    const again = welcomed(before, [ewa, adam], 1_000)
    expect(again.map((one) => [one.name, one.lostAt])).toEqual([
      ['Ewa', null],
      ['Adam', null],
      ['Basia', 1_000],
    ])
    const back = afterFrame(again, { type: 'participant-joined', participant: basia }, 2_000)
    expect(back.find((one) => one.user_id === basia.user_id)?.lostAt).toBeNull()
    expect(withoutLongLost(again, 1_000 + LOST_FOR_MS).map((one) => one.name)).toEqual(['Ewa', 'Adam'])
  })

  it('shows a lost connection as lost and a goodbye or a removal as gone', () => {
    const list = welcomed([], [ewa, adam, basia], 0)
    const lost = afterFrame(list, { type: 'participant-left', user_id: adam.user_id, reason: 'lost' }, 5)
    expect(lost.find((one) => one.user_id === adam.user_id)?.lostAt).toBe(5)
    const removed = afterFrame(
      lost,
      { type: 'participant-left', user_id: basia.user_id, reason: 'removed' },
      6,
    )
    expect(removed.map((one) => one.name)).toEqual(['Ewa', 'Adam'])
  })

  it("marks the teacher's mute until the student turns the microphone on again", () => {
    const list = welcomed([], [ewa, adam], 0)
    const muted = afterFrame(list, { type: 'muted', user_id: adam.user_id }, 1)
    expect(muted[1]).toMatchObject({ microphone: false, muted_by_teacher: true })
    const state = { type: 'participant-state' as const, user_id: adam.user_id, camera: true, screen: false }
    expect(afterFrame(muted, { ...state, microphone: false }, 2)[1]?.muted_by_teacher).toBe(true)
    expect(afterFrame(muted, { ...state, microphone: true }, 3)[1]?.muted_by_teacher).toBe(false)
  })

  it('raises and lowers hands, one or all', () => {
    const list = welcomed([], [ewa, adam, basia], 0)
    const raised = afterFrame(
      afterFrame(list, { type: 'hand', user_id: adam.user_id, raised: true }, 1),
      {
        type: 'hand',
        user_id: basia.user_id,
        raised: true,
      },
      2,
    )
    expect(raised.filter((one) => one.hand_raised).map((one) => one.name)).toEqual(['Adam', 'Basia'])
    expect(afterFrame(raised, { type: 'hands-lowered' }, 3).some((one) => one.hand_raised)).toBe(false)
  })

  it('puts the teacher first, then everyone by name', () => {
    expect(inRoomOrder([basia, ewa, adam]).map((one) => one.name)).toEqual(['Ewa', 'Adam', 'Basia'])
  })
})
