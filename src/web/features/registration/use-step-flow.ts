import { useCallback, useEffect, useRef, useState } from 'react'
import type { FieldMessages } from '../../api/issue-messages.ts'
import { toFormErrors } from '../../ui/forms/field-messages.tsx'

type FormErrorsTarget = {
  setErrors: (errors: ReturnType<typeof toFormErrors>) => void
  clearErrors: () => void
}

type StepFlowOptions<S extends string> = {
  steps: readonly [S, ...S[]]
  form: FormErrorsTarget
  /** The step's problems; `{}` lets the user go on. May ask the server (e-mail availability). */
  validate: (step: S) => FieldMessages | Promise<FieldMessages>
  initialFurthest?: number
}

/**
 * The stepper's state (the registration's steps): Next validates the current step and goes on only
 * when it passes; a step ahead opens only when every step before it passes; errors are put on the
 * fields and an error summary gets focus (focusing a field would clear its error, product-rules.md
 * "Validation"); a new step's heading gets focus.
 */
export function useStepFlow<S extends string>({
  steps,
  form,
  validate,
  initialFurthest = 0,
}: StepFlowOptions<S>) {
  const [active, setActive] = useState(0)
  const [furthest, setFurthest] = useState(initialFurthest)
  const [checking, setChecking] = useState(false)
  const [errorsShown, setErrorsShown] = useState(false)
  const [focusRequest, setFocusRequest] = useState<{ kind: 'heading' | 'error'; at: number } | null>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (!focusRequest) return
    // After the render that shows the new step or the errors.
    const target =
      focusRequest.kind === 'error'
        ? containerRef.current?.querySelector<HTMLElement>('[data-error-summary]')
        : headingRef.current
    target?.focus()
  }, [focusRequest])

  const open = useCallback((index: number) => {
    setActive(index)
    setErrorsShown(false)
    setFurthest((f) => Math.max(f, index))
    setFocusRequest({ kind: 'heading', at: Date.now() })
  }, [])

  /** Shows `messages` on the fields of step `index` (opening it) and focuses the first. */
  const showErrors = useCallback(
    (index: number, messages: FieldMessages) => {
      setActive(index)
      setErrorsShown(true)
      form.setErrors(toFormErrors(messages))
      setFocusRequest({ kind: 'error', at: Date.now() })
    },
    [form],
  )

  const checkFrom = async (from: number, to: number): Promise<boolean> => {
    for (let index = from; index < to; index++) {
      const step = steps[index]
      if (step === undefined) continue
      const messages = await validate(step)
      if (Object.keys(messages).length > 0) {
        showErrors(index, messages)
        return false
      }
    }
    return true
  }

  const run = async (work: () => Promise<void>) => {
    setChecking(true)
    try {
      await work()
    } finally {
      setChecking(false)
    }
  }

  const next = () =>
    run(async () => {
      if (await checkFrom(active, active + 1)) open(Math.min(active + 1, steps.length - 1))
    })

  const back = () => {
    form.clearErrors()
    open(Math.max(active - 1, 0))
  }

  const goTo = (index: number) =>
    run(async () => {
      if (index <= active) {
        form.clearErrors()
        open(index)
      } else if (await checkFrom(active, index)) open(index)
    })

  /** Every step passes (before sending). */
  const checkAll = () => checkFrom(0, steps.length)

  return {
    active,
    step: steps[active] ?? steps[0],
    furthest,
    checking,
    /** The last Next found problems on this step (an error summary is shown and focused). */
    errorsShown,
    next,
    back,
    goTo,
    checkAll,
    showErrors,
    containerRef,
    headingRef,
  }
}

export type StepFlow = ReturnType<typeof useStepFlow>
