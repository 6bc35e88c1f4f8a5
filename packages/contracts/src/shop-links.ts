// The shop bots' deep links, shared by the server and the shop's Mini App (no zod here: the Mini App stays small).

/** The deep link that opens a product's card in a shop bot's chat (`/start product_<id>`). */
export const shopProductLink = (botUsername: string, productId: string) =>
  `https://t.me/${botUsername}?start=product_${productId}`;

/** The deep link that shows the customer's cart in a shop bot's chat (`/start cart`). */
export const shopCartLink = (botUsername: string) => `https://t.me/${botUsername}?start=cart`;
