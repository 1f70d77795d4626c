import * as migration_20261120_233922_initial from './20261120_233922_initial';

export const migrations = [
  {
    up: migration_20261120_233922_initial.up,
    down: migration_20261120_233922_initial.down,
    name: '20261120_233922_initial'
  },
];
