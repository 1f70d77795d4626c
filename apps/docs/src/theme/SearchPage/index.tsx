/**
 * The local search's page with the site's title suffix, like every other page: the search plugin
 * sets a bare title ("Search the documentation"), which this sets again after it.
 */
import Head from '@docusaurus/Head'
import { useLocation } from '@docusaurus/router'
import SearchPage from '@theme-original/SearchPage'
import type { ReactNode } from 'react'

export default function SearchPageWithSuffix(): ReactNode {
  const query = new URLSearchParams(useLocation().search).get('q')
  return (
    <>
      <SearchPage />
      <Head>
        <title>{query ? `Search results for "${query}" – Chronotope` : 'Search the documentation – Chronotope'}</title>
      </Head>
    </>
  )
}
