'use client'
/**
 * What the explore view and the embed run inside: the URL-state adapter (`nuqs`), the query cache
 * (TanStack Query) and the explore model.
 * @module
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { NuqsAdapter } from 'nuqs/adapters/next/app'
import { useEffect, useState, type ReactNode } from 'react'

import { ExploreProvider } from './explore-context'
import type { ExploreCatalog } from './explore-types'

function newQueryClient(): QueryClient {
  // Answers stay fresh for a minute (the read API revalidates by ETag).
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
  })
}

let browserQueryClient: QueryClient | undefined

/**
 * The query cache: one per view of the page in the browser, kept outside React because React
 * throws away the state of a first render that suspends (a component whose code is still loading),
 * and the requests the panels started while rendering would be made again into a new cache; a new
 * one per request on the server.
 */
function exploreQueryClient(): QueryClient {
  if (typeof window === 'undefined') return newQueryClient()
  browserQueryClient ??= newQueryClient()
  return browserQueryClient
}

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
  const [queryClient] = useState(exploreQueryClient)
  // Leaving the view ends its cache: coming back (after an import, say) asks afresh.
  useEffect(
    () => () => {
      if (browserQueryClient === queryClient) browserQueryClient = undefined
    },
    [queryClient],
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
