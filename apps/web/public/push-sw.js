// The back-office's service worker, for Web Push only (issue 21): shows what the server pushes (its payload is
// { title, body, tag }, decrypted by the browser) and opens the back-office when the notification is tapped.
self.addEventListener('push', (event) => {
  let data = { title: 'Bot Shop', body: '', tag: undefined };
  try {
    data = { ...data, ...event.data.json() };
  } catch {
    // A push without a readable payload still says something happened.
  }
  event.waitUntil(self.registration.showNotification(data.title, { body: data.body, tag: data.tag }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.focus() : self.clients.openWindow('/');
    }),
  );
});
