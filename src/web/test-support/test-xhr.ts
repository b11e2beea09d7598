import { vi } from 'vitest'

// Unit tests' uploads (api/upload.ts uses XMLHttpRequest for its progress): a stand-in that
// records each request and lets the test report progress, answer or fail it.

type UploadEvent = { lengthComputable: boolean; loaded: number; total: number }

export class FakeUpload {
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | null = null
  status = 0
  responseText = ''
  aborted = false
  upload: { onprogress: ((event: UploadEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  ontimeout: (() => void) | null = null
  onabort: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  send(body: FormData) {
    this.body = body
    uploads.push(this)
  }
  abort() {
    this.aborted = true
    this.onabort?.()
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total })
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
  failNetwork() {
    this.onerror?.()
  }
}

let uploads: FakeUpload[] = []

/** Replaces XMLHttpRequest; returns the list the started uploads are added to. */
export function stubUploads(): FakeUpload[] {
  uploads = []
  vi.stubGlobal('XMLHttpRequest', FakeUpload)
  return uploads
}
