import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import { PHASE_PRODUCTION_SERVER } from 'next/constants'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The embedded database server and PGlite run in the launcher process, never in Next's bundles.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-postgis'],
}

/**
 * In production the app is served by src/server, which gzips itself (fast for the streamed
 * exports), so Next must not compress as well; `next dev` keeps Next's own compression.
 */
export default function config(phase: string): NextConfig {
  return withPayload({ ...nextConfig, compress: phase !== PHASE_PRODUCTION_SERVER }, { devBundleServerPackages: false })
}
