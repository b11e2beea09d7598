// How a text travels as SMS (3GPP TS 23.038): GSM-7 takes 160 characters in one message (153 per
// part of a longer one), UCS-2 only 70 (67). One Polish letter outside GSM-7 ("ą") would make the
// whole message UCS-2, so Polish letters and typographic quotes are written as their plain
// GSM-7 twins ("a"), as Polish SMS commonly are; UCS-2 is needed only for what has no twin (a name
// in Cyrillic, a class title with emoji) (docs/decisions.md "SMS texts in GSM-7").

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** Characters GSM-7 sends with an escape: each counts twice. */
const GSM7_EXTENSION = '^{}\\[~]|€\f'

const TWINS: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
  Ą: 'A',
  Ć: 'C',
  Ę: 'E',
  Ł: 'L',
  Ń: 'N',
  Ó: 'O',
  Ś: 'S',
  Ź: 'Z',
  Ż: 'Z',
  '„': '"',
  '”': '"',
  '“': '"',
  '’': "'",
  '‘': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
}

export type SmsEncoding = 'gsm7' | 'ucs2'
export type SmsText = { text: string; encoding: SmsEncoding; segments: number }

const isGsm7 = (char: string) => GSM7_BASIC.includes(char) || GSM7_EXTENSION.includes(char)

/** The text as it will be sent: in GSM-7 with Polish letters' twins where that is enough. */
export function smsText(text: string): SmsText {
  const plain = Array.from(text, (char) => TWINS[char] ?? char).join('')
  const chars = Array.from(plain)
  if (chars.every(isGsm7)) {
    const units = chars.reduce((sum, char) => sum + (GSM7_EXTENSION.includes(char) ? 2 : 1), 0)
    return { text: plain, encoding: 'gsm7', segments: units <= 160 ? 1 : Math.ceil(units / 153) }
  }
  // UCS-2 (UTF-16 code units: an emoji takes two): the original text, diacritics and all.
  const units = text.length
  return { text, encoding: 'ucs2', segments: units <= 70 ? 1 : Math.ceil(units / 67) }
}
