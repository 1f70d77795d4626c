/**
 * Benchmark: streams a generated 10-column CSV through `readRows` and prints MB/s, rows/s and
 * peak memory. Run: `npx tsx packages/file-readers/bench/read-csv.ts [sizeMB=100]`.
 * The file is written to a temp dir and removed afterwards.
 */
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { detectFileFormat, readRows } from '../src/index'

const sizeMb = Number(process.argv[2] ?? 100)

async function writeCsv(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path)
  out.write('id,date,title,city,state,latitude,longitude,category,count,notes\n')
  let written = 0
  let rows = 0
  const cities = ['Erie', 'Des Moines', 'Grand Rapids', 'Cleveland', 'New York']
  while (written < bytes) {
    let chunk = ''
    for (let index = 0; index < 1000; index++, rows++) {
      const city = cities[rows % cities.length]
      const notes = rows % 10 === 0 ? '"Quoted, with a comma"' : 'plain note'
      chunk += `${rows},2016-09-${String((rows % 28) + 1).padStart(2, '0')},Rally number ${rows},${city},PA,${(40 + (rows % 1000) / 1000).toFixed(6)},${(-80 - (rows % 997) / 997).toFixed(6)},rally,${rows % 500},${notes}\n`
    }
    written += Buffer.byteLength(chunk)
    if (!out.write(chunk)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return rows
}

const dir = await mkdtemp(join(tmpdir(), 'chronotope-bench-'))
const path = join(dir, 'events.csv')
try {
  const expectedRows = await writeCsv(path, sizeMb * 1024 * 1024)
  const { size } = await stat(path)
  const detection = await detectFileFormat(path)
  let peakRss = process.memoryUsage().rss
  const started = performance.now()
  const cpuStarted = process.cpuUsage()
  let rows = 0
  for await (const batch of readRows(path, detection)) {
    rows += batch.length
    if (rows % 100_000 < batch.length) peakRss = Math.max(peakRss, process.memoryUsage().rss)
  }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuStarted)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  if (rows !== expectedRows) throw new Error(`read ${rows} rows; wrote ${expectedRows}`)
  const mb = size / 1024 / 1024
  console.log(`file: ${mb.toFixed(1)} MiB, ${rows} rows, 10 columns`)
  console.log(`time: ${seconds.toFixed(2)} s`)
  console.log(
    `throughput: ${(mb / seconds).toFixed(1)} MiB/s, ${Math.round(rows / seconds).toLocaleString('en-US')} rows/s`,
  )
  console.log(`CPU time: ${cpuSeconds.toFixed(2)} s (all threads, GC included; less sensitive to a busy machine)`)
  console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MiB`)
} finally {
  await rm(dir, { recursive: true, force: true })
}
