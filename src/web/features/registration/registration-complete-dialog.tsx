import '@mantine/core/styles/ThemeIcon.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconMailCheck } from '@tabler/icons-react'
import { AppDialog } from '../../ui/app-dialog.tsx'

type RegistrationCompleteDialogProps = { opened: boolean; email: string; onClose: () => void }

/**
 * RegistrationComplete: the account now awaits an operator's verification (product-rules.md
 * "Sign-in and account states"); closing it clears the agreements, logs out and goes to teacher
 * login (the caller does that).
 */
export function RegistrationCompleteDialog({ opened, email, onClose }: RegistrationCompleteDialogProps) {
  const { t } = useLingui()
  return (
    <AppDialog opened={opened} onClose={onClose} title={t`Rejestracja zakończona`} variant="shared">
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="teal" aria-hidden>
          <IconMailCheck size={34} />
        </ThemeIcon>
        <Text>
          <Trans>Dziękujemy! Twoje konto lektora czeka teraz na weryfikację przez zespół Lektorium.</Trans>
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>
            Potwierdzenie wysłaliśmy na adres {email}. Gdy konto zostanie zweryfikowane, napiszemy do Ciebie
            ponownie: wtedy zalogujesz się tym adresem i swoim hasłem. Do tego czasu logowanie nie będzie
            możliwe.
          </Trans>
        </Text>
        <Button onClick={onClose} fullWidth data-autofocus>
          <Trans>Przejdź do logowania</Trans>
        </Button>
      </Stack>
    </AppDialog>
  )
}
