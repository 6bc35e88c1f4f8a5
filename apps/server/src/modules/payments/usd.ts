const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** USD cents as the spec's payment texts show them: "$29.00". */
export const formatUsd = (minor: number) => usd.format(minor / 100);
