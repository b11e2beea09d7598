import { describe, expect, it } from 'vitest'
import { checkWebApp, componentNeeds, cssOrder } from '../../../scripts/mantine-css.ts'

// The global '@mantine/core/styles.css' is gone; every file brings the styles of the Mantine
// components it renders (scripts/mantine-css.ts works them out from Mantine's files).
describe('Mantine styles per component', () => {
  it('every source file imports the styles of the Mantine components it uses, in Mantine’s order', () => {
    const problems = checkWebApp().map(
      ({ file, missing, unordered }) => `${file}: ${missing.join(', ')}${unordered ? ' (out of order)' : ''}`,
    )
    expect(problems, 'run `node scripts/mantine-css.ts --write`').toEqual([])
  })

  it('knows that a component needs the styles of the components it is built from', () => {
    const needs = componentNeeds()
    expect(needs.get('Button')).toEqual(['UnstyledButton', 'Loader', 'Button'])
    expect(needs.get('Modal')).toEqual(expect.arrayContaining(['Overlay', 'ModalBase', 'Modal']))
    const order = cssOrder()
    expect(order.indexOf('ModalBase')).toBeLessThan(order.indexOf('Modal'))
    expect(needs.get('Stack')).toEqual(['Stack'])
  })
})
