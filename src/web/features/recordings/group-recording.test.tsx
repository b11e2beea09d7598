// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Archive } from '../../../domain/api/recordings.ts'
import { activateLocale } from '../../config/i18n.ts'
import { teacherProfile } from '../../test-support/profile-fixture.ts'
import { routeFetch } from '../../test-support/test-fetch.ts'
import { signInAs } from '../../test-support/test-session.ts'
import { renderScreen } from '../../test-utils.tsx'
import type { GroupRecordingCall } from './group-recording.tsx'
import { RoomMediaControls } from './room-media.tsx'
import { RecordingStatus, RoomRecording } from './room-recording.tsx'

// The group room's recording status: the teacher reads which students present it leaves out; a
// student left out reads that they are not recorded; the toolbar holds the record control only.

const LESSON = '00000000-0000-4000-8000-000000000042'
const TEACHER = '00000000-0000-4000-8000-0000000000a0'
const ANIA = '00000000-0000-4000-8000-0000000000a1'
const BARTEK = '00000000-0000-4000-8000-0000000000a2'

const group = (me: string): GroupRecordingCall => ({
  me,
  members: [
    { user_id: TEACHER, name: 'Ewa Woźniak', role: 'teacher', stream: null, screen: null },
    { user_id: ANIA, name: 'Anna Nowak', role: 'student', stream: null, screen: null },
    { user_id: BARTEK, name: 'Bartosz Lis', role: 'student', stream: null, screen: null },
  ],
})

/** The meeting's recording being made, as the list tells `recorded` of it. */
const recording = (recorded: string[]): Archive => ({
  id: '77777777-7777-4777-8777-777777777777',
  lesson_id: LESSON,
  stream_id: 'camera',
  recorded_by: 'browser',
  status: 'recording',
  started_at: '2026-11-25T07:01:00.000Z',
  stopped_at: null,
  next_seq: 3,
  recorded_user_ids: recorded,
  duration_ms: null,
  size: null,
  url: null,
  kept_until: '2026-12-25T07:01:00.000Z',
})

function room(role: 'teacher' | 'student', me: string, recorded: string[]) {
  routeFetch({ 'GET /api/v1/lessons/archives/list': { status: 200, body: { data: [recording(recorded)] } } })
  renderScreen(
    '/',
    '/',
    <RoomRecording
      lessonId={LESSON}
      role={role}
      otherName="Ewa Woźniak"
      call={{ localVideo: null, localAudio: null, remote: null, sharingScreen: false, remoteSharing: false }}
      group={group(me)}
      events={{ subscribe: () => () => undefined }}
    >
      <RecordingStatus />
      <div role="toolbar">
        <RoomMediaControls />
      </div>
    </RoomRecording>,
  )
}

describe('a group meeting’s recording in the room', () => {
  beforeEach(() => {
    activateLocale('pl')
    signInAs(teacherProfile())
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('tells the teacher which students present it leaves out, beside the record control alone', async () => {
    room('teacher', TEACHER, [ANIA])
    expect(await screen.findByTestId('recording-status')).toBeTruthy()
    expect((await screen.findByTestId('recording-left-out')).textContent).toBe(
      'Poza nagraniem (bez zgody na nagrywanie): Bartosz Lis',
    )
    const buttons = within(screen.getByRole('toolbar')).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['Zatrzymaj'])
  })

  it('tells a student left out that they are not recorded, in English too', async () => {
    activateLocale('en')
    room('student', BARTEK, [])
    expect(await screen.findByTestId('recording-status')).toBeTruthy()
    expect((await screen.findByTestId('recording-not-me')).textContent).toBe('You are not being recorded')
  })

  it('tells a recorded student only that the meeting is recorded', async () => {
    room('student', ANIA, [ANIA])
    expect(await screen.findByTestId('recording-status')).toBeTruthy()
    expect(screen.queryByTestId('recording-not-me')).toBeNull()
    expect(screen.queryByTestId('recording-left-out')).toBeNull()
  })
})
