import type { Locale } from '../../domain/constants.ts'
import type { MailMessage } from './mail.ts'

// Mails go out in the recipient's locale (spec: pl default, en fallback).

type Template = { subject: string; lines: (link: string) => string[] }

const RESET_PASSWORD: Record<Locale, Template> = {
  pl: {
    subject: 'Lektorium: zmiana hasła',
    lines: (link) => [
      'Dzień dobry,',
      'otrzymaliśmy prośbę o zmianę hasła do Twojego konta w Lektorium. Aby ustawić nowe hasło, otwórz poniższy link (ważny przez 1 godzinę):',
      link,
      'Jeśli to nie Ty prosiłeś(-aś) o zmianę hasła, zignoruj tę wiadomość. Hasło pozostanie bez zmian.',
    ],
  },
  en: {
    subject: 'Lektorium: password reset',
    lines: (link) => [
      'Hello,',
      'we received a request to reset the password of your Lektorium account. To set a new password, open the link below (valid for 1 hour):',
      link,
      'If you did not ask for this, ignore this message. Your password stays unchanged.',
    ],
  },
}

const STUDENT_INVITATION: Record<Locale, Template> = {
  pl: {
    subject: 'Zaproszenie do Lektorium',
    lines: (link) => [
      'Dzień dobry,',
      'zapraszamy do Lektorium, platformy lekcji językowych. Aby aktywować konto ucznia i dokończyć rejestrację, otwórz poniższy link (ważny przez 7 dni):',
      link,
      'Do zobaczenia na lekcji!',
    ],
  },
  en: {
    subject: 'Your invitation to Lektorium',
    lines: (link) => [
      'Hello,',
      'you are invited to Lektorium, the language-lesson platform. To activate your student account and complete the registration, open the link below (valid for 7 days):',
      link,
      'See you in class!',
    ],
  },
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function render(template: Template, to: string, link: string): MailMessage {
  const lines = template.lines(link)
  const html = lines
    .map((line) => {
      const text = escapeHtml(line)
      return line === link ? `<p><a href="${text}">${text}</a></p>` : `<p>${text}</p>`
    })
    .join('\n')
  return { to, subject: template.subject, text: `${lines.join('\n\n')}\n`, html }
}

export const resetPasswordMail = (to: string, locale: Locale, link: string): MailMessage =>
  render(RESET_PASSWORD[locale], to, link)

export const studentInvitationMail = (to: string, locale: Locale, link: string): MailMessage =>
  render(STUDENT_INVITATION[locale], to, link)
