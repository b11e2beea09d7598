/** spec §5 Student learned languages: save is enabled only when something was unticked. */
export const somethingUnticked = (learned: readonly number[], ticked: readonly number[]) =>
  learned.some((id) => !ticked.includes(id))
