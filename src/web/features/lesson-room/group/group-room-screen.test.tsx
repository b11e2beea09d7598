// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type ReactNode, useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Role } from '../../../../domain/api/common.ts'
import { activateLocale } from '../../../config/i18n.ts'
import { lessonFixture } from '../../../test-support/lesson-fixture.ts'
import { renderScreen } from '../../../test-utils.tsx'
import { preloadDialogModal } from '../../../ui/app-dialog.tsx'
import type { RoomDialogs } from '../call-room.tsx'
import type { GroupMember, GroupRoomModel } from './group-room-model.ts'
import { GroupRoomScreen } from './group-room-screen.tsx'

// The group room as its people meet it: the tiles say who is there and in what state, the teacher's
// controls are the teacher's only, a removal is asked once more, and the room's changes are said
// aloud to screen readers without the noise of the room connecting.

const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const member = (n: number, name: string, overrides: Partial<GroupMember> = {}): GroupMember => ({
  user_id: id(n),
  name,
  role: 'student',
  feed_id: n,
  microphone: true,
  camera: true,
  screen: null,
  muted_by_teacher: false,
  hand_raised: false,
  isMe: false,
  stream: null,
  speaking: false,
  media: 'live',
  ...overrides,
})

const teacher = member(1, 'Ewa Woźniak', { role: 'teacher' })
const anna = member(2, 'Anna Nowak', { microphone: false, muted_by_teacher: true, hand_raised: true })
const piotr = member(3, 'Piotr Wiśniewski', { camera: false, speaking: true })
const lesson = lessonFixture({
  is_group: true,
  scheduled_at: '2026-11-25T07:00:00.000Z',
  ends_at: '2026-11-25T08:00:00.000Z',
})
const none = () => null
const dialogs: RoomDialogs = {
  materials: none,
  absence: none,
  canReportAbsence: () => false,
  rate: none,
  canRate: () => false,
  recording: {
    Room: ({ children }: { children: ReactNode }) => children,
    Status: none,
    Problem: none,
    Control: none,
  },
}

function modelOf(
  _role: Role,
  members: GroupMember[],
  overrides: Partial<GroupRoomModel> = {},
): GroupRoomModel {
  const me = members.find((one) => one.isMe) ?? members[0]
  if (!me) throw new Error('a room has its own user')
  return {
    connection: 'live',
    members,
    me,
    ended: null,
    mesh: false,
    chat: {
      messages: [],
      outgoing: [],
      loading: false,
      loadError: null,
      send: vi.fn(),
      resend: vi.fn(),
      pushed: vi.fn(),
      refresh: vi.fn(),
    },
    setMicrophone: vi.fn(async () => undefined),
    setCamera: vi.fn(async () => undefined),
    switchDevice: vi.fn(async () => undefined),
    shareScreen: vi.fn(async () => undefined),
    raiseHand: vi.fn(),
    mute: vi.fn(),
    lowerHands: vi.fn(),
    remove: vi.fn(),
    setTileSize: vi.fn(),
    leave: vi.fn(),
    ...overrides,
  }
}

let setModel: (model: GroupRoomModel) => void = () => undefined

/** The screen with its model in state, as the group call holds it: `update` is the call's change. */
function Live({ role, initial }: { role: Role; initial: GroupRoomModel }) {
  const [model, set] = useState(initial)
  setModel = set
  return (
    <GroupRoomScreen
      lesson={lesson}
      role={role}
      model={model}
      dialogs={dialogs}
      events={{ subscribe: () => () => undefined }}
    />
  )
}

function show(role: Role, model: GroupRoomModel) {
  renderScreen('/', '/', <Live role={role} initial={model} />)
}
const update = (model: GroupRoomModel) => act(() => setModel(model))
const announcer = () => screen.getByTestId('room-announcer').textContent ?? ''

describe('the group room', () => {
  beforeAll(async () => {
    await preloadDialogModal()
  })
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-25T07:20:00Z'))
    activateLocale('pl')
    // A tablet's width: the grid, with the chat below and closed (happy-dom has no fonts for its box).
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(min-width: 48em)',
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }))
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('names every tile with its person and their state, oneself as "Ty"', () => {
    show('student', modelOf('student', [teacher, anna, piotr, member(4, 'Jan Kowalski', { isMe: true })]))
    for (const name of [
      'Ewa Woźniak, osoba prowadząca',
      'Anna Nowak, podniesiona ręka, mikrofon wyciszony przez osobę prowadzącą',
      'Piotr Wiśniewski, mówi, kamera wyłączona',
      'Ty (Jan Kowalski)',
    ]) {
      expect(screen.getByRole('listitem', { name })).toBeTruthy()
    }
  })

  it('names the tiles in English too', () => {
    activateLocale('en')
    show('teacher', modelOf('teacher', [{ ...teacher, isMe: true }, anna]))
    expect(
      screen.getByRole('listitem', { name: 'Anna Nowak, hand raised, microphone muted by the teacher' }),
    ).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'You (Ewa Woźniak)' })).toBeTruthy()
  })

  it('gives a student the hand and none of the teacher’s controls', () => {
    const model = modelOf('student', [teacher, anna, { ...piotr, isMe: true }])
    show('student', model)
    expect(screen.queryByRole('button', { name: /^Opcje:/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Udostępnij ekran' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Opuść wszystkie ręce' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Podniesiona ręka' }))
    expect(model.raiseHand).toHaveBeenCalledWith(true)
  })

  it('gives the teacher a menu on each student’s tile, the hands in order and "lower all"', () => {
    const model = modelOf('teacher', [{ ...teacher, isMe: true }, anna, piotr])
    show('teacher', model)
    expect(screen.getByRole('button', { name: 'Opcje: Anna Nowak' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Opcje: Piotr Wiśniewski' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Opcje: Ewa Woźniak' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Podniesiona ręka' })).toBeNull()
    const raised = modelOf('teacher', [{ ...teacher, isMe: true }, anna, { ...piotr, hand_raised: true }])
    update(raised)
    const hands = within(screen.getByRole('list', { name: 'Podniesione ręce' })).getAllByRole('listitem')
    expect(hands.map((item) => item.textContent)).toEqual(['1. Anna Nowak', '2. Piotr Wiśniewski'])
    fireEvent.click(screen.getByRole('button', { name: 'Opuść wszystkie ręce' }))
    expect(raised.lowerHands).toHaveBeenCalled()
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Obraz zajęć' }))
  })

  it('lets the teacher mute a student from their tile', async () => {
    const model = modelOf('teacher', [{ ...teacher, isMe: true }, piotr])
    show('teacher', model)
    fireEvent.click(screen.getByRole('button', { name: 'Opcje: Piotr Wiśniewski' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Wycisz mikrofon', hidden: true }))
    expect(model.mute).toHaveBeenCalledWith(piotr.user_id)
  })

  it('asks before removing a student, saying they cannot come back, and removes only on yes', async () => {
    const model = modelOf('teacher', [{ ...teacher, isMe: true }, anna, piotr])
    show('teacher', model)
    const removeFromMenu = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Opcje: Piotr Wiśniewski' }))
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Usuń z zajęć…', hidden: true }))
      return screen.findByRole('dialog', { name: 'Usunąć z zajęć: Piotr Wiśniewski?' })
    }
    let dialog = await removeFromMenu()
    expect(dialog.textContent).toContain('nie będzie mogła ponownie dołączyć do tego spotkania')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(model.remove).not.toHaveBeenCalled()
    dialog = await removeFromMenu()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Usuń z zajęć' }))
    expect(model.remove).toHaveBeenCalledWith(piotr.user_id)
    // The removed tile takes its menu away: the focus goes to the stage.
    const stage = screen.getByRole('region', { name: 'Obraz zajęć' })
    await waitFor(() => expect(document.activeElement).toBe(stage))
  })

  it('tells a student the teacher muted them, and turns the microphone back on', () => {
    const me = { ...anna, isMe: true }
    const model = modelOf('student', [teacher, me])
    show('student', model)
    expect(screen.getByTestId('muted-notice').textContent).toContain(
      'Osoba prowadząca wyciszyła Twój mikrofon',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Włącz mikrofon' }))
    expect(model.setMicrophone).toHaveBeenCalledWith(true)
    // The notice goes: the focus waits on the microphone's toggle rather than on nothing.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Mikrofon' }))
  })

  it('announces who came, who left and whose hand went up, but not the people found on connecting', () => {
    const me = { ...teacher, isMe: true }
    show('teacher', modelOf('teacher', [me, piotr], { connection: 'connecting' }))
    update(modelOf('teacher', [me, piotr]))
    expect(announcer()).toBe('')
    update(modelOf('teacher', [me, piotr, { ...anna, hand_raised: false }]))
    expect(announcer()).toBe('Anna Nowak dołącza do zajęć.')
    update(modelOf('teacher', [me, piotr, anna]))
    expect(announcer()).toBe('Anna Nowak podnosi rękę.')
    update(modelOf('teacher', [me, anna]))
    expect(announcer()).toBe('Piotr Wiśniewski nie jest już na zajęciach.')
  })

  it('shows the room reconnecting as its own link, with no one announced as gone', () => {
    const me = { ...teacher, isMe: true }
    show('teacher', modelOf('teacher', [me, anna, piotr]))
    update(modelOf('teacher', [me], { connection: 'reconnecting' }))
    expect(screen.getByTestId('group-connection').textContent).toBe(
      'Połączenie przerwane — łączymy ponownie…',
    )
    expect(announcer()).toBe('')
  })

  it('tells the student their microphone was muted, once', () => {
    const me = member(4, 'Jan Kowalski', { isMe: true })
    show('student', modelOf('student', [teacher, me]))
    update(modelOf('student', [teacher, { ...me, microphone: false, muted_by_teacher: true }]))
    expect(announcer()).toBe('Osoba prowadząca wyciszyła Twój mikrofon. Możesz go włączyć ponownie.')
  })

  it('tells a removed student they cannot rejoin', () => {
    show('student', modelOf('student', [teacher, { ...anna, isMe: true }], { ended: { reason: 'removed' } }))
    expect(screen.getByRole('heading', { name: 'Usunięto Cię z zajęć' })).toBeTruthy()
    expect(screen.getByTestId('room-ended').textContent).toContain('nie możesz do niego ponownie dołączyć')
  })
})
