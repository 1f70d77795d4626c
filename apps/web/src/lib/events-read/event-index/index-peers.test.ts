import { describe, expect, it, vi } from 'vitest'

import { IndexPeerRelay, linkToPrimary, type PrimaryMessage } from './index-peers'

const loaded = { part: 'segment', datasetId: 3, version: '7', events: 20_000 } as const

function relayOfThree() {
  const relay = new IndexPeerRelay()
  const inbox = new Map<number, PrimaryMessage[]>()
  for (const id of [1, 2, 3]) {
    inbox.set(id, [])
    relay.add(id, (message) => inbox.get(id)!.push(message))
  }
  return { relay, inbox }
}

describe('IndexPeerRelay', () => {
  it('relays a load to every other process and counts it as loading there until it reports', () => {
    const { relay, inbox } = relayOfThree()
    relay.receive(1, { type: 'chronotope:event-index:loaded', loaded })
    expect(inbox.get(1)).toEqual([])
    expect(inbox.get(2)).toEqual([{ type: 'chronotope:event-index:loaded', loaded }])
    expect(inbox.get(3)).toEqual([{ type: 'chronotope:event-index:loaded', loaded }])
    expect(relay.loadingBesides(1)).toBe(2)
    relay.receive(2, { type: 'chronotope:event-index:loading', loading: 1 })
    relay.receive(3, { type: 'chronotope:event-index:loading', loading: 0 })
    expect(relay.loadingBesides(1)).toBe(1)
    expect(relay.loadingBesides(2)).toBe(0)
  })

  it('answers a process with the loads of the others, and forgets a process that ended', () => {
    const { relay, inbox } = relayOfThree()
    relay.receive(2, { type: 'chronotope:event-index:loading', loading: 4 })
    relay.receive(3, { type: 'chronotope:event-index:loading', loading: 1 })
    relay.receive(1, { type: 'chronotope:event-index:loading?', id: 9 })
    expect(inbox.get(1)).toEqual([{ type: 'chronotope:event-index:loading!', id: 9, loading: 5 }])
    relay.remove(2)
    relay.receive(1, { type: 'chronotope:event-index:loading?', id: 10 })
    expect(inbox.get(1)!.at(-1)).toEqual({ type: 'chronotope:event-index:loading!', id: 10, loading: 1 })
  })

  it('ignores what it does not know: other messages, malformed ones, unknown processes', () => {
    const { relay, inbox } = relayOfThree()
    relay.receive(1, { nextServerReady: true })
    relay.receive(1, 'loaded')
    relay.receive(1, { type: 'chronotope:event-index:loading', loading: 'many' })
    relay.receive(8, { type: 'chronotope:event-index:loaded', loaded })
    expect([...inbox.values()].flat()).toEqual([])
    expect(relay.loadingBesides(2)).toBe(0)
  })
})

describe('linkToPrimary', () => {
  function channelOf(env: Record<string, string>) {
    const sent: unknown[] = []
    const listeners: Array<(message: unknown) => void> = []
    const channel = {
      send: (message: unknown) => sent.push(message) > 0,
      on: (_event: 'message', listener: (message: unknown) => void) => listeners.push(listener),
      env,
    }
    const deliver = (message: unknown) => listeners.forEach((listener) => listener(message))
    return { channel, sent, deliver }
  }

  it('links only a web process the cluster started', () => {
    expect(linkToPrimary(channelOf({}).channel)).toBeUndefined()
    expect(
      linkToPrimary({ ...channelOf({ CHRONOTOPE_WEB_CLUSTER_WORKER: '1' }).channel, send: undefined }),
    ).toBeUndefined()
  })

  it('keeps what peers loaded before the index exists, says nothing loads meanwhile, then hands it over', () => {
    const { channel, sent, deliver } = channelOf({ CHRONOTOPE_WEB_CLUSTER_WORKER: '1' })
    const link = linkToPrimary(channel)!
    deliver({ type: 'chronotope:event-index:loaded', loaded })
    expect(sent).toEqual([{ type: 'chronotope:event-index:loading', loading: 0 }])
    const heard: unknown[] = []
    link.onPeerLoaded((part) => heard.push(part))
    expect(heard).toEqual([loaded])
    deliver({ type: 'chronotope:event-index:loaded', loaded: { ...loaded, version: '8' } })
    expect(heard).toHaveLength(2)
    expect(sent).toHaveLength(1)
  })

  it("asks the primary for the other processes' loads, and counts none when it does not answer", async () => {
    vi.useFakeTimers()
    try {
      const { channel, sent, deliver } = channelOf({ CHRONOTOPE_WEB_CLUSTER_WORKER: '1' })
      const link = linkToPrimary(channel)!
      const answered = link.peersLoading()
      const { id } = sent[0] as { id: number }
      deliver({ type: 'chronotope:event-index:loading!', id, loading: 3 })
      expect(await answered).toBe(3)
      const unanswered = link.peersLoading()
      await vi.advanceTimersByTimeAsync(1_000)
      expect(await unanswered).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
