import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Title } from '@mantine/core'
import { IconArrowRight } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { Link, Navigate, useLocation } from 'react-router-dom'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../config/paths.ts'
import { PageLoader } from '../../ui/page-loader.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import type { RecordingDeps } from './record-voice-sample.ts'
import { VoiceCheckReason, VoiceRecognitionDialog } from './voice-recognition-dialog.tsx'
import { VoiceSampleRecorder, type VoiceSampleRecorderHandle } from './voice-sample-recorder.tsx'

type VoiceConfirmationScreenProps = {
  /** The recorder's microphone and clock (tests). */
  deps?: RecordingDeps
}

/**
 * /dashboard/voice-confirmation?lesson_id=…: the voice-sample check before a student's call. A
 * teacher, or a student who already has a sample, goes on to the call at once; the query goes along
 * (video-call-vonage keeps the current query).
 */
export function VoiceConfirmationScreen({ deps }: VoiceConfirmationScreenProps) {
  const { t } = useLingui()
  usePageTitle(t`Potwierdzenie głosu`)
  const { search } = useLocation()
  const profile = useProfile().data
  // Decided once, when the profile is first known: the sample uploaded here must not skip the
  // thank-you when the refetched profile arrives.
  const needsSample = useRef<boolean | null>(null)
  if (needsSample.current === null && profile) {
    needsSample.current = profile.role === 'student' && profile.voice_sample_url === null
  }
  const [asking, setAsking] = useState(true)
  const [dismissed, setDismissed] = useState(false)
  const recorder = useRef<VoiceSampleRecorderHandle>(null)
  const [uploaded, setUploaded] = useState(false)
  const call = `${paths.videoCallVonage}${search}`

  if (needsSample.current === null) return <PageLoader label={<Trans>Wczytujemy…</Trans>} />
  if (!needsSample.current) return <Navigate to={call} replace />
  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <Title order={1} fz={28}>
        <Trans>Potwierdzenie głosu</Trans>
      </Title>
      {/* Closed without recording, the dialog's reason stays readable here. */}
      {dismissed && !uploaded && <VoiceCheckReason />}
      <VoiceSampleRecorder ref={recorder} deps={deps} onUploaded={() => setUploaded(true)} />
      <Group justify="space-between" gap="sm">
        <Button component={Link} to={paths.myLessons} variant="subtle">
          <Trans>Wróć do moich lekcji</Trans>
        </Button>
        {uploaded && (
          <Button
            component={Link}
            to={call}
            size="md"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            <Trans>Przejdź do lekcji</Trans>
          </Button>
        )}
      </Group>
      <VoiceRecognitionDialog
        opened={asking}
        onClose={() => {
          setAsking(false)
          setDismissed(true)
        }}
        onRecord={() => {
          // One click records (idle → 10 s countdown → upload), no second button.
          setAsking(false)
          recorder.current?.record()
        }}
      />
    </Stack>
  )
}
