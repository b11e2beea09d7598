import { expect } from '@playwright/test'
import { test } from './support/story.ts'

// /favicon.ico once answered 404, and browsers and tools ask for it whatever the page says.
test('/favicon.ico is the logo as an icon', async ({ request }) => {
  const response = await request.get('/favicon.ico')
  expect(response.status()).toBe(200)
  const body = await response.body()
  // ICONDIR: reserved 0, type 1 (icon), then at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1])
  expect(body.readUInt16LE(4)).toBeGreaterThan(0)
})
