import { describe, expect, it } from 'vitest'

import { canTransition, InvalidStageTransition, STAGE_TRANSITIONS, transitionStage } from './stage-transition'
import { PROCESSING_STAGE_ORDER, type ProcessingStage } from './stages'

describe('canTransition', () => {
  it.each<[ProcessingStage, ProcessingStage, boolean]>([
    ['dataset-detection', 'schema-detection', true],
    ['schema-detection', 'validate-schema', true],
    ['validate-schema', 'awaiting-approval', true],
    ['validate-schema', 'create-schema-version', true],
    ['awaiting-approval', 'create-schema-version', true],
    ['create-schema-version', 'analyze-duplicates', true],
    ['analyze-duplicates', 'geocode-batch', true],
    ['analyze-duplicates', 'create-events', true],
    ['geocode-batch', 'create-events', true],
    ['create-events', 'completed', true],
    ['failed', 'create-events', true],
    ['geocode-batch', 'completed', false],
    ['schema-detection', 'create-events', false],
    ['completed', 'failed', false],
    ['completed', 'create-events', false],
    ['failed', 'completed', false],
    ['create-events', 'analyze-duplicates', false],
  ])('%s → %s is %s', (from, to, expected) => {
    expect(canTransition(from, to)).toBe(expected)
  })

  it('lets every working stage fail, and nothing else', () => {
    for (const stage of PROCESSING_STAGE_ORDER) {
      const final = stage === 'completed' || stage === 'failed'
      expect(canTransition(stage, 'failed')).toBe(!final)
    }
  })

  it('never moves a stage to itself', () => {
    for (const stage of PROCESSING_STAGE_ORDER) expect(STAGE_TRANSITIONS[stage]).not.toContain(stage)
  })
})

describe('transitionStage', () => {
  it('records time, reason and the status the stage implies', () => {
    const result = transitionStage('validate-schema', 'awaiting-approval', 'field "date" changed type', new Date(0))
    expect(result).toEqual({
      from: 'validate-schema',
      to: 'awaiting-approval',
      status: 'awaiting-approval',
      at: '1970-01-01T00:00:00.000Z',
      reason: 'field "date" changed type',
    })
    expect(transitionStage('create-events', 'completed', 'done', new Date(0)).status).toBe('completed')
    expect(transitionStage('create-events', 'failed', 'x', new Date(0)).status).toBe('failed')
    expect(transitionStage('failed', 'create-events', 'retry', new Date(0)).status).toBe('processing')
  })

  it('refuses a move that is not allowed, naming both stages and the allowed ones', () => {
    expect(() => transitionStage('geocode-batch', 'completed', 'x', new Date(0))).toThrow(InvalidStageTransition)
    expect(() => transitionStage('geocode-batch', 'completed', 'x', new Date(0))).toThrow(
      'An import job cannot move from geocode-batch to completed; from geocode-batch it may move to create-events, failed',
    )
    expect(() => transitionStage('completed', 'failed', 'x', new Date(0))).toThrow('nothing (it is final)')
  })
})
