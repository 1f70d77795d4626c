/**
 * The signature-checking samples of the webhooks page, run as printed against Chronotope's own
 * signer: the JavaScript function and receiver always, the Python and openssl ones where python3
 * and openssl are installed. A sample that drifts from the signing scheme fails here.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { signWebhookBody, verifyWebhookSignature } from '../../web/src/lib/webhooks/webhook-signature'

const page = readFileSync(path.resolve(import.meta.dirname, '../docs/developers/webhooks.md'), 'utf8')

/** The code blocks of the page by their title (```js title="…"). */
const samples = new Map(
  [...page.matchAll(/```\w+ title="([^"]+)"\n([\s\S]*?)\n```/g)].map((match) => [match[1]!, `${match[2]!}\n`]),
)

const SECRET = 'whsec_docs-sample-secret'
const BODY = JSON.stringify({
  id: 'evt_1',
  event: 'dataset.updated',
  createdAt: '2026-11-28T09:14:03.540Z',
  data: { datasetId: 7, datasetName: 'Stations in Zürich', importId: 12 },
})
const now = () => Math.floor(Date.now() / 1000)

type Verifier = (secret: string, header: string | undefined, rawBody: string | Buffer, tolerance?: number) => boolean

let folder: string

beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'chronotope-webhook-samples-'))
  for (const [title, code] of samples) writeFileSync(path.join(folder, title), code)
  writeFileSync(path.join(folder, 'body.json'), BODY)
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Signed headers for the cases every sample must tell apart, with the verdict each must reach. */
function cases(): Array<{ what: string; header: string; body: string; valid: boolean }> {
  const t = now()
  return [
    { what: 'a genuine delivery', header: signWebhookBody(SECRET, BODY, t), body: BODY, valid: true },
    {
      what: 'a changed body',
      header: signWebhookBody(SECRET, BODY, t),
      body: BODY.replace('12', '13'),
      valid: false,
    },
    { what: 'another secret', header: signWebhookBody('whsec_other', BODY, t), body: BODY, valid: false },
    { what: 'a replay an hour old', header: signWebhookBody(SECRET, BODY, t - 3600), body: BODY, valid: false },
    { what: 'no signature', header: `t=${t}`, body: BODY, valid: false },
  ]
}

it('has the four samples the page promises', () => {
  expect([...samples.keys()].sort()).toEqual(
    ['receiver.mjs', 'verify-chronotope-signature.mjs', 'verify.sh', 'verify_chronotope_signature.py'].sort(),
  )
})

describe('the JavaScript sample', () => {
  it('agrees with Chronotope’s verifier on genuine, forged and replayed deliveries', async () => {
    const module = (await import(pathToFileURL(path.join(folder, 'verify-chronotope-signature.mjs')).href)) as {
      verifyChronotopeSignature: Verifier
    }
    for (const { what, header, body, valid } of cases()) {
      expect(module.verifyChronotopeSignature(SECRET, header, body), what).toBe(valid)
      expect(module.verifyChronotopeSignature(SECRET, header, Buffer.from(body)), `${what} (bytes)`).toBe(valid)
      expect(verifyWebhookSignature(SECRET, header, body).valid, `${what} (ours)`).toBe(valid)
    }
  })

  it('runs as a receiver that answers 204 to a genuine delivery and 401 to a forged one', async () => {
    const child = spawn(process.execPath, ['receiver.mjs'], {
      cwd: folder,
      env: { ...process.env, PORT: '0', CHRONOTOPE_WEBHOOK_SECRET: SECRET },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          const match = /Listening on port (\d+)/.exec(chunk.toString())
          if (match) resolve(Number(match[1]))
        })
        child.on('exit', (code) => reject(new Error(`receiver.mjs exited with ${code}`)))
      })
      const send = (header: string) =>
        fetch(`http://127.0.0.1:${port}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-chronotope-signature': header },
          body: BODY,
        })
      expect((await send(signWebhookBody(SECRET, BODY, now()))).status).toBe(204)
      expect((await send(signWebhookBody('whsec_other', BODY, now()))).status).toBe(401)
    } finally {
      child.kill()
    }
  })
})

const hasPython = spawnSync('python3', ['--version']).status === 0
const hasOpenssl = spawnSync('openssl', ['version']).status === 0 && spawnSync('bash', ['--version']).status === 0

describe.skipIf(!hasPython)('the Python sample', () => {
  it('agrees with Chronotope’s verifier on genuine, forged and replayed deliveries', () => {
    for (const { what, header, body, valid } of cases()) {
      const run = spawnSync(
        'python3',
        [
          '-c',
          'import os, sys\n' +
            'from verify_chronotope_signature import verify_chronotope_signature\n' +
            'print(verify_chronotope_signature(os.environ["SECRET"], os.environ["HEADER"], sys.stdin.buffer.read()))',
        ],
        { cwd: folder, input: body, env: { ...process.env, SECRET, HEADER: header }, encoding: 'utf8' },
      )
      expect(run.stderr, what).toBe('')
      expect(run.stdout.trim(), what).toBe(valid ? 'True' : 'False')
    }
  })
})

describe.skipIf(!hasOpenssl)('the openssl sample', () => {
  it('says valid for a genuine delivery and forged for the rest', () => {
    for (const { what, header, body, valid } of cases()) {
      writeFileSync(path.join(folder, 'body.json'), body)
      const run = spawnSync('bash', ['verify.sh'], {
        cwd: folder,
        env: { ...process.env, SECRET, HEADER: header },
        encoding: 'utf8',
      })
      expect(run.stdout.trim(), `${what}: ${run.stderr}`).toBe(valid ? 'valid' : 'forged')
    }
  })
})
