import '@mantine/core/styles/Badge.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Group, Paper, Stack, Text } from '@mantine/core'
import type { Correction, MistakeKind } from '../../../domain/api/ai-lesson.ts'
import { TutorText } from './tutor-text.tsx'

export const MISTAKE_LABELS: Record<MistakeKind, MessageDescriptor> = {
  grammar: msg`Gramatyka`,
  vocabulary: msg`Słownictwo`,
  spelling: msg`Pisownia`,
  word_order: msg`Szyk zdania`,
}

function Corrections({ corrections }: { corrections: Correction[] }) {
  const { i18n } = useLingui()
  if (corrections.length === 0) return null
  return (
    <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {corrections.map((correction) => (
        <Paper
          key={`${correction.wrong}→${correction.right}`}
          component="li"
          p="xs"
          radius="md"
          bg="accent.0"
        >
          <Group gap="xs" wrap="wrap">
            <Badge size="sm" variant="light" color="accent" tt="none">
              {i18n._(MISTAKE_LABELS[correction.kind])}
            </Badge>
            <Text size="sm" td="line-through" c="dimmed">
              {correction.wrong}
            </Text>
            <Text size="sm" aria-hidden>
              →
            </Text>
            <Text size="sm" fw={600}>
              {correction.right}
            </Text>
          </Group>
          {correction.explanation && (
            <Text size="sm" mt={4}>
              {correction.explanation}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  )
}

/** One message: the student's on the right, the tutor's (corrections first) on the left. */
export function ChatMessageView({
  author,
  text,
  corrections,
  streaming = false,
}: {
  author: 'student' | 'tutor'
  text: string
  corrections: Correction[]
  streaming?: boolean
}) {
  const mine = author === 'student'
  return (
    <Stack gap={4} align={mine ? 'flex-end' : 'flex-start'} component="li">
      <Text size="xs" c="dimmed">
        {mine ? <Trans>Ty</Trans> : <Trans>Lektor AI</Trans>}
      </Text>
      <Paper
        p="sm"
        radius="lg"
        maw="min(36rem, 92%)"
        bg={mine ? 'indigo.0' : 'gray.0'}
        withBorder={!mine}
        aria-busy={streaming || undefined}
      >
        <Stack gap="xs">
          {!mine && <Corrections corrections={corrections} />}
          {mine || streaming ? (
            <Text style={{ whiteSpace: 'pre-wrap' }}>{text || '…'}</Text>
          ) : (
            <TutorText text={text} />
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
