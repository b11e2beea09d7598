import { Trans } from '@lingui/react/macro'
import { Box, Button, Center, Stack } from '@mantine/core'
import { IconRefresh } from '@tabler/icons-react'
import { useEffect, useRef, useState } from 'react'
import type { LearncubeRoomToken } from '../../../domain/api/room.ts'
import { reportError } from '../../config/monitoring.ts'
import { FormError } from '../../ui/form-error.tsx'
import { PageLoader } from '../../ui/page-loader.tsx'
import { classroomConfig, loadClassroomClient } from './classroom-client.ts'

/** The element LearnCube's client renders into (their API takes a selector). */
const CLASSROOM_ID = 'learncube-classroom'

type Phase = 'loading' | 'ready' | 'failed'

/**
 * LearnCube's classroom for this party: their script, once on the page, renders it in a full-width
 * element that React leaves alone. It routes by the URL's hash, so nothing else here uses the hash;
 * its own token comes from `validate_url`, which it calls itself.
 */
export function LearncubeClassroom({ classroom }: { classroom: LearncubeRoomToken['learncube'] }) {
  const element = useRef<HTMLDivElement>(null)
  const [phase, setPhase] = useState<Phase>('loading')
  const [attempt, setAttempt] = useState(0)
  const { client_url, style_url, room_token, user_id, username, public_key, user_type, validate_url } =
    classroom

  useEffect(() => {
    const container = element.current
    let live = true
    setPhase('loading')
    loadClassroomClient({ client_url, style_url })
      .then((VirtualClassroom) => {
        if (!live) return
        const config = classroomConfig({
          client_url,
          style_url,
          room_token,
          user_id,
          username,
          public_key,
          user_type,
          validate_url,
        })
        // The instance lives in the element; nothing here calls it afterwards.
        new VirtualClassroom(`#${CLASSROOM_ID}`, config)
        setPhase('ready')
      })
      .catch((error: unknown) => {
        if (!live) return
        reportError(error, { attempt })
        setPhase('failed')
      })
    return () => {
      live = false
      container?.replaceChildren()
    }
  }, [attempt, client_url, style_url, room_token, user_id, username, public_key, user_type, validate_url])

  if (phase === 'failed')
    return (
      <Stack align="flex-start" gap="sm">
        <FormError>
          <Trans>
            Nie udało się wczytać klasy LearnCube. Sprawdź połączenie z internetem i spróbuj ponownie.
          </Trans>
        </FormError>
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => {
            // The element comes back first, so the next attempt has it to render into.
            setPhase('loading')
            setAttempt((count) => count + 1)
          }}
        >
          <Trans>Spróbuj ponownie</Trans>
        </Button>
      </Stack>
    )
  // The element keeps its size while the script loads: the classroom measures it when it starts.
  return (
    <Box pos="relative" w="100%" mih={520} h="calc(100dvh - 220px)">
      <Box
        ref={element}
        id={CLASSROOM_ID}
        data-testid="learncube-classroom"
        data-phase={phase}
        w="100%"
        h="100%"
        // Whatever the classroom draws stays inside its element, never widening the page.
        style={{ overflow: 'auto' }}
      />
      {phase === 'loading' && (
        <Center pos="absolute" inset={0}>
          <PageLoader label={<Trans>Otwieramy klasę LearnCube…</Trans>} />
        </Center>
      )}
    </Box>
  )
}
