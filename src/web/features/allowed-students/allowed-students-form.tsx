import '@mantine/core/styles/Switch.css'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Button, Checkbox, Group, Stack, Switch, Text } from '@mantine/core'
import { useState } from 'react'
import type { TeacherStudent } from '../../../domain/api/teachers.ts'
import { HELPER_TOAST_MS } from '../../../domain/constants.ts'
import { ApiError } from '../../api/api-error.ts'
import { fieldErrorMessage, inlineErrorMessage } from '../../api/error-messages.ts'
import { issueMessage } from '../../api/issue-messages.ts'
import { useSaveAllowedStudents } from '../../api/teacher-students.ts'
import { FormError } from '../../ui/form-error.tsx'
import { Message } from '../../ui/message.tsx'
import { showToast } from '../../ui/toast.ts'
import { AddStudentField } from './add-student-field.tsx'
import {
  type AllowedStudentsValues,
  allowedStudentsProblem,
  refusedEmails,
  studentOptions,
  toChoice,
} from './allowed-students-rules.ts'

type Props = { initial: AllowedStudentsValues; students: TeacherStudent[]; onDone: () => void }

// product-rules.md "Errors": a success toast exists for "students".
const savedText = msg`Lista kursantów została zapisana`
const failedText = msg`Błąd podczas aktualizacji danych`

/**
 * The EditAllowedStudents form: the accepting switch and, when off, the students allowed to book —
 * those the teacher has lessons with, and any student added by e-mail.
 */
export function AllowedStudentsForm({ initial, students, onDone }: Props) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState(initial)
  const [added, setAdded] = useState<string[]>([])
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set())
  const [listError, setListError] = useState<MessageDescriptor | null>(null)
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)
  const save = useSaveAllowedStudents()
  const options = studentOptions(students, added)

  const change = (next: AllowedStudentsValues) => {
    setValues(next)
    setListError(null)
  }

  const add = (email: string) => {
    if (!options.some((option) => option.email === email)) setAdded([...added, email])
    if (!values.emails.includes(email)) change({ ...values, emails: [...values.emails, email] })
  }

  const submit = () => {
    setFailure(null)
    setRefused(new Set())
    const problem = allowedStudentsProblem(values)
    if (problem) return setListError(issueMessage(problem))
    const choice = toChoice(values)
    save.mutate(choice, {
      onSuccess: () => {
        showToast({ color: 'green', message: i18n._(savedText), autoClose: HELPER_TOAST_MS })
        onDone()
      },
      onError: (error) => {
        const apiError = error instanceof ApiError ? error : null
        const fieldError = apiError?.fieldErrors[0]
        // The addresses the server did not find are marked at their rows, and said only there.
        const notFound =
          apiError && !choice.accepting ? refusedEmails(apiError.fieldErrors, choice.emails) : null
        if (notFound && notFound.size > 0) return setRefused(notFound)
        setFailure(
          fieldError
            ? fieldErrorMessage(fieldError)
            : ((apiError && inlineErrorMessage(apiError)) ?? failedText),
        )
      },
    })
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Stack gap="md">
        <Switch
          label={t`Przyjmuję nowych kursantów`}
          description={t`Wyłącz, aby lekcje u Ciebie mogli umawiać tylko wybrani kursanci.`}
          checked={values.accepting}
          onChange={(event) => change({ ...values, accepting: event.currentTarget.checked })}
        />
        {!values.accepting && (
          <Stack gap="sm">
            {options.length === 0 ? (
              <Stack gap={4}>
                <Text size="sm" c="dimmed">
                  <Trans>
                    Nie masz jeszcze kursantów. Dodaj tych, którzy mogą u Ciebie umawiać lekcje, po ich
                    adresie e-mail.
                  </Trans>
                </Text>
                {listError && (
                  <Text size="sm" c="red.8" role="alert">
                    <Message of={listError} />
                  </Text>
                )}
              </Stack>
            ) : (
              <Checkbox.Group
                label={t`Kursanci, którzy mogą umawiać lekcje`}
                value={values.emails}
                onChange={(emails) => change({ ...values, emails })}
                error={listError && <span role="alert">{i18n._(listError)}</span>}
              >
                <Stack gap="xs" mt="xs">
                  {options.map((option) => (
                    <Checkbox
                      key={option.email}
                      value={option.email}
                      label={option.label}
                      description={option.added ? t`Dodany po adresie e-mail` : option.description}
                      error={
                        refused.has(option.email) ? t`Nie ma konta kursanta z tym adresem e-mail` : undefined
                      }
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <AddStudentField onAdd={add} />
          </Stack>
        )}
        {failure && (
          <FormError>
            <Message of={failure} />
          </FormError>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            <Trans>Anuluj</Trans>
          </Button>
          <Button type="submit" loading={save.isPending}>
            <Trans>Zapisz</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
