/**
 * The seeding tools: fill catalogs, datasets, events, import files, import jobs, main menu, pages
 * and users with demo data (`npm run seed`).
 * @module seeding tools
 */
export * from '../../web/src/seed'
