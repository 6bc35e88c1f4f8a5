import {
  ACCOUNT_LIMITS,
  Profile,
  ProfileImageResponse,
  UpdateProfileBody,
  VerifyEmailBody,
} from '@app/contracts/account';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ProfileService } from './profile.service';

// The profile is the account's own: Full Access (the owner).
const owner = { permission: 'all' } as const;
const tags = ['profile'];

/** GET/PATCH /vendors/{id}/profile, DELETE /vendors/{id}/profile/image (spec part 2 §7.3). */
export function profileRoutes(profile: ProfileService) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get('/profile', { config: owner, schema: { tags, response: { 200: Profile } } }, (req) =>
      profile.get(req.actor),
    );
    app.patch(
      '/profile',
      { config: owner, schema: { tags, body: UpdateProfileBody, response: { 200: Profile } } },
      (req) => profile.update(req.actor, req.body),
    );
    // The new e-mail's code: wrong ones are counted per code (5); the route limit slows a guesser further.
    app.post(
      '/profile/email/verify',
      {
        config: { ...owner, rateLimit: { max: 20, timeWindow: '15 minutes' } },
        schema: { tags, body: VerifyEmailBody, response: { 200: Profile } },
      },
      (req) => profile.verifyEmail(req.actor, req.body.code),
    );
    app.post(
      '/profile/email/resend',
      {
        config: { ...owner, rateLimit: { max: 10, timeWindow: '1 hour' } },
        schema: { tags, response: { 200: Profile } },
      },
      (req) => profile.resendEmailCode(req.actor),
    );
    app.delete('/profile/image', { config: owner, schema: { tags, response: { 200: Profile } } }, (req) =>
      profile.removePhoto(req.actor),
    );
  };
}

/** POST /upload/vendors/{id}/profile/image (multipart field `file`), spec part 2 §7.3: answers success and url. */
export function profileUploadRoutes(profile: ProfileService) {
  return async (root: FastifyInstance) => {
    // One file; the media module caps an image at 5 MB while it streams, this is the ceiling.
    await root.register(multipart, {
      limits: { files: 1, fields: 5, fieldSize: 1024, parts: 6, fileSize: ACCOUNT_LIMITS.photoBytes + 1 },
      throwFileSizeLimit: false,
    });
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/profile/image',
      {
        config: { ...owner, rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: ProfileImageResponse } },
      },
      async (req) => {
        const part = await req.file();
        if (!part) throw new AppError('MEDIA_FILE_REQUIRED');
        return profile.uploadPhoto(req.actor, {
          filename: part.filename,
          body: part.file,
          discard: () => part.file.resume(),
        });
      },
    );
  };
}
