import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Group, Loader, Paper, Stack, Text, Textarea } from '@mantine/core'
import { IconPlus, IconRefresh, IconSend } from '@tabler/icons-react'
import { type FormEvent, useState } from 'react'
import { splitTutorReply } from '../../../domain/ai-lesson/tutor-reply.ts'
import { CHAT_TEXT_MAX } from '../../../domain/api/ai-lesson.ts'
import { useTutorChat } from '../../api/ai-chat.ts'
import { useAiSettings, useConversation } from '../../api/ai-lesson.ts'
import { FormError } from '../../ui/form-error.tsx'
import { ChatDisabledNotice } from './chat-disabled-notice.tsx'
import { chatFailureMessage } from './chat-failure.ts'
import { ChatMessageView } from './chat-message.tsx'
import { TopicPicker } from './topic-picker.tsx'

/** The chat: a conversation at the student's level; replies stream in. */
export function ChatTab({ initialTopic }: { initialTopic: string }) {
  const { t, i18n } = useLingui()
  const settings = useAiSettings()
  const conversation = useConversation()
  const chat = useTutorChat()
  const [text, setText] = useState('')
  const current = conversation.data ?? null
  // A suggested topic (home) or "new conversation" starts afresh; otherwise the latest goes on.
  const [starting, setStarting] = useState(initialTopic !== '')
  const [topic, setTopic] = useState(initialTopic)
  if (settings.data && !settings.data.chat_enabled) return <ChatDisabledNotice />
  if (settings.data && settings.data.language_id === null) {
    return (
      <FormError>
        <Trans>Wybierz w ustawieniach język, którego się uczysz, aby zacząć rozmowę.</Trans>
      </FormError>
    )
  }
  const fresh = starting || (!conversation.isPending && current === null && !chat.busy)
  const messages = fresh ? [] : (current?.messages ?? [])
  const waiting = !chat.busy && messages.at(-1)?.role === 'student'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const message = text.trim()
    if (!message || chat.busy) return
    setText('')
    setStarting(false)
    void chat.send(message, fresh ? undefined : current?.id, topic.trim())
  }
  const streamed = chat.streaming === null ? null : splitTutorReply(chat.streaming)
  return (
    <Stack gap="md">
      {fresh ? (
        <TopicPicker topic={topic} onTopic={setTopic} />
      ) : (
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" lineClamp={2} style={{ minWidth: 0 }}>
            <Trans>Temat:</Trans> {current?.topic || t`swobodna rozmowa`}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => {
              setTopic('')
              setStarting(true)
            }}
          >
            <Trans>Nowa rozmowa</Trans>
          </Button>
        </Group>
      )}
      <Paper withBorder radius="lg" p="md" mih={240}>
        {conversation.isPending && !fresh ? (
          <Loader size="sm" aria-label={t`Wczytywanie rozmowy`} />
        ) : (
          <Stack gap="md" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t`Rozmowa`}>
            {messages.length === 0 && streamed === null && chat.pending === null && (
              <Text c="dimmed" size="sm" component="li">
                <Trans>
                  Napisz pierwszą wiadomość w języku, którego się uczysz. Lektor AI poprawi błędy i wyjaśni
                  je.
                </Trans>
              </Text>
            )}
            {messages.map((message) => (
              <ChatMessageView
                key={message.id}
                author={message.role}
                text={message.text}
                corrections={message.corrections}
              />
            ))}
            {chat.pending !== null && (
              <ChatMessageView author="student" text={chat.pending} corrections={[]} />
            )}
            {streamed && (
              <ChatMessageView
                author="tutor"
                text={streamed.text}
                corrections={streamed.corrections}
                streaming
              />
            )}
          </Stack>
        )}
      </Paper>
      <div aria-live="polite">
        {chat.failure && <FormError>{i18n._(chatFailureMessage(chat.failure))}</FormError>}
      </div>
      {(waiting || chat.failure) && current && !fresh && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => chat.retry(current.id)}
          >
            <Trans>Spróbuj ponownie</Trans>
          </Button>
          <Text size="sm" c="dimmed">
            <Trans>Twoja wiadomość jest zapisana i czeka na odpowiedź.</Trans>
          </Text>
        </Group>
      )}
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            label={t`Twoja wiadomość`}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) submit(event)
            }}
            maxLength={CHAT_TEXT_MAX}
            autosize
            minRows={1}
            maxRows={5}
          />
          <Button type="submit" loading={chat.busy} leftSection={<IconSend size={16} aria-hidden />}>
            <Trans>Wyślij</Trans>
          </Button>
        </Group>
      </form>
    </Stack>
  )
}
