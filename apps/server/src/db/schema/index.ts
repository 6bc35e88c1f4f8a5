// The drizzle schema: every table, for the client and for drizzle-kit.
export * from './activity';
export * from './billing';
export * from './bots';
export * from './catalogue';
export * from './customers';
export * from './developer';
export * from './events';
export * from './notifications';
export * from './orders';
export * from './payments';
export * from './policies';
export * from './security';
export * from './settings';
export * from './shop-payments';
export * from './staff';
export * from './storefront';
export * from './vendors';
