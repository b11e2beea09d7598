import { Trans, useLingui } from '@lingui/react/macro'
import { ActionIcon, Box, Group, Loader, Stack, Text, Textarea } from '@mantine/core'
import { IconSend } from '@tabler/icons-react'
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import type { Role } from '../../../domain/api/common.ts'
import { CHAT_BODY_MAX, type ChatMessage } from '../../../domain/api/room.ts'
import type { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage } from '../../api/error-messages.ts'
import { ChatBubble } from './chat-bubble.tsx'
import type { LessonChat } from './use-lesson-chat.ts'

/** A refusal that will not change by sending again (the room closed, the lesson cancelled). */
const isRetryable = (error: ApiError) =>
  error.kind !== 'http' || error.isServerError || error.status === 429 || error.status === 401

type Props = {
  chat: LessonChat
  role: Role
  otherName: string
  /** The room's dark panel or the lobby's light card. */
  dark?: boolean
  height: number | string
  /** A room of many (the group room): who wrote each message, by author rather than by role. */
  authorOf?: (message: ChatMessage) => { mine: boolean; name: string }
  /** The empty chat's invitation, when "{otherName} will see it" does not fit (many people). */
  emptyText?: ReactNode
}

/** The lesson's chat (protocol §3): readable before the other party comes and when media fails. */
export function ChatPanel({ chat, role, otherName, dark = false, height, authorOf, emptyText }: Props) {
  const { t } = useLingui()
  const [draft, setDraft] = useState('')
  const list = useRef<HTMLDivElement>(null)
  const count = chat.messages.length + chat.outgoing.length
  const length = draft.trim().length
  const typed = draft.length
  const tooLong = typed > CHAT_BODY_MAX

  useEffect(() => {
    // The newest message in view, as every chat does.
    if (count >= 0) list.current?.scrollTo({ top: list.current.scrollHeight })
  }, [count])

  const submit = () => {
    if (length === 0 || tooLong) return
    chat.send(draft.trim())
    setDraft('')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  return (
    <Stack gap="xs" h={height} style={{ minHeight: 0 }}>
      <Box
        ref={list}
        role="log"
        aria-live="polite"
        aria-label={t`Wiadomości czatu`}
        tabIndex={0}
        style={{ flex: 1, overflowY: 'auto', minHeight: 0, paddingRight: 4 }}
      >
        {chat.loading && (
          <Loader size="sm" mx="auto" my="md" display="block" aria-label={t`Wczytujemy czat…`} />
        )}
        {!chat.loading && count === 0 && (
          <Text size="sm" c={dark ? 'gray.5' : 'dimmed'} ta="center" py="lg">
            {emptyText ?? <Trans>Nie ma jeszcze wiadomości. Napisz pierwszą — {otherName} ją zobaczy.</Trans>}
          </Text>
        )}
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {chat.messages.map((message) => {
            const author = authorOf?.(message)
            const mine = author ? author.mine : message.author_role === role
            return (
              <ChatBubble
                key={message.id}
                mine={mine}
                author={mine ? t`Ty` : (author?.name ?? otherName)}
                body={message.body}
                at={message.created_at}
                dark={dark}
              />
            )
          })}
          {chat.outgoing.map((item) => (
            <ChatBubble
              key={item.client_id}
              mine
              author={t`Ty`}
              body={item.body}
              dark={dark}
              status={item.status}
              reason={item.error ? apiErrorMessage(item.error) : null}
              retryable={!item.error || isRetryable(item.error)}
              onResend={() => chat.resend(item.client_id)}
            />
          ))}
        </Stack>
      </Box>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          style={{ flex: 1 }}
          label={t`Wiadomość`}
          labelProps={{ style: visuallyHidden }}
          placeholder={t`Napisz wiadomość…`}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autosize
          minRows={1}
          maxRows={4}
          error={tooLong ? t`Wiadomość może mieć najwyżej ${CHAT_BODY_MAX} znaków` : undefined}
          description={typed > 0 ? t`${typed} z ${CHAT_BODY_MAX} znaków` : undefined}
        />
        <ActionIcon
          size={36}
          onClick={submit}
          disabled={length === 0 || tooLong}
          aria-label={t`Wyślij wiadomość`}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  )
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const
