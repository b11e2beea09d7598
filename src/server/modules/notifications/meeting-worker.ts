import type { JobPayloads } from '../../platform/jobs.ts'
import { enrolmentMail, meetingMail, meetingPush } from './meeting-mail.ts'
import {
  activePlace,
  comingMeetingsOf,
  isEnrolled,
  loadMessageClass,
  loadMessageMeeting,
  loadMessageRecipient,
} from './meeting-repository.ts'
import { deliverPush } from './push.ts'
import type { NotificationsContext } from './worker.ts'

// Sending one group-class message when its job comes due. Like a lesson's, it reads the class, the
// meeting and the recipient first and drops what no longer holds: an invitation or a move
// superseded by a newer version of the meeting (which has its own message), a reminder for another
// start, anything to a student no longer in the meeting, or anything of a meeting begun. E-mails
// obey email_notifications_enabled; a push reaching no device while some failed is retried.

type Data = JobPayloads['meeting-notice']

export async function onMeetingNotice(ctx: NotificationsContext, data: Data): Promise<void> {
  const now = ctx.clock.now()
  const group = await loadMessageClass(ctx.db, data.classId)
  const to = await loadMessageRecipient(ctx.db, data.userId)
  if (!group || !to) return
  const school = { publicUrl: ctx.config.publicUrl, mailFrom: ctx.config.mailFrom, now }
  if (data.kind === 'enrolled') {
    if (group.cancelledAt || !to.emailNotifications || !(await isEnrolled(ctx.db, group.id, to.id))) return
    const coming = await comingMeetingsOf(ctx.db, group.id, now)
    // Nothing left to attend: nothing to announce.
    if (coming.first === null || coming.count === 0) return
    await ctx.mailer.send(enrolmentMail(group, to, { count: coming.count, first: coming.first }, school))
    return
  }
  const meeting = data.meetingId ? await loadMessageMeeting(ctx.db, data.meetingId) : undefined
  if (!meeting || meeting.startsAt <= now) return
  const isTeacher = to.id === group.teacher.id
  const place = isTeacher ? undefined : await activePlace(ctx.db, meeting.id, to.id)
  const inMeeting = isTeacher || place !== undefined
  const current = !meeting.cancelledAt && meeting.sequence === data.sequence
  let sequence = meeting.sequence
  switch (data.kind) {
    case 'invitation':
    case 'changed':
    case 'push_changed':
      if (!current || !inMeeting) return
      break
    case 'cancelled':
    case 'push_cancelled':
      if (!meeting.cancelledAt) return
      break
    case 'removed':
      // Enrolled again meanwhile: their place's invitation stands. Their copy of the event is
      // withdrawn by a version above the last one they were sent.
      if (inMeeting) return
      sequence = meeting.sequence + 1
      break
    default:
      // A reminder is not for a student who said they will not come.
      if (!current || !inMeeting || place?.absent || meeting.startsAt.toISOString() !== data.startsAt) return
  }
  if (data.kind === 'push_soon' || data.kind === 'push_changed' || data.kind === 'push_cancelled') {
    const { sent, failed } = await deliverPush(ctx, to.id, meetingPush(data.kind, group, meeting, to))
    if (sent === 0 && failed > 0) throw new Error(`the push reached none of ${failed} devices`)
    return
  }
  if (!to.emailNotifications) return
  await ctx.mailer.send(meetingMail(data.kind, group, meeting, to, sequence, school))
}
