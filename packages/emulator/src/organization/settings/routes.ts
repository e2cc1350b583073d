/**
 * The routes of the settings documents that are not a kind of object (see
 * each file): the organization's login methods.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { registerLoginMethods } from "./loginMethods";

/** Registers the settings routes. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerLoginMethods(app, ctx);
}
