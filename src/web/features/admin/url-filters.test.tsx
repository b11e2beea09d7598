// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { readTeachersUrl, writeTeachersUrl } from './teachers-url.ts'
import { useUrlFilters } from './url-filters.ts'

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/admin/teachers']}>{children}</MemoryRouter>
)

function useTeachersFilters() {
  const [filters, go] = useUrlFilters(readTeachersUrl, writeTeachersUrl)
  return { filters, go, search: useLocation().search }
}

describe('a console screen’s URL filters', () => {
  it('keeps a filter picked just before a search, both sent before the screen re-renders', () => {
    const { result } = renderHook(useTeachersFilters, { wrapper })
    act(() => {
      const { go } = result.current
      go((current) => ({ ...current, status: 'active', page: 1 }))
      go((current) => ({ ...current, q: 'anna.nowak@demo.lektorium.pl', page: 1 }))
    })
    expect(result.current.filters).toMatchObject({ status: 'active', q: 'anna.nowak@demo.lektorium.pl' })
    expect(result.current.search).toBe('?status=active&q=anna.nowak%40demo.lektorium.pl')
  })

  it('follows an address changed elsewhere (a link, the back button)', () => {
    const { result } = renderHook(useTeachersFilters, { wrapper })
    act(() => result.current.go((current) => ({ ...current, status: 'deactivated' })))
    act(() => result.current.go((current) => ({ ...current, page: 2 })))
    expect(result.current.search).toBe('?status=deactivated&page=2')
  })
})
