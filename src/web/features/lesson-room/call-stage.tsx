import '@mantine/core/styles/Avatar.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Avatar, Box, Center, Group, Stack, Text } from '@mantine/core'
import { IconMicrophoneOff, IconScreenShare, IconVideoOff } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import type { CallSnapshot } from './call/call-session.ts'
import { VideoView } from './video-view.tsx'

type Props = { call: CallSnapshot; otherName: string; otherImage: string | null }

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')

/**
 * The other party's video large, one's own small in a corner. The stats the quality indicator reads
 * are also on the element, so the browser journeys can check that media really arrives (inbound
 * audio bytes, the candidate type in use).
 */
export function CallStage({ call, otherName, otherImage }: Props) {
  const { t } = useLingui()
  const media = call.remote.media
  // A camera the other side turned off shows its picture, not its last frame frozen.
  const cameraOff = media !== null && !media.camera && !media.screen
  const remoteVideo =
    (call.remoteStream?.getVideoTracks().length ?? 0) > 0 && call.phase === 'connected' && !cameraOff
  const { stats } = call
  const inCall = call.remote.presence === 'present'
  return (
    <Box
      pos="relative"
      bg="dark.9"
      data-testid="call-stage"
      data-audio-bytes={stats?.audioBytesReceived ?? 0}
      data-video-bytes={stats?.videoBytesReceived ?? 0}
      data-local-candidate={stats?.localCandidateType ?? ''}
      style={{ borderRadius: 16, overflow: 'hidden', flex: 1, minHeight: 0, height: '100%' }}
    >
      {/* The remote video stays mounted: its audio plays even while the picture is away. */}
      <VideoView
        stream={call.remoteStream}
        label={t`Obraz: ${otherName}`}
        testId="remote-video"
        style={{
          objectFit: 'contain',
          background: 'transparent',
          visibility: remoteVideo ? 'visible' : 'hidden',
        }}
      />
      {!remoteVideo && (
        <Center pos="absolute" inset={0}>
          <Stack align="center" gap="sm">
            <Avatar src={otherImage} size={88} radius={999} color="indigo" alt="">
              {initials(otherName)}
            </Avatar>
            <Text c="gray.3" size="sm" ta="center" px="md">
              {call.phase === 'waiting' ? (
                <Trans>Czekamy na drugą osobę. Możesz już pisać na czacie.</Trans>
              ) : call.phase === 'peer-left' ? (
                <Trans>
                  {otherName} nie jest już na lekcji. Może jeszcze wrócić, dopóki pokój jest otwarty.
                </Trans>
              ) : (
                otherName
              )}
            </Text>
          </Stack>
        </Center>
      )}
      {/* The other side's microphone, camera and screen, in words as well as icons: announced. */}
      <Group
        pos="absolute"
        top={12}
        left={12}
        right={12}
        gap={6}
        role="status"
        aria-live="polite"
        data-testid="remote-media"
        data-microphone={media ? String(media.microphone) : ''}
        data-camera={media ? String(media.camera) : ''}
        data-screen={media ? String(media.screen) : ''}
      >
        {inCall && media && !media.microphone && (
          <StageBadge
            icon={<IconMicrophoneOff size={16} />}
          >{t`${otherName} ma wyciszony mikrofon`}</StageBadge>
        )}
        {inCall && cameraOff && (
          <StageBadge icon={<IconVideoOff size={16} />}>{t`${otherName} ma wyłączoną kamerę`}</StageBadge>
        )}
        {inCall && media?.screen && (
          <StageBadge
            icon={<IconScreenShare size={16} />}
            color="indigo.3"
          >{t`${otherName} udostępnia ekran`}</StageBadge>
        )}
      </Group>
      <Box
        pos="absolute"
        right={12}
        bottom={12}
        w={{ base: 96, sm: 200 }}
        style={{
          aspectRatio: '4 / 3',
          borderRadius: 12,
          overflow: 'hidden',
          boxShadow: '0 4px 16px rgba(0,0,0,.5)',
          border: '1px solid rgba(255,255,255,.15)',
          background: '#1f1f24',
        }}
      >
        {call.localStream && (call.cameraOn || call.sharingScreen) ? (
          <VideoView
            stream={call.localStream}
            self={!call.sharingScreen}
            label={t`Twój obraz`}
            testId="own-video"
          />
        ) : (
          <Center h="100%">
            <Text size="xs" c="gray.4">
              <Trans>Kamera wyłączona</Trans>
            </Text>
          </Center>
        )}
        {!call.microphoneOn && (
          <Box pos="absolute" top={6} left={6} c="red.4" aria-hidden>
            <IconMicrophoneOff size={16} />
          </Box>
        )}
      </Box>
    </Box>
  )
}

/** A marker on the dark stage: an icon and its words. */
function StageBadge({
  icon,
  color = 'red.4',
  children,
}: {
  icon: ReactNode
  color?: string
  children: ReactNode
}) {
  return (
    <Group
      gap={6}
      wrap="nowrap"
      px={10}
      py={4}
      maw="100%"
      style={{ borderRadius: 999, background: 'rgba(20,20,24,.78)', color: 'var(--mantine-color-gray-0)' }}
    >
      <Box c={color} display="flex" aria-hidden>
        {icon}
      </Box>
      <Text size="sm" lh={1.3} truncate>
        {children}
      </Text>
    </Group>
  )
}
