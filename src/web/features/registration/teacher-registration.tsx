import { Trans, useLingui } from '@lingui/react/macro'
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core'
import { IconHistory, IconSend } from '@tabler/icons-react'
import { useRef } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { endLocalSession } from '../../api/end-session.ts'
import { getSession } from '../../api/session.ts'
import { AuthCard } from '../../ui/auth-card.tsx'
import { AgreementsFields } from '../../ui/forms/agreements-fields.tsx'
import { emptyAgreements } from '../../ui/forms/section-rules.ts'
import { RegistrationCompleteDialog } from './registration-complete-dialog.tsx'
import { teacherDraftStore } from './registration-draft.ts'
import { RegistrationStepper } from './registration-stepper.tsx'
import { RegistrationSummary } from './registration-summary.tsx'
import { StepFrame } from './step-frame.tsx'
import { SubmitStatus } from './submit-status.tsx'
import { TeacherStepFields } from './teacher-steps.tsx'
import { useTeacherRegistration } from './use-teacher-registration.ts'

/** /registration for a visitor: the teacher's six steps, then RegistrationComplete. */
export function TeacherRegistration() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const { form, flow, files, chooseFile, submit, signUp, completed, restored, startOver } =
    useTeacherRegistration()
  const finished = useRef(false)
  const labels = [t`Dane`, t`Zdjęcie`, t`Film`, t`Umiejętności`, t`Rozliczenia`, t`Zgody`]
  const titles = [
    t`Twoje dane`,
    t`Zdjęcie profilowe`,
    t`Film powitalny`,
    t`Czego uczysz`,
    t`Dane do rozliczeń`,
    t`Zgody i wysłanie`,
  ]
  const descriptions = [
    undefined,
    undefined,
    undefined,
    undefined,
    t`Na to konto będziemy przelewać Twoje wynagrodzenie za lekcje.`,
    t`Zaznacz wymagane zgody, sprawdź podsumowanie i wyślij zgłoszenie.`,
  ]
  const sending = signUp.progress !== null
  const values = form.getValues()

  // Closing RegistrationComplete clears agreements, logs out and goes to teacher login.
  const finish = async () => {
    if (finished.current) return
    finished.current = true
    form.setFieldValue('agreements', emptyAgreements().agreements)
    teacherDraftStore.clear()
    if (getSession()) await endLocalSession()
    navigate('/login/teacher', { replace: true })
  }

  return (
    <AuthCard
      title={t`Rejestracja lektora`}
      description={t`Sześć krótkich kroków. Wpisane dane zapisujemy na tym urządzeniu, więc możesz wrócić do nich później.`}
      logoTo="/login/teacher"
      maw={760}
    >
      <RegistrationStepper
        labels={labels}
        active={flow.active}
        furthest={flow.furthest}
        onStepClick={flow.goTo}
      />
      {restored && flow.active === 0 && (
        <Alert variant="light" color="indigo" icon={<IconHistory size={20} aria-hidden />}>
          <Stack gap={6} align="flex-start">
            <Text size="sm">
              <Trans>
                Przywróciliśmy dane wpisane wcześniej na tym urządzeniu. Hasło oraz zdjęcie i film trzeba
                podać ponownie – nie zapisujemy ich.
              </Trans>
            </Text>
            <Button size="xs" variant="subtle" px={0} onClick={startOver}>
              <Trans>Zacznij od nowa</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      <form noValidate onSubmit={(event) => event.preventDefault()}>
        <StepFrame
          title={titles[flow.active] ?? ''}
          description={descriptions[flow.active]}
          headingRef={flow.headingRef}
          containerRef={flow.containerRef}
          onBack={flow.active > 0 && !sending ? flow.back : undefined}
          onNext={() => void flow.next()}
          busy={flow.checking}
          hasErrors={flow.errorsShown}
          primary={
            flow.step === 'agreements' ? (
              <Button
                color="accent.8"
                rightSection={<IconSend size={18} aria-hidden />}
                loading={flow.checking || sending}
                onClick={() => void submit()}
              >
                <Trans>Zarejestruj się</Trans>
              </Button>
            ) : undefined
          }
        >
          {flow.step === 'agreements' ? (
            <Stack gap="lg">
              <AgreementsFields form={form} forRole="teacher" />
              <RegistrationSummary
                name={`${values.first_name} ${values.last_name}`.trim()}
                email={values.email}
                files={[
                  { label: t`Zdjęcie`, file: files.image, onOpen: () => void flow.goTo(1) },
                  { label: t`Film`, file: files.video, onOpen: () => void flow.goTo(2) },
                ]}
              />
              <SubmitStatus
                progress={signUp.progress}
                onCancel={signUp.cancel}
                error={signUp.mutation.error}
              />
            </Stack>
          ) : (
            <TeacherStepFields
              step={flow.step}
              form={form}
              files={files}
              onFile={chooseFile}
              restored={restored}
            />
          )}
        </StepFrame>
      </form>
      <Group justify="center" gap={6}>
        <Text size="sm" c="dimmed">
          <Trans>Masz już konto?</Trans>
        </Text>
        <Anchor component={Link} to="/login/teacher" size="sm">
          <Trans>Zaloguj się</Trans>
        </Anchor>
      </Group>
      <RegistrationCompleteDialog opened={completed} email={values.email} onClose={() => void finish()} />
    </AuthCard>
  )
}
