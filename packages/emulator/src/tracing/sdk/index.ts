/**
 * What the official `langsmith` SDKs (Python and JS) call beyond the routes
 * of the declared kinds: the workspace's settings, examples in bulk and over
 * multipart, dataset versions, their tags and splits, prompt likes,
 * the runs of annotation queues and their reviews. Where each call is served from, whatever
 * `api_url` the SDK was given, is `pathAliases.ts`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { registerAnnotationQueueReviewRoutes } from "./annotationQueueReviews";
import { registerAnnotationQueueRunRoutes } from "./annotationQueueRuns";
import { registerDatasetSplitRoutes } from "./datasetSplits";
import { registerAttachmentRoute } from "./exampleAttachments";
import { registerDatasetVersionRoutes } from "./datasetVersions";
import { registerExamplesBulkRoutes } from "./examplesBulk";
import { registerPlatformExampleRoutes } from "./platformExamples";
import { registerPromptLikeRoute } from "./promptLikes";
import { registerSettingsRoute } from "./settings";

export { routedUrl } from "./pathAliases";

/** Registers the SDKs' routes. */
export function registerSdkRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerSettingsRoute(app, ctx);
  registerExamplesBulkRoutes(app, ctx);
  registerPlatformExampleRoutes(app, ctx);
  registerAttachmentRoute(app, ctx);
  registerPromptLikeRoute(app, ctx);
  registerDatasetVersionRoutes(app, ctx);
  registerDatasetSplitRoutes(app, ctx);
  registerAnnotationQueueRunRoutes(app, ctx);
  registerAnnotationQueueReviewRoutes(app, ctx);
}
