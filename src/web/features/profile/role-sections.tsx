import type { Profile } from '../../../domain/api/profile.ts'
import type { OpenDialog } from './dialog-names.ts'
import { LearnedSection } from './student-sections.tsx'
import { BankSection, LanguagesSection, SocialSection, VideoSection } from './teacher-sections.tsx'
import { AboutSection, DescriptionSection } from './text-sections.tsx'

type Props = { profile: Profile; onOpen: OpenDialog }

/**
 * product-rules.md "Roles and permissions": a teacher edits description, languages, video, social
 * links and bank details.
 */
export function TeacherSections({ profile, onOpen, onChangeVideo }: Props & { onChangeVideo: () => void }) {
  return (
    <>
      <DescriptionSection text={profile.description} onEdit={() => onOpen('description')} />
      <LanguagesSection profile={profile} onEdit={() => onOpen('languages')} />
      <VideoSection profile={profile} onEdit={onChangeVideo} />
      <AboutSection text={profile.about} onEdit={() => onOpen('about')} />
      <SocialSection profile={profile} onEdit={() => onOpen('social')} />
      <BankSection profile={profile} onEdit={() => onOpen('bank')} />
    </>
  )
}

/** product-rules.md "Roles and permissions": a student edits about and the learned languages. */
export function StudentSections({ profile, onOpen }: Props) {
  return (
    <>
      <AboutSection text={profile.about} onEdit={() => onOpen('about')} />
      <LearnedSection profile={profile} onEdit={() => onOpen('learned')} />
    </>
  )
}
