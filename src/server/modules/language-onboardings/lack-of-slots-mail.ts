import type { LackOfSlotsReport } from '../../../domain/api/language-onboardings.ts'
import type { MailMessage } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'

// The school's e-mail about a lack-of-slots report (issue #14 item 4). The school is Polish and
// reads its mail in Polish; the field names follow spec §3 so the message and `npm run ops --
// lack-of-slots` say the same.

export function lackOfSlotsMail(to: string, report: LackOfSlotsReport): MailMessage {
  const rows: [string, string][] = [
    ['Kursant (student_full_name)', report.student_full_name],
    ['E-mail (student_email)', report.student_email],
    ['Telefon (student_phone_number)', report.student_phone_number ?? '—'],
    ['Język nauki (taught_language)', report.taught_language],
    ['Język prowadzenia lekcji (teaching_language)', report.teaching_language],
    ['Poziom (level)', report.level],
    ['Specjalizacja (specialization)', report.specialization ?? 'dowolna'],
    ['Dzień (date)', report.date],
    ['Godzina, czas polski (hour)', report.hour],
  ]
  const intro = 'Kursant nie znalazł lektora na wybrany termin. Zgłoszenie z Lektorium:'
  const outro = 'Wszystkie zgłoszenia: npm run ops -- lack-of-slots'
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), '', outro, ''].join('\n')
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    ...rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n')
  const subject = `Lektorium: brak terminów — ${report.taught_language} ${report.level}, ${report.date} ${report.hour}`
  return { to, subject, text, html }
}
