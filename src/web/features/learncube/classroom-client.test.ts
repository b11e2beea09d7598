// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CLIENT_LOAD_TIMEOUT_MS,
  ClassroomClientFailed,
  classroomConfig,
  loadClassroomClient,
} from './classroom-client.ts'

// LearnCube's client is an outside script: these tests stand in for the browser's loading of it
// (each added element is held back from the page, and its load or error is dispatched by hand).

const urls = {
  client_url: 'https://classroom.learncube.test/client.js',
  style_url: 'https://classroom.learncube.test/client.css',
}
/** A script address of the test's own: the loader remembers each address for the page's life. */
const own = (name: string) => ({ ...urls, client_url: `https://classroom.learncube.test/${name}.js` })

let added: Element[] = []

beforeEach(() => {
  added = []
  vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) if (node instanceof Element) added.push(node)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  Reflect.deleteProperty(window, 'VirtualClassroom')
})

const scripts = () => added.filter((node) => node instanceof HTMLScriptElement)
const styleSheets = () => added.filter((node) => node instanceof HTMLLinkElement)

class StandIn {
  readonly selector: string
  constructor(selector: string) {
    this.selector = selector
  }
}

describe('loadClassroomClient', () => {
  it("adds LearnCube's style sheet and script once, and resolves with VirtualClassroom", async () => {
    const once = own('once')
    const first = loadClassroomClient(once)
    const second = loadClassroomClient(once)
    expect(second).toBe(first)
    expect(scripts().map((script) => script.src)).toEqual([once.client_url])
    expect(styleSheets()).toHaveLength(1)
    expect(styleSheets()[0]?.getAttribute('href')).toBe(urls.style_url)

    Reflect.set(window, 'VirtualClassroom', StandIn)
    scripts()[0]?.dispatchEvent(new Event('load'))
    expect(await first).toBe(StandIn)
  })

  it('rejects a script that fails to load, and the next call tries again', async () => {
    const fails = own('fails')
    const failed = loadClassroomClient(fails)
    scripts()[0]?.dispatchEvent(new Event('error'))
    await expect(failed).rejects.toBeInstanceOf(ClassroomClientFailed)

    const retried = loadClassroomClient(fails)
    expect(retried).not.toBe(failed)
    expect(scripts()).toHaveLength(2)
    Reflect.set(window, 'VirtualClassroom', StandIn)
    scripts()[1]?.dispatchEvent(new Event('load'))
    expect(await retried).toBe(StandIn)
  })

  it('rejects a script that loads without defining VirtualClassroom', async () => {
    const empty = own('empty')
    const loaded = loadClassroomClient(empty)
    scripts()[0]?.dispatchEvent(new Event('load'))
    await expect(loaded).rejects.toThrow('defined no VirtualClassroom')
  })

  it('gives up on a script that neither loads nor fails', async () => {
    vi.useFakeTimers()
    const hanging = loadClassroomClient(own('hangs'))
    const outcome = expect(hanging).rejects.toThrow('did not load in time')
    await vi.advanceTimersByTimeAsync(CLIENT_LOAD_TIMEOUT_MS)
    await outcome
  })
})

describe('classroomConfig', () => {
  it("names the room token's fields as LearnCube's client expects them", () => {
    expect(
      classroomConfig({
        ...urls,
        public_key: 'pk',
        room_token: 'room-1',
        validate_url: '/api/v1/learncube/validate?sig=1',
        user_id: 'u-1',
        username: 'Piotr Wiśniewski',
        user_type: 'student',
      }),
    ).toEqual({
      token: 'room-1',
      userid: 'u-1',
      username: 'Piotr Wiśniewski',
      publicKey: 'pk',
      userType: 'student',
      validateUrl: '/api/v1/learncube/validate?sig=1',
    })
  })
})
