/** Every declared kind the emulator serves (one declaration each; see `declaration.ts`). */
import type { KindDeclaration } from "./declaration";
import { ROLES } from "./roles";
import { TAG_KEYS, TAG_VALUES } from "./tags";
import { WORKSPACES } from "./workspaces";

export type { KindDeclaration, KindRecord } from "./declaration";
export { registerKind } from "./routes";

/** The declared kinds, parents before the kinds under them. */
export const KINDS: readonly KindDeclaration[] = [WORKSPACES, ROLES, TAG_KEYS, TAG_VALUES];
