/** Select options sorted by their label in the user's language. */
export function sortedOptions<T extends { id: number }>(
  items: readonly T[],
  label: (item: T) => string,
  locale: string,
) {
  return items
    .map((item) => ({ value: String(item.id), label: label(item) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))
}
