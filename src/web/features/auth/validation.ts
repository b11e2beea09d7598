import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { emailSchema, newPasswordSchema } from '../../../domain/api/common.ts'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../domain/constants.ts'

// product-rules.md "Validation", checked in the browser with the same schemas the server uses;
// texts in pl/en.

export function requiredError(value: string): MessageDescriptor | null {
  return value.trim() === '' ? msg`To pole jest wymagane` : null
}

export function emailError(value: string): MessageDescriptor | null {
  if (value.trim() === '') return msg`To pole jest wymagane`
  return v.is(emailSchema, value) ? null : msg`Podaj poprawny adres e-mail`
}

export function newPasswordError(value: string): MessageDescriptor | null {
  if (value === '') return msg`To pole jest wymagane`
  if (value.length < PASSWORD_MIN) return msg`Hasło musi mieć co najmniej ${PASSWORD_MIN} znaków`
  if (value.length > PASSWORD_MAX) return msg`Hasło może mieć najwyżej ${PASSWORD_MAX} znaków`
  return v.is(newPasswordSchema, value) ? null : msg`Nieprawidłowa wartość`
}

export function confirmationError(value: string, password: string): MessageDescriptor | null {
  if (value === '') return msg`To pole jest wymagane`
  return value === password ? null : msg`Hasła nie są takie same`
}
