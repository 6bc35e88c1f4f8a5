// payments.service.ts still imports formatUsd from here; once it takes it from lib/money, this file goes.
export { formatUsd } from '../../lib/money';
