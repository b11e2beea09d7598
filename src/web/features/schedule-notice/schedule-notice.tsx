import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { useSession } from '../../api/session.ts'
import { readSeenMarker, writeSeenMarker } from '../../offline/seen-marker.ts'
import { AppDialog } from '../../ui/app-dialog.tsx'
import {
  NOTICE_SEEN_KEY,
  noticeSeenValue,
  SCHEDULE_NOTICE_DELAY_MS,
  scheduleNoticeDue,
} from './schedule-notice-decision.ts'

const readSeen = () => readSeenMarker(NOTICE_SEEN_KEY)
const writeSeen = (value: string) => writeSeenMarker(NOTICE_SEEN_KEY, value)

/**
 * InformAboutHarmonogramChange (product-rules.md "Sign-in and account states"): 500 ms after a
 * teacher signs in, while the cutoff has not passed, a notice about the calendar switch on 12 July;
 * a student gets the calendar-switch notice the same way. Mounted by the dashboard layout; marked
 * as shown when it opens, so a reload in the same sign-in does not repeat it.
 */
export function ScheduleNotice({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const session = useSession()
  const [opened, setOpened] = useState(false)
  const seenValue = noticeSeenValue(profile.id, session?.expiresAt ?? '')

  useEffect(() => {
    if (scheduleNoticeDue(profile.role, Date.now(), readSeen() === seenValue) === null) return
    const timer = setTimeout(() => {
      writeSeen(seenValue)
      setOpened(true)
    }, SCHEDULE_NOTICE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [profile.role, seenValue])

  const teacher = profile.role === 'teacher'
  return (
    <AppDialog
      opened={opened}
      onClose={() => setOpened(false)}
      variant="shared"
      title={teacher ? t`Zmiana kalendarza grafiku` : t`Nowy kalendarz od 12 lipca`}
    >
      <Stack gap="md">
        {teacher ? <TeacherNotice /> : <StudentNotice />}
        <Group justify="flex-end">
          <Button onClick={() => setOpened(false)} data-autofocus>
            <Trans>Rozumiem</Trans>
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  )
}

/** The students' words for the calendar switch of 12 July. */
function StudentNotice() {
  return (
    <Text>
      <Trans>
        12 lipca przechodzimy na nowy kalendarz. Twoje umówione lekcje pozostają bez zmian, ale wolne terminy
        lektorów na kolejne tygodnie mogą się zmienić: sprawdź je w zakładce Umów lekcję.
      </Trans>
    </Text>
  )
}

function TeacherNotice() {
  return (
    <>
      <Text>
        <Trans>
          12 lipca przechodzimy na nowy kalendarz grafiku. Sprawdź, czy Twoje godziny pracy na kolejne
          tygodnie się zgadzają, i w razie potrzeby popraw je w panelu „Mój grafik” na stronie Moje lekcje.
        </Trans>
      </Text>
      <Text size="sm" c="dimmed">
        <Trans>Zarezerwowane już lekcje pozostają bez zmian.</Trans>
      </Text>
    </>
  )
}
