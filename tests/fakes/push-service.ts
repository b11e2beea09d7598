/// <reference path="./web-push-testing.d.ts" />
import type { AddressInfo } from 'node:net'
import { PushApiModel, type StandInSubscription } from 'web-push-testing/src/PushApiModel.js'
import WebPushTestingServer from 'web-push-testing/src/server.js'

// A browser's push service, stood in for by the `web-push-testing` package: an outside service at
// its boundary. It hands out subscriptions like a browser's PushManager
// would, checks each push's VAPID signature, decrypts the payload with the subscription's private
// key (so a test reads back what was encrypted for that device) and answers 410 for a
// subscription it was told has expired. In-process, on 127.0.0.1 and a free port.

export type PushService = {
  url: string
  subscribe(applicationServerKey: string): Promise<StandInSubscription>
  /** The decrypted payloads the subscription received, parsed as JSON. */
  messages(subscription: StandInSubscription): unknown[]
  /** The device unsubscribed: the service answers 410 from now on. */
  expire(subscription: StandInSubscription): void
  close(): Promise<void>
}

export async function startPushService(): Promise<PushService> {
  const model = new PushApiModel()
  const standIn = new WebPushTestingServer(model, 0)
  standIn.setRequestHandlers()
  const server = await new Promise<ReturnType<typeof standIn._app.listen>>((resolve) => {
    const listening = standIn._app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  model.notifyUrl = `${url}/notify/`
  return {
    url,
    subscribe: (applicationServerKey) => model.subscribe({ applicationServerKey, userVisibleOnly: 'true' }),
    messages: (subscription) =>
      model
        .getNotifications({ clientHash: subscription.clientHash })
        .messages.map((text) => JSON.parse(text)),
    expire: (subscription) => model.expireSubscription(subscription.clientHash),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
