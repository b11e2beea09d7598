import '@mantine/core/styles/Chip.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Chip, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconSchool } from '@tabler/icons-react'
import { formatPolandDate, fromPolandLocal, parseDateKey } from '../../../domain/poland-time.ts'
import { useAiTopics } from '../../api/ai-lesson.ts'
import { ROLE_PLAYS } from './suggested-topics.ts'

/** A new conversation's topic: typed, one from the recent human lessons, or a role-play. */
export function TopicPicker({ topic, onTopic }: { topic: string; onTopic: (topic: string) => void }) {
  const { t, i18n } = useLingui()
  const topics = useAiTopics().data ?? []
  const fromLessons = topics.map((item) => item.title)
  // "Practise this lesson": a recap's topics and words start the conversation.
  const recaps = topics.filter((item) => item.from_recap)
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
      {recaps.map((item) => {
        const date = formatPolandDate(fromPolandLocal(parseDateKey(item.lesson_date)))
        return (
          <Button
            key={item.title}
            size="xs"
            variant={item.title === topic ? 'filled' : 'light'}
            leftSection={<IconSchool size={14} />}
            onClick={() => onTopic(item.title)}
            style={{ alignSelf: 'flex-start' }}
          >
            <Trans>Przećwicz lekcję z {date}</Trans>
          </Button>
        )
      })}
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
