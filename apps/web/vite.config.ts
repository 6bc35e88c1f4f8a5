import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
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
