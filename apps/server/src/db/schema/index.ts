// The drizzle schema: every table, for the client and for drizzle-kit.
export * from './activity';
export * from './bots';
export * from './catalogue';
export * from './customers';
export * from './events';
export * from './notifications';
export * from './orders';
export * from './payments';
export * from './policies';
export * from './settings';
export * from './shop-payments';
export * from './storefront';
export * from './vendors';
