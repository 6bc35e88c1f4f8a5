import { retrieveLaunchParams } from '@telegram-apps/sdk';
import type { TelegramUser } from './state';

let launchFromAddress = false;

/**
 * The shop's Mini App only, before connecting: in demo mode, take the launch data from the address's fragment,
 * where the demo chat page puts it as Telegram does (init data its fake Telegram signed with that shop bot's
 * token, for the customer in the chat). The back-office never does: a link could sign a person in as whoever
 * the link's launch data names.
 */
export function acceptLaunchDataInAddress(): void {
  launchFromAddress = true;
}

/** The init data in the address's fragment, when this page accepts it (acceptLaunchDataInAddress); else null. */
export function acceptedInitDataInAddress(): string | null {
  return launchFromAddress ? new URLSearchParams(window.location.hash.slice(1)).get('tgWebAppData') : null;
}

const START_PARAM_TAKEN_KEY = 'tg_start_param_taken';

/**
 * The start parameter this launch was opened with (`startapp=…`), the first time it is asked for; null after
 * that and when there is none. The SDK keeps launch parameters in session storage, so a reload would otherwise
 * open the deep link again; the mark names the launch (its init data's signature), so a later launch with
 * the same parameter, in the same browser tab of Telegram's web client, still opens it.
 */
export function takeStartParam(): string | null {
  let param: string | undefined;
  let launch: string;
  try {
    const params = retrieveLaunchParams();
    param = params.tgWebAppStartParam;
    launch = `${params.tgWebAppData?.hash ?? ''}:${param ?? ''}`;
  } catch {
    return null;
  }
  if (!param) return null;
  try {
    if (sessionStorage.getItem(START_PARAM_TAKEN_KEY) === launch) return null;
    sessionStorage.setItem(START_PARAM_TAKEN_KEY, launch);
  } catch {
    // No session storage: a reload may open the deep link again, which is harmless.
  }
  return param;
}

/** The user Telegram launched the Mini App for, from the launch parameters; null when there is none. */
export function readUser(): TelegramUser | null {
  try {
    const user = retrieveLaunchParams().tgWebAppData?.user;
    if (!user) return null;
    return {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      username: user.username,
      photoUrl: user.photo_url,
      languageCode: user.language_code,
    };
  } catch {
    return null;
  }
}

// Demo mode takes the start parameter from the address, as Telegram's web client passes it:
// `/?startapp=bot_<id>` (or `?tgWebAppStartParam=bot_<id>`).
export function demoStartParam(): string | undefined {
  const query = new URLSearchParams(window.location.search);
  return query.get('startapp') ?? query.get('tgWebAppStartParam') ?? undefined;
}
