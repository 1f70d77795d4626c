import { describe, expect, it } from 'vitest'

import { hasRole, isAdminUser, isEditorOrAdminUser } from './roles'
import { datasetOwnershipWhere, datasetVisibilityWhere } from './visible-datasets'

const admin = { id: 1, role: 'admin' }
const editor = { id: 2, role: 'editor' }
const user = { id: 3, role: 'user' }

describe('role checks', () => {
  it.each([
    [null, false, false],
    [user, false, false],
    [editor, false, true],
    [admin, true, true],
    [{ id: 4, role: 'superuser' }, false, false],
    [{ id: 5 }, false, false],
    [{ ...admin, apiKey: { scopes: ['read', 'import'] } }, false, false],
    [{ ...editor, apiKey: { scopes: ['import'] } }, false, false],
    [{ ...admin, apiKey: { scopes: ['admin'] } }, true, true],
  ])('%o: admin %s, editor or admin %s', (who, isAdmin, isEditorOrAdmin) => {
    expect(isAdminUser(who)).toBe(isAdmin)
    expect(isEditorOrAdminUser(who)).toBe(isEditorOrAdmin)
  })

  it('hasRole accepts any of several roles', () => {
    expect(hasRole(user, 'editor', 'user')).toBe(true)
    expect(hasRole(user, 'editor')).toBe(false)
  })
})

describe('dataset visibility', () => {
  it('lets editors and admins see everything', () => {
    expect(datasetVisibilityWhere(editor as never)).toBe(true)
    expect(datasetVisibilityWhere(admin as never)).toBe(true)
  })

  it('shows anonymous callers datasets that are public in a public catalog', () => {
    expect(datasetVisibilityWhere(null)).toEqual({
      and: [{ isPublic: { equals: true } }, { 'catalog.isPublic': { equals: true } }],
    })
  })

  it('adds their own datasets and catalogs for signed-in users', () => {
    const where = datasetVisibilityWhere(user as never)
    expect(where).toMatchObject({
      or: [expect.anything(), { owner: { equals: 3 } }, { 'catalog.owner': { equals: 3 } }],
    })
  })

  it('lets only owners, editors and admins change datasets', () => {
    expect(datasetOwnershipWhere(null)).toBe(false)
    expect(datasetOwnershipWhere(editor as never)).toBe(true)
    expect(datasetOwnershipWhere(user as never)).toEqual({
      or: [{ owner: { equals: 3 } }, { 'catalog.owner': { equals: 3 } }],
    })
  })
})
