// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { navigateOutsideReact, useLendNavigate } from './navigation.ts'

function Shell() {
  useLendNavigate()
  return <p>{useLocation().pathname}</p>
}

const mount = () =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <Shell /> }], {
        initialEntries: ['/dashboard/set-lessons'],
      })}
    />,
  )

describe('navigation from outside React', () => {
  afterEach(cleanup)

  it('asked before the app has mounted, happens once it has, without loading the page', async () => {
    const before = window.location.href
    navigateOutsideReact('/login')
    expect(window.location.href).toBe(before)
    mount()
    expect(await screen.findByText('/login')).toBeTruthy()
  })

  it('asked while the app is mounted, happens at once', async () => {
    mount()
    expect(await screen.findByText('/dashboard/set-lessons')).toBeTruthy()
    navigateOutsideReact('/login')
    expect(await screen.findByText('/login')).toBeTruthy()
  })
})
