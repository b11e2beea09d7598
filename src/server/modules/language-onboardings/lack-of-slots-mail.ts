import type { LackOfSlotsReport } from '../../../domain/api/language-onboardings.ts'
import type { MailMessage } from '../../platform/mail.ts'
import { escapeHtml } from '../../platform/mail-templates.ts'

// The school's digest of lack-of-slots reports (one e-mail an hour at most). The school is Polish
// and reads its mail in Polish; the field names follow product-rules.md "Records and fields" so the
// message and `npm run ops -- lack-of-slots` say the same.

function rowsOf(report: LackOfSlotsReport): [string, string][] {
  return [
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
}

/** "1 nowe zgłoszenie", "3 nowe zgłoszenia", "5 nowych zgłoszeń" (Polish plural forms). */
export function newReportsPl(count: number): string {
  const ones = count % 10
  const tens = count % 100
  if (count === 1) return '1 nowe zgłoszenie'
  if (ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)) return `${count} nowe zgłoszenia`
  return `${count} nowych zgłoszeń`
}

/**
 * One e-mail listing `reports` (oldest first), each with the fields of product-rules.md "Records
 * and fields".
 */
export function lackOfSlotsDigestMail(to: string, reports: LackOfSlotsReport[]): MailMessage {
  const intro = `Kursanci nie znaleźli lektora na wybrany termin. Od poprzedniej wiadomości: ${newReportsPl(reports.length)}.`
  const outro = 'Wszystkie zgłoszenia: npm run ops -- lack-of-slots'
  const blocks = reports.map(rowsOf)
  const text = [
    intro,
    '',
    ...blocks.flatMap((rows, i) => [`${i + 1}.`, ...rows.map(([label, value]) => `${label}: ${value}`), '']),
    outro,
    '',
  ].join('\n')
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...blocks.flatMap((rows, i) => [
      `<h3>${i + 1}.</h3>`,
      '<table>',
      ...rows.map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
    ]),
    `<p>${escapeHtml(outro)}</p>`,
  ].join('\n')
  return { to, subject: `Lektorium: brak terminów — ${newReportsPl(reports.length)}`, text, html }
}
