import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCheck, IconMicrophone, IconPlayerStop, IconX } from '@tabler/icons-react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { WordResult } from '../../../domain/api/ai-lesson.ts'
import { useAiSettings } from '../../api/ai-lesson.ts'
import { scorePronunciation } from '../../api/ai-pronunciation.ts'
import { useWords } from '../../api/ai-wordbook.ts'
import { FormError } from '../../ui/form-error.tsx'
import { useRecorder } from './use-recorder.ts'

/** Each word with a key of its own: the word and how often it came before (a phrase may repeat one). */
function withKeys(words: WordResult[]) {
  const seen = new Map<string, number>()
  return words.map((item) => {
    const count = (seen.get(item.expected) ?? 0) + 1
    seen.set(item.expected, count)
    return { key: `${item.expected}#${count}`, item }
  })
}

/** Pronunciation: read a phrase aloud, hear it back, and (when enabled) get it scored. */
export function PronunciationTab() {
  const { t } = useLingui()
  const settings = useAiSettings().data
  const example = useWords().data?.words.find((word) => word.example)?.example ?? ''
  const [typed, setTyped] = useState<string | null>(null)
  const target = typed ?? example
  const recorder = useRecorder()
  const score = useMutation({ mutationFn: (blob: Blob) => scorePronunciation(target.trim(), blob) })
  const result = score.data
  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <TextInput
            label={t`Zdanie do przeczytania`}
            description={t`Wpisz zdanie albo zostaw przykład ze słowniczka.`}
            value={target}
            maxLength={300}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Group>
            {recorder.state === 'recording' ? (
              <Button
                color="red"
                leftSection={<IconPlayerStop size={16} aria-hidden />}
                onClick={recorder.stop}
              >
                <Trans>Zatrzymaj nagrywanie</Trans>
              </Button>
            ) : (
              <Button
                variant={recorder.state === 'recorded' ? 'default' : 'filled'}
                leftSection={<IconMicrophone size={16} aria-hidden />}
                disabled={!target.trim()}
                onClick={() => {
                  score.reset()
                  void recorder.start()
                }}
              >
                {recorder.state === 'recorded' ? <Trans>Nagraj ponownie</Trans> : <Trans>Nagraj</Trans>}
              </Button>
            )}
            {recorder.state === 'recording' && (
              <Text size="sm" c="red" role="status">
                <Trans>Nagrywanie… (do 15 s)</Trans>
              </Text>
            )}
          </Group>
          {recorder.state === 'denied' && (
            <FormError>{t`Kamera lub mikrofon nie są podłączone albo nie udzielono zgody`}</FormError>
          )}
          {recorder.audio && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                <Trans>Twoje nagranie</Trans>
              </Text>
              {/* The student's own voice, played back from the device: nothing to caption. */}
              <Box
                component="audio"
                controls
                src={recorder.audio.url}
                aria-label={t`Twoje nagranie`}
                w="100%"
              />
              {settings?.transcription_enabled ? (
                <Group>
                  <Button
                    variant="light"
                    loading={score.isPending}
                    onClick={() => recorder.audio && score.mutate(recorder.audio.blob)}
                  >
                    <Trans>Oceń wymowę</Trans>
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  <Trans>Szkoła nie włączyła oceny wymowy: odsłuchaj nagranie i porównaj je sam.</Trans>
                </Text>
              )}
            </Stack>
          )}
          {score.isError && <FormError>{t`Nie udało się ocenić nagrania. Spróbuj ponownie.`}</FormError>}
        </Stack>
      </Paper>
      {result && (
        <Paper withBorder radius="lg" p="lg" aria-live="polite">
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t`Wynik: ${result.score}%`}
            </Title>
            <Text size="sm" c="dimmed">
              {t`Usłyszano: „${result.transcript}”`}
            </Text>
            <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Słowa`}>
              {withKeys(result.words).map(({ key, item: word }) => (
                <Badge
                  key={key}
                  component="li"
                  size="lg"
                  tt="none"
                  variant="light"
                  color={word.correct ? 'green' : 'red'}
                  leftSection={
                    word.correct ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />
                  }
                  aria-label={word.correct ? t`${word.expected}: dobrze` : t`${word.expected}: błąd`}
                >
                  {word.expected}
                  {!word.correct && word.heard ? ` (${word.heard})` : ''}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
