import type { FastifyInstance } from 'fastify';
import type { MailCatcher } from './mail-catcher';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The catcher's control routes: the messages as JSON, and a page to read them (like the fake Bot API's chat page). */
export async function mailCatcherPlugin(app: FastifyInstance, opts: { catcher: MailCatcher }) {
  app.get('/__control/messages', { schema: { hide: true } }, async (req) => {
    const { to } = req.query as { to?: string };
    return { messages: opts.catcher.messages(to ? { to } : undefined) };
  });
  app.get('/__control/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const items = opts.catcher
      .messages()
      .slice()
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.at)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('');
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Demo mailbox</title><style>body{font:15px/1.4 system-ui,sans-serif;margin:0 auto;max-width:720px;padding:16px}article{border:1px solid #ccc;border-radius:8px;padding:12px;margin:12px 0}h2{font-size:17px;margin:0}.meta{color:#666;margin:4px 0}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Demo mailbox</h1><p>E-mails the platform sent in demo mode, newest first.</p>${items || '<p>No e-mails yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
