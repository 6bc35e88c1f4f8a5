/** Escapes LIKE's wildcards in a user's search text, so `50%` finds "50%" and not everything after "50". */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
