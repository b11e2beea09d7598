import { Trans } from '@lingui/react/macro'
import { Button } from '@mantine/core'
import { IconUsers } from '@tabler/icons-react'
import { useState } from 'react'
import { useProfile } from '../../api/profile.ts'
import { EditAllowedStudentsDialog } from './edit-allowed-students-dialog.tsx'

/** "Kursanci": opens EditAllowedStudents with the profile's not_accepting_new_students. */
export function AllowedStudentsButton() {
  const profile = useProfile().data
  const [opened, setOpened] = useState(false)
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconUsers size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        <Trans>Kursanci</Trans>
      </Button>
      <EditAllowedStudentsDialog
        opened={opened}
        onClose={() => setOpened(false)}
        notAccepting={profile?.not_accepting_new_students ?? false}
      />
    </>
  )
}
