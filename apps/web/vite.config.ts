import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = 'http://127.0.0.1:3000';

// In development too, the shop's Mini App's address (/shop/{botId}) serves its own page, as the server does.
const shopPage: Plugin = {
  name: 'shop-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/shop\/[^/.?]+(\/p\/[^/?]+)?\/?(\?.*)?$/.test(req.url)) req.url = '/shop.html';
      next();
    });
  },
};

export default defineConfig({
  plugins: [react(), shopPage],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads it to size what the shell and Home load.
    manifest: true,
    modulePreload: {
      // The shop's product view (a chunk the shop loads on a tile's tap) lists only its styles to fetch with it:
      // its scripts are the first load's, or come as it imports them. The list of every file would cost the
      // shop's first load the bytes its budget has not got (scripts/bundle-size.ts).
      resolveDependencies: (file, deps) =>
        /\/product-view-[^/]*\.js$/.test(file) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    // Two pages: the back-office, and the shop's Mini App that a shop bot's menu button opens (/shop/{botId}).
    rollupOptions: { input: { main: 'index.html', shop: 'shop.html' } },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
    },
  },
  preview: {
    proxy: {
      '/api': server,
      '/healthz': server,
    },
  },
});
