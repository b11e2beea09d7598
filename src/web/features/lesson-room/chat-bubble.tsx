import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { Anchor, Box, Text } from '@mantine/core'
import { formatPolandTime } from '../../../domain/poland-time.ts'
import { Message } from '../../ui/message.tsx'

type Props = {
  mine: boolean
  author: string
  body: string
  at?: string
  dark: boolean
  status?: 'sending' | 'failed'
  /** Why a message was not sent (every refusal is shown with its reason). */
  reason?: MessageDescriptor | null
  /** Whether sending it again may help (not for a room that is closed or a lesson cancelled). */
  retryable?: boolean
  onResend?: () => void
}

/** One chat message: own on the right, the other party's on the left, with author and time. */
export function ChatBubble({ mine, author, body, at, dark, status, reason, retryable, onResend }: Props) {
  const { t } = useLingui()
  const background = mine
    ? 'var(--mantine-color-indigo-7)'
    : dark
      ? 'var(--mantine-color-dark-5)'
      : 'var(--mantine-color-gray-1)'
  const color = mine || dark ? 'white' : 'var(--mantine-color-dark-9)'
  const time = at ? formatPolandTime(new Date(at)) : null
  return (
    <Box
      component="li"
      style={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start' }}
    >
      <Text size="xs" c={dark ? 'gray.5' : 'dimmed'} mb={2}>
        {author}
        {time && ` · ${time}`}
      </Text>
      <Box
        px="sm"
        py={6}
        maw="85%"
        style={{
          background,
          color,
          borderRadius: 12,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          opacity: status === 'sending' ? 0.7 : 1,
        }}
      >
        <Text size="sm" inherit>
          {body}
        </Text>
      </Box>
      {status === 'sending' && (
        <Text size="xs" c={dark ? 'gray.5' : 'dimmed'}>
          <Trans>Wysyłanie…</Trans>
        </Text>
      )}
      {status === 'failed' && (
        <Text size="xs" c={dark ? 'red.3' : 'red.7'} role="alert" maw="100%">
          <Trans>Nie wysłano.</Trans> {reason && <Message of={reason} />}{' '}
          {retryable !== false && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={onResend}
              aria-label={t`Wyślij ponownie: ${body}`}
            >
              <Trans>Wyślij ponownie</Trans>
            </Anchor>
          )}
        </Text>
      )}
    </Box>
  )
}
