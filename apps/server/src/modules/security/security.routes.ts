import {
  BindBiometricBody,
  BiometricBound,
  BiometricDeviceParams,
  BiometricStepUpBody,
  RevokedSessions,
  SecurityOverview,
  SessionParams,
  StepUpResponse,
  TwoStepCodeBody,
  TwoStepEnabled,
  TwoStepSetup,
} from '@app/contracts/account';
import { EmptyBody } from '@app/contracts/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionsService } from '../auth/sessions.service';
import type { SecurityService, StepUpCaller } from './security.service';

// The caller's own sessions and two-step confirmation: every member of the account (the owner and staff, each
// their own), whatever their permissions.
const owner = { permission: 'self' } as const;
// Each code tried costs a guess: limited per address too, on top of the 5-a-quarter-hour count per person.
const codes = { ...owner, rateLimit: { max: 60, timeWindow: '1 minute' } } as const;
const tags = ['security'];
const ok = z.object({ success: z.literal(true) });

const callerOf = (req: FastifyRequest): StepUpCaller => ({
  vendorId: req.auth.vendorId,
  telegramId: req.auth.telegramId,
  ...(req.auth.sessionId ? { sessionId: req.auth.sessionId } : {}),
});

/** GET /vendors/{id}/security (spec part 2 §7.3), sessions, two-step confirmation and the step-up. */
export function securityRoutes(security: SecurityService, sessions: SessionsService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get('/security', { config: owner, schema: { tags, response: { 200: SecurityOverview } } }, (req) =>
      security.overview(req.actor, callerOf(req)),
    );
    app.delete(
      '/security/sessions/:sessionId',
      { config: owner, schema: { tags, params: SessionParams, response: { 200: ok } } },
      async (req) => {
        await sessions.revoke(req.actor, req.auth.sessionId, req.params.sessionId);
        return { success: true as const };
      },
    );
    app.post(
      '/security/sessions/revoke-others',
      { config: owner, schema: { tags, body: EmptyBody, response: { 200: RevokedSessions } } },
      async (req) => ({ revoked: await sessions.revokeOthers(req.actor, req.auth.sessionId) }),
    );
    app.post(
      '/security/two-step/setup',
      { config: owner, schema: { tags, body: EmptyBody, response: { 200: TwoStepSetup } } },
      (req) => security.setUpTwoStep(callerOf(req)),
    );
    app.post(
      '/security/two-step/enable',
      { config: codes, schema: { tags, body: TwoStepCodeBody, response: { 200: TwoStepEnabled } } },
      (req) => security.enableTwoStep(callerOf(req), req.body.code),
    );
    app.post(
      '/security/two-step/disable',
      { config: codes, schema: { tags, body: TwoStepCodeBody, response: { 200: ok } } },
      async (req) => {
        await security.disableTwoStep(req.actor, callerOf(req), req.body.code);
        return { success: true as const };
      },
    );
    // Binding a device is a way around the code: it takes a fresh step-up (the code) first.
    app.post(
      '/security/biometric/devices',
      {
        config: { ...owner, stepUp: true },
        schema: { tags, body: BindBiometricBody, response: { 201: BiometricBound } },
      },
      async (req, reply) => {
        const bound = await security.bindBiometric(
          callerOf(req),
          req.body.deviceId,
          req.headers['user-agent'] ?? null,
        );
        return reply.code(201).send(bound);
      },
    );
    app.delete(
      '/security/biometric/devices/:id',
      { config: owner, schema: { tags, params: BiometricDeviceParams, response: { 200: ok } } },
      async (req) => {
        await security.unbindBiometric(callerOf(req), req.params.id);
        return { success: true as const };
      },
    );
    app.post(
      '/security/biometric/step-up',
      { config: codes, schema: { tags, body: BiometricStepUpBody, response: { 200: StepUpResponse } } },
      (req) => security.biometricStepUp(callerOf(req), req.body.deviceId, req.body.token),
    );
    app.post(
      '/security/step-up',
      { config: codes, schema: { tags, body: TwoStepCodeBody, response: { 200: StepUpResponse } } },
      (req) => security.stepUp(callerOf(req), req.body.code),
    );
  };
}
