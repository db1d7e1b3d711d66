import {
  ApiPaths,
  changePasswordRequestSchema,
  emailPreferencesSchema,
  updateProfileRequestSchema,
  type EmailPreferences,
  type MyProfileResponse,
  type RememberedSportResponse,
  type TokenPair,
} from '@filmroom/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { SettingsService } from '../../services/accounts/settings.service.js';
import type { SportChoices } from '../../services/accounts/sport-choices.js';
import { clientAddressKey } from '../client-address.js';
import { parseBody } from '../parse-body.js';

/** Spec §7 Settings: the signed-in user's own settings. */
export function settingsRoutes(options: {
  settings: SettingsService;
  sports: SportChoices;
  authenticate: preHandlerAsyncHookHandler;
}) {
  const { settings, sports } = options;

  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.authenticate);

    app.get(ApiPaths.emailPreferences, async (request): Promise<EmailPreferences> => {
      return settings.getEmailPreferences(request.userId);
    });

    app.post(ApiPaths.emailPreferences, async (request): Promise<EmailPreferences> => {
      return settings.setEmailPreferences(
        request.userId,
        parseBody(emailPreferencesSchema, request.body),
      );
    });

    app.get(ApiPaths.myProfile, async (request): Promise<MyProfileResponse> => {
      return settings.getProfile(request.userId);
    });

    app.put(ApiPaths.myProfile, async (request): Promise<MyProfileResponse> => {
      return settings.updateProfile(
        request.userId,
        parseBody(updateProfileRequestSchema, request.body),
      );
    });

    app.get(ApiPaths.rememberedSport, async (request): Promise<RememberedSportResponse> => {
      return { sport: await sports.remembered(request.userId) };
    });

    app.put(ApiPaths.changePassword, async (request): Promise<TokenPair> => {
      const body = parseBody(changePasswordRequestSchema, request.body);
      return settings.changePassword(
        request.userId,
        body.oldPassword,
        body.newPassword,
        clientAddressKey(request.ip),
      );
    });
  };
}
