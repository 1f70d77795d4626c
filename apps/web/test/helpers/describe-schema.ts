/**
 * Describes a database's schema from the system catalogs (tables, columns, indexes, constraints,
 * enums, triggers and the functions they run), in a form two databases can be compared by, ignoring what PostGIS installs itself.
 * @module
 */
import pg from 'pg'

/** The comparable description of a schema. */
export interface SchemaDescription {
  readonly columns: string[]
  readonly indexes: string[]
  readonly constraints: string[]
  readonly enums: string[]
  readonly triggers: string[]
  readonly functions: string[]
}

const POSTGIS_TABLES = ['spatial_ref_sys']

/** Reads the schema of the `public` schema of the database at `url`. */
export async function describeSchema(url: string): Promise<SchemaDescription> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const lines = async (sql: string) =>
      (await client.query<{ line: string }>(sql, [POSTGIS_TABLES])).rows.map((row) => row.line)
    return {
      columns: await lines(`
        select c.table_name || '.' || c.column_name || ' ' || c.udt_name || ' ' || c.is_nullable
               || coalesce(' default ' || c.column_default, '') as line
        from information_schema.columns c
        join pg_tables t on t.tablename = c.table_name and t.schemaname = c.table_schema
        where c.table_schema = 'public' and not (c.table_name = any($1))
        order by 1`),
      indexes: await lines(`
        select tablename || ' ' || regexp_replace(indexdef, ' ON (ONLY )?public\\.', ' ON ', 'g') as line
        from pg_indexes where schemaname = 'public' and not (tablename = any($1)) order by 1`),
      constraints: await lines(`
        select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
        from pg_constraint
        where connamespace = 'public'::regnamespace and not (conrelid::regclass::text = any($1))
          -- PostgreSQL 18 records NOT NULL as constraints, 15 does not; columns carry nullability.
          and contype <> 'n'
        order by 1`),
      enums: await lines(`
        select t.typname || ' ' || string_agg(e.enumlabel, ',' order by e.enumsortorder) as line
        from pg_type t join pg_enum e on e.enumtypid = t.oid
        where t.typnamespace = 'public'::regnamespace and cardinality($1::text[]) >= 0
        group by t.typname order by 1`),
      triggers: await lines(`
        select tgrelid::regclass::text || ' ' || regexp_replace(pg_get_triggerdef(oid), ' ON (ONLY )?public\\.', ' ON ', 'g') as line
        from pg_trigger
        where not tgisinternal and not (tgrelid::regclass::text = any($1))
        order by 1`),
      // Functions of our own (PostGIS's belong to its extension), with a digest of their body.
      functions: await lines(`
        select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc)
               || ' cost ' || p.procost as line
        from pg_proc p
        where p.pronamespace = 'public'::regnamespace and cardinality($1::text[]) >= 0
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`),
    }
  } finally {
    await client.end()
  }
}

/** The lines of each part of a schema found in only one of two descriptions; empty when alike. */
export function schemaDifferences(
  left: SchemaDescription,
  right: SchemaDescription,
): Partial<Record<keyof SchemaDescription, { onlyInLeft: string[]; onlyInRight: string[] }>> {
  const differences: Partial<Record<keyof SchemaDescription, { onlyInLeft: string[]; onlyInRight: string[] }>> = {}
  for (const part of Object.keys(left) as (keyof SchemaDescription)[]) {
    const inLeft = new Set(left[part])
    const inRight = new Set(right[part])
    const onlyInLeft = left[part].filter((line) => !inRight.has(line))
    const onlyInRight = right[part].filter((line) => !inLeft.has(line))
    if (onlyInLeft.length > 0 || onlyInRight.length > 0) differences[part] = { onlyInLeft, onlyInRight }
  }
  return differences
}
