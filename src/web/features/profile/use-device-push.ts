import { useCallback, useEffect, useState } from 'react'
import * as v from 'valibot'
import { pushSubscribeSchema } from '../../../domain/api/push.ts'
import {
  fetchPushKey,
  PUSH_OWNER_KEY as OWNER_KEY,
  registerPushSubscription,
  unregisterPushSubscription,
} from '../../api/push.ts'
import { needsHomeScreen } from './push-support.ts'

// This device's web push (decisions.md "Web push to the installed app"), turned on and off from the
// profile's preferences. The browser asks for permission only when the user turns it on, never at
// start. A browser subscription belongs to whoever turned it on here (remembered on the device):
// someone else signed in on the same browser sees it off, and turning it on moves it to them on the
// server; logging out turns it off (api/push.ts forgetDevicePush).

/**
 * `install-first`: an iPhone or iPad outside the installed app; `unavailable`: the browser would not
 * subscribe (a private window, a browser with its push service off), which no retry changes.
 */
export type DevicePushState =
  | 'checking'
  | 'unsupported'
  | 'install-first'
  | 'unavailable'
  | 'denied'
  | 'on'
  | 'off'

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window

/** The app's service worker (registered at start in production builds), if there is one. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const found = await navigator.serviceWorker.getRegistration()
  if (found) return found
  const late = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000))
  return Promise.race([navigator.serviceWorker.ready, late])
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey
  if (!current) return false
  const bytes = new Uint8Array(current)
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i])
}

async function readState(userId: string): Promise<DevicePushState> {
  if (needsHomeScreen()) return 'install-first'
  if (!supported()) return 'unsupported'
  if (Notification.permission === 'denied') return 'denied'
  const found = await registration()
  if (!found) return 'unsupported'
  const subscription = await found.pushManager.getSubscription()
  const mine = localStorage.getItem(OWNER_KEY) === userId
  return subscription && mine && Notification.permission === 'granted' ? 'on' : 'off'
}

export function useDevicePush(userId: string) {
  const [state, setState] = useState<DevicePushState>('checking')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    readState(userId)
      .catch((): DevicePushState => 'unsupported')
      .then((found) => {
        if (live) setState(found)
      })
    return () => {
      live = false
    }
  }, [userId])

  /** Asks for permission, subscribes this browser and tells the server; the state it ends in. */
  const turnOn = useCallback(async (): Promise<DevicePushState> => {
    setBusy(true)
    try {
      const permission = await Notification.requestPermission()
      const next: DevicePushState = permission === 'denied' ? 'denied' : 'off'
      if (permission !== 'granted') {
        setState(next)
        return next
      }
      const found = await registration()
      if (!found) {
        setState('unavailable')
        return 'unavailable'
      }
      const key = keyBytes(await fetchPushKey())
      let subscription = await found.pushManager.getSubscription()
      // Made for another key (the school's server was set up anew): subscribed again.
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe()
        subscription = null
      }
      // The browser's own refusal (a DOMException: "push service not available" in a private
      // window) is an answer, not a failure to try again; the server's key and answer are.
      subscription ??= await found.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: key })
        .catch((error: unknown) => {
          if (error instanceof DOMException) return null
          throw error
        })
      if (!subscription) {
        setState('unavailable')
        return 'unavailable'
      }
      await registerPushSubscription(v.parse(pushSubscribeSchema, subscription.toJSON()))
      localStorage.setItem(OWNER_KEY, userId)
      setState('on')
      return 'on'
    } finally {
      setBusy(false)
    }
  }, [userId])

  /** Tells the server first (so nothing more is sent here), then unsubscribes the browser. */
  const turnOff = useCallback(async (): Promise<DevicePushState> => {
    setBusy(true)
    try {
      const found = await registration()
      const subscription = await found?.pushManager.getSubscription()
      if (subscription) {
        await unregisterPushSubscription(subscription.endpoint)
        await subscription.unsubscribe()
      }
      localStorage.removeItem(OWNER_KEY)
      setState('off')
      return 'off'
    } finally {
      setBusy(false)
    }
  }, [])

  return { state, busy, turnOn, turnOff }
}
