import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelopeOf,
  memberMessageIdParams,
  memberMessageListQuery,
  memberMessageSchema,
  messageTemplateBody,
  messageTemplateParams,
  messageTemplatePreviewBody,
  messageTemplatePreviewSchema,
  messageTemplateSchema,
  notificationSettingsBody,
  notificationSettingsSchema,
  outboxIdParams,
  outboxListQuery,
  outboxRecordSchema,
  pagedOf,
  unreadCountSchema,
} from '@labshop/shared/schemas';
import { ok } from '../../lib/envelope.ts';
import { memberIdOf } from '../session/index.ts';
import { staffOf } from '../staff/index.ts';
import * as service from './notifications.service.ts';

const done = envelopeOf(z.null());

/** The member's message centre and email choices. */
export const memberNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { preHandler: app.requireMember };

  app.get(
    '/user/messages',
    {
      ...member,
      schema: {
        querystring: memberMessageListQuery,
        response: { 200: envelopeOf(pagedOf(memberMessageSchema)) },
      },
    },
    async (request) => ok(await service.listMessages(app.db, memberIdOf(request), request.query)),
  );

  app.get(
    '/user/messages/unread-count',
    { ...member, schema: { response: { 200: envelopeOf(unreadCountSchema) } } },
    async (request) => ok({ count: await service.unreadCount(app.db, memberIdOf(request)) }),
  );

  app.put(
    '/user/messages/:id/read',
    { ...member, schema: { params: memberMessageIdParams, response: { 200: done } } },
    async (request) => {
      await service.readMessage(app.db, memberIdOf(request), request.params.id);
      return ok(null);
    },
  );

  app.put(
    '/user/messages/read-all',
    { ...member, schema: { response: { 200: done } } },
    async (request) => {
      await service.readAllMessages(app.db, memberIdOf(request));
      return ok(null);
    },
  );

  app.get(
    '/user/notification-settings',
    { ...member, schema: { response: { 200: envelopeOf(notificationSettingsSchema) } } },
    async (request) => ok(await service.emailSettings(app.db, memberIdOf(request))),
  );

  app.put(
    '/user/notification-settings',
    {
      ...member,
      schema: {
        body: notificationSettingsBody,
        response: { 200: envelopeOf(notificationSettingsSchema) },
      },
    },
    async (request) =>
      ok(await service.updateEmailSettings(app.db, memberIdOf(request), request.body), '保存成功'),
  );
};

/** The staff's outbox and message templates. */
export const staffNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages',
    {
      preHandler: app.requireStaff('inbox'),
      schema: {
        querystring: outboxListQuery,
        response: { 200: envelopeOf(pagedOf(outboxRecordSchema)) },
      },
    },
    async (request) => ok(await service.listOutbox(app.db, request.query)),
  );

  app.post(
    '/messages/:id/resend',
    {
      preHandler: app.requireStaff('inbox'),
      schema: { params: outboxIdParams, response: { 200: done } },
    },
    async (request) => {
      await service.resend(app.db, staffOf(request), request.params.id);
      return ok(null, '已重新排队发送');
    },
  );

  app.get(
    '/message-templates',
    {
      preHandler: app.requireStaff('content'),
      schema: { response: { 200: envelopeOf(z.array(messageTemplateSchema)) } },
    },
    async () => ok(await service.listTemplates(app.db)),
  );

  app.put(
    '/message-templates/:event',
    {
      preHandler: app.requireStaff('content'),
      schema: { params: messageTemplateParams, body: messageTemplateBody, response: { 200: done } },
    },
    async (request) => {
      await service.saveTemplate(app.db, staffOf(request), request.params.event, request.body);
      return ok(null, '保存成功');
    },
  );

  app.delete(
    '/message-templates/:event',
    {
      preHandler: app.requireStaff('content'),
      schema: { params: messageTemplateParams, response: { 200: done } },
    },
    async (request) => {
      await service.resetTemplate(app.db, staffOf(request), request.params.event);
      return ok(null, '已恢复默认模板');
    },
  );

  app.post(
    '/message-templates/:event/preview',
    {
      preHandler: app.requireStaff('content'),
      schema: {
        params: messageTemplateParams,
        body: messageTemplatePreviewBody,
        response: { 200: envelopeOf(messageTemplatePreviewSchema) },
      },
    },
    async (request) =>
      ok(
        await service.previewTemplate(
          app.db,
          request.params.event,
          request.body,
          app.config.siteUrl,
        ),
      ),
  );
};
