import { useLingui } from '@lingui/react/macro'
import { Text } from '@mantine/core'
import { SectionCard } from './section-card.tsx'

type TextSectionProps = {
  title: string
  text: string | null
  empty: string
  onEdit: () => void
  editAriaLabel: string
}

/** A section that shows one text as written (line breaks kept) with its edit button. */
export function TextSection({ title, text, empty, onEdit, editAriaLabel }: TextSectionProps) {
  const { t } = useLingui()
  return (
    <SectionCard title={title} onEdit={onEdit} editLabel={t`Edytuj`} editAriaLabel={editAriaLabel}>
      {text?.trim() ? (
        <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{text}</Text>
      ) : (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      )}
    </SectionCard>
  )
}

export function DescriptionSection({ text, onEdit }: { text: string | null; onEdit: () => void }) {
  const { t } = useLingui()
  return (
    <TextSection
      title={t`Opis`}
      text={text}
      empty={t`Dodaj opis – to pierwsze, co kursanci o Tobie przeczytają.`}
      onEdit={onEdit}
      editAriaLabel={t`Edytuj opis`}
    />
  )
}

export function AboutSection({ text, onEdit }: { text: string | null; onEdit: () => void }) {
  const { t } = useLingui()
  return (
    <TextSection
      title={t`O mnie`}
      text={text}
      empty={t`Nie dodano jeszcze informacji o sobie.`}
      onEdit={onEdit}
      editAriaLabel={t`Edytuj sekcję „O mnie”`}
    />
  )
}
