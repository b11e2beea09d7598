import { Trans } from '@lingui/react/macro'
import { Text, type TextProps } from '@mantine/core'

/**
 * Why a teacher cannot be booked by this student, and what to do — the same words wherever the
 * teacher appears (results, the teacher's page).
 */
export function AddedStudentsOnlyNote(props: Pick<TextProps, 'maw' | 'style'>) {
  return (
    <Text size="sm" c="dimmed" {...props}>
      <Trans>
        Lekcje mogą tu umawiać tylko kursanci dodani przez lektora. Uczysz się już u tego lektora? Poproś o
        dodanie Twojego adresu e-mail.
      </Trans>
    </Text>
  )
}
