import { JOIN_WINDOW_MINUTES } from '../../../domain/constants.ts'
import type { Db } from '../../db/client.ts'
import type { Log } from '../../platform/logger.ts'
import { claimClosedRooms, findGroupRoom, meetingRoster, participantRows } from './group-repository.ts'
import { feedIdOf, type GroupServers } from './group-server.ts'

// The group rooms' upkeep on the group server, run by each process's group hub: the rooms this
// process has sockets in keep only their roster's publishers (a ticket handed to someone else
// admits them for a moment), and the rooms of meetings whose join window has closed are destroyed.

/** How often a room's publishers are checked against its roster. */
const PATROL_MS = 2000
/** How often the rooms of closed meetings are looked for (each claimed by one process). */
const SWEEP_MS = 60_000
const WINDOW_MS = JOIN_WINDOW_MINUTES * 60_000

export function createGroupUpkeep(db: Db, janus: GroupServers, log: Log) {
  let lastPatrol = 0
  let lastSweep = 0
  const logged = (what: string) => (err: unknown) => log.error({ err }, what)

  async function patrol(meetingId: string) {
    const room = await findGroupRoom(db, meetingId)
    if (!room) return
    const [roster, rows] = await Promise.all([meetingRoster(db, meetingId), participantRows(db, meetingId)])
    const removed = new Set(rows.flatMap((row) => (row.removedAt ? [row.userId] : [])))
    const stay = roster.filter((entry) => !removed.has(entry.userId))
    await janus.patrol(room, new Set(stay.map((entry) => feedIdOf(meetingId, entry.userId))))
  }

  return {
    /** `meetingIds`: the meetings this process has sockets in; `now` by the app's clock. */
    async run(meetingIds: string[], now: Date) {
      if (Date.now() - lastPatrol >= PATROL_MS) {
        lastPatrol = Date.now()
        for (const meetingId of meetingIds)
          await patrol(meetingId).catch(logged('a group room patrol failed'))
      }
      if (Date.now() - lastSweep >= SWEEP_MS) {
        lastSweep = Date.now()
        for (const room of await claimClosedRooms(db, new Date(now.getTime() - WINDOW_MS), now)) {
          await janus.destroy(room).catch(logged('a group room could not be destroyed'))
        }
      }
    },
  }
}
