import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react'

export type LoginValues = { email: string; password: string; remember: boolean }
type TextField = 'email' | 'password'
type Errors = Partial<Record<keyof LoginValues, ReactNode>>

const isField = (name: string): name is keyof LoginValues =>
  name === 'email' || name === 'password' || name === 'remember'

/**
 * The login form's state: its values, an error per field (cleared when the field changes), and a
 * submit that validates first — what @mantine/form does for the other forms, without its 18 kB on
 * the front door (a cold /login within 150 kB of JavaScript: decisions.md "The first load: a page
 * downloads what it shows").
 */
export function useLoginFields(validate: Record<TextField, (value: string) => ReactNode>, email = '') {
  const [values, setValues] = useState<LoginValues>({ email, password: '', remember: false })
  const [errors, setErrors] = useState<Errors>({})

  const clearFieldError = (field: keyof LoginValues) =>
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current))

  return {
    getValues: () => values,
    clearFieldError,
    /** A server message on a field (applyFieldErrors); names outside the form are ignored. */
    setFieldError: (field: string, error: ReactNode) => {
      if (isField(field)) setErrors((current) => ({ ...current, [field]: error }))
    },
    getInputProps: (field: TextField) => ({
      value: values[field],
      error: errors[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { value } = event.currentTarget
        setValues((current) => ({ ...current, [field]: value }))
        clearFieldError(field)
      },
    }),
    getCheckboxProps: (field: 'remember') => ({
      checked: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const { checked } = event.currentTarget
        setValues((current) => ({ ...current, [field]: checked }))
      },
    }),
    onSubmit: (handler: (submitted: LoginValues) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const found: Errors = {
        email: validate.email(values.email),
        password: validate.password(values.password),
      }
      setErrors(found)
      if (!found.email && !found.password) handler(values)
    },
  }
}
