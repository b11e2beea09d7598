import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// Role-plays the chat offers when the student has no topic of their own (the anchors' common
// set: everyday situations at any level).
export const ROLE_PLAYS: MessageDescriptor[] = [
  msg`Zamawiam kawę w kawiarni`,
  msg`Pytam o drogę w obcym mieście`,
  msg`Rozmowa kwalifikacyjna`,
  msg`Meldunek w hotelu`,
  msg`Wizyta u lekarza`,
  msg`Opowiadam o swoim weekendzie`,
]

/** The role-play of the day: the same one all day, another tomorrow. */
export const roleOfTheDay = (now = new Date()) =>
  ROLE_PLAYS[Math.floor(now.getTime() / 86_400_000) % ROLE_PLAYS.length] ?? msg`Opowiadam o swoim weekendzie`
