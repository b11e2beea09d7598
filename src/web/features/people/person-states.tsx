import '@mantine/core/styles/Skeleton.css'
import '@mantine/core/styles/ThemeIcon.css'
import { Trans } from '@lingui/react/macro'
import { Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { IconLock, IconUserQuestion } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '../../config/paths.ts'

/** What the page looks like while it loads: the same shapes as the real one. */
export function PersonSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label={label}>
      <Paper withBorder radius="lg" p="lg">
        <Group gap="lg" wrap="nowrap">
          <Skeleton circle height={96} />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton height={26} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={14} width="40%" />
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          <Skeleton height={18} width="25%" />
          <Skeleton height={12} />
          <Skeleton height={12} />
          <Skeleton height={12} width="70%" />
        </Stack>
      </Paper>
    </Stack>
  )
}

type PersonProblemProps = {
  kind: 'not-found' | 'forbidden' | 'failed'
  message: ReactNode
  onRetry?: () => void
}

/**
 * Not found, not allowed (student_profile_forbidden, product-rules.md "Errors") or failed: said
 * plainly, with a way on.
 */
export function PersonProblem({ kind, message, onRetry }: PersonProblemProps) {
  const Icon = kind === 'forbidden' ? IconLock : IconUserQuestion
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" ta="center" py="md">
        <ThemeIcon
          size={56}
          radius="xl"
          variant="light"
          color={kind === 'failed' ? 'red' : 'indigo'}
          aria-hidden
        >
          <Icon size={28} />
        </ThemeIcon>
        <Title order={1} fz="lg">
          {kind === 'not-found' ? (
            <Trans>Nie znaleziono profilu</Trans>
          ) : (
            <Trans>Nie można wyświetlić profilu</Trans>
          )}
        </Title>
        <Text c="dimmed" maw={460} role={kind === 'failed' ? 'alert' : undefined}>
          {message}
        </Text>
        <Group gap="sm" justify="center">
          {onRetry && (
            <Button variant="default" onClick={onRetry}>
              <Trans>Spróbuj ponownie</Trans>
            </Button>
          )}
          <Button component={Link} to={paths.myLessons} variant="light">
            <Trans>Przejdź do moich lekcji</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
