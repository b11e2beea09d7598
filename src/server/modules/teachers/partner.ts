// IT teachers are for users whose company name contains the partner customer's name (config
// PARTNER_COMPANY_NAME; product-rules.md "Who uses it", "Roles and permissions"). The same rule as
// the web's src/web/config/partner.ts, so the navigation and the server agree: case-insensitive, the
// partner name trimmed, an empty name matches nobody (docs/decisions.md).
export function isPartnerCompany(companyName: string | null, partnerName: string): boolean {
  const partner = partnerName.trim().toLocaleLowerCase('pl')
  if (!companyName || !partner) return false
  return companyName.toLocaleLowerCase('pl').includes(partner)
}
