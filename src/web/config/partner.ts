/** The partner corporate customer whose users see IT teachers (product-rules.md "Who uses it"). */
export const PARTNER_COMPANY_NAME = import.meta.env.VITE_PARTNER_COMPANY_NAME ?? 'Partner'

/** "company name contains the partner name"; compared case-insensitively (docs/decisions.md). */
export function isPartnerCompany(companyName: string | null, partnerName: string = PARTNER_COMPANY_NAME) {
  if (!companyName || !partnerName.trim()) return false
  return companyName.toLocaleLowerCase('pl').includes(partnerName.trim().toLocaleLowerCase('pl'))
}
