import { DemoLaunchResponse } from '@app/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInitData } from '../lib/telegram/init-data';
import { DEMO_USER } from './demo-user';

/**
 * Demo mode only (never registered when a real platform bot token is configured): init data signed for the
 * demo user, so the app opened in an ordinary browser can sign in through the normal, verified path.
 */
export function demoRoutes(platformBotToken: string) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/demo/init-data',
      { schema: { tags: ['demo'], security: [], response: { 200: DemoLaunchResponse } } },
      async () => ({
        initData: signInitData(DEMO_USER, platformBotToken),
        demo: true as const,
      }),
    );
  };
}
