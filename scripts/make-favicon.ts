import { readFileSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './find-chromium.ts'

// Makes public/favicon.ico from public/icons/logo.svg (browsers and tools still ask for
// /favicon.ico, which was a 404 without it). Run once after the logo changes and commit the result:
//   node scripts/make-favicon.ts
// The ICO holds the logo drawn by Chromium as PNGs of 16, 32 and 48 px (an ICO may hold PNGs).

const SIZES = [16, 32, 48]
const svg = readFileSync('public/icons/logo.svg', 'utf8')

const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS })
const images: Buffer[] = []
for (const size of SIZES) {
  const page = await browser.newPage({ viewport: { width: size, height: size } })
  const sized = svg.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`)
  await page.setContent(`<body style="margin:0;background:transparent">${sized}</body>`)
  images.push(
    await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } }),
  )
  await page.close()
}
await browser.close()

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs.
const header = Buffer.alloc(6)
header.writeUInt16LE(0, 0) // reserved
header.writeUInt16LE(1, 2) // type: icon
header.writeUInt16LE(images.length, 4)
let offset = 6 + 16 * images.length
const entries = images.map((png, i) => {
  const size = SIZES[i] ?? 0
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size % 256, 0) // width (0 means 256)
  entry.writeUInt8(size % 256, 1) // height
  entry.writeUInt8(0, 2) // no palette
  entry.writeUInt8(0, 3) // reserved
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(offset, 12)
  offset += png.length
  return entry
})
writeFileSync('public/favicon.ico', Buffer.concat([header, ...entries, ...images]))
console.log(`public/favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`)
