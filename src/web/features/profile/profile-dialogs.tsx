import type { Profile } from '../../../domain/api/profile.ts'
import type { ProfileDialog } from './dialog-names.ts'
import { EditAboutDialog } from './edit-about-dialog.tsx'
import { EditBankDialog } from './edit-bank-dialog.tsx'
import { EditDescriptionDialog } from './edit-description-dialog.tsx'
import { EditDetailsDialog } from './edit-details-dialog.tsx'
import { EditLanguagesDialog } from './edit-languages-dialog.tsx'
import { EditLearnedLanguagesDialog } from './edit-learned-languages-dialog.tsx'
import { EditPasswordDialog } from './edit-password-dialog.tsx'
import { EditSocialMediaDialog } from './edit-social-media-dialog.tsx'
import { PreviewDialog } from './preview-dialog.tsx'

type Props = { profile: Profile; dialog: ProfileDialog | 'picture' | 'video' | null; onClose: () => void }

/** The profile's dialogs; each mounts its form afresh when it opens. */
export function ProfileDialogs({ profile, dialog, onClose }: Props) {
  const teacher = profile.role === 'teacher'
  const is = (name: Props['dialog']) => dialog === name
  return (
    <>
      <EditDetailsDialog opened={is('details')} onClose={onClose} profile={profile} />
      <EditPasswordDialog opened={is('password')} onClose={onClose} />
      <EditAboutDialog opened={is('about')} onClose={onClose} about={profile.about} role={profile.role} />
      <PreviewDialog kind="picture" opened={is('picture')} onClose={onClose} />
      {teacher ? (
        <>
          <EditDescriptionDialog
            opened={is('description')}
            onClose={onClose}
            description={profile.description}
          />
          <EditSocialMediaDialog opened={is('social')} onClose={onClose} links={profile.social_links} />
          <EditBankDialog opened={is('bank')} onClose={onClose} profile={profile} />
          <EditLanguagesDialog opened={is('languages')} onClose={onClose} profile={profile} />
          <PreviewDialog kind="video" opened={is('video')} onClose={onClose} />
        </>
      ) : (
        <EditLearnedLanguagesDialog
          opened={is('learned')}
          onClose={onClose}
          learned={profile.languages_learned.map((l) => l.language_id)}
        />
      )}
    </>
  )
}
