import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

// Every job runner (a worker process, or a web process that runs jobs) records here that it is
// alive (src/lib/jobs/job-runners.ts), so the health check of any web process can tell whether
// queued jobs will run. Not a Payload collection: nobody edits it, and the API never shows it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE IF NOT EXISTS "job_runners" (
     "id" varchar PRIMARY KEY NOT NULL,
     "kind" varchar NOT NULL,
     "host" varchar NOT NULL,
     "pid" integer NOT NULL,
     "started_at" timestamp(3) with time zone NOT NULL,
     "last_seen_at" timestamp(3) with time zone NOT NULL,
     "stopped_at" timestamp(3) with time zone
   );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE IF EXISTS "job_runners";`)
}
