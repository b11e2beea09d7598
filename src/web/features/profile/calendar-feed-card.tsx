import '@mantine/core/styles/Skeleton.css'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core'
import { IconCalendarPlus, IconCheck, IconCopy } from '@tabler/icons-react'
import { useState } from 'react'
import { formatPolandDate } from '../../../domain/poland-time.ts'
import { useCalendarFeed, useCreateCalendarFeed, useDeleteCalendarFeed } from '../../api/calendar-feed.ts'
import { showErrorToast, showSuccessToast } from './profile-toasts.ts'
import { SectionCard } from './section-card.tsx'

// The private address a calendar (Google, Apple, Outlook) subscribes to for the user's lessons. The
// server keeps only its hash, so the address is shown once, right after it is made; the user may
// make a new one (the old stops working) or turn the feed off (decisions.md "The calendar feed and
// the waitlist").

const createdText = msg`Adres kalendarza jest gotowy. Skopiuj go teraz.`
const revokedText = msg`Adres kalendarza wyłączony. Stary adres już nie działa.`

type Confirming = 'renew' | 'revoke' | null

export function CalendarFeedCard() {
  const { t } = useLingui()
  const feed = useCalendarFeed()
  const create = useCreateCalendarFeed()
  const revoke = useDeleteCalendarFeed()
  const [confirming, setConfirming] = useState<Confirming>(null)
  // The address, only while this card shows the answer that made it.
  const [address, setAddress] = useState<string | null>(null)
  const busy = create.isPending || revoke.isPending

  const makeAddress = () => {
    setConfirming(null)
    create.mutate(undefined, {
      onSuccess: (answer) => {
        setAddress(answer.url ?? null)
        showSuccessToast(createdText)
      },
      onError: () => showErrorToast(),
    })
  }
  const turnOff = () => {
    setConfirming(null)
    revoke.mutate(undefined, {
      onSuccess: () => {
        setAddress(null)
        showSuccessToast(revokedText)
      },
      onError: () => showErrorToast(),
    })
  }

  const createdAt = feed.data?.created_at ?? null
  return (
    <SectionCard title={t`Kalendarz`} subtitle={t`Twoje lekcje w kalendarzu Google, Apple lub Outlook.`}>
      {feed.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={14} width="80%" />
          <Skeleton height={32} width="50%" />
        </Stack>
      ) : feed.isError ? (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Trans>Nie udało się sprawdzić adresu kalendarza.</Trans>
            <Button size="xs" variant="light" onClick={() => feed.refetch()}>
              <Trans>Spróbuj ponownie</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm">
          {address !== null ? (
            <>
              <TextInput
                readOnly
                label={t`Prywatny adres kalendarza`}
                value={address}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    variant={copied ? 'light' : 'filled'}
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {copied ? t`Skopiowano` : t`Kopiuj adres`}
                  </Button>
                )}
              </CopyButton>
              <Text size="sm" c="dimmed">
                <Trans>
                  Dodaj go w kalendarzu jako subskrypcję: w Google „Dodaj kalendarz → Z adresu URL”, w Apple
                  „Nowa subskrypcja kalendarza”, w Outlooku „Subskrybuj z sieci Web”. Pokazujemy go tylko
                  teraz; kto go zna, widzi Twoje lekcje.
                </Trans>
              </Text>
            </>
          ) : createdAt !== null ? (
            <Text size="sm">
              <Trans>
                Adres kalendarza utworzono {formatPolandDate(new Date(createdAt))}. Ze względów bezpieczeństwa
                nie pokazujemy go ponownie: jeśli go nie masz, utwórz nowy.
              </Trans>
            </Text>
          ) : (
            <Text size="sm">
              <Trans>Kalendarz sam pobierze Twoje lekcje i będzie je aktualizować.</Trans>
            </Text>
          )}
          {confirming !== null ? (
            <Alert color="yellow" variant="light" role="alertdialog" aria-live="polite">
              <Stack gap="xs">
                <Text size="sm">
                  {confirming === 'renew'
                    ? t`Obecny adres przestanie działać, a kalendarze z nim przestaną pokazywać lekcje.`
                    : t`Adres przestanie działać, a kalendarze z nim przestaną pokazywać lekcje.`}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    color={confirming === 'revoke' ? 'red' : undefined}
                    onClick={confirming === 'renew' ? makeAddress : turnOff}
                    data-autofocus
                  >
                    {confirming === 'renew' ? t`Utwórz nowy adres` : t`Wyłącz adres`}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                    <Trans>Anuluj</Trans>
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : createdAt === null ? (
            <Button
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
              onClick={makeAddress}
              loading={create.isPending}
              style={{ alignSelf: 'flex-start' }}
            >
              <Trans>Utwórz adres kalendarza</Trans>
            </Button>
          ) : (
            <Group gap="xs">
              <Button
                variant="light"
                onClick={() => setConfirming('renew')}
                loading={create.isPending}
                disabled={busy}
              >
                <Trans>Utwórz nowy adres</Trans>
              </Button>
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirming('revoke')}
                loading={revoke.isPending}
                disabled={busy}
              >
                <Trans>Wyłącz</Trans>
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </SectionCard>
  )
}
