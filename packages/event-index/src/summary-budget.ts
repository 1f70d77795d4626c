/**
 * The byte budgets of what the index learns from rows on first use and keeps for every read of the
 * process (a filtered value's rows by grid cell, crowded cells' map clusters at fine zooms): set
 * from the memory the index itself may hold, so a small container is not crowded out by them.
 * @module
 */
import { FINE_CELLS_MAX_BYTES, fineCells } from './aggregations'
import { VALUE_GRIDS_MAX_BYTES, valueGrids } from './row-grid'

/** The kept summaries' budgets, in bytes. */
export interface SummaryBudgets {
  readonly valueGrids: number
  readonly fineCells: number
}

/**
 * Sizes the process's kept summaries to a share of the index's own limit (a sixteenth for the
 * values' grids, a thirty-second for the fine cells), never past their defaults.
 * @param indexMaxBytes - the most memory the index may hold
 * @returns the budgets set
 * @example budgetKeptSummaries(256 * 1024 * 1024) // { valueGrids: 16777216, fineCells: 8388608 }
 */
export function budgetKeptSummaries(indexMaxBytes: number): SummaryBudgets {
  const budgets = {
    valueGrids: Math.min(VALUE_GRIDS_MAX_BYTES, Math.floor(indexMaxBytes / 16)),
    fineCells: Math.min(FINE_CELLS_MAX_BYTES, Math.floor(indexMaxBytes / 32)),
  }
  valueGrids.resize(budgets.valueGrids)
  fineCells.resize(budgets.fineCells)
  return budgets
}
