import type { PushSubscriptionBody } from '@app/contracts/account';

// The browser's side of Web Push (the back-office opened outside Telegram): the service worker
// (public/push-sw.js) and the PushManager subscription the server sends to.

const WORKER = '/push-sw.js';

/** Whether this browser can receive Web Push, and whether the user has blocked it for this site. */
export function browserPushSupport(): 'unsupported' | 'blocked' | 'ready' {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'ready';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's current push endpoint, if it subscribed. */
export async function currentEndpoint(): Promise<string | null> {
  if (browserPushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription?.endpoint ?? null;
}

/** Asks the user, registers the worker and subscribes; null when the user did not allow notifications. */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionBody | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  await navigator.serviceWorker.register(WORKER);
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Ends this browser's subscription; answers the endpoint it had (the server forgets it). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
