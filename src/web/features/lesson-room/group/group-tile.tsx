import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Menu.css'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { Loader, Menu, UnstyledButton } from '@mantine/core'
import {
  IconDots,
  IconHandStop,
  IconMicrophoneOff,
  IconSchool,
  IconUserMinus,
  IconVideoOff,
  IconVolume,
} from '@tabler/icons-react'
import type { Ref } from 'react'
import { VideoView } from '../video-view.tsx'
import type { GroupMember } from './group-room-model.ts'
import classes from './group-stage.module.css'

/** What the teacher can do to a student's tile. */
export type TileModeration = {
  mute: (member: GroupMember) => void
  remove: (member: GroupMember) => void
}

const AVATAR_COLORS = ['indigo', 'teal', 'grape', 'orange', 'cyan', 'pink', 'blue', 'violet'] as const

export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')

/** The same person keeps the same colour on every page. */
function avatarColor(id: string): string {
  let hash = 0
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `var(--mantine-color-${AVATAR_COLORS[hash % AVATAR_COLORS.length]}-7)`
}

/** Whether the member's camera picture can be drawn (else their initials: no frozen frame). */
export const showsVideo = (member: GroupMember) =>
  member.camera && member.media !== 'reconnecting' && (member.stream?.getVideoTracks().length ?? 0) > 0

/** The tile's name for screen readers: who, then their state ("Anna Nowak, mikrofon wyłączony…"). */
export function tileLabel(member: GroupMember, i18n: I18n): string {
  const name = member.name
  const parts = [member.isMe ? i18n._(msg`Ty (${name})`) : name]
  if (member.role === 'teacher' && !member.isMe) parts.push(i18n._(msg`osoba prowadząca`))
  if (member.speaking) parts.push(i18n._(msg`mówi`))
  if (member.hand_raised) parts.push(i18n._(msg`podniesiona ręka`))
  if (!member.microphone)
    parts.push(
      member.muted_by_teacher
        ? i18n._(msg`mikrofon wyciszony przez osobę prowadzącą`)
        : i18n._(msg`mikrofon wyłączony`),
    )
  if (!member.camera) parts.push(i18n._(msg`kamera wyłączona`))
  if (member.screen) parts.push(i18n._(msg`udostępnia ekran`))
  if (member.media === 'reconnecting') parts.push(i18n._(msg`łączy się ponownie`))
  return parts.join(', ')
}

type Props = {
  member: GroupMember
  /** The teacher's menu on a student's tile; absent for students and on one's own tile. */
  moderation?: TileModeration | null
  /** The grid sets the tile's size; the strips size it in CSS. */
  width?: number
  height?: number
  menuRef?: Ref<HTMLButtonElement>
}

/**
 * One person: their camera (muted: the room plays everyone's sound apart, so moving a tile never
 * cuts it) or their initials, their name, microphone and hand, and the speaking ring.
 */
export function GroupTile({ member, moderation, width, height, menuRef }: Props) {
  const { i18n } = useLingui()
  const video = showsVideo(member)
  const label = tileLabel(member, i18n)
  return (
    <li
      className={classes.tile}
      aria-label={label}
      data-testid="group-tile"
      data-user-id={member.user_id}
      data-speaking={member.speaking || undefined}
      data-media={member.media}
      style={width ? { width, height } : undefined}
    >
      <div className={classes.video} aria-hidden>
        {member.stream && (
          <VideoView
            stream={member.stream}
            self={member.isMe}
            muted
            label={member.name}
            style={{ visibility: video ? 'visible' : 'hidden', background: 'transparent' }}
          />
        )}
      </div>
      {!video && member.media !== 'reconnecting' && (
        <div className={classes.avatar} aria-hidden>
          <div className={classes.avatarCircle} style={{ background: avatarColor(member.user_id) }}>
            {initials(member.name)}
          </div>
        </div>
      )}
      {member.hand_raised && (
        <div className={classes.hand} aria-hidden data-testid="tile-hand">
          <IconHandStop size={16} />
          <span className={classes.handText}>
            <Trans>Ręka</Trans>
          </span>
        </div>
      )}
      <div className={classes.plate} aria-hidden>
        {member.speaking && (
          <span className={classes.plateIcon} style={{ color: 'var(--mantine-color-teal-3)' }}>
            <IconVolume size={15} />
          </span>
        )}
        {!member.microphone && (
          <span className={classes.plateIcon} style={{ color: 'var(--mantine-color-red-4)' }}>
            <IconMicrophoneOff size={15} />
          </span>
        )}
        {!member.camera && (
          <span className={classes.plateIcon} style={{ color: 'var(--mantine-color-gray-4)' }}>
            <IconVideoOff size={15} />
          </span>
        )}
        {member.role === 'teacher' && (
          <span className={classes.plateIcon} style={{ color: 'var(--mantine-color-indigo-2)' }}>
            <IconSchool size={15} />
          </span>
        )}
        <span className={classes.name}>{member.isMe ? <Trans>Ty</Trans> : member.name}</span>
      </div>
      {member.media === 'reconnecting' && (
        <div className={classes.reconnecting} aria-hidden>
          <Loader size={18} color="gray.3" />
          <span>
            <Trans>Ponowne łączenie…</Trans>
          </span>
        </div>
      )}
      {moderation && <TileMenu member={member} moderation={moderation} menuRef={menuRef} />}
    </li>
  )
}

function TileMenu({
  member,
  moderation,
  menuRef,
}: {
  member: GroupMember
  moderation: TileModeration
  menuRef?: Ref<HTMLButtonElement>
}) {
  const { i18n } = useLingui()
  const name = member.name
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton
          ref={menuRef}
          className={classes.menu}
          aria-label={i18n._(msg`Opcje: ${name}`)}
          data-testid="tile-menu"
        >
          <IconDots size={20} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMicrophoneOff size={16} aria-hidden />}
          disabled={!member.microphone}
          onClick={() => moderation.mute(member)}
        >
          {member.microphone ? <Trans>Wycisz mikrofon</Trans> : <Trans>Mikrofon jest wyłączony</Trans>}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconUserMinus size={16} aria-hidden />}
          onClick={() => moderation.remove(member)}
        >
          <Trans>Usuń z zajęć…</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
