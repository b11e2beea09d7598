import { type PushSubscribeInput, pushKeyResponse, pushSubscriptionResponse } from '../../domain/api/push.ts'
import { http } from './http.ts'

// Web push (decisions.md "Web push to the installed app"): the server's public VAPID key, and this
// device's subscription registered with the server or removed from it. The browser's own push API
// is driven by features/profile/use-device-push.ts; the requests are here.

/** Who turned this browser's notifications on (a user id), remembered on the device. */
export const PUSH_OWNER_KEY = 'lektorium.push-owner'

export async function fetchPushKey(): Promise<string> {
  return (await http.get('/push/key', pushKeyResponse)).data.public_key
}

export async function registerPushSubscription(subscription: PushSubscribeInput): Promise<void> {
  await http.post('/push/subscriptions/create', pushSubscriptionResponse, {
    json: subscription,
    inline: true,
  })
}

export async function unregisterPushSubscription(endpoint: string, token?: string): Promise<void> {
  await http.post('/push/subscriptions/delete', pushSubscriptionResponse, {
    json: { endpoint },
    inline: true,
    ...(token ? { token, silent: true } : {}),
  })
}

/**
 * At logout: this browser stops receiving the user's pushes, so the next person signing in on it
 * never sees them. Best effort, with the session's token while it is still valid.
 */
export async function forgetDevicePush(token: string): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
  localStorage.removeItem(PUSH_OWNER_KEY)
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager?.getSubscription()
  if (!subscription) return
  await unregisterPushSubscription(subscription.endpoint, token).catch(() => undefined)
  await subscription.unsubscribe()
}
