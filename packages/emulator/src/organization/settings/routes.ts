/**
 * The routes of the settings documents that are not a kind of object (see
 * each file): the organization's login methods, a workspace's feature
 * model configurations, its MCP vendors' settings, its agent-builder
 * integrations.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { registerAgentBuilderIntegrationRoutes } from "./agentBuilderIntegrations";
import { registerFeatureModelRoutes } from "./featureModels";
import { registerLoginMethods } from "./loginMethods";
import { registerMcpVendorRoutes } from "./mcpVendors";

/** Registers the settings routes. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerLoginMethods(app, ctx);
  registerFeatureModelRoutes(app, ctx);
  registerMcpVendorRoutes(app, ctx);
  registerAgentBuilderIntegrationRoutes(app, ctx);
}
