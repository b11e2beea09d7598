import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// Run after `vite build`: writes `.br` and `.gz` siblings of the build's text files once, at the
// highest levels, so the server sends them compressed without spending CPU per request
// (@fastify/static `preCompressed`). A sibling that would not be smaller is not written.

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|ico)$/
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else if (TEXT_FILE.test(entry.name)) yield full
  }
}

export function precompress(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 }
  for (const file of files(dir)) {
    if (statSync(file).size < MIN_BYTES) continue
    const raw = readFileSync(file)
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    })
    const gz = gzipSync(raw, { level: 9 })
    if (br.length < raw.length) writeFileSync(`${file}.br`, br)
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz)
    totals.files += 1
    totals.bytes += raw.length
    totals.brotli += Math.min(br.length, raw.length)
  }
  return totals
}

if (import.meta.main) {
  const dir = process.argv[2] ?? 'dist'
  const { files: count, bytes, brotli } = precompress(dir)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(`precompressed ${count} files in ${dir}: ${kb(bytes)} → ${kb(brotli)} (brotli)`)
}
