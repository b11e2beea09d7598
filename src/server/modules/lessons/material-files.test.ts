import { describe, expect, it } from 'vitest'
import { attachmentDisposition, materialContentType, materialFilename } from './material-files.ts'

describe('materialFilename', () => {
  it('keeps a name whose extension fits the sniffed type', () => {
    expect(materialFilename('Lekcja 3.pdf', 'pdf')).toBe('Lekcja 3.pdf')
    expect(materialFilename('photo.JPEG', 'jpeg')).toBe('photo.JPEG')
    expect(materialFilename('report.docx', 'office-zip')).toBe('report.docx')
  })

  it('gives the type’s extension to a name that says otherwise or has none', () => {
    expect(materialFilename('notes.pdf', 'png')).toBe('notes.png')
    expect(materialFilename('setup.msi', 'office-legacy')).toBe('setup.doc')
    expect(materialFilename('archive.exe', 'office-zip')).toBe('archive.zip')
    expect(materialFilename('README', 'csv')).toBe('README.csv')
    expect(materialFilename('v1.2 final notes', 'pdf')).toBe('v1.2 final notes.pdf')
  })

  it('drops path parts, control and format characters, and leading or trailing dots', () => {
    expect(materialFilename('../../etc/passwd', 'csv')).toBe('passwd.csv')
    expect(materialFilename('C:\\fakepath\\scan.png', 'png')).toBe('scan.png')
    expect(materialFilename('evil\u202Egnp.exe', 'png')).toBe('evilgnp.png')
    expect(materialFilename('a\u0000b\u200Bc\n.pdf', 'pdf')).toBe('abc.pdf')
    expect(materialFilename('a\uD800b\uDE00c😀.pdf', 'pdf')).toBe('abc😀.pdf')
    expect(materialFilename('.hidden.pdf', 'pdf')).toBe('hidden.pdf')
    expect(materialFilename('   ', 'pdf')).toBe('material.pdf')
    expect(materialFilename('', 'wav')).toBe('material.wav')
  })

  it('cuts a long name to 255 characters, counting code points, and keeps the extension', () => {
    const name = materialFilename(`${'😀'.repeat(300)}.pdf`, 'pdf')
    expect(Array.from(name)).toHaveLength(255)
    expect(name.endsWith('😀.pdf')).toBe(true)
  })
})

describe('materialContentType', () => {
  it('serves the sniffed type, and Office files by their name', () => {
    expect(materialContentType('pdf', 'x.png')).toBe('application/pdf')
    expect(materialContentType('office-zip', 'a.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(materialContentType('office-legacy', 'a.PPT')).toBe('application/vnd.ms-powerpoint')
    expect(materialContentType('office-zip', 'a.zip')).toBe('application/zip')
  })
})

describe('attachmentDisposition', () => {
  it('has an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(attachmentDisposition("Zażółć (1)'s.pdf")).toBe(
      "attachment; filename=\"Za____ (1)'s.pdf\"; filename*=UTF-8''Za%C5%BC%C3%B3%C5%82%C4%87%20%281%29%27s.pdf",
    )
    expect(attachmentDisposition('a"b\\c.pdf')).toBe(
      'attachment; filename="a_b_c.pdf"; filename*=UTF-8\'\'a%22b%5Cc.pdf',
    )
  })
})
