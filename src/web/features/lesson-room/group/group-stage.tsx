import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useElementSize } from '@mantine/hooks'
import { type ReactNode, useEffect, useRef } from 'react'
import { VideoView } from '../video-view.tsx'
import { featuredMember, gridLayout, LARGE_TILE_MIN_WIDTH, sharingMember, TILE_GAP } from './group-layout.ts'
import type { GroupMember, TileSize } from './group-room-model.ts'
import classes from './group-stage.module.css'
import { GroupTile, type TileModeration } from './group-tile.tsx'

type Props = {
  members: GroupMember[]
  /** Phones: the speaker view; else the grid. */
  compact: boolean
  /** The teacher's moderation of students' tiles (null for a student). */
  moderation: TileModeration | null
  setTileSize: (userId: string, size: TileSize) => void
}

/** Remembers who spoke last (the speaker view keeps them large through a pause). */
function useLastSpeaker(members: GroupMember[]): string | null {
  const last = useRef<string | null>(null)
  const speaking = members.find((member) => member.speaking && !member.isMe)
  if (speaking) last.current = speaking.user_id
  return last.current
}

/** Tells the model each tile's size when the layout changes (each change once). */
function useTileSizes(sizes: Map<string, TileSize>, setTileSize: Props['setTileSize']) {
  const sent = useRef(new Map<string, TileSize>())
  // The map is new on every render: its contents, as text, are what the effect follows.
  const key = [...sizes].map(([id, size]) => `${id}=${size}`).join(' ')
  useEffect(() => {
    for (const entry of key.split(' ').filter(Boolean)) {
      const [id = '', text] = entry.split('=')
      const size: TileSize = text === 'large' ? 'large' : 'small'
      if (sent.current.get(id) === size) continue
      sent.current.set(id, size)
      setTileSize(id, size)
    }
  }, [key, setTileSize])
}

/**
 * The room's stage: everyone in a grid filling it (desktop), or one person large and the others in
 * a strip (phones); a shared screen takes the main place with everyone in the strip.
 */
export function GroupStage({ members, compact, moderation, setTileSize }: Props) {
  const { i18n } = useLingui()
  const { ref, width, height } = useElementSize()
  const lastSpeaker = useLastSpeaker(members)
  const sharer = sharingMember(members)
  const featured = compact && !sharer ? featuredMember(members, lastSpeaker) : null
  const layout = gridLayout(
    members.length,
    Math.max(0, width - 2 * TILE_GAP),
    Math.max(0, height - 2 * TILE_GAP),
  )

  const sizes = new Map<string, TileSize>()
  for (const member of members) {
    const large =
      !sharer && (featured ? member.user_id === featured.user_id : layout.tileWidth >= LARGE_TILE_MIN_WIDTH)
    if (!member.isMe) sizes.set(member.user_id, large ? 'large' : 'small')
  }
  useTileSizes(sizes, setTileSize)

  const tile = (member: GroupMember, size?: { width: number; height: number }) => (
    <GroupTile
      key={member.user_id}
      member={member}
      moderation={moderation && member.role === 'student' && !member.isMe ? moderation : null}
      width={size?.width}
      height={size?.height}
    />
  )
  const everyone = i18n._(msg`Osoby na zajęciach`)

  let content: ReactNode
  if (sharer?.screen) {
    const name = sharer.name
    content = (
      <div className={classes.sharing} style={{ flexDirection: compact ? 'column' : 'row' }}>
        <section
          className={classes.screen}
          aria-label={i18n._(msg`Ekran udostępnia: ${name}`)}
          data-testid="group-screen"
        >
          <VideoView
            stream={sharer.screen}
            muted
            label={i18n._(msg`Ekran udostępnia: ${name}`)}
            style={{ objectFit: 'contain', background: '#000' }}
          />
        </section>
        <ul className={compact ? classes.strip : classes.column} aria-label={everyone}>
          {members.map((member) => tile(member))}
        </ul>
      </div>
    )
  } else if (featured) {
    const others = members.filter((member) => member.user_id !== featured.user_id)
    content = (
      <div className={classes.speaker}>
        <ul className={classes.featured} aria-label={i18n._(msg`Na dużym obrazie`)}>
          {tile(featured)}
        </ul>
        {others.length > 0 && (
          <ul className={classes.strip} aria-label={i18n._(msg`Pozostałe osoby`)}>
            {others.map((member) => tile(member))}
          </ul>
        )}
      </div>
    )
  } else {
    content = (
      <ul
        className={classes.grid}
        aria-label={everyone}
        data-columns={layout.columns}
        data-rows={layout.rows}
      >
        {/* Unmeasured yet (the first paint): the tiles wait without a size rather than not at all. */}
        {members.map((member) =>
          tile(member, width > 0 ? { width: layout.tileWidth, height: layout.tileHeight } : undefined),
        )}
      </ul>
    )
  }

  return (
    <div
      ref={ref}
      className={classes.stage}
      data-testid="group-stage"
      data-layout={sharer ? 'screen' : featured ? 'speaker' : 'grid'}
    >
      {content}
    </div>
  )
}
