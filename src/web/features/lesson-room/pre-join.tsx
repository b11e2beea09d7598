import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/Progress.css'
import '@mantine/core/styles/Switch.css'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Box, Button, Center, Grid, Group, Paper, Progress, Stack, Switch, Text, Title } from '@mantine/core'
import { IconMicrophone, IconVideo, IconVideoOff } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import type { Role } from '../../../domain/api/common.ts'
import type { Lesson } from '../../../domain/api/my-lessons.ts'
import type { ChatMessage } from '../../../domain/api/room.ts'
import { useProfile } from '../../api/profile.ts'
import { paths } from '../../config/paths.ts'
import { ACCENT_COLOR } from '../../config/theme.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { ChatPanel } from './chat-panel.tsx'
import { DevicePickers } from './device-pickers.tsx'
import { LessonHeading } from './lesson-heading.tsx'
import { MediaProblemNotice } from './media-problem-notice.tsx'
import { useAudioLevel } from './use-audio-level.ts'
import type { LessonChat } from './use-lesson-chat.ts'
import type { LocalPreview } from './use-local-preview.ts'
import { VideoView } from './video-view.tsx'

type Props = {
  lesson: Lesson
  role: Role
  preview: LocalPreview
  chat: LessonChat
  onJoin: () => void
  joining: boolean
  joinError: MessageDescriptor | null
}

/** The pre-join check: see and hear oneself, pick devices, then join. */
export function PreJoin({ lesson, role, preview, chat, onJoin, joining, joinError }: Props) {
  const { t } = useLingui()
  const audioTrack = preview.stream?.getAudioTracks()[0] ?? null
  const hasVideo = (preview.stream?.getVideoTracks().length ?? 0) > 0
  const level = useAudioLevel(audioTrack)
  const { choice } = preview
  // A group class's meeting: the class, not one person, is who the lobby speaks of.
  const group = lesson.group != null
  const myId = useProfile().data?.id
  const authorOf = (message: ChatMessage) => ({
    mine: message.author_id === myId,
    name:
      message.author_role === 'teacher'
        ? role === 'student'
          ? lesson.fullName
          : t`Osoba prowadząca`
        : t`Osoba ucząca się`,
  })

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <LessonHeading
            lesson={lesson}
            title={group ? t`Przygotuj się do zajęć` : t`Przygotuj się do lekcji`}
          />
          <Paper
            radius="lg"
            bg="dark.8"
            style={{ overflow: 'hidden', position: 'relative', aspectRatio: '16 / 9' }}
          >
            {hasVideo ? (
              <VideoView
                stream={preview.stream}
                self
                label={t`Podgląd Twojej kamery`}
                testId="lobby-preview"
              />
            ) : (
              <Center h="100%" c="gray.4">
                <Stack align="center" gap="xs">
                  <IconVideoOff size={40} aria-hidden />
                  <Text size="sm">
                    {preview.opening ? <Trans>Włączamy kamerę…</Trans> : <Trans>Kamera wyłączona</Trans>}
                  </Text>
                </Stack>
              </Center>
            )}
            <Group
              gap="xs"
              wrap="nowrap"
              pos="absolute"
              bottom={12}
              left={12}
              px="sm"
              py={6}
              style={{ background: 'rgba(0,0,0,0.55)', borderRadius: 999 }}
            >
              <IconMicrophone size={16} color="white" aria-hidden />
              <Progress
                value={level * 100}
                w={96}
                size="sm"
                color="teal"
                aria-label={t`Poziom dźwięku z mikrofonu`}
                transitionDuration={80}
              />
            </Group>
          </Paper>
          {preview.problem && <MediaProblemNotice problem={preview.problem} onRetry={preview.retry} />}
          {!preview.problem && preview.cameraProblem && !choice.audioOnly && (
            <MediaProblemNotice problem={preview.cameraProblem} onRetry={preview.retry} cameraOnly />
          )}
          <DevicePickers
            devices={preview.devices}
            cameraId={choice.cameraId}
            microphoneId={choice.microphoneId}
            onCamera={(cameraId) => preview.choose({ cameraId })}
            onMicrophone={(microphoneId) => preview.choose({ microphoneId })}
            cameraDisabled={choice.audioOnly}
          />
          <Switch
            checked={choice.audioOnly}
            onChange={(event) => preview.choose({ audioOnly: event.currentTarget.checked })}
            label={t`Dołącz tylko z dźwiękiem (bez kamery)`}
          />
          <FormError>{joinError && <Message of={joinError} />}</FormError>
          <Group gap="sm">
            <Button
              size="md"
              color={ACCENT_COLOR}
              leftSection={<IconVideo size={18} aria-hidden />}
              onClick={onJoin}
              loading={joining}
              disabled={preview.opening}
            >
              {group ? <Trans>Dołącz do zajęć</Trans> : <Trans>Dołącz do lekcji</Trans>}
            </Button>
            <Button size="md" variant="default" component={Link} to={paths.myLessons}>
              <Trans>Wróć do moich lekcji</Trans>
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="sm">
            <Title order={2} fz="md">
              {group ? <Trans>Czat zajęć</Trans> : <Trans>Czat lekcji</Trans>}
            </Title>
            <Box>
              <ChatPanel
                chat={chat}
                role={role}
                otherName={lesson.fullName}
                height={360}
                {...(group && {
                  authorOf,
                  emptyText: (
                    <Trans>
                      Nie ma jeszcze wiadomości. Napisz pierwszą — zobaczą ją wszyscy na zajęciach.
                    </Trans>
                  ),
                })}
              />
            </Box>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  )
}
