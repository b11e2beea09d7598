import { useLingui } from '@lingui/react/macro'
import { Stack, Title } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import type { Profile } from '../../../domain/api/profile.ts'
import { useProfile } from '../../api/profile.ts'
import { AccountAccessNotice } from '../../ui/account-access-notice.tsx'
import { usePageTitle } from '../../ui/use-page-title.ts'
import { PasswordCard } from './account-card.tsx'
import { CalendarFeedCard } from './calendar-feed-card.tsx'
import { DetailsSection } from './details-section.tsx'
import type { ProfileDialog } from './dialog-names.ts'
import { IdentityCard } from './identity-card.tsx'
import { PreferencesCard } from './preferences-card.tsx'
import { ProfileDialogs } from './profile-dialogs.tsx'
import { ProfileNotices } from './profile-notices.tsx'
import classes from './profile-screen.module.css'
import { parseRedirectTarget, redirectDestination } from './redirect-requirements.ts'
import { StudentSections, TeacherSections } from './role-sections.tsx'

export const displayName = (profile: Profile) =>
  [profile.first_name, profile.last_name].filter(Boolean).join(' ') || profile.email

/**
 * /dashboard/profile: the signed-in user's own profile with the edit dialogs. With
 * ?redirect=<screen> it says why the user is here and returns them once that is settled.
 */
export function ProfileScreen() {
  const profile = useProfile().data
  // The dashboard shows no screen before the profile is known (dashboard-layout.tsx).
  return profile ? <ProfileContent profile={profile} /> : null
}

function ProfileContent({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  usePageTitle(t`Mój profil`)
  const { search } = useLocation()
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<ProfileDialog | 'picture' | 'video' | null>(null)
  const target = parseRedirectTarget(search)
  const destination = redirectDestination(target, profile)

  // product-rules.md "Navigation guard": once the requirement is met (the profile was refetched or
  // saved), go back there.
  useEffect(() => {
    if (destination) navigate(destination, { replace: true })
  }, [destination, navigate])

  const teacher = profile.role === 'teacher'
  const open = (next: ProfileDialog) => setDialog(next)
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {t`Mój profil`}
      </Title>
      {!teacher && <AccountAccessNotice activeUntil={profile.active_until} now={Date.now()} />}
      <ProfileNotices profile={profile} target={target} onOpen={open} />
      <div className={classes.layout}>
        <div className={classes.identity}>
          <IdentityCard
            profile={profile}
            name={displayName(profile)}
            onChangePicture={() => setDialog('picture')}
          />
        </div>
        <Stack gap="lg" className={classes.main}>
          <DetailsSection profile={profile} onEdit={() => open('details')} />
          {teacher ? (
            <TeacherSections profile={profile} onOpen={open} onChangeVideo={() => setDialog('video')} />
          ) : (
            <StudentSections profile={profile} onOpen={open} />
          )}
          <PasswordCard onChange={() => open('password')} />
        </Stack>
        <Stack gap="lg" className={classes.side}>
          <PreferencesCard profile={profile} />
          <CalendarFeedCard />
        </Stack>
      </div>
      <ProfileDialogs profile={profile} dialog={dialog} onClose={() => setDialog(null)} />
    </Stack>
  )
}
