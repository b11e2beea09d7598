import type { FastifyInstance } from 'fastify'

// A process's life as a load balancer sees it: serving, or draining before it stops.
// Draining answers readiness with 503 (the balancer sends no new requests), tells the lesson rooms
// to send their parties elsewhere, and lets requests in flight finish (server.ts).

export type Lifecycle = {
  readonly draining: boolean
  /** Starts draining (once); what `onDrain` registered runs then. */
  drain(): void
  onDrain(listener: () => void): void
}

export function createLifecycle(): Lifecycle {
  let draining = false
  const listeners: (() => void)[] = []
  return {
    get draining() {
      return draining
    },
    drain() {
      if (draining) return
      draining = true
      for (const listener of listeners) listener()
    },
    onDrain(listener) {
      listeners.push(listener)
    },
  }
}

/**
 * While draining, every answer closes its connection (`Connection: close`): a keep-alive
 * connection left idle would hold the stopping server open until its timeout, and the client's
 * next request belongs on another node anyway.
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.draining) reply.header('connection', 'close')
    done(null, payload)
  })
}
