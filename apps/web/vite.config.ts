import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = 'http://127.0.0.1:3000';

// In development too, the shop's Mini App's address (/shop/{botId}) serves its own page, as the server does.
const shopPage: Plugin = {
  name: 'shop-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/shop\/[^/.?]+\/?(\?.*)?$/.test(req.url)) req.url = '/shop.html';
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
