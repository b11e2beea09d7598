import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { MAX_MEETINGS } from '../../../domain/group-classes/series.ts'
import { ApiError } from '../../api/api-error.ts'
import { apiErrorMessage, codeMessage, fieldErrorMessage } from '../../api/error-messages.ts'
import type { Problem } from './teacher-problems.ts'

// The group classes' refusals (modules/admin/group-classes-*.ts words them in English, as the
// console's other services do) in the screen's words; the codes (teacher_busy_lesson, …) through
// the app's error texts in both languages; a sentence not known here is shown as it came.

function known(message: string): MessageDescriptor | null {
  if (message.startsWith('The meeting would start in the past'))
    return msg`To spotkanie zaczynałoby się w przeszłości.`
  if (message.startsWith('Two meetings of the class overlap'))
    return msg`Dwa spotkania tych zajęć nakładają się.`
  if (message.startsWith('Give a weekly series')) return msg`Dodaj cykl tygodniowy lub choć jedno spotkanie.`
  if (message.startsWith('At most') && message.endsWith('meetings'))
    return msg`Najwyżej ${MAX_MEETINGS} spotkań.`
  if (message.startsWith('Give either a number')) return msg`Podaj liczbę spotkań albo datę ostatniego.`
  if (message.startsWith('The last date comes before')) return msg`Ostatnia data jest przed pierwszą.`
  if (message.startsWith('No active teacher')) return msg`Ten lektor nie jest aktywny.`
  if (message.startsWith('No such language')) return msg`Nie ma takiego języka.`
  if (message.startsWith('No such level')) return msg`Nie ma takiego poziomu.`
  const least = /^At least (\d+)/.exec(message)
  if (least) {
    const count = least[1] ?? ''
    return msg`Co najmniej ${count}: tylu kursantów jest już zapisanych.`
  }
  if (message.startsWith('No active students of this company'))
    return msg`Ta firma nie ma aktywnych kursantów.`
  if (message.startsWith('No active student with this id')) return msg`Tego kursanta nie można zapisać.`
  if (message.startsWith('The file names no e-mail')) return msg`W pliku nie ma adresów e-mail.`
  const rows = /^At most (\d+) students per file/.exec(message)
  if (rows) {
    const max = rows[1] ?? ''
    return msg`Najwyżej ${max} kursantów w jednym pliku.`
  }
  const quote = /^A quoted field opened on line (\d+)/.exec(message)
  if (quote) {
    const line = quote[1] ?? ''
    return msg`Cudzysłów otwarty w wierszu ${line} nie jest zamknięty.`
  }
  return null
}

/** What went wrong with a change, on its field when the server named one. */
export function groupClassProblem(error: unknown): Problem | null {
  if (!error) return null
  if (!(error instanceof ApiError)) return { field: null, message: codeMessage('server_error') }
  const first = error.fieldErrors[0]
  if (first)
    return {
      field: first.field,
      message:
        known(first.message) ??
        (first.code && first.code !== 'invalid' ? fieldErrorMessage(first) : first.message),
    }
  return { field: null, message: apiErrorMessage(error) }
}
