import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Rating } from 'ts-fsrs'
import type { Word } from '../../../domain/api/ai-lesson.ts'
import { useReviewWord } from '../../api/ai-wordbook.ts'
import { FormError } from '../../ui/form-error.tsx'

/** Today's reviews, one word at a time: recall it, show the answer, grade it (FSRS). */
export function ReviewCard({ due }: { due: Word[] }) {
  const { t } = useLingui()
  const review = useReviewWord()
  const [shown, setShown] = useState(false)
  const word = due[0]
  if (!word) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text fw={500}>
          <Trans>Na dziś wszystko powtórzone.</Trans>
        </Text>
      </Paper>
    )
  }
  const grades = [
    { grade: Rating.Again, label: t`Nie pamiętam`, color: 'red' },
    { grade: Rating.Hard, label: t`Trudne`, color: 'orange' },
    { grade: Rating.Good, label: t`Dobrze`, color: 'indigo' },
    { grade: Rating.Easy, label: t`Łatwe`, color: 'green' },
  ] as const
  return (
    <Paper withBorder radius="lg" p="lg" aria-label={t`Powtórka`}>
      <Stack gap="sm" align="center" ta="center">
        <Text size="sm" c="dimmed">
          {t`Do powtórki: ${due.length}`}
        </Text>
        <Title order={2} fz={28}>
          {word.term}
        </Title>
        {shown ? (
          <>
            <Text fz="lg">{word.translation || '—'}</Text>
            {word.example && (
              <Text size="sm" c="dimmed" fs="italic">
                {word.example}
              </Text>
            )}
            <Group gap="xs" justify="center">
              {grades.map(({ grade, label, color }) => (
                <Button
                  key={grade}
                  color={color}
                  variant="light"
                  loading={review.isPending && review.variables?.grade === grade}
                  onClick={() =>
                    review.mutate(
                      { word, grade, idempotencyKey: crypto.randomUUID() },
                      { onSuccess: () => setShown(false) },
                    )
                  }
                >
                  {label}
                </Button>
              ))}
            </Group>
          </>
        ) : (
          <Button onClick={() => setShown(true)}>
            <Trans>Pokaż odpowiedź</Trans>
          </Button>
        )}
        {review.isError && <FormError>{t`Nie udało się zapisać powtórki. Spróbuj ponownie.`}</FormError>}
      </Stack>
    </Paper>
  )
}
