// A small, valid one-page PDF for the demo lesson material: content sniffing (src/domain/files.ts)
// sees a PDF, and any viewer opens it. Text in ASCII with the standard Helvetica font, so no font
// needs embedding.

export const DEMO_MATERIAL_FILENAME = 'Present Perfect – ćwiczenia.pdf'

const LINES = [
  'Present Perfect - exercises',
  '',
  '1. I ___ (visit) London three times.',
  '2. She ___ (not finish) her report yet.',
  '3. ___ you ever ___ (try) Polish pierogi?',
  '4. We ___ (live) in Krakow since 2019.',
]

const escapePdf = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)

/** A valid one-page PDF with a line of text per entry (ASCII; `size` in points), top down. */
export function onePagePdf(lines: { text: string; size: number }[]): Buffer {
  const text = lines.map(
    ({ text: line, size }, i) => `BT /F1 ${size} Tf 72 ${770 - i * 24} Td (${escapePdf(line)}) Tj ET`,
  )
  const content = text.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  for (const [index, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(pdf))
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  }
  const xref = Buffer.byteLength(pdf)
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}

export const demoMaterialPdf = (): Buffer =>
  onePagePdf(LINES.map((text, i) => ({ text, size: i === 0 ? 18 : 12 })))
