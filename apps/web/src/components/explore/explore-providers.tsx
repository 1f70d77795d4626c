'use client'
/**
 * What the explore view and the embed run inside: the URL-state adapter (`nuqs`), the query cache
 * (TanStack Query) and the explore model.
 * @module
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { NuqsAdapter } from 'nuqs/adapters/next/app'
import { useState, type ReactNode } from 'react'

import type { InitialBounds } from '../../lib/explore/initial-bounds'
import { ExploreProvider } from './explore-context'
import { boundsQueryKey } from './explore-queries'
import type { ExploreCatalog } from './explore-types'

/** Wraps the explore view or the embed. */
export function ExploreProviders({
  catalogs,
  embedded = false,
  initialBounds = null,
  children,
}: {
  catalogs: readonly ExploreCatalog[]
  embedded?: boolean
  /** The map's `bounds` answer, read with the page (server and browser render with it alike). */
  initialBounds?: InitialBounds | null
  children: ReactNode
}) {
  // One cache per page view: answers stay fresh for a minute (the read API revalidates by ETag).
  const [queryClient] = useState(() => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
    })
    if (initialBounds) client.setQueryData(boundsQueryKey(initialBounds.key), initialBounds.response)
    return client
  })
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
