import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core'
import { IconCalendarEvent } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { paths } from '../../config/paths.ts'
import { Message } from '../../ui/message.tsx'

const PLACEHOLDERS = ['first', 'second', 'third', 'fourth', 'fifth']

/** Loading: the shape of the lessons to come, announced once to screen readers. */
export function LessonsSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="sm" role="status" aria-live="polite">
      <VisuallyHidden>
        <Trans>Wczytujemy lekcje…</Trans>
      </VisuallyHidden>
      {PLACEHOLDERS.slice(0, rows).map((key) => (
        <Skeleton key={key} height={88} radius="md" aria-hidden />
      ))}
    </Stack>
  )
}

/** A failed list: what happened and a retry. */
export function LessonsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useLingui()
  const message = error instanceof ApiError ? apiErrorMessage(error) : codeMessage('server_error')
  return (
    <Alert color="red" variant="light" title={t`Nie udało się wczytać lekcji`} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          <Message of={message} />
        </Text>
        <Button variant="light" color="red" onClick={onRetry}>
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </Stack>
    </Alert>
  )
}

/** Nothing to show: a friendly sentence and, for students who may book, the way to book. */
export function LessonsEmpty({ children, bookLink }: { children: ReactNode; bookLink: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconCalendarEvent size={26} />
        </ThemeIcon>
        <Text c="dimmed" maw={460}>
          {children}
        </Text>
        {bookLink && (
          <Button component={Link} to={paths.setLessons} variant="light">
            <Trans>Umów lekcję</Trans>
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
