/** shell: English, the spec's texts word for word. */
export const shell = {} as const;
