/**
 * A student's learned languages (product-rules.md "Validation"): save is enabled only when
 * something was unticked.
 */
export const somethingUnticked = (learned: readonly number[], ticked: readonly number[]) =>
  learned.some((id) => !ticked.includes(id))
