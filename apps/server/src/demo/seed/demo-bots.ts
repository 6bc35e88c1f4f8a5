import type { DemoBotKey } from './demo-catalogue';
import { seededUuid } from './sql-random';

// The demo vendor's bots (one per subscription state, the same for every seed) and the generated shops that
// copy them for volume: who they are and how they sell, not yet rows.

export type DemoBotState = 'free' | 'active' | 'trial' | 'expired' | 'inactive';
export type DemoBotCategory = 'general' | 'fashion' | 'electronics' | 'groceries' | 'health' | 'books';

export type DemoBot = {
  key: DemoBotKey;
  /** The number before ':' in the token, as Telegram issues them. */
  telegramBotId: number;
  /** Plaintext: demo mode registers it with the fake Bot API; the database holds it encrypted. */
  token: string;
  /** Without '@'. */
  username: string;
  name: string;
  description: string;
  category: DemoBotCategory;
  welcomeMessage: string;
  plan: 'FREE' | 'BASIC' | 'PRO';
  /** free: the vendor's first bot, no subscription; the others show every subscription state. */
  state: DemoBotState;
};

/** The demo vendor's bots, the same for every seed. Tokens only ever work against the fake Bot API. */
export const DEMO_BOTS: readonly DemoBot[] = [
  {
    key: 'corner',
    telegramBotId: 7104822391,
    token: '7104822391:AAHqDbr_tNESAvfbCprExaYDaJqXoMFqxth',
    username: 'alex_corner_shop_bot',
    name: "Alex's Corner Shop",
    description: 'Everyday essentials, home goods and gifts, delivered fast.',
    category: 'general',
    welcomeMessage: "Hi {first_name}! Welcome to Alex's Corner Shop. Tap Shop to browse today's picks.",
    plan: 'FREE',
    state: 'free',
  },
  {
    key: 'urban',
    telegramBotId: 7261937455,
    token: '7261937455:AAHltKxgVz7nZnCrIbgSU1hganEfE639VRv',
    username: 'urban_threads_bot',
    name: 'Urban Threads',
    description: 'Streetwear and wardrobe basics made to last. New drops every Friday.',
    category: 'fashion',
    welcomeMessage: 'Hey {first_name} 👋 New drops land every Friday. Use /catalog to see what is in stock.',
    plan: 'PRO',
    state: 'active',
  },
  {
    key: 'gadget',
    telegramBotId: 6938201774,
    token: '6938201774:AAHwu06jTv9c665catsjPri322Nojcwrmk7',
    username: 'gadget_hub_store_bot',
    name: 'Gadget Hub',
    description: 'Headphones, chargers and smart-home gear, plus repairs by our own technicians.',
    category: 'electronics',
    welcomeMessage: 'Welcome to Gadget Hub, {first_name}! Free shipping on orders over $50.',
    plan: 'BASIC',
    state: 'active',
  },
  {
    key: 'fresh',
    telegramBotId: 7483019266,
    token: '7483019266:AAH-m9tx077dnSK-XaYJ3FVVBcnWbuFp1wf',
    username: 'fresh_basket_market_bot',
    name: 'Fresh Basket Market',
    description: 'Specialty coffee, pantry staples and snacks from small producers.',
    category: 'groceries',
    welcomeMessage: 'Good to see you, {first_name}! Order by 2 pm for same-day delivery.',
    plan: 'PRO',
    state: 'trial',
  },
  {
    key: 'zen',
    telegramBotId: 7390552148,
    token: '7390552148:AAH1g2gQMBLFVYuqm1s4V4g6Z3Qfv2PUYiF',
    username: 'zen_wellness_studio_bot',
    name: 'Zen Wellness Studio',
    description: 'Skincare, supplements and studio sessions: yoga, massage and nutrition coaching.',
    category: 'health',
    welcomeMessage: 'Namaste, {first_name} 🌿 Book a class or browse our wellness shop.',
    plan: 'BASIC',
    state: 'expired',
  },
  {
    key: 'books',
    telegramBotId: 6857130492,
    token: '6857130492:AAHO6E-RehTStXAycYBkVLrF3Cu8jyV63Xc',
    username: 'page_turner_books_bot',
    name: 'Page Turner Books',
    description: 'Paperbacks, e-books, audiobooks and writing workshops.',
    category: 'books',
    welcomeMessage: 'Hello {first_name} 📚 Tell us what you loved last and we will find your next read.',
    plan: 'BASIC',
    state: 'inactive',
  },
];

export type BotProfile = {
  /** Share of the orders placed while the bot runs (the main bot takes the rest). */
  weight: number;
  /** Shares of physical, digital, service and mixed orders. */
  typeMix: [number, number, number, number];
  /** Paid monthly periods after the trial, the last ending `endsInDays` from now (expired bots: last month). */
  paidMonths?: number;
  endsInDays?: number;
};

export const BOT_PROFILES: Record<DemoBotKey, BotProfile> = {
  corner: { weight: 0.08, typeMix: [0.62, 0.18, 0.1, 0.1] },
  urban: { weight: 0, typeMix: [0.75, 0.06, 0.09, 0.1], paidMonths: 13, endsInDays: 18 },
  gadget: { weight: 0.24, typeMix: [0.6, 0.2, 0.1, 0.1], paidMonths: 10, endsInDays: 9 },
  fresh: { weight: 0.16, typeMix: [0.82, 0.08, 0.05, 0.05] },
  zen: { weight: 0.12, typeMix: [0.45, 0.2, 0.3, 0.05], paidMonths: 7 },
  books: { weight: 0.1, typeMix: [0.45, 0.35, 0.1, 0.1], paidMonths: 6, endsInDays: 21 },
};

/** A bot the seed creates: a demo bot, or a generated shop selling a demo bot's catalogue. */
export type SeedBot = Omit<DemoBot, 'key'> & {
  key: string;
  /** Whose products it sells: its own key for a demo bot. */
  sells: DemoBotKey;
  profile: BotProfile;
  generated: boolean;
};

/** The paid demo bots whose catalogue and order mix generated shops copy, in turn. */
const GENERATED_TEMPLATES: DemoBotKey[] = ['urban', 'gadget', 'zen', 'books'];

/**
 * The demo bots, then `total - 6` generated running shops (BASIC, every third PRO) whose paid months and
 * renewal days vary, so they start taking orders at different points of the year. Their tokens are well-formed
 * but unknown to the fake Bot API: they exist for the volume of data, not to be started.
 */
export function seedBots(total: number): SeedBot[] {
  const demo = DEMO_BOTS.map(
    (b): SeedBot => ({ ...b, sells: b.key, profile: BOT_PROFILES[b.key], generated: false }),
  );
  const generated = Array.from({ length: total - DEMO_BOTS.length }, (_, n): SeedBot => {
    const sells = GENERATED_TEMPLATES[n % GENERATED_TEMPLATES.length] as DemoBotKey;
    const template = DEMO_BOTS.find((b) => b.key === sells) as DemoBot;
    const number = n + 2;
    const telegramBotId = 5_900_000_000 + n;
    const secret = seededUuid(0, 'generated-bot-token', n).replaceAll('-', '');
    return {
      ...template,
      key: `generated-${n}`,
      telegramBotId,
      token: `${telegramBotId}:AA${secret.slice(0, 33)}`,
      username: `${template.username.replace(/_bot$/, '')}_${number}_bot`,
      name: `${template.name} ${number}`,
      plan: n % 3 === 0 ? 'PRO' : 'BASIC',
      state: 'active',
      sells,
      profile: {
        weight: 0,
        typeMix: BOT_PROFILES[sells].typeMix,
        paidMonths: 1 + (n % 12),
        endsInDays: 1 + ((n * 7) % 28),
      },
      generated: true,
    };
  });
  return [...demo, ...generated];
}
