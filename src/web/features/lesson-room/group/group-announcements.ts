import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import type { GroupConnection, GroupMember } from './group-room-model.ts'

// What the room says to screen readers as it happens: someone came or went, a hand went up, the
// teacher muted me. Polite and brief: one sentence per change, the changes of a moment in one.

type Seen = { name: string; hand: boolean; mutedByTeacher: boolean }

/** The room as the announcer last saw it: who was here, and their hands. */
export type RoomSnapshot = Map<string, Seen>

export function snapshotOf(members: GroupMember[]): RoomSnapshot {
  return new Map(
    members.map((member) => [
      member.user_id,
      { name: member.name, hand: member.hand_raised, mutedByTeacher: member.muted_by_teacher },
    ]),
  )
}

/** The sentences that tell what changed between two moments of the room. */
export function announcementsBetween(before: RoomSnapshot, members: GroupMember[], i18n: I18n): string[] {
  const said: string[] = []
  for (const member of members) {
    const name = member.name
    const was = before.get(member.user_id)
    if (member.isMe) {
      if (member.muted_by_teacher && !was?.mutedByTeacher)
        said.push(i18n._(msg`Osoba prowadząca wyciszyła Twój mikrofon. Możesz go włączyć ponownie.`))
      continue
    }
    if (!was) said.push(i18n._(msg`${name} dołącza do zajęć.`))
    if (member.hand_raised && !was?.hand) said.push(i18n._(msg`${name} podnosi rękę.`))
  }
  const here = new Set(members.map((member) => member.user_id))
  for (const [id, was] of before) {
    const name = was.name
    if (!here.has(id)) said.push(i18n._(msg`${name} nie jest już na zajęciach.`))
  }
  return said
}

/**
 * The text of the room's polite live region. Nothing is said while the room (re)connects: the
 * people it finds on arrival or return are not news, and a lost link is not everyone leaving.
 */
export function useRoomAnnouncements(members: GroupMember[], connection: GroupConnection): string {
  const { i18n } = useLingui()
  const seen = useRef<RoomSnapshot | null>(null)
  const [text, setText] = useState('')
  useEffect(() => {
    const live = connection === 'live'
    const said = live && seen.current ? announcementsBetween(seen.current, members, i18n) : []
    seen.current = live ? snapshotOf(members) : null
    if (said.length === 0) return
    const next = said.join(' ')
    // The same words again (a second hand after the first went down) are still news.
    setText((previous) => (previous === next ? `${next}\u00a0` : next))
  }, [members, connection, i18n])
  return text
}
