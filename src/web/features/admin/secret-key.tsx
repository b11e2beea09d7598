import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/Tooltip.css'
import { useLingui } from '@lingui/react/macro'
import { ActionIcon, Code, Group, Tooltip } from '@mantine/core'
import { IconCheck, IconClipboardCopy } from '@tabler/icons-react'
import { useCopy } from './use-copy.ts'

/** A base32 secret in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/** The enrolment's secret key, grouped, with a copy button (the raw key is copied). */
export function SecretKey({ secret }: { secret: string }) {
  const { t } = useLingui()
  const { copied, copy } = useCopy()
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code
        fz="md"
        p="sm"
        style={{ display: 'block', whiteSpace: 'normal', wordBreak: 'break-word', flex: 1, minWidth: 0 }}
        aria-label={t`Klucz konfiguracji`}
      >
        {groupSecret(secret)}
      </Code>
      <Tooltip label={copied ? t`Skopiowano` : t`Kopiuj klucz`} withArrow>
        <ActionIcon
          variant="light"
          size="lg"
          onClick={() => copy(secret)}
          aria-label={copied ? t`Skopiowano` : t`Kopiuj klucz`}
        >
          {copied ? <IconCheck size={18} aria-hidden /> : <IconClipboardCopy size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}
