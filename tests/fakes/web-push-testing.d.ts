// The parts of web-push-testing (a local stand-in of a browser's push service) the tests use; the
// package ships no types.

declare module 'web-push-testing/src/PushApiModel.js' {
  export type StandInSubscription = {
    endpoint: string
    keys: { p256dh: string; auth: string }
    clientHash: string
  }
  export class PushApiModel {
    notifyUrl: string
    subscribe(options: {
      applicationServerKey: string
      userVisibleOnly?: 'true' | 'false'
    }): Promise<StandInSubscription>
    expireSubscription(clientHash: string): void
    getNotifications(body: { clientHash: string }): { messages: string[] }
  }
}

declare module 'web-push-testing/src/server.js' {
  import type { Server } from 'node:http'
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js'
  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number)
    _app: { listen(port: number, host: string, ready: () => void): Server }
    setRequestHandlers(): void
  }
}
