import type { BotApi } from './bot-api';

export type PlatformBot = {
  /** `https://t.me/<platform bot>?startapp=<param>`: opens the back-office Mini App on a screen; null while
   * the platform bot's username is unknown (Telegram unreachable). */
  miniAppLink(startParam: string): Promise<string | null>;
  /** `https://t.me/<platform bot>`: its chat; null while its username is unknown. */
  chatLink?(): Promise<string | null>;
};

/** The platform bot (TELEGRAM_BOT_TOKEN): the one that opens the back-office. Its username is asked once. */
export function createPlatformBot(deps: { botApi: BotApi; token: string }): PlatformBot {
  let username: Promise<string | null> | null = null;
  const lookUp = () =>
    deps.botApi.getMe(deps.token).then(
      (me) => me.username ?? null,
      () => {
        username = null; // ask again next time
        return null;
      },
    );
  return {
    async miniAppLink(startParam) {
      username ??= lookUp();
      const name = await username;
      return name ? `https://t.me/${name}?startapp=${encodeURIComponent(startParam)}` : null;
    },
    async chatLink() {
      username ??= lookUp();
      const name = await username;
      return name ? `https://t.me/${name}` : null;
    },
  };
}
