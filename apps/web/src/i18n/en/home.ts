/** home: English, the spec's texts word for word. */
export const home = {} as const;
