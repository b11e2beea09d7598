import { useLingui } from '@lingui/react/macro'
import { Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import {
  type AdminTeacher,
  type TeachersAnswer,
  useReactivateTeacher,
  useVerifyTeacherByEmail,
} from '../../api/admin-teachers.ts'
import { showToast } from '../../ui/toast.ts'
import { ProblemText } from './problem-text.tsx'
import { TeacherDeactivateDialog } from './teacher-deactivate-dialog.tsx'
import { teacherProblem } from './teacher-problems.ts'
import { TeacherRejectDialog } from './teacher-reject-dialog.tsx'
import { TeacherSettingsDialog } from './teacher-settings-dialog.tsx'

type Props = { teacher: AdminTeacher; name: string; video: TeachersAnswer['video'] }
type Dialog = 'reject' | 'settings' | 'deactivate' | null

/** What the school may do with a teacher in their state. */
export function TeacherActions({ teacher, name, video }: Props) {
  const { t } = useLingui()
  const [dialog, setDialog] = useState<Dialog>(null)
  const verify = useVerifyTeacherByEmail()
  const reactivate = useReactivateTeacher()
  const problem = teacherProblem(verify.error ?? reactivate.error)
  const done = (text: string) => showToast({ color: 'green', message: text, autoClose: 4000 })

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {teacher.status === 'pending_verification' && (
          <>
            <Button
              size="xs"
              loading={verify.isPending}
              onClick={() =>
                verify.mutate(teacher.email, {
                  onSuccess: (result) =>
                    done(
                      result.mail_sent
                        ? t`Konto: ${name} — zweryfikowane. E-mail z tą wiadomością wysłany.`
                        : t`Konto: ${name} — zweryfikowane.`,
                    ),
                })
              }
            >
              {t`Zweryfikuj`}
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => setDialog('reject')}>
              {t`Odrzuć rejestrację…`}
            </Button>
          </>
        )}
        {teacher.status === 'active' && (
          <>
            <Button size="xs" variant="default" onClick={() => setDialog('settings')}>
              {t`Limit i wideo…`}
            </Button>
            <Button size="xs" variant="default" color="red" onClick={() => setDialog('deactivate')}>
              {t`Dezaktywuj…`}
            </Button>
          </>
        )}
        {teacher.status === 'deactivated' && teacher.deactivation?.kind !== 'rejected' && (
          <Button
            size="xs"
            variant="default"
            loading={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(
                { teacher_id: teacher.id },
                { onSuccess: () => done(t`Konto: ${name} — znów aktywne.`) },
              )
            }
          >
            {t`Aktywuj ponownie`}
          </Button>
        )}
      </Group>
      {problem && (
        <Text size="sm" c="red" role="alert">
          <ProblemText problem={problem.message} />
        </Text>
      )}
      <TeacherRejectDialog
        teacher={teacher}
        name={name}
        opened={dialog === 'reject'}
        onClose={() => setDialog(null)}
      />
      <TeacherDeactivateDialog
        teacher={teacher}
        name={name}
        opened={dialog === 'deactivate'}
        onClose={() => setDialog(null)}
      />
      <TeacherSettingsDialog
        // A new dialog each time it opens: it starts from the teacher's current values.
        key={dialog === 'settings' ? 'open' : 'closed'}
        teacher={teacher}
        name={name}
        video={video}
        opened={dialog === 'settings'}
        onClose={() => setDialog(null)}
      />
    </>
  )
}
