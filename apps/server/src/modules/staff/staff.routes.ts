import { LoginResponse } from '@app/contracts/auth';
import { VendorParams } from '@app/contracts/common';
import {
  AcceptInviteBody,
  ActivityPeriod,
  CreateStaffBody,
  CreateStaffResponse,
  MyAlerts,
  MyBots,
  PickStaffBody,
  PickStaffResponse,
  StaffActivityPage,
  StaffActivityQuery,
  StaffInvite,
  StaffListQuery,
  StaffListResponse,
  StaffMember,
  StaffMetricsResponse,
  StaffParams,
  UpdateStaffBody,
} from '@app/contracts/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { StaffService } from './staff.service';
import type { StaffPickService } from './staff-pick.service';

/**
 * The team of a vendor's account (`/vendors/:vendorId/staff…`): only the owner and Full Access members manage
 * it (permission `all`). What a member may grant is checked by the service (no escalation).
 */
export function staffRoutes(staff: StaffService, picks?: StaffPickService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['staff'];
    const config = { permission: 'all' as const };

    app.get(
      '/staff',
      {
        config,
        schema: {
          tags,
          params: VendorParams,
          querystring: StaffListQuery,
          response: { 200: StaffListResponse },
        },
      },
      (req) => staff.list(req.actor, req.query),
    );

    app.post(
      '/staff',
      {
        config,
        schema: { tags, params: VendorParams, body: CreateStaffBody, response: { 201: CreateStaffResponse } },
      },
      async (req, reply) => reply.status(201).send(await staff.add(req.actor, req.body)),
    );

    // "Pick from Telegram": the form without the person; the platform bot sends the caller Telegram's user
    // picker, and the person they choose is added (staff-pick.service.ts).
    if (picks) {
      app.post(
        '/staff/pick',
        {
          config,
          schema: { tags, params: VendorParams, body: PickStaffBody, response: { 200: PickStaffResponse } },
        },
        (req) => picks.start(req.actor, req.body),
      );
    }

    app.get(
      '/staff/:staffId',
      { config, schema: { tags, params: StaffParams, response: { 200: StaffMember } } },
      (req) => staff.get(req.actor, req.params.staffId),
    );

    app.patch(
      '/staff/:staffId',
      {
        config,
        schema: { tags, params: StaffParams, body: UpdateStaffBody, response: { 200: StaffMember } },
      },
      (req) => staff.update(req.actor, req.params.staffId, req.body),
    );

    app.delete(
      '/staff/:staffId',
      { config, schema: { tags, params: StaffParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await staff.remove(req.actor, req.params.staffId);
        return reply.status(204).send(null);
      },
    );

    // Resend: a new single-use link (the old one stops working).
    app.post(
      '/staff/:staffId/invite',
      { config, schema: { tags, params: StaffParams, response: { 200: StaffInvite } } },
      (req) => staff.resendInvite(req.actor, req.params.staffId),
    );

    app.get(
      '/staff/:staffId/activity',
      {
        config,
        schema: {
          tags,
          params: StaffParams,
          querystring: StaffActivityQuery,
          response: { 200: StaffActivityPage },
        },
      },
      (req) => staff.activity(req.actor, req.params.staffId, req.query),
    );

    app.get(
      '/staff/:staffId/activity/export',
      {
        config,
        schema: {
          tags,
          params: StaffParams,
          querystring: StaffActivityQuery.omit({ cursor: true, limit: true }),
          produces: ['text/csv'],
        },
      },
      async (req, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="staff-activity.csv"')
          .header('cache-control', 'no-store')
          .send(await staff.activityCsv(req.actor, req.params.staffId, req.query)),
    );

    app.get(
      '/staff/:staffId/metrics',
      {
        config,
        schema: {
          tags,
          params: StaffParams,
          querystring: z.object({ period: ActivityPeriod.default('month') }),
          response: { 200: StaffMetricsResponse },
        },
      },
      (req) => staff.metrics(req.actor, req.params.staffId, req.query.period),
    );
  };
}

/**
 * Accepting an invite (`startapp=invite_<token>`): public like sign-in, proven by the person's signed init
 * data, and answered with a session in the account whose seat it was.
 */
export function staffInviteRoutes(staff: StaffService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/staff-invites/accept',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { tags: ['staff'], security: [], body: AcceptInviteBody, response: { 200: LoginResponse } },
      },
      (req) => staff.acceptInvite(req.body.init_data, req.body.token),
    );
  };
}

/**
 * The caller's own bots' names (`/me/bots`) and alert mutes (`/me/alerts`), in the account their token is for: any staff member may read and
 * set them, whatever their permissions; resolved like every vendor route's caller, so a revoked seat is refused.
 */
export function staffSelfRoutes(staff: StaffService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['staff'];
    const caller = async (req: FastifyRequest) => {
      const actor = await root.resolveActor(req.auth);
      if (!actor) throw new AppError('FORBIDDEN');
      return actor;
    };
    const signedIn = (req: FastifyRequest) => root.authenticate(req);
    // The bots pickers offer (orders filter, …): GET /bots needs `bots`, these names need nothing but a seat.
    app.get('/me/bots', { onRequest: signedIn, schema: { tags, response: { 200: MyBots } } }, async (req) =>
      staff.myBots(await caller(req)),
    );
    app.get(
      '/me/alerts',
      { onRequest: signedIn, schema: { tags, response: { 200: MyAlerts } } },
      async (req) => staff.myAlerts(await caller(req)),
    );
    app.put(
      '/me/alerts',
      { onRequest: signedIn, schema: { tags, body: MyAlerts, response: { 200: MyAlerts } } },
      async (req) => staff.setMyAlerts(await caller(req), req.body),
    );
  };
}
