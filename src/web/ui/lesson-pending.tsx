import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { ApiError } from '../api/api-error.ts'
import { apiErrorMessage } from '../api/error-messages.ts'
import { FormError } from './form-error.tsx'
import { Message } from './message.tsx'
import { PageLoader } from './page-loader.tsx'

/** The "failed to load lesson" of product-rules.md "Errors". */
const lessonLoadFailed: MessageDescriptor = msg`Nie udało się wczytać lekcji.`

/**
 * What a lesson's room (built-in, Vonage or LearnCube) shows until its lesson is loaded: a loader,
 * or the "failed to load lesson" of product-rules.md "Errors" with the server's reason and `back`,
 * the way out.
 */
export function LessonPending({
  query,
  back,
}: {
  query: { isError: boolean; error: unknown }
  back: ReactNode
}) {
  if (!query.isError) return <PageLoader label={<Trans>Wczytujemy lekcję…</Trans>} />
  const reason = query.error instanceof ApiError ? apiErrorMessage(query.error) : lessonLoadFailed
  return (
    <Stack align="flex-start">
      <FormError>
        <Message of={lessonLoadFailed} /> <Message of={reason} />
      </FormError>
      {back}
    </Stack>
  )
}
