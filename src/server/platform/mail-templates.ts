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

// A new operator sets a password through the password-reset page, with a longer-lived link.
const OPERATOR_INVITATION: Record<Locale, Template> = {
  pl: {
    subject: 'Lektorium: konto w konsoli szkoły',
    lines: (link) => [
      'Dzień dobry,',
      'utworzono dla Ciebie konto operatora w konsoli szkoły Lektorium. Aby ustawić hasło, otwórz poniższy link (ważny przez 7 dni):',
      link,
      'Przy pierwszym logowaniu skonfigurujesz drugi składnik uwierzytelniania (aplikacja z kodami jednorazowymi).',
    ],
  },
  en: {
    subject: "Lektorium: your account in the school's console",
    lines: (link) => [
      'Hello,',
      "an operator account in Lektorium's school console was created for you. To set your password, open the link below (valid for 7 days):",
      link,
      'At your first sign-in you will set up a second factor (an authenticator app with one-time codes).',
    ],
  },
}

// The app calls a student "kursant" (the invitation once said "konto ucznia").
const STUDENT_INVITATION: Record<Locale, Template> = {
  pl: {
    subject: 'Zaproszenie do Lektorium',
    lines: (link) => [
      'Dzień dobry,',
      'zapraszamy do Lektorium, platformy lekcji językowych. Aby aktywować konto kursanta i dokończyć rejestrację, otwórz poniższy link (ważny przez 7 dni):',
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

// The teacher registration promises word of the verification. An acknowledgement
// goes out at sign-up and the news when an operator verifies the account; the link is the
// teacher's login page.
const TEACHER_SIGNED_UP: Record<Locale, Template> = {
  pl: {
    subject: 'Lektorium: otrzymaliśmy Twoje zgłoszenie',
    lines: (link) => [
      'Dzień dobry,',
      'dziękujemy za rejestrację konta lektora w Lektorium. Zespół Lektorium sprawdzi teraz Twoje dane, film i dokumenty.',
      'Gdy konto zostanie zweryfikowane, napiszemy do Ciebie ponownie. Do tego czasu logowanie nie jest możliwe. Potem zalogujesz się tutaj swoim adresem e-mail i hasłem:',
      link,
      'Jeśli to nie Ty zakładałeś(-aś) konto, odpisz na tę wiadomość.',
    ],
  },
  en: {
    subject: 'Lektorium: we have received your registration',
    lines: (link) => [
      'Hello,',
      'thank you for registering as a teacher with Lektorium. The Lektorium team will now check your details, video and documents.',
      'Once your account is verified, we will write to you again. Until then you cannot sign in. Afterwards you will sign in here with your e-mail address and password:',
      link,
      'If you did not create this account, reply to this message.',
    ],
  },
}

const TEACHER_VERIFIED: Record<Locale, Template> = {
  pl: {
    subject: 'Lektorium: Twoje konto lektora jest aktywne',
    lines: (link) => [
      'Dzień dobry,',
      'Twoje konto lektora w Lektorium zostało zweryfikowane. Możesz się już zalogować swoim adresem e-mail i hasłem:',
      link,
      'Po zalogowaniu ustaw swój grafik w zakładce „Moje lekcje”, aby kursanci mogli umawiać lekcje.',
    ],
  },
  en: {
    subject: 'Lektorium: your teacher account is active',
    lines: (link) => [
      'Hello,',
      'your Lektorium teacher account has been verified. You can sign in now with your e-mail address and password:',
      link,
      'After signing in, set your schedule under "My lessons" so that students can book lessons with you.',
    ],
  },
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

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

export const operatorInvitationMail = (to: string, locale: Locale, link: string): MailMessage =>
  render(OPERATOR_INVITATION[locale], to, link)

export const studentInvitationMail = (to: string, locale: Locale, link: string): MailMessage =>
  render(STUDENT_INVITATION[locale], to, link)

export const teacherSignedUpMail = (to: string, locale: Locale, loginLink: string): MailMessage =>
  render(TEACHER_SIGNED_UP[locale], to, loginLink)

export const teacherVerifiedMail = (to: string, locale: Locale, loginLink: string): MailMessage =>
  render(TEACHER_VERIFIED[locale], to, loginLink)

// An operator turns down a teacher awaiting verification, with a reason (the console).
const TEACHER_REJECTED: Record<Locale, (reason: string) => Template> = {
  pl: (reason) => ({
    subject: 'Lektorium: Twoje zgłoszenie lektora nie zostało przyjęte',
    lines: () => [
      'Dzień dobry,',
      'dziękujemy za rejestrację konta lektora w Lektorium. Po sprawdzeniu zgłoszenia nie możemy go przyjąć.',
      `Powód: ${reason}`,
      'Jeśli masz pytania, odpisz na tę wiadomość.',
    ],
  }),
  en: (reason) => ({
    subject: 'Lektorium: your teacher registration was not accepted',
    lines: () => [
      'Hello,',
      'thank you for registering as a teacher with Lektorium. Having checked your registration, we cannot accept it.',
      `Reason: ${reason}`,
      'If you have questions, reply to this message.',
    ],
  }),
}

export const teacherRejectedMail = (to: string, locale: Locale, reason: string): MailMessage =>
  render(TEACHER_REJECTED[locale](reason), to, '')

// docs/decisions.md "A second factor that cannot be aimed at its owner": the operator learns that
// someone who knows their password is guessing codes.
type Failures = { failures: number; minutes: number }
const SECOND_FACTOR_FAILURES: Record<Locale, (seen: Failures) => Template> = {
  pl: ({ failures, minutes }) => ({
    subject: 'Lektorium: nieudane próby kodu drugiego składnika',
    lines: (link) => [
      'Dzień dobry,',
      `przy logowaniu na Twoje konto operatora wpisano błędne kody drugiego składnika (prób: ${failures} w ciągu ${minutes} min). Osoba, która je wpisywała, zna Twoje hasło.`,
      'Jeśli to nie Ty, zmień hasło teraz. Twoje logowanie z poprawnym kodem działa nadal:',
      link,
    ],
  }),
  en: ({ failures, minutes }) => ({
    subject: 'Lektorium: failed second-factor codes',
    lines: (link) => [
      'Hello,',
      `someone signing in to your operator account entered wrong second-factor codes (${failures} tries within ${minutes} min). They know your password.`,
      'If it was not you, change your password now. Your own sign-in with a correct code still works:',
      link,
    ],
  }),
}

export const secondFactorFailuresMail = (
  to: string,
  locale: Locale,
  seen: Failures,
  link: string,
): MailMessage => render(SECOND_FACTOR_FAILURES[locale](seen), to, link)
