import type { LearncubeRoomToken } from '../../../domain/api/room.ts'

// LearnCube's embedding (their documentation): their style sheet and client script on the page,
// then `new VirtualClassroom('#element', config)` renders the classroom in the element. LearnCube
// is an outside service: its script is loaded from their address, once per page.

/** What LearnCube's client is given, in the names their documentation uses. */
export type ClassroomConfig = {
  token: string
  userid: string
  username: string
  publicKey: string
  userType: 'teacher' | 'student'
  validateUrl: string
}

export type VirtualClassroomClass = new (selector: string, config: ClassroomConfig) => unknown

type ClassroomUrls = Pick<LearncubeRoomToken['learncube'], 'client_url' | 'style_url'>

/** The script did not arrive (network, blocked, too slow) or did not define `VirtualClassroom`. */
export class ClassroomClientFailed extends Error {
  readonly code = 'learncube_client_failed'
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ClassroomClientFailed'
  }
}

/** A script that has neither loaded nor failed by then counts as failed (Retry is offered). */
export const CLIENT_LOAD_TIMEOUT_MS = 30_000

/** What a page has been given: the scripts loading or loaded, and the style sheets added. */
type PageAssets = { scripts: Map<string, Promise<VirtualClassroomClass>>; styles: Set<string> }
const pages = new WeakMap<Document, PageAssets>()

function assetsOf(doc: Document): PageAssets {
  let assets = pages.get(doc)
  if (!assets) {
    assets = { scripts: new Map(), styles: new Set() }
    pages.set(doc, assets)
  }
  return assets
}

/** The room token's answer as LearnCube's client wants it. */
export const classroomConfig = (classroom: LearncubeRoomToken['learncube']): ClassroomConfig => ({
  token: classroom.room_token,
  userid: classroom.user_id,
  username: classroom.username,
  publicKey: classroom.public_key,
  userType: classroom.user_type,
  validateUrl: classroom.validate_url,
})

/**
 * LearnCube's classroom class, its style sheet and script added to the page once. A failed load
 * is forgotten (its script element removed), so the next call tries again.
 */
export function loadClassroomClient(
  urls: ClassroomUrls,
  doc: Document = document,
): Promise<VirtualClassroomClass> {
  const { scripts, styles } = assetsOf(doc)
  addStyleSheet(urls.style_url, doc, styles)
  const known = scripts.get(urls.client_url)
  if (known) return known
  const promise = addScript(urls.client_url, doc).then(() => classroomClass(urls.client_url, doc))
  scripts.set(urls.client_url, promise)
  promise.catch(() => scripts.delete(urls.client_url))
  return promise
}

function addStyleSheet(href: string, doc: Document, styles: Set<string>) {
  if (styles.has(href)) return
  styles.add(href)
  const link = doc.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.dataset.learncubeStyle = ''
  // The classroom works unstyled: a missing style sheet is not worth stopping the lesson for.
  link.addEventListener(
    'error',
    () => {
      link.remove()
      styles.delete(href)
    },
    { once: true },
  )
  doc.head.append(link)
}

function addScript(src: string, doc: Document): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = src
    script.async = true
    script.dataset.learncubeClient = ''
    const fail = (reason: string) => {
      clearTimeout(timer)
      script.remove()
      reject(new ClassroomClientFailed(`LearnCube's client ${src} ${reason}`))
    }
    const timer = setTimeout(() => fail('did not load in time'), CLIENT_LOAD_TIMEOUT_MS)
    script.addEventListener('load', () => {
      clearTimeout(timer)
      resolve()
    })
    script.addEventListener('error', () => fail('failed to load'))
    doc.head.append(script)
  })
}

const isClassroomClass = (value: unknown): value is VirtualClassroomClass => typeof value === 'function'

function classroomClass(src: string, doc: Document): VirtualClassroomClass {
  const candidate: unknown = doc.defaultView ? Reflect.get(doc.defaultView, 'VirtualClassroom') : undefined
  if (isClassroomClass(candidate)) return candidate
  for (const script of doc.querySelectorAll('script[data-learncube-client]')) {
    if (script.getAttribute('src') === src) script.remove()
  }
  throw new ClassroomClientFailed(`LearnCube's client ${src} defined no VirtualClassroom`)
}
