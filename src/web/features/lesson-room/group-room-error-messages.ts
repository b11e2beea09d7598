import { msg } from '@lingui/core/macro'
import type { GroupRoomErrorCode } from '../../../domain/errors.ts'
import { registerCodeMessages } from '../../api/error-messages.ts'

// The group room's refusals in pl/en, in the room's chunk (the lobby meets them when a group
// meeting's token is refused); the room imports this module, which registers them.
registerCodeMessages<GroupRoomErrorCode>({
  group_server_missing: () =>
    msg`Ta grupa jest za duża na zajęcia bez serwera wideo dla grup: szkoła musi skonfigurować serwer grupowy`,
  group_room_removed: () => msg`Osoba prowadząca usunęła Cię z tego spotkania`,
})
