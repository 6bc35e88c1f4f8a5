import { AccountDeletion, DeleteAccountBody } from '@app/contracts/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountService } from './account.service';

/** DELETE /vendors/{id} (spec part 2 §7.3): schedules the account's deletion. */
export function accountRoutes(account: AccountService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.delete(
      '',
      {
        // The owner only, with a fresh two-step code while two-step is on.
        config: { permission: 'all', stepUp: true },
        schema: { tags: ['account'], body: DeleteAccountBody, response: { 200: AccountDeletion } },
      },
      (req) => account.scheduleDeletion(req.actor),
    );
  };
}
