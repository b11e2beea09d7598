// @vitest-environment happy-dom
import { Button, MantineProvider, Menu } from '@mantine/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { lazy } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { theme } from '../config/theme.ts'
import { LazyMenu, type LoadedMenuProps } from './lazy-menu.tsx'

function Loaded({ target, opened, onChange }: LoadedMenuProps) {
  return (
    <Menu opened={opened} onChange={onChange} transitionProps={{ duration: 0 }}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item>First</Menu.Item>
        <Menu.Item>Second</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

// A chunk of its own, as the app's menus are: it arrives after the click.
const LoadedLater = lazy(async () => ({ default: Loaded }))

function show() {
  render(
    <MantineProvider theme={theme}>
      <LazyMenu preload={() => undefined} target={<Button>Actions</Button>}>
        {(menu) => <LoadedLater {...menu} />}
      </LazyMenu>
    </MantineProvider>,
  )
  return () => screen.getByRole('button', { name: 'Actions' })
}

describe('LazyMenu', () => {
  afterEach(cleanup)

  // Mounted open, Mantine's menu remembered no element to give the focus back to: Esc left it on
  // <body>, and the keyboard lost its place in the page.
  it('opened by the keyboard, takes the focus into the menu and gives it back to its trigger on Esc', async () => {
    const trigger = show()
    trigger().focus()
    fireEvent.click(trigger())
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    expect(trigger().getAttribute('aria-expanded')).toBe('true')

    fireEvent.keyDown(document.activeElement ?? menu, { key: 'Escape' })

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger()))
    expect(trigger().getAttribute('aria-expanded')).toBe('false')
  })

  it('opens and closes again through the loaded trigger', async () => {
    const trigger = show()
    fireEvent.click(trigger())
    await screen.findByRole('menu')
    fireEvent.click(trigger())
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    fireEvent.click(trigger())
    // Shown again (happy-dom has no layout: Mantine keeps a reopened dropdown display: none).
    expect(await screen.findByRole('menu', { hidden: true })).toBeTruthy()
    expect(trigger().getAttribute('aria-expanded')).toBe('true')
  })
})
