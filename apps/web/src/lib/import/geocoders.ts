/**
 * The geocoding providers an import uses, from the geocoding-providers collection: the enabled
 * online providers in priority order, each behind a rate limit shared by every worker, and the
 * offline provider (no network, no configuration) at its configured priority, or last. Online
 * providers reach only public http/https addresses and CHRONOTOPE_GEOCODING_ALLOWED_HOSTS.
 * @module
 */
import {
  createOfflineProvider,
  createOnlineProvider,
  type GeocodingProvider,
  type OnlineProviderType,
} from '@chronotope/geocoding'
import type { Payload } from 'payload'

import { settings } from '../../config/settings'
import { COLLECTION_NAMES } from '../../constants/collection-names'
import { createDatabaseRateLimiter, type LimitedProvider } from '../geocoding/database-rate-limiter'
import { decryptSecret } from '../secret-box'
import type { ProviderChoice } from './geocoding-settings'
import { databasePool } from './progress-tracking'

let offline: GeocodingProvider | undefined

/** The offline provider; it loads its data once per process. */
export function offlineGeocoder(): GeocodingProvider {
  offline ??= createOfflineProvider()
  return offline
}

interface ProviderDoc {
  readonly id: number
  readonly name: string
  readonly type: 'offline' | OnlineProviderType
  readonly baseUrl?: string | null
  readonly apiKey?: string | null
  readonly countryBias?: string | null
  readonly timeoutMs?: number | null
  readonly rateLimit?: { readonly requestsPerSecond?: number | null } | null
}

const EVERY_PROVIDER: ProviderChoice = { providerIds: null, offlineFallback: true }

/**
 * The providers to try, in priority order: the enabled ones a dataset chose (all enabled ones when
 * it chose none), then the offline provider unless the dataset turned that fallback off.
 */
export async function importGeocoders(
  payload: Payload,
  choice: ProviderChoice = EVERY_PROVIDER,
): Promise<readonly GeocodingProvider[]> {
  const { docs } = await payload.find({
    collection: COLLECTION_NAMES.GEOCODING_PROVIDERS,
    where: {
      enabled: { equals: true },
      ...(choice.providerIds ? { id: { in: [...choice.providerIds] } } : {}),
    },
    sort: 'priority',
    depth: 0,
    limit: 100,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const limited = new Map<string, LimitedProvider>()
  const rateLimiter = createDatabaseRateLimiter(databasePool(payload), limited)
  const providers: GeocodingProvider[] = []
  for (const doc of docs as unknown as ProviderDoc[]) {
    if (doc.type === 'offline') {
      if (!providers.includes(offlineGeocoder())) providers.push(offlineGeocoder())
      continue
    }
    limited.set(doc.name, { id: doc.id, requestsPerSecond: doc.rateLimit?.requestsPerSecond ?? 1 })
    providers.push(
      createOnlineProvider(doc.type, {
        name: doc.name,
        ...(doc.baseUrl ? { baseUrl: doc.baseUrl } : {}),
        ...(doc.apiKey ? { apiKey: decryptSecret(doc.apiKey, payload.secret) } : {}),
        ...(doc.countryBias ? { countryBias: doc.countryBias.split(',')[0]!.trim() } : {}),
        ...(doc.timeoutMs ? { timeoutMs: doc.timeoutMs } : {}),
        // Loopback, private and metadata addresses are refused, before and after DNS, unless listed.
        allowList: settings.geocodingAllowedHosts,
        rateLimiter,
      }),
    )
  }
  // Offline by default: the offline provider answers whatever the online ones could not.
  if (choice.offlineFallback && !providers.includes(offlineGeocoder())) providers.push(offlineGeocoder())
  return providers
}
