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
import {
  type AllowedStudentsValues,
  allowedStudentsProblem,
  studentName,
  toChoice,
} from './allowed-students-rules.ts'

type Props = { initial: AllowedStudentsValues; students: TeacherStudent[]; onDone: () => void }

// spec §8: a success toast exists for "students".
const savedText = msg`Lista kursantów została zapisana`
const failedText = msg`Błąd podczas aktualizacji danych`

/** The EditAllowedStudents form: the accepting switch and, when off, the students allowed to book. */
export function AllowedStudentsForm({ initial, students, onDone }: Props) {
  const { t, i18n } = useLingui()
  const [values, setValues] = useState(initial)
  const [listError, setListError] = useState<MessageDescriptor | null>(null)
  const [failure, setFailure] = useState<MessageDescriptor | null>(null)
  const save = useSaveAllowedStudents()

  const change = (next: AllowedStudentsValues) => {
    setValues(next)
    setListError(null)
  }

  const submit = () => {
    setFailure(null)
    const problem = allowedStudentsProblem(values)
    if (problem) return setListError(issueMessage(problem))
    save.mutate(toChoice(values), {
      onSuccess: () => {
        showToast({ color: 'green', message: i18n._(savedText), autoClose: HELPER_TOAST_MS })
        onDone()
      },
      onError: (error) => {
        const apiError = error instanceof ApiError ? error : null
        const fieldError = apiError?.fieldErrors[0]
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
        {!values.accepting &&
          (students.length === 0 ? (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                <Trans>Nie masz jeszcze kursantów, z którymi odbyła się lub jest zaplanowana lekcja.</Trans>
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
                {students.map((student) => (
                  <Checkbox
                    key={student.email}
                    value={student.email}
                    label={studentName(student)}
                    description={studentName(student) === student.email ? undefined : student.email}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
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
