import { describe, expect, it } from 'vitest'
import { builtinRoomPath } from '../../config/paths.ts'
import { cubeRedirect } from './cube-routing.ts'

const cube = { is_group: false, is_learncube: true }
const search = '?lesson_id=7f9c'

describe('cubeRedirect', () => {
  it('keeps a cube lesson here, whoever asks (no voice-sample check)', () => {
    expect(cubeRedirect(cube, search)).toBeNull()
  })

  it('sends a group lesson to my-lessons and an ordinary lesson to the ordinary room', () => {
    expect(cubeRedirect({ ...cube, is_group: true }, search)).toBe('/dashboard/my-lessons')
    expect(cubeRedirect({ ...cube, is_learncube: false }, search)).toBe(
      `/dashboard/video-call-vonage${search}`,
    )
  })
})

describe('builtinRoomPath', () => {
  it('asks for the ordinary room with the same query (the fallback)', () => {
    expect(builtinRoomPath(search)).toBe('/dashboard/video-call-vonage?lesson_id=7f9c&room=builtin')
    expect(builtinRoomPath('?lesson_id=7f9c&room=builtin')).toBe(
      '/dashboard/video-call-vonage?lesson_id=7f9c&room=builtin',
    )
  })
})
