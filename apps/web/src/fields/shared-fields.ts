/**
 * Reusable field definitions (the `shared-fields` module): the slug, owner, visibility and
 * description fields that catalogs, datasets and pages share, defined once.
 * @module
 */
import {
  ValidationError,
  type Field,
  type FieldHook,
  type PayloadRequest,
  type TextField,
  type TypeWithID,
  type Where,
} from 'payload'

import { isEditorOrAdminField } from '../access/is-editor-or-admin'
import { relationId } from '../access/relation-id'
import { isEditorOrAdminUser } from '../access/roles'
import { COLLECTION_NAMES } from '../constants/collection-names'
import { slugify } from '../lib/slug'

/**
 * Whose slugs a new slug must differ from: everyone's (`global`, pages, whose slugs are their
 * public addresses) or only its owner's (`owner`, catalogs and datasets, which are found by id:
 * a slug that had to differ from other users' would confirm their private names).
 */
export type SlugScope = 'global' | 'owner'

/**
 * The compound index that keeps slugs unique per owner, for the `indexes` of a collection whose
 * {@link slugField} has the `owner` scope.
 * @example indexes: [OWNER_SLUG_INDEX]
 */
export const OWNER_SLUG_INDEX = { fields: ['owner', 'slug'], unique: true }

type Doc = TypeWithID & Record<string, unknown>

// The owner the document will have: only editors, admins and the server's own calls may choose one
// (as `ownerField` allows), so no user can ask about another user's slugs by naming them as owner.
function ownerAfterChange(
  data: Partial<Doc> | undefined,
  originalDoc: Doc | undefined,
  req: PayloadRequest,
  operation: string | undefined,
) {
  const maySetOwner = !req.user || isEditorOrAdminUser(req.user) // the server itself (jobs, seeds), or staff
  if (maySetOwner && data && 'owner' in data) return relationId(data.owner) ?? null
  if (operation !== 'create') return relationId(originalDoc?.owner) ?? null
  return req.user?.id ?? null
}

const slugFromSource =
  (sourceField: string, scope: SlugScope): FieldHook<Doc, unknown> =>
  async ({ value, data, originalDoc, req, collection, operation }) => {
    const typed = typeof value === 'string' && value.trim() !== ''
    const source = data?.[sourceField] ?? originalDoc?.[sourceField]
    if (!typed && typeof source !== 'string') return value
    const base = slugify(typed ? value : (source as string))
    if (!collection || !base) return base
    const owner = scope === 'owner' ? ownerAfterChange(data, originalDoc, req, operation) : undefined
    const others: Where[] = [
      ...(operation !== 'create' && originalDoc?.id ? [{ id: { not_equals: originalDoc.id } }] : []),
      ...(scope === 'owner' ? [owner === null ? { owner: { exists: false } } : { owner: { equals: owner } }] : []),
    ]
    const taken = async (slug: string) =>
      (
        await req.payload.count({
          collection: collection.slug as never,
          where: { and: [{ slug: { equals: slug } }, ...others] },
          overrideAccess: true,
          req,
        })
      ).totalDocs > 0
    if (typed) {
      // A global slug is refused by the unique index; an owner's own clash is named here.
      if (scope === 'owner' && (await taken(base))) {
        throw new ValidationError({
          collection: collection.slug,
          errors: [{ path: 'slug', message: `You already have one with the slug "${base}"; choose another` }],
        })
      }
      return base
    }
    // A made-up slug must not collide: "events", "events-2", "events-3"… within the scope only.
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`
      if (!(await taken(candidate))) return candidate
    }
  }

/**
 * A URL slug made from another field (by default `name`) unless one is typed; indexed, and unique
 * in its {@link SlugScope} (with `owner`, add {@link OWNER_SLUG_INDEX} to the collection's indexes).
 * @example slugField('title') // the `slug` field of pages
 * @example slugField('name', 'owner') // catalogs and datasets
 */
export function slugField(sourceField = 'name', scope: SlugScope = 'global'): TextField {
  return {
    name: 'slug',
    type: 'text',
    index: true,
    unique: scope === 'global',
    admin: {
      position: 'sidebar',
      description:
        `Made from the ${sourceField} when left empty.` +
        (scope === 'owner' ? ' Unique among your own; others may use the same slug.' : ''),
    },
    hooks: { beforeValidate: [slugFromSource(sourceField, scope)] },
  }
}

const ownerOnCreate: FieldHook<Doc, unknown> = ({ value, req, operation }) => {
  if (operation === 'create' && !value && req.user) return req.user.id
  return value
}

/**
 * The user who owns a document; set to the creating user. Only editors and admins may create a
 * document for someone else or hand it over.
 * @example fields: [ownerField()]
 */
export function ownerField(): Field {
  return {
    name: 'owner',
    type: 'relationship',
    relationTo: COLLECTION_NAMES.USERS,
    index: true,
    admin: { position: 'sidebar' },
    access: { create: isEditorOrAdminField, update: isEditorOrAdminField },
    hooks: { beforeChange: [ownerOnCreate] },
  }
}

/**
 * Whether anyone, signed in or not, may see the document. Off by default: data is private until
 * someone decides to publish it.
 * @example fields: [isPublicField('Anyone can explore this catalog')]
 */
export function isPublicField(description: string): Field {
  return {
    name: 'isPublic',
    type: 'checkbox',
    label: 'Public',
    defaultValue: false,
    index: true,
    admin: { position: 'sidebar', description },
  }
}

/**
 * A plain-text description shown in lists and the explore view.
 * @example fields: [descriptionField()]
 */
export function descriptionField(): Field {
  return { name: 'description', type: 'textarea' }
}
