import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import errors, { frameworkErrors } from './plugins/errors.ts';
import security from './plugins/security.ts';
import input from './plugins/input.ts';
import { memberAuth as auth } from './domains/session/index.ts';
import { staffAuth } from './domains/staff/index.ts';
import { idempotency } from './domains/idempotency/index.ts';
import web from './plugins/web.ts';
import files from './plugins/files.ts';
import { openFileStore } from './lib/file-store/index.ts';
import openapi from './plugins/openapi.ts';
import catalogueCache from './plugins/catalogue-cache.ts';
import { staffDoor, storefrontDoor, wholePathRoutes } from './domains/index.ts';
import { COA_DIR } from './domains/forms/index.ts';
import { OneLineRequestLog } from './lib/request-log.ts';
import { newRequestId } from './lib/request-id.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is registered; the robustness suite walks them all with it. */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application as a plugin tree; `server.ts` only listens. Tests use inject(). */
export async function buildApp({ config, db, logger = false, onRoute }: AppOptions) {
  const app = Fastify({
    logger,
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    frameworkErrors,
    // Ids unique across instances and restarts; a client cannot choose its own.
    genReqId: newRequestId,
    requestIdHeader: false,
    // Query strings like ids[]=1&ids[]=2 and nested keys are not part of the API.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  if (onRoute) app.addHook('onRoute', onRoute);

  await app.register(errors);
  await app.register(security);
  await app.register(input);
  await app.register(auth);
  await app.register(staffAuth);
  await app.register(idempotency);
  await app.register(catalogueCache, { enabled: config.catalogueCache });
  await app.register(files, { store: openFileStore(config, db), hiddenDirs: [COA_DIR] });
  await app.register(web, { webDir: config.webDir, consoleDir: config.consoleDir });
  await app.register(openapi);
  for (const door of [storefrontDoor, staffDoor]) {
    for (const routes of door.routes) await app.register(routes, { prefix: door.prefix });
  }
  for (const routes of wholePathRoutes) await app.register(routes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
