/** auth: English, the spec's texts word for word. */
export const auth = {} as const;
