import '@mantine/core/styles/Badge.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { IconTrash } from '@tabler/icons-react'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { useDeleteWord, useWords } from '../../api/ai-wordbook.ts'
import { useOutboxEntries } from '../../api/outbox-sync.ts'
import { FormError } from '../../ui/form-error.tsx'
import { AddWordForm } from './add-word-form.tsx'
import { ReviewCard } from './review-card.tsx'

/** The wordbook: today's FSRS reviews (offline too), the words, and adding one. */
export function WordbookTab() {
  const { t } = useLingui()
  const words = useWords()
  const remove = useDeleteWord()
  const waiting = useOutboxEntries().filter((entry) => entry.kind === 'aiReview' && entry.state === 'pending')
  const pendingIds = new Set(waiting.map((entry) => entry.lessonId))
  if (words.isPending) return <Loader size="sm" aria-label={t`Wczytywanie słowniczka`} />
  if (words.isError) return <FormError>{t`Nie udało się wczytać słowniczka.`}</FormError>
  const now = Date.now()
  const list = words.data.words
  const due = list.filter((word) => Date.parse(word.due) <= now)
  return (
    <Stack gap="lg">
      {words.data.savedAt !== null && (
        <Text size="sm" c="dimmed">
          {t`Brak połączenia: to kopia słowniczka z tego urządzenia (${formatPolandDate(words.data.savedAt)}).`}
        </Text>
      )}
      {waiting.length > 0 && (
        <Badge color="yellow" variant="light" tt="none" size="lg">
          {t`Powtórki czekające na wysłanie: ${waiting.length}`}
        </Badge>
      )}
      <ReviewCard due={due} />
      <Stack gap="xs">
        <Title order={2} fz="lg">
          <Trans>Twoje słowa</Trans>
        </Title>
        {list.length === 0 && (
          <Text c="dimmed" size="sm">
            <Trans>Słowniczek jest pusty. Dotknij słowa w odpowiedzi lektora AI albo dodaj je poniżej.</Trans>
          </Text>
        )}
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Twoje słowa`}>
          {list.map((word) => (
            <Paper key={word.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{word.term}</Text>
                  {word.translation && <Text size="sm">{word.translation}</Text>}
                  <Text size="xs" c="dimmed">
                    {t`Następna powtórka: ${formatPolandDate(Date.parse(word.due))}`}
                    {pendingIds.has(word.id) && ` · ${t`czeka na wysłanie`}`}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t`Usuń „${word.term}”`}
                  onClick={() => remove.mutate(word.id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
      <AddWordForm />
    </Stack>
  )
}
