'use client'
/**
 * What the explore view and the embed run inside: the URL-state adapter (`nuqs`), the query cache
 * (TanStack Query) and the explore model.
 * @module
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { NuqsAdapter } from 'nuqs/adapters/next/app'
import { useState, type ReactNode } from 'react'

import { ExploreProvider } from './explore-context'
import type { ExploreCatalog } from './explore-types'

/** Wraps the explore view or the embed. */
export function ExploreProviders({
  catalogs,
  embedded = false,
  children,
}: {
  catalogs: readonly ExploreCatalog[]
  embedded?: boolean
  children: ReactNode
}) {
  // One cache per page view: answers stay fresh for a minute (the read API revalidates by ETag).
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
      }),
  )
  return (
    <NuqsAdapter>
      <QueryClientProvider client={queryClient}>
        <ExploreProvider catalogs={catalogs} embedded={embedded}>
          {children}
        </ExploreProvider>
      </QueryClientProvider>
    </NuqsAdapter>
  )
}
