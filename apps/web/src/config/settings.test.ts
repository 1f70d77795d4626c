import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { processMemoryLimit } from '../lib/runtime/memory-limit'
import { InvalidSetting, readSettings, repositoryRoot } from './settings'

describe('readSettings', () => {
  it('works offline with nothing set', () => {
    const settings = readSettings({})
    expect(settings).toMatchObject({
      environment: 'development',
      databaseUrl: undefined,
      databaseKind: 'external',
      port: 3000,
      serverUrl: 'http://localhost:3000',
      seedOnFirstStart: true,
      runJobsInWeb: true,
      logLevel: 'info',
    })
    expect(settings.dataDir).toBe(path.join(repositoryRoot, 'data'))
    expect(Object.isFrozen(settings)).toBe(true)
  })

  it.each([
    [{ PORT: '8080' }, { port: 8080, serverUrl: 'http://localhost:8080' }],
    [{ DATABASE_URL: 'postgres://u@db:5432/x' }, { databaseUrl: 'postgres://u@db:5432/x' }],
    [{ DATABASE_URL: 'postgresql://u@db/x', CHRONOTOPE_DATABASE_KIND: 'embedded' }, { databaseKind: 'embedded' }],
    [{ DATABASE_URL: 'postgres://u@db/x' }, { databaseReadUrl: undefined }],
    [
      { DATABASE_URL: 'postgres://u@db/x', DATABASE_READ_URL: ' postgres://u@replica/x ' },
      { databaseReadUrl: 'postgres://u@replica/x' },
    ],
    [{ CHRONOTOPE_SEED_ON_FIRST_START: 'no' }, { seedOnFirstStart: false }],
    [
      { NODE_ENV: 'production', PAYLOAD_SECRET: 's' },
      { environment: 'production', runJobsInWeb: false, workerProcesses: 1 },
    ],
    [{}, { runJobsInWeb: true, workerProcesses: 0 }],
    [{ CHRONOTOPE_RUN_JOBS_IN_WEB: 'false' }, { runJobsInWeb: false, workerProcesses: 1 }],
    [{ NODE_ENV: 'production', PAYLOAD_SECRET: 's', CHRONOTOPE_WORKERS: '0' }, { workerProcesses: 0 }],
    [{ NODE_ENV: 'production', PAYLOAD_SECRET: 's', CHRONOTOPE_WORKERS: '3' }, { workerProcesses: 3 }],
    [{ SERVER_URL: 'https://events.example.org/' }, { serverUrl: 'https://events.example.org' }],
    [{ CHRONOTOPE_DATA_DIR: '/srv/chronotope' }, { dataDir: '/srv/chronotope' }],
    [{}, { uploadMaxBytes: 100 * 1024 * 1024, jobLeaseSeconds: 60 }],
    [{ CHRONOTOPE_UPLOAD_MAX_MB: '0.5' }, { uploadMaxBytes: 524_288 }],
    [
      {},
      {
        uploadRateLimitPerUser: { limit: 30, windowSeconds: 3600 },
        uploadRateLimitPerIp: { limit: 60, windowSeconds: 3600 },
      },
    ],
    [{ CHRONOTOPE_UPLOAD_RATE_LIMIT_USER: '5/minute' }, { uploadRateLimitPerUser: { limit: 5, windowSeconds: 60 } }],
    [{ CHRONOTOPE_UPLOAD_RATE_LIMIT_IP: 'off' }, { uploadRateLimitPerIp: null }],
    [{}, { loginRateLimitPerIp: { limit: 5, windowSeconds: 60 }, trustedProxies: [] }],
    [{ CHRONOTOPE_LOGIN_RATE_LIMIT_IP: 'off' }, { loginRateLimitPerIp: null }],
    [{ CHRONOTOPE_LOGIN_RATE_LIMIT_IP: '100/hour' }, { loginRateLimitPerIp: { limit: 100, windowSeconds: 3600 } }],
    [
      { CHRONOTOPE_TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, ::1' },
      {
        trustedProxies: [
          { network: '127.0.0.1', prefix: 32, family: 'ipv4' },
          { network: '10.0.0.0', prefix: 8, family: 'ipv4' },
          { network: '::1', prefix: 128, family: 'ipv6' },
        ],
      },
    ],
    [{ CHRONOTOPE_JOB_LEASE_SECONDS: '5' }, { jobLeaseSeconds: 5 }],
    [{}, { eventIndexMaxEvents: Number.MAX_SAFE_INTEGER }],
    [{ CHRONOTOPE_EVENT_INDEX_MAX_EVENTS: '0' }, { eventIndexMaxEvents: 0 }],
    [{ CHRONOTOPE_EVENT_INDEX_MAX_MB: '512' }, { eventIndexMaxBytes: 512 * 1024 * 1024 }],
    [{}, { eventIndexSnapshots: true }],
    [{ CHRONOTOPE_EVENT_INDEX_SNAPSHOTS: 'false' }, { eventIndexSnapshots: false }],
    [{}, { eventIndexMaxBytes: Math.round(processMemoryLimit() / 4) }],
    // Web processes share the index's default budget; the embedded database and development run one.
    [{}, { webProcesses: 1 }],
    [
      { NODE_ENV: 'production', PAYLOAD_SECRET: 's', CHRONOTOPE_WEB_PROCESSES: '2' },
      { webProcesses: 2, eventIndexMaxBytes: Math.round(processMemoryLimit() / 8) },
    ],
    [{ NODE_ENV: 'production', PAYLOAD_SECRET: 's', CHRONOTOPE_DATABASE_KIND: 'embedded' }, { webProcesses: 1 }],
    [{}, { apiMaxLimit: 1000 }],
    [{ CHRONOTOPE_API_MAX_LIMIT: '250' }, { apiMaxLimit: 250 }],
    [{}, { importMaxSheets: 50 }],
    [{}, { embeddedSharedBuffersMb: 32 }],
    [{ CHRONOTOPE_EMBEDDED_SHARED_BUFFERS_MB: '128' }, { embeddedSharedBuffersMb: 128 }],
    [{ CHRONOTOPE_IMPORT_MAX_SHEETS: '3' }, { importMaxSheets: 3 }],
  ])('reads %o', (env, expected) => {
    expect(readSettings(env)).toMatchObject(expected)
  })

  it('reads the geocoding allow-list: none by default; hosts, addresses and ranges', () => {
    expect(readSettings({}).geocodingAllowedHosts).toMatchObject({ hosts: [], ranges: [] })
    const list = readSettings({
      CHRONOTOPE_GEOCODING_ALLOWED_HOSTS: 'pelias, 10.0.0.0/8 127.0.0.1',
    }).geocodingAllowedHosts
    expect(list.hosts).toEqual(['pelias'])
    expect(list.ranges.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '10.0.0.0/8',
      '127.0.0.1/32',
    ])
    expect(list.name).toBe('CHRONOTOPE_GEOCODING_ALLOWED_HOSTS')
  })

  it('reads the webhook allow-list on its own, apart from the geocoding one', () => {
    const settings = readSettings({
      CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS: 'hooks.internal 192.168.1.0/24',
      CHRONOTOPE_GEOCODING_ALLOWED_HOSTS: 'pelias',
    })
    expect(settings.webhookAllowedHosts.hosts).toEqual(['hooks.internal'])
    expect(settings.webhookAllowedHosts.name).toBe('CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS')
    expect(settings.geocodingAllowedHosts.hosts).toEqual(['pelias'])
    expect(readSettings({}).webhookAllowedHosts).toMatchObject({ hosts: [], ranges: [] })
    expect(() => readSettings({ CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS: 'https://hooks.example.org' })).toThrow(
      /CHRONOTOPE_WEBHOOK_ALLOWED_HOSTS must list hosts/,
    )
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 1 to 65535; got "eighty"'],
    [{ PORT: '70000' }, 'PORT must be an integer from 1 to 65535; got "70000"'],
    [{ DATABASE_URL: 'localhost' }, 'DATABASE_URL must start with postgres:// or postgresql://; got "localhost"'],
    [
      { DATABASE_URL: 'postgres://u@db/x', DATABASE_READ_URL: 'replica:5432' },
      'DATABASE_READ_URL must start with postgres:// or postgresql://; got "replica:5432"',
    ],
    [
      { DATABASE_READ_URL: 'postgres://u@replica/x' },
      'DATABASE_READ_URL needs DATABASE_URL: a replica reads from a primary server',
    ],
    [{ NODE_ENV: 'production' }, 'PAYLOAD_SECRET must be set in production'],
    [{ CHRONOTOPE_SEED_ON_FIRST_START: 'maybe' }, 'CHRONOTOPE_SEED_ON_FIRST_START must be true or false; got "maybe"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ CHRONOTOPE_UPLOAD_MAX_MB: '-1' }, 'CHRONOTOPE_UPLOAD_MAX_MB must be a positive number; got "-1"'],
    [{ CHRONOTOPE_API_MAX_LIMIT: '0' }, 'CHRONOTOPE_API_MAX_LIMIT must be a whole number, 1 or more; got "0"'],
    [{ CHRONOTOPE_API_MAX_LIMIT: 'all' }, 'CHRONOTOPE_API_MAX_LIMIT must be a whole number, 1 or more; got "all"'],
    [
      { CHRONOTOPE_EVENT_INDEX_MAX_EVENTS: '1.5' },
      'CHRONOTOPE_EVENT_INDEX_MAX_EVENTS must be a whole number, 0 or more; got "1.5"',
    ],
    [{ CHRONOTOPE_UPLOAD_RATE_LIMIT_USER: 'lots' }, 'CHRONOTOPE_UPLOAD_RATE_LIMIT_USER must look like 20/hour'],
    [{ CHRONOTOPE_UPLOAD_RATE_LIMIT_IP: '0/hour' }, 'CHRONOTOPE_UPLOAD_RATE_LIMIT_IP must look like 20/hour'],
    [{ CHRONOTOPE_WORKERS: 'two' }, 'CHRONOTOPE_WORKERS must be a whole number, 0 or more; got "two"'],
    [{ CHRONOTOPE_WEB_PROCESSES: '0' }, 'CHRONOTOPE_WEB_PROCESSES must be a whole number, 1 or more; got "0"'],
    [{ CHRONOTOPE_LOGIN_RATE_LIMIT_IP: 'ten' }, 'CHRONOTOPE_LOGIN_RATE_LIMIT_IP must look like 20/hour'],
    [
      { CHRONOTOPE_TRUSTED_PROXIES: '10.0.0.1, proxy.internal' },
      'CHRONOTOPE_TRUSTED_PROXIES must list IP addresses or CIDR networks separated by commas; "proxy.internal" is not',
    ],
    [{ CHRONOTOPE_IMPORT_MAX_SHEETS: '0' }, 'CHRONOTOPE_IMPORT_MAX_SHEETS must be a whole number, 1 or more; got "0"'],
    [
      { CHRONOTOPE_EMBEDDED_SHARED_BUFFERS_MB: '16MB' },
      'CHRONOTOPE_EMBEDDED_SHARED_BUFFERS_MB must be a whole number, 1 or more; got "16MB"',
    ],
    [
      { CHRONOTOPE_GEOCODING_ALLOWED_HOSTS: 'geocoder.internal, http://10.0.0.5:8080' },
      'CHRONOTOPE_GEOCODING_ALLOWED_HOSTS must list hosts, addresses or CIDR ranges; "http://10.0.0.5:8080" is not',
    ],
  ])('rejects %o naming the variable', (env, message) => {
    expect(() => readSettings(env)).toThrow(InvalidSetting)
    expect(() => readSettings(env)).toThrow(message)
  })
})
