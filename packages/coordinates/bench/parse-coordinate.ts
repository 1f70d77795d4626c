/**
 * Calls per second of parseCoordinate and parseCoordinatePair for the main shapes. Run with
 * `npx tsx packages/coordinates/bench/parse-coordinate.ts`; figures depend on the machine.
 * @module
 */
import { parseCoordinate, parseCoordinatePair, validateImportCoordinates } from '../src/index'

const ROUNDS = 5
let sink = 0

function measure(name: string, iterations: number, run: (index: number) => number): void {
  let best = 0
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint()
    for (let index = 0; index < iterations; index++) sink += run(index)
    best = Math.max(best, iterations / (Number(process.hrtime.bigint() - start) / 1e9))
  }
  console.log(
    `${name.padEnd(30)} ${Math.round(best).toLocaleString('en-US').padStart(12)} calls/s  ${(1e9 / best).toFixed(0).padStart(6)} ns/call`,
  )
}

const decimals = ['40.7128', '-74.0060', '32.529577', '-86.362829']
const commas = ['40,7128', '-74,0060']
const dms = ['40°26′46″N', '74°0′22″W', '40 26 46.3 N']
measure('decimal string', 2_000_000, (index) => parseCoordinate(decimals[index % 4]))
measure('decimal comma string', 2_000_000, (index) => parseCoordinate(commas[index % 2]))
measure('number', 2_000_000, (index) => parseCoordinate(index))
measure('DMS string', 300_000, (index) => parseCoordinate(dms[index % 3]))
measure('pair "lat, lon"', 500_000, () => parseCoordinatePair('40.7128, -74.0060').latitude)
measure('pair WKT', 500_000, () => parseCoordinatePair('POINT(-74.006 40.7128)').latitude)
measure('validateImportCoordinates', 2_000_000, (index) =>
  validateImportCoordinates(40.7 + index * 1e-9, -74).ok ? 1 : 0,
)
if (Number.isNaN(sink)) console.log('unreachable')
