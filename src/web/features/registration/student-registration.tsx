import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core'
import { IconArrowRight, IconHistory, IconLogout, IconSend } from '@tabler/icons-react'
import { useLogout } from '../../api/logout.ts'
import type { Session } from '../../api/session.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { FilePicker } from '../../ui/file-picker.tsx'
import { AgreementsFields } from '../../ui/forms/agreements-fields.tsx'
import { DetailsFields } from '../../ui/forms/details-fields.tsx'
import { PasswordFields } from './password-fields.tsx'
import { RegistrationStepper } from './registration-stepper.tsx'
import { StepFrame } from './step-frame.tsx'
import { SubmitStatus } from './submit-status.tsx'
import { useStudentRegistration } from './use-student-registration.ts'

/** /registration for an invited student whose registration is unfinished (3 steps). */
export function StudentRegistration({ session }: { session: Session }) {
  const { t } = useLingui()
  const logout = useLogout()
  const { form, flow, picture, setPicture, submit, signUp, restored } = useStudentRegistration(session)
  const labels = [t`Dane`, t`Zdjęcie`, t`Zgody`]
  const titles = [t`Twoje dane`, t`Zdjęcie profilowe`, t`Zgody`]
  const sending = signUp.progress !== null
  const email = session.email

  const primary =
    flow.step === 'agreements' ? (
      <Button
        color="accent.8"
        rightSection={<IconSend size={18} aria-hidden />}
        loading={flow.checking || sending}
        onClick={() => void submit()}
      >
        <Trans>Zakończ rejestrację</Trans>
      </Button>
    ) : flow.step === 'picture' && !picture ? (
      <Button
        variant="light"
        rightSection={<IconArrowRight size={18} aria-hidden />}
        onClick={() => void flow.next()}
      >
        <Trans>Pomiń</Trans>
      </Button>
    ) : undefined

  return (
    <AuthCard
      title={t`Dokończ rejestrację`}
      description={t`Zaproszenie przyjęte. Jeszcze trzy krótkie kroki i możesz zacząć naukę.`}
      maw={640}
    >
      <RegistrationStepper
        labels={labels}
        active={flow.active}
        furthest={flow.furthest}
        onStepClick={flow.goTo}
      />
      {restored && flow.active === 0 && (
        <Alert variant="light" color="indigo" icon={<IconHistory size={20} aria-hidden />}>
          <Trans>
            Przywróciliśmy dane wpisane wcześniej na tym urządzeniu. Hasło trzeba wpisać ponownie.
          </Trans>
        </Alert>
      )}
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <StepFrame
          title={titles[flow.active] ?? ''}
          headingRef={flow.headingRef}
          containerRef={flow.containerRef}
          onBack={flow.active > 0 && !sending ? flow.back : undefined}
          onNext={() => void flow.next()}
          busy={flow.checking}
          hasErrors={flow.errorsShown}
          primary={primary}
        >
          {flow.step === 'details' && (
            <Stack gap="md">
              <TextInput
                label={t`E-mail`}
                value={email}
                readOnly
                variant="filled"
                description={t`Adres z zaproszenia.`}
              />
              <DetailsFields form={form} />
              <PasswordFields form={form} />
            </Stack>
          )}
          {flow.step === 'picture' && (
            <Stack gap="md">
              <Text size="sm">
                <Trans>
                  Zdjęcie pomoże lektorowi Cię rozpoznać. Możesz je dodać teraz albo później w profilu.
                </Trans>
              </Text>
              <FilePicker
                kind="picture"
                value={picture}
                onChange={setPicture}
                label={t`Twoje zdjęcie (opcjonalnie)`}
              />
            </Stack>
          )}
          {flow.step === 'agreements' && (
            <Stack gap="lg">
              <AgreementsFields form={form} forRole="student" />
              <SubmitStatus
                progress={signUp.progress}
                onCancel={signUp.cancel}
                error={signUp.mutation.error}
              />
            </Stack>
          )}
        </StepFrame>
      </form>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={() => void logout()}
        style={{ alignSelf: 'center' }}
      >
        <Trans>Wyloguj się</Trans>
      </Button>
    </AuthCard>
  )
}
