import { Trans, useLingui } from '@lingui/react/macro'
import { Button, type ButtonProps, Stack, Text } from '@mantine/core'
import { IconVideo } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import { formatPolandDate, formatPolandTime, polandDateKey } from '../../../domain/poland-time.ts'
import { ACCENT_COLOR } from '../../config/theme.ts'
import { useOnlineStatus } from '../../offline/connectivity.ts'
import { videoCallPath } from './lesson-display.ts'
import { joinOffer } from './lesson-state.ts'
import { useLessonView } from './lesson-view-context.tsx'

type Props = { lesson: Lesson; size?: ButtonProps['size']; fullWidth?: boolean; withHint?: boolean }

/**
 * Join (product-rules.md "Join window"): enabled from 15 minutes before the start to 15 minutes
 * after the end, never for a cancelled lesson; it follows the screen's clock. A disabled Join says
 * when it opens, or, while the server is out of reach, that it waits for the connection (the room
 * needs it).
 */
export function JoinButton({ lesson, size = 'sm', fullWidth, withHint = true }: Props) {
  const { t } = useLingui()
  const { role, now, voiceSample } = useLessonView()
  const online = useOnlineStatus()
  // Nothing to join on a cancelled or ended lesson.
  const state = joinOffer(lesson, now)
  if (state === null) return null
  const name = lesson.fullName
  const title = lesson.group?.title
  // A meeting's teacher joins the class, not one of its students.
  const label = title && role === 'teacher' ? t`Dołącz do zajęć: ${title}` : t`Dołącz do lekcji: ${name}`
  if (state.kind === 'open' && online) {
    return (
      <Button
        component={Link}
        to={videoCallPath(lesson, role, voiceSample)}
        color={ACCENT_COLOR}
        size={size}
        fullWidth={fullWidth}
        leftSection={<IconVideo size={16} aria-hidden />}
        aria-label={label}
      >
        <Trans>Dołącz</Trans>
      </Button>
    )
  }
  const opens = state.kind === 'open' ? null : opensAt(state.opensAt, now)
  const hint = opens === null ? t`Dołączysz po odzyskaniu połączenia` : t`Dołączysz od ${opens}`
  return (
    <Stack gap={2} align={fullWidth ? 'stretch' : 'flex-start'}>
      <Button
        size={size}
        fullWidth={fullWidth}
        disabled
        variant="default"
        leftSection={<IconVideo size={16} aria-hidden />}
        aria-label={`${label}. ${hint}`}
      >
        <Trans>Dołącz</Trans>
      </Button>
      {withHint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  )
}

/** When Join opens: its time today, or its date and time on another day. */
function opensAt(at: number, now: number): string {
  return polandDateKey(at) === polandDateKey(now)
    ? formatPolandTime(at)
    : `${formatPolandDate(at)} ${formatPolandTime(at)}`
}
