import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { IconSparkles } from '@tabler/icons-react'
import { type ReactNode, Suspense, useRef, useState } from 'react'
import type { Profile } from '../../../../domain/api/profile.ts'
import { useLessonPage, useScheduledLessons } from '../../../api/my-lessons.ts'
import { lazyComponent, useEverOpened } from '../../../ui/lazy-component.tsx'
import type { FailureCounter } from './find-teacher.ts'

// The onboarding is a chunk of its own: set-lessons' first load carries only this offer.
const OnboardingDialog = lazyComponent(async () => (await import('./onboarding-dialog.tsx')).OnboardingDialog)

const FIRST_PAGE = { page: 1, perPage: 1 }

type Props = { profile: Profile; presetLanguage: number | null; voiceRecorder?: ReactNode }

/**
 * A student who has not been through the onboarding (and has never booked a lesson) is offered it
 * on set-lessons; otherwise it stays one click away. An offer, not a dialog that opens by itself:
 * the student came to book, and may know whom.
 */
export function OnboardingOffer({ profile, presetLanguage, voiceRecorder }: Props) {
  const { t } = useLingui()
  const [opened, setOpened] = useState(false)
  const mounted = useEverOpened(opened)
  // Identical failed searches are counted while the screen is open, across reopenings.
  const failures = useRef<FailureCounter>(new Map())
  // A fresh dialog (fresh answers, prefilled from the profile) each time it is opened.
  const [round, setRound] = useState(0)
  const open = () => {
    setRound((current) => current + 1)
    setOpened(true)
  }
  // "Pierwsza lekcja?" only for a student who has never booked: no lesson booked (scheduled) and
  // none past (closed); the lists my-lessons shows, from the same cache.
  const completed = profile.onboarding_completed_at !== null
  const scheduled = useScheduledLessons(!completed)
  const closed = useLessonPage('finished', FIRST_PAGE, !completed)
  // Nothing while the first answers are on their way; a paused or failed one shows the quiet button.
  const loading = (query: { isPending: boolean; isFetching: boolean }) => query.isPending && query.isFetching
  const pending = !completed && (loading(scheduled) || loading(closed))
  const neverBooked = scheduled.data?.lessons.length === 0 && closed.data?.total === 0
  const firstLesson = !completed && neverBooked
  return (
    <>
      {pending ? null : !firstLesson ? (
        <Button
          variant="subtle"
          size="sm"
          onClick={open}
          leftSection={<IconSparkles size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t`Dobierz lektora do mojego terminu`}
        </Button>
      ) : (
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          bg="indigo.0"
          component="section"
          aria-label={t`Dobór lektora`}
        >
          <Group justify="space-between" gap="md" wrap="wrap">
            <Stack gap={4} style={{ flex: '1 1 260px' }}>
              <Text fw={700}>
                <Trans>Pierwsza lekcja? Dobierzemy Ci lektora.</Trans>
              </Text>
              <Text size="sm">
                <Trans>
                  Powiedz nam, czego chcesz się uczyć, na jakim poziomie i kiedy — znajdziemy wolnego lektora.
                </Trans>
              </Text>
            </Stack>
            <Button onClick={open} leftSection={<IconSparkles size={18} aria-hidden />}>
              <Trans>Dobierz lektora</Trans>
            </Button>
          </Group>
        </Paper>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <OnboardingDialog
            key={round}
            opened={opened}
            onClose={() => setOpened(false)}
            profile={profile}
            presetLanguage={presetLanguage}
            failures={failures.current}
            voiceRecorder={voiceRecorder}
          />
        </Suspense>
      )}
    </>
  )
}
