import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Switch.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Select, Stack, Switch, Text } from '@mantine/core'
import { Fragment, useState } from 'react'
import type { Profile } from '../../../domain/api/profile.ts'
import { LOCALES, type Locale } from '../../../domain/constants.ts'
import { useUpdateProfile } from '../../api/profile-update.ts'
import { isLocale } from '../../config/i18n.ts'
import { DevicePushSwitch } from './device-push-switch.tsx'
import { localeErrorText, showErrorToast, showSuccessToast, successTexts } from './profile-toasts.ts'
import { SectionCard } from './section-card.tsx'
import { SmsNotifications } from './sms-notifications.tsx'

// The notification and commercial consents (product-rules.md "Records and fields"), saved as one
// group; SMS notifications have their own part (sms-notifications.tsx, product-rules.md "SMS").
const consents = [
  {
    key: 'email_notifications_enabled',
    label: msg`Powiadomienia e-mail`,
    description: msg`Przypomnienia i zmiany dotyczące Twoich lekcji.`,
  },
  {
    key: 'commercial_email_consent',
    label: msg`Informacje handlowe e-mailem`,
    description: msg`Nowości i oferty Lektorium. Zgodę możesz wycofać w każdej chwili.`,
  },
  {
    key: 'commercial_sms_consent',
    label: msg`Informacje handlowe SMS-em`,
    description: msg`Nowości i oferty Lektorium. Zgodę możesz wycofać w każdej chwili.`,
  },
] as const satisfies readonly {
  key: keyof Profile
  label: MessageDescriptor
  description: MessageDescriptor
}[]

type ConsentKey = (typeof consents)[number]['key']
type ConsentValues = Record<ConsentKey, boolean>

const localeNames: Record<Locale, string> = { pl: 'Polski', en: 'English' }

/** Language and consents, each saved as soon as it changes (with its toast, product-rules.md "Errors"). */
export function PreferencesCard({ profile }: { profile: Profile }) {
  const { t, i18n } = useLingui()
  const consentUpdate = useUpdateProfile()
  const localeUpdate = useUpdateProfile()
  const saved: ConsentValues = {
    email_notifications_enabled: profile.email_notifications_enabled,
    commercial_email_consent: profile.commercial_email_consent,
    commercial_sms_consent: profile.commercial_sms_consent,
  }
  // A change shows at once; changes are sent one after another (the update's scope) and a failure
  // puts the switch back, since the cached profile then still holds the saved value.
  const [pending, setPending] = useState<ConsentValues | null>(null)
  const shown: ConsentValues = consentUpdate.isPending && pending ? pending : saved

  const toggle = (key: ConsentKey, checked: boolean) => {
    const next: ConsentValues = { ...shown, [key]: checked }
    setPending(next)
    consentUpdate.mutate(next, {
      onSuccess: () => showSuccessToast(successTexts.data),
      onError: () => showErrorToast(),
    })
  }

  const pendingLocale = localeUpdate.variables?.locale

  const changeLocale = (value: string | null) => {
    if (!isLocale(value) || value === profile.locale) return
    // product-rules.md "Errors": a failed change shows the change-locale error; the interface
    // switches on success.
    localeUpdate.mutate(
      { locale: value },
      {
        onSuccess: () => showSuccessToast(successTexts.data),
        onError: () => showErrorToast(localeErrorText),
      },
    )
  }

  return (
    <SectionCard title={t`Ustawienia`}>
      <Stack gap="lg">
        <Select
          label={t`Język powiadomień i aplikacji`}
          data={LOCALES.map((locale) => ({ value: locale, label: localeNames[locale] }))}
          value={localeUpdate.isPending && isLocale(pendingLocale) ? pendingLocale : profile.locale}
          onChange={changeLocale}
          allowDeselect={false}
        />
        <Stack gap="md">
          <Text fw={600} size="sm" component="h3" m={0}>
            <Trans>Zgody i powiadomienia</Trans>
          </Text>
          {consents.map((consent) => (
            <Fragment key={consent.key}>
              <Switch
                label={i18n._(consent.label)}
                description={i18n._(consent.description)}
                checked={shown[consent.key]}
                onChange={(event) => toggle(consent.key, event.currentTarget.checked)}
              />
              {/* SMS and web push: next to the other lesson notifications, before the commercial ones. */}
              {consent.key === 'email_notifications_enabled' && (
                <>
                  <SmsNotifications />
                  <DevicePushSwitch userId={profile.id} />
                </>
              )}
            </Fragment>
          ))}
        </Stack>
      </Stack>
    </SectionCard>
  )
}
