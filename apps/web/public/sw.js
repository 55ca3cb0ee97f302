/*
 * Carbonledger service worker (docs/product.md §7): shows Web Push notifications, opens their
 * link on click, and answers a navigation with the offline page when the network is gone.
 * It caches nothing but that page: API answers, assets and data always come from the network.
 */
const OFFLINE_CACHE = 'carbonledger-offline-v1';
const OFFLINE_URL = '/offline.html';
/** Requests the worker never touches: the API, JSON-RPC and the realtime socket. */
const PASS_THROUGH = /^\/(api|rpc|socket\.io)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(OFFLINE_CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== OFFLINE_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate') return;
  if (PASS_THROUGH.test(new URL(request.url).pathname)) return;
  event.respondWith(fetch(request).catch(() => caches.open(OFFLINE_CACHE).then((cache) => cache.match(OFFLINE_URL))));
});

self.addEventListener('push', (event) => {
  let message = { title: 'Carbonledger', body: '', link: null, type: 'SYSTEM' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      tag: message.type,
      data: { link: message.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.link || '/', self.location.origin);
  // Only this product's own pages open from a notification.
  const link = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) return open.navigate(link).then((client) => (client ?? open).focus());
      return self.clients.openWindow(link);
    }),
  );
});
