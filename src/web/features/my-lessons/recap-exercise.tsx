import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { RecapExercise as Exercise } from '../../../domain/api/recaps.ts'
import { answerMatches } from '../../../domain/recap-answers.ts'

// One of a published recap's exercises, answered in the app: the student types an answer and
// checks it (case and punctuation aside, domain/recap-answers.ts); a wrong one shows the answer.

export function RecapExercise({ exercise }: { exercise: Exercise }) {
  const { t } = useLingui()
  const [given, setGiven] = useState('')
  const [right, setRight] = useState<boolean | null>(null)
  const prompt = exercise.prompt
  const answer = exercise.answer
  return (
    <Stack gap={4}>
      <Text size="sm">{prompt}</Text>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label={t`Twoja odpowiedź: ${prompt}`}
          value={given}
          onChange={(event) => {
            setGiven(event.currentTarget.value)
            setRight(null)
          }}
        />
        <Button
          size="xs"
          variant="default"
          disabled={given.trim() === ''}
          onClick={() => setRight(answerMatches(given, answer))}
        >
          <Trans>Sprawdź</Trans>
        </Button>
      </Group>
      {right !== null && (
        <Text size="xs" c={right ? 'green.8' : 'red.8'} role="status">
          {right ? <Trans>Dobrze!</Trans> : <Trans>Nie całkiem. Odpowiedź: {answer}</Trans>}
        </Text>
      )}
    </Stack>
  )
}
