import { describe, expect, it } from 'vitest'
import { isPartnerCompany } from './partner.ts'

// IT teachers are for the partner company's users (product-rules.md "Who uses it"); the web's rule
// (src/web/config/partner.ts).

describe('isPartnerCompany', () => {
  it('matches a company name containing the partner name, ignoring case', () => {
    expect(isPartnerCompany('ACME Partner Sp. z o.o.', 'partner')).toBe(true)
    expect(isPartnerCompany('partnerstwo', 'Partner')).toBe(true)
    expect(isPartnerCompany('Orbis Logistyka', 'Partner')).toBe(false)
  })

  it('trims the partner name and lets an empty one match nobody', () => {
    expect(isPartnerCompany('Partner S.A.', '  Partner ')).toBe(true)
    expect(isPartnerCompany('Partner S.A.', '   ')).toBe(false)
    expect(isPartnerCompany(null, 'Partner')).toBe(false)
    expect(isPartnerCompany('', 'Partner')).toBe(false)
  })
})
