import type { Locale } from '../../../domain/constants.ts'
import { formatPolandDate, formatPolandTime } from '../../../domain/poland-time.ts'
import type { MailMessage } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'

// The school's decision on an absence report, told to both parties in their locale (pl default, en
// fallback): the reporter learns the outcome, the absentee the outcome and, when accepted, its
// consequence (product-rules.md "Warning and ban", "Teacher penalties").

export type Consequence = 'warned' | 'banned' | 'penalty' | null

export type DecisionMail = {
  to: string
  locale: Locale
  /** 'reporter' or 'absentee' of the report. */
  party: 'reporter' | 'absentee'
  decision: 'accepted' | 'dismissed'
  lessonStartsAt: Date
  /** The other party's name (the absentee for the reporter, the reporter for the absentee). */
  otherName: string
  note: string
  consequence: Consequence
  bannedUntil: Date | null
  banDays: number
}

function polish(mail: DecisionMail, when: string): { subject: string; lines: string[] } {
  const accepted = mail.decision === 'accepted'
  const lines = ['Dzień dobry,']
  if (mail.party === 'reporter') {
    lines.push(
      `szkoła rozpatrzyła Twoje zgłoszenie nieobecności (${mail.otherName}) na lekcji ${when}. ` +
        (accepted ? 'Zgłoszenie zostało przyjęte.' : 'Zgłoszenie zostało odrzucone.'),
    )
  } else {
    lines.push(
      `szkoła rozpatrzyła zgłoszenie Twojej nieobecności na lekcji ${when}. ` +
        (accepted
          ? 'Zgłoszenie zostało przyjęte.'
          : 'Zgłoszenie zostało odrzucone; nic się dla Ciebie nie zmienia.'),
    )
    if (mail.consequence === 'warned')
      lines.push(
        `To jest ostrzeżenie: przy kolejnej nieobecności lub późnym odwołaniu lekcji konto zostanie zablokowane na ${mail.banDays} dni.`,
      )
    if (mail.consequence === 'banned' && mail.bannedUntil)
      lines.push(`Twoje konto jest zablokowane do ${formatPolandDate(mail.bannedUntil)}.`)
    if (mail.consequence === 'penalty')
      lines.push('Zgodnie z zasadami szkoły za tę nieobecność naliczona zostanie kara finansowa.')
  }
  if (mail.note) lines.push(`Uwaga szkoły: ${mail.note}`)
  const subject = accepted
    ? 'Lektorium: zgłoszenie nieobecności przyjęte'
    : 'Lektorium: zgłoszenie nieobecności odrzucone'
  return { subject, lines }
}

function english(mail: DecisionMail, when: string): { subject: string; lines: string[] } {
  const accepted = mail.decision === 'accepted'
  const lines = ['Hello,']
  if (mail.party === 'reporter') {
    lines.push(
      `the school has reviewed your report of ${mail.otherName}'s absence from the lesson on ${when}. ` +
        (accepted ? 'The report has been accepted.' : 'The report has been dismissed.'),
    )
  } else {
    lines.push(
      `the school has reviewed a report of your absence from the lesson on ${when}. ` +
        (accepted
          ? 'The report has been accepted.'
          : 'The report has been dismissed; nothing changes for you.'),
    )
    if (mail.consequence === 'warned')
      lines.push(
        `This is a warning: after another absence or late cancellation your account will be blocked for ${mail.banDays} days.`,
      )
    if (mail.consequence === 'banned' && mail.bannedUntil)
      lines.push(`Your account is blocked until ${formatPolandDate(mail.bannedUntil)}.`)
    if (mail.consequence === 'penalty')
      lines.push("Under the school's rules, a financial penalty applies to this absence.")
  }
  if (mail.note) lines.push(`The school's note: ${mail.note}`)
  const subject = accepted ? 'Lektorium: absence report accepted' : 'Lektorium: absence report dismissed'
  return { subject, lines }
}

export function absenceDecisionMail(mail: DecisionMail): MailMessage {
  const when = `${formatPolandDate(mail.lessonStartsAt)}, ${formatPolandTime(mail.lessonStartsAt)}`
  const { subject, lines } = mail.locale === 'pl' ? polish(mail, when) : english(mail, when)
  return {
    to: mail.to,
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  }
}
