/**
 * Configuration and app: the settings read from the environment (every `CHRONOTOPE_*` variable),
 * the database the app runs on, and the security headers of its responses.
 * @module configuration and app
 */
export * from '../../web/src/config/settings'
export * from '../../web/src/config/database'
export * from '../../web/src/lib/security/security-headers'
