/** An IBAN in groups of four, as printed on bank statements ("PL61 1090 1014 …"). */
export function formatIban(iban: string | null): string {
  return (iban ?? '').replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ')
}
