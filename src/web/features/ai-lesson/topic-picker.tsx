import '@mantine/core/styles/Chip.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Chip, Group, Stack, Text, TextInput } from '@mantine/core'
import { useAiTopics } from '../../api/ai-lesson.ts'
import { ROLE_PLAYS } from './suggested-topics.ts'

/** A new conversation's topic: typed, one from the recent human lessons, or a role-play. */
export function TopicPicker({ topic, onTopic }: { topic: string; onTopic: (topic: string) => void }) {
  const { t, i18n } = useLingui()
  const fromLessons = (useAiTopics().data ?? []).map((item) => item.title)
  const options = [...fromLessons, ...ROLE_PLAYS.map((play) => i18n._(play))]
  return (
    <Stack gap="xs">
      <TextInput
        label={t`Temat rozmowy`}
        description={t`Wpisz własny albo wybierz poniżej; bez tematu porozmawiacie swobodnie.`}
        value={topic}
        maxLength={200}
        onChange={(event) => onTopic(event.currentTarget.value)}
      />
      {fromLessons.length > 0 && (
        <Text size="xs" c="dimmed">
          <Trans>Pierwsze propozycje pochodzą z Twoich ostatnich lekcji z lektorem.</Trans>
        </Text>
      )}
      <Group gap={6}>
        {options.map((option) => (
          <Chip key={option} size="xs" checked={option === topic} onChange={() => onTopic(option)}>
            {option.length > 60 ? `${option.slice(0, 59)}…` : option}
          </Chip>
        ))}
      </Group>
    </Stack>
  )
}
