import '@mantine/core/styles/List.css'
import { Trans, useLingui } from '@lingui/react/macro'
import { List, Stack, Text } from '@mantine/core'
import type { Profile } from '../../../domain/api/profile.ts'
import { InfoCard } from '../../ui/info-card.tsx'
import { completenessGaps, type Gap } from './completeness.ts'
import type { OpenDialog } from './dialog-names.ts'
import { DetailsButton, GapNotice, SkillButtons } from './gap-notices.tsx'
import { missingRequirements, type RedirectTarget, type Requirement } from './redirect-requirements.ts'
import { SchoolPreview } from './school-preview.tsx'

type Props = { profile: Profile; target: RedirectTarget | null; onOpen: OpenDialog }

/**
 * Why the user was sent here (?redirect=, product-rules.md "Navigation guard") and what the profile
 * still lacks ("Validation").
 */
export function ProfileNotices({ profile, target, onOpen }: Props) {
  const missing = target ? missingRequirements(target, profile) : []
  const explained = new Set<Gap | Requirement>(missing)
  const gaps = completenessGaps(profile).filter((gap) => !explained.has(gap))
  if (missing.length === 0 && gaps.length === 0) return null
  return (
    <Stack gap="sm">
      {target && missing.length > 0 && (
        <RedirectNotice target={target} missing={missing} profile={profile} onOpen={onOpen} />
      )}
      {target && target !== 'ai-lesson' && missing.includes('human_access') && (
        <SchoolPreview target={target} />
      )}
      {gaps.map((gap) => (
        <GapNotice key={gap} gap={gap} profile={profile} onOpen={onOpen} />
      ))}
    </Stack>
  )
}

function RedirectNotice({
  target,
  missing,
  profile,
  onOpen,
}: {
  target: RedirectTarget
  missing: Requirement[]
  profile: Profile
  onOpen: OpenDialog
}) {
  const { t } = useLingui()
  const titles: Record<RedirectTarget, string> = {
    'set-lessons': t`Zanim umówisz lekcję`,
    'my-lessons': t`Zanim zobaczysz swoje lekcje`,
    'ai-lesson': t`Zanim zaczniesz lekcję z AI`,
  }
  const reasons: Record<Requirement, string> = {
    human_access:
      target === 'set-lessons'
        ? t`Aby umówić lekcję, potrzebujesz dostępu do lekcji z lektorem — skontaktuj się ze szkołą.`
        : t`Aby zobaczyć swoje lekcje, potrzebujesz dostępu do lekcji z lektorem — skontaktuj się ze szkołą.`,
    ai_access: t`Aby skorzystać z lekcji z AI, potrzebujesz do nich dostępu — skontaktuj się ze szkołą.`,
    personal_data: t`Uzupełnij dane osobowe: imię, nazwisko, numer telefonu i datę urodzenia.`,
    skill_data: t`Uzupełnij opis i języki, których uczysz.`,
  }
  return (
    <InfoCard
      tone="warning"
      title={titles[target]}
      action={<RequirementActions missing={missing} profile={profile} onOpen={onOpen} />}
    >
      <Stack gap={6}>
        {missing.length === 1 ? (
          <Text size="sm">{reasons[missing[0] ?? 'personal_data']}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {missing.map((requirement) => (
              <List.Item key={requirement}>{reasons[requirement]}</List.Item>
            ))}
          </List>
        )}
        <Text size="sm" c="dimmed">
          <Trans>Gdy wszystko będzie gotowe, od razu przeniesiemy Cię dalej.</Trans>
        </Text>
      </Stack>
    </InfoCard>
  )
}

function RequirementActions({
  missing,
  profile,
  onOpen,
}: {
  missing: Requirement[]
  profile: Profile
  onOpen: OpenDialog
}) {
  return (
    <>
      {missing.includes('personal_data') && <DetailsButton onOpen={onOpen} />}
      {missing.includes('skill_data') && <SkillButtons profile={profile} onOpen={onOpen} />}
    </>
  )
}
