import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The embedded database server and PGlite run in the launcher process, never in Next's bundles.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-postgis'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
