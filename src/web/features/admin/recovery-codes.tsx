import '@mantine/core/styles/Code.css'
import '@mantine/core/styles/SimpleGrid.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Checkbox, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconCheck, IconClipboardCopy, IconDownload } from '@tabler/icons-react'
import { useEffect, useMemo, useState } from 'react'
import { useFinishEnrolment } from '../../api/admin.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage } from '../../api/error-messages.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { SecondFactorFrame } from './second-factor-frame.tsx'
import { useCopy } from './use-copy.ts'

/** The codes as a text file's contents, one a line. */
export const recoveryCodesText = (email: string, codes: string[]) =>
  [`Lektorium – ${email}`, '', ...codes, ''].join('\n')

/**
 * The one-time recovery codes, shown once, after the enrolment is confirmed (or renewed after a
 * reload). Each lets the operator in once without the app; the console opens when they say they
 * have kept them, which the server records before it answers the console's APIs.
 */
export function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const { t } = useLingui()
  const finish = useFinishEnrolment()
  const [kept, setKept] = useState(false)
  const { copied, copy } = useCopy()
  const text = recoveryCodesText(email, codes)
  const download = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text])
  useEffect(() => () => URL.revokeObjectURL(download), [download])

  return (
    <SecondFactorFrame title={t`Zapisz kody odzyskiwania`} email={email}>
      <Alert color="yellow" variant="light" title={t`Te kody zobaczysz tylko teraz`}>
        <Trans>
          Każdy kod otwiera konsolę jeden raz, gdy nie masz pod ręką aplikacji. Zapisz je w menedżerze haseł
          albo wydrukuj i przechowuj bezpiecznie.
        </Trans>
      </Alert>
      <SimpleGrid cols={2} spacing="xs" aria-label={t`Kody odzyskiwania`} role="list">
        {codes.map((code) => (
          <Code key={code} fz="md" ta="center" py={6} role="listitem">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm" grow>
        <Button
          variant="default"
          onClick={() => copy(text)}
          leftSection={
            copied ? <IconCheck size={18} aria-hidden /> : <IconClipboardCopy size={18} aria-hidden />
          }
        >
          {copied ? <Trans>Skopiowano</Trans> : <Trans>Kopiuj</Trans>}
        </Button>
        <Button
          component="a"
          href={download}
          download="lektorium-recovery-codes.txt"
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
        >
          <Trans>Pobierz</Trans>
        </Button>
      </Group>
      <Checkbox
        checked={kept}
        onChange={(event) => setKept(event.currentTarget.checked)}
        label={t`Kody są zapisane w bezpiecznym miejscu`}
      />
      {finish.error && (
        <FormError>
          <Message
            of={
              finish.error instanceof ApiError ? apiErrorMessage(finish.error) : codeMessage('server_error')
            }
          />
        </FormError>
      )}
      <Stack gap={4}>
        <Button disabled={!kept} onClick={() => finish.mutate()} loading={finish.isPending}>
          <Trans>Przejdź do konsoli</Trans>
        </Button>
        {!kept && (
          <Text size="xs" c="dimmed" ta="center">
            <Trans>Najpierw potwierdź, że kody są zapisane.</Trans>
          </Text>
        )}
      </Stack>
    </SecondFactorFrame>
  )
}
