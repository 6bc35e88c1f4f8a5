/** bots: English, the spec's texts word for word. */
export const bots = {} as const;
